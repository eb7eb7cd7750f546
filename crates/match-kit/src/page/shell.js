// The page's shell, knowing no game: the table of games (sorted by a column, filtered), the game
// view (buttons, arrow keys, Home/End, a slider, the move list, graphs that jump to a move), and the
// address's fragment `#g3m40` (game 3 after 40 moves) that follows the stepping.
//
// The game's script defines `GAME` before this one runs:
//   GAME.load(RECORDS) -> { games, columns, filters, table? }
//     games:   [{ id, n, row, rowClass? }]: `id` the game's number in the fragment, `n` its moves,
//              `row` the table's values by column key (numbers sort as numbers)
//     columns: [{ key, label, digits? }] (`digits`: a number's decimals)
//     filters: [{ label, options: [[value, text]...], test(game, value) -> bool }] (value "" = all)
//     table:   { columns: [text...], rows: [[text...]...] }, shown above the games (the bots' table)
//   GAME.header(game) -> the game's title line: a DOM node, or text in which only <b> (with a
//                        class) is markup, the rest shown as text (entities read as characters)
//   GAME.moves(game) -> [{ text, note }] for moves 1..n (index 0 is move 1)
//   GAME.draw(game, m, board, info): draws the position after m moves into the two elements
//   GAME.graphs(game) -> [{ title, ymin?, ymax?, format(y), series: [{ name, cls, points: [[m, y]...] }] }]
"use strict";
(function () {
  const main = document.getElementById("main");
  const state = { data: null, sort: { key: null, down: false }, filters: [], game: null, m: 0 };

  function el(tag, attrs, children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs || {})) {
      if (key === "text") node.textContent = value;
      else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
      else node.setAttribute(key, value);
    }
    for (const child of children || []) node.appendChild(child);
    return node;
  }
  // A game script's title line as DOM nodes: a node as it is; text parsed inertly (no script
  // runs, nothing loads) and rebuilt from its text and its <b class> elements alone, every string
  // through textContent.
  function content(value) {
    if (value instanceof Node) return value;
    const parsed = new DOMParser().parseFromString("<body>" + String(value), "text/html").body;
    const out = document.createDocumentFragment();
    for (const node of parsed.childNodes) {
      if (node.nodeType === Node.ELEMENT_NODE && node.tagName === "B") {
        out.appendChild(el("b", node.className ? { class: node.className, text: node.textContent } : { text: node.textContent }));
      } else {
        out.appendChild(document.createTextNode(node.textContent));
      }
    }
    return out;
  }

  const SVG = "http://www.w3.org/2000/svg";
  function svg(tag, attrs) {
    const node = document.createElementNS(SVG, tag);
    for (const [key, value] of Object.entries(attrs || {})) node.setAttribute(key, value);
    return node;
  }

  // ---- the table of games -------------------------------------------------------------------
  function visibleGames() {
    const { games, filters } = state.data;
    let shown = games.filter((g) => filters.every((f, i) => state.filters[i] === "" || f.test(g, state.filters[i])));
    const key = state.sort.key;
    if (key !== null) {
      shown = shown.slice().sort((a, b) => {
        const x = a.row[key], y = b.row[key];
        const order = typeof x === "number" && typeof y === "number" ? x - y : String(x).localeCompare(String(y));
        return state.sort.down ? -order : order;
      });
    }
    return shown;
  }

  function showList() {
    document.body.dataset.view = "list";
    state.game = null;
    const { columns, filters } = state.data;
    const controls = el("div", { class: "filters" });
    filters.forEach((filter, i) => {
      const select = el("select", { "data-filter": filter.label, onchange: (e) => { state.filters[i] = e.target.value; showList(); } },
        [el("option", { value: "", text: filter.label + ": all" })].concat(
          filter.options.map(([value, text]) => el("option", { value, text }))));
      select.value = state.filters[i];
      controls.appendChild(select);
    });
    const shown = visibleGames();
    controls.appendChild(el("span", { class: "count", text: shown.length + " of " + state.data.games.length + " games" }));
    const head = el("tr", {}, columns.map((c) => el("th", {
      "data-key": c.key,
      class: state.sort.key === c.key ? (state.sort.down ? "down" : "up") : "",
      title: "sort by " + c.label,
      text: c.label,
      onclick: () => {
        state.sort = { key: c.key, down: state.sort.key === c.key ? !state.sort.down : false };
        showList();
      },
    })));
    const body = el("tbody", {}, shown.map((g) => el("tr", {
      "data-game": g.id,
      class: g.rowClass || "",
      onclick: () => { location.hash = "#g" + g.id; },
    }, columns.map((c) => el("td", { text: formatCell(g.row[c.key], c.digits) })))));
    main.replaceChildren(...summaryTable(), controls, el("table", { id: "games" }, [el("thead", {}, [head]), body]));
  }

  // The game script's table above the games (the bots' means and paired differences), if any.
  function summaryTable() {
    const table = state.data.table;
    if (!table || !table.rows || table.rows.length === 0) return [];
    const head = el("tr", {}, table.columns.map((c) => el("th", { text: c })));
    const rows = table.rows.map((row) => el("tr", {}, row.map((cell) => el("td", { text: cell }))));
    return [el("table", { id: "bots" }, [el("thead", {}, [head]), el("tbody", {}, rows)])];
  }

  function formatCell(value, digits) {
    if (value === null || value === undefined) return "";
    return typeof value === "number" && digits !== undefined ? value.toFixed(digits) : String(value);
  }

  // ---- the game view ------------------------------------------------------------------------
  function openGame(game, m) {
    document.body.dataset.view = "game";
    state.game = game;
    const moves = GAME.moves(game);
    const list = el("ol", { id: "moves" }, moves.map((mv, i) => el("li", {
      "data-m": i + 1,
      onclick: () => step(i + 1),
    }, [el("span", { class: "mv", text: mv.text }), el("span", { class: "note", text: mv.note || "" })])));
    const slider = el("input", { id: "slider", type: "range", min: 0, max: game.n, value: m, oninput: (e) => step(Number(e.target.value)) });
    const button = (label, title, to) => el("button", { title, onclick: () => step(to()) , text: label });
    const controls = el("div", { class: "controls" }, [
      button("\u21E4", "start (Home)", () => 0),
      button("\u25C0", "back (\u2190)", () => state.m - 1),
      button("\u25B6", "forward (\u2192)", () => state.m + 1),
      button("\u21E5", "end (End)", () => game.n),
      slider,
      el("span", { id: "position" }),
    ]);
    const shown = visibleGames();
    const at = shown.findIndex((g) => g.id === game.id);
    const neighbour = (d) => shown[at + d] ? "#g" + shown[at + d].id : null;
    const nav = el("nav", {}, [
      el("a", { href: "#", text: "\u2190 all games" }),
      neighbour(-1) ? el("a", { href: neighbour(-1), text: "previous game" }) : el("span"),
      neighbour(1) ? el("a", { href: neighbour(1), text: "next game" }) : el("span"),
    ]);
    const graphs = el("div", { id: "graphs" }, GAME.graphs(game).map((g, i) => drawGraph(g, game.n, i)));
    main.replaceChildren(
      nav,
      el("h2", { id: "game-title" }, [content(GAME.header(game))]),
      el("div", { class: "game" }, [
        el("div", { class: "left" }, [el("div", { id: "board" }), controls, el("div", { id: "info" }), graphs]),
        list,
      ]));
    step(m);
  }

  function step(m) {
    const game = state.game;
    if (!game) return;
    m = Math.max(0, Math.min(game.n, Math.round(m)));
    state.m = m;
    GAME.draw(game, m, document.getElementById("board"), document.getElementById("info"));
    document.getElementById("slider").value = m;
    document.getElementById("position").textContent = "move " + m + " of " + game.n;
    for (const li of document.querySelectorAll("#moves li.current")) li.classList.remove("current");
    const current = document.querySelector('#moves li[data-m="' + m + '"]');
    if (current) {
      current.classList.add("current");
      // Scrolled into the list's middle when it is not wholly in view: both boxes as laid out.
      const list = document.getElementById("moves");
      const box = list.getBoundingClientRect(), row = current.getBoundingClientRect();
      if (row.top < box.top || row.bottom > box.bottom) {
        list.scrollTop += row.top - box.top - (box.height - row.height) / 2;
      }
    }
    for (const cursor of document.querySelectorAll("#graphs .cursor")) {
      const x = Number(cursor.dataset.x0) + Number(cursor.dataset.dx) * m;
      cursor.setAttribute("x1", x);
      cursor.setAttribute("x2", x);
    }
    main.dataset.game = game.id;
    main.dataset.m = m;
    history.replaceState(null, "", "#g" + game.id + "m" + m);
  }

  // A graph over the game: x is the move (0..n), every point a circle (data-m) at its move; a click
  // anywhere picks the nearest move by where the plot area (moves 0 to n) is laid out on the page.
  const W = 640, H = 130, L = 46, R = 10, T = 18, B = 18;
  function drawGraph(graph, n, index) {
    const values = graph.series.flatMap((s) => s.points.map((p) => p[1]));
    let ymin = graph.ymin !== undefined ? graph.ymin : Math.min(0, ...values);
    let ymax = graph.ymax !== undefined ? graph.ymax : Math.max(1, ...values);
    if (ymax <= ymin) ymax = ymin + 1;
    const dx = (W - L - R) / Math.max(1, n);
    const x = (m) => L + dx * m;
    const y = (v) => T + (H - T - B) * (1 - (v - ymin) / (ymax - ymin));
    const chart = svg("svg", { viewBox: "0 0 " + W + " " + H, class: "graph", "data-graph": index, role: "img" });
    const title = svg("text", { x: L, y: 12, class: "title" });
    title.textContent = graph.title;
    chart.appendChild(title);
    for (const v of [ymin, (ymin + ymax) / 2, ymax]) {
      chart.appendChild(svg("line", { x1: L, x2: W - R, y1: y(v), y2: y(v), class: "grid" }));
      const label = svg("text", { x: L - 4, y: y(v) + 4, class: "axis" });
      label.textContent = graph.format ? graph.format(v) : String(Math.round(v));
      chart.appendChild(label);
    }
    // The legend: one line of names, right-aligned, each in its series' colour.
    const legend = svg("text", { x: W - R, y: 12, class: "legend" });
    graph.series.forEach((s, i) => {
      const name = svg("tspan", { class: "legend " + s.cls });
      name.textContent = (i > 0 ? "\u2002" : "") + s.name;
      legend.appendChild(name);
    });
    chart.appendChild(legend);
    for (const s of graph.series) {
      if (s.points.length === 0) continue;
      chart.appendChild(svg("polyline", {
        class: "line " + s.cls,
        points: s.points.map((p) => x(p[0]).toFixed(1) + "," + y(p[1]).toFixed(1)).join(" "),
      }));
      if (s.points.length <= 400) {
        for (const [m, v] of s.points) {
          chart.appendChild(svg("circle", { cx: x(m).toFixed(1), cy: y(v).toFixed(1), r: 2.6, class: "dot " + s.cls, "data-m": m }));
        }
      }
    }
    chart.appendChild(svg("line", { class: "cursor", x1: L, x2: L, y1: T, y2: H - B, "data-x0": L, "data-dx": dx }));
    const plot = svg("rect", { class: "plot", x: L, y: T, width: W - L - R, height: H - T - B });
    chart.insertBefore(plot, chart.firstChild);
    chart.addEventListener("click", (event) => {
      const box = plot.getBoundingClientRect();
      if (box.width > 0) step(((event.clientX - box.left) / box.width) * Math.max(1, n));
    });
    return chart;
  }

  // ---- the address, the keys ----------------------------------------------------------------
  function route() {
    const match = /^#g(\d+)(?:m(\d+))?$/.exec(location.hash);
    const game = match && state.data.games.find((g) => String(g.id) === match[1]);
    if (!game) {
      if (state.game || !main.firstChild) showList();
      return;
    }
    const m = match[2] === undefined ? game.n : Number(match[2]);
    if (state.game === game) step(m);
    else openGame(game, m);
  }

  document.addEventListener("keydown", (event) => {
    if (!state.game || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.target.tagName === "SELECT") return;
    const to = { ArrowLeft: state.m - 1, ArrowRight: state.m + 1, Home: 0, End: state.game.n }[event.key];
    if (to !== undefined) {
      event.preventDefault();
      step(to);
    } else if (event.key === "Escape") {
      location.hash = "#";
    }
  });

  try {
    state.data = GAME.load(RECORDS);
    state.filters = state.data.filters.map(() => "");
    document.getElementById("download").href = URL.createObjectURL(new Blob([RECORDS], { type: "text/plain" }));
    window.addEventListener("hashchange", route);
    route();
    document.body.dataset.ready = "1";
    document.body.dataset.readyMs = Math.round(performance.now());
  } catch (error) {
    main.replaceChildren(el("p", { class: "error", text: "cannot show the games: " + error }));
    throw error;
  }
})();
