// Hex for the match page (match_kit's shell.js): reads hex-arena's records (one line a game,
// key=value fields, `detail` last), rebuilds every position from the moves (the swap moves red's
// first stone to the mirrored cell as blue's), draws the board with CodinGame's cell names
// (letter = column a..k, number = row 1..11), and plots each engine's win estimate (the message
// after its move, `57%`) and answer times. A tournament's page (`STANDINGS`, defined before this
// script by hex-arena: names, ratings and the cross table) shows its cross table and rating list
// above the games, and its table of games names both engines of each game.
// Engine names, messages and details are untrusted text: they reach the page through textContent,
// or through `esc` where a line is built as HTML.
"use strict";
const GAME = (function () {
  const SIZE = 11;
  const LETTERS = "abcdefghijk";
  const cellName = (i) => LETTERS[i % SIZE] + (Math.floor(i / SIZE) + 1);
  function cellIndex(name) {
    const col = name.charCodeAt(0) - 97, row = Number(name.slice(1)) - 1;
    if (!(col >= 0 && col < SIZE && row >= 0 && row < SIZE && Number.isInteger(row))) throw new Error("bad cell " + name);
    return row * SIZE + col;
  }
  const list = (text) => (text === "-" || text === "" ? [] : text.split(","));
  const ESCAPES = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
  const esc = (t) => String(t).replace(/[&<>"']/g, (c) => ESCAPES[c]);

  function parse(line, number) {
    const at = line.indexOf(" detail=");
    const head = at < 0 ? line : line.slice(0, at);
    const fields = {};
    for (const pair of head.split(" ")) {
      const eq = pair.indexOf("=");
      if (eq > 0) fields[pair.slice(0, eq)] = pair.slice(eq + 1);
    }
    for (const key of ["game", "seed", "red", "blue", "winner", "reason", "moves", "times"]) {
      if (fields[key] === undefined) throw new Error("record " + number + ": missing field " + key + "=");
    }
    const moves = list(fields.moves);
    return {
      game: Number(fields.game),
      seed: fields.seed,
      red: fields.red,
      blue: fields.blue,
      winner: fields.winner,
      reason: fields.reason,
      opening: fields.opening && fields.opening !== "-" ? fields.opening : "",
      moves,
      times: list(fields.times).map((t) => (t === "-" ? null : Number(t))),
      messages: fields.messages ? fields.messages.split(",").map(decodeURIComponent) : [],
      detail: at < 0 ? "" : line.slice(at + 8),
    };
  }

  function load(text) {
    const records = text.split("\n").filter((l) => l.trim() !== "").map(parse);
    if (STANDINGS) return loadTournament(records);
    // Engine A is red in odd-numbered games.
    const first = records[0];
    const nameA = first ? (first.game % 2 === 1 ? first.red : first.blue) : "A";
    const games = records.map((r) => {
      const aRed = r.game % 2 === 1;
      const aWon = (r.winner === "red") === aRed;
      return {
        id: r.game,
        n: r.moves.length,
        record: r,
        rowClass: aWon ? "" : "loss",
        row: {
          game: r.game,
          seed: r.seed,
          opening: r.opening || "-",
          colour: aRed ? "red" : "blue",
          red: r.red,
          blue: r.blue,
          result: aWon ? "win" : "loss",
          reason: r.reason,
          moves: r.moves.length,
          think: longestThink(r),
        },
      };
    });
    const filters = [
      { label: "result of " + nameA, options: [["win", "wins"], ["loss", "losses"]], test: (g, v) => g.row.result === v },
      { label: nameA + " as", options: [["red", "red"], ["blue", "blue"]], test: (g, v) => g.row.colour === v },
    ].concat(commonFilters(records));
    const columns = [
      { key: "game", label: "game" },
      { key: "seed", label: "seed" },
      { key: "opening", label: "opening" },
      { key: "colour", label: nameA + " as" },
      { key: "red", label: "red" },
      { key: "blue", label: "blue" },
      { key: "result", label: nameA },
      { key: "reason", label: "reason" },
      { key: "moves", label: "moves" },
      { key: "think", label: "longest think (ms)", digits: 1 },
    ];
    return { games, columns, filters };
  }

  const longestThink = (r) => {
    const thinks = r.times.filter((t) => t !== null);
    return thinks.length ? Math.max(...thinks) : 0;
  };

  // The filters by opening (when there are forced openings) and by the way games ended.
  function commonFilters(records) {
    const openings = [...new Set(records.map((r) => r.opening).filter((o) => o))].sort(
      (a, b) => cellIndex(a) % SIZE - cellIndex(b) % SIZE || cellIndex(a) - cellIndex(b));
    const reasons = [...new Set(records.map((r) => r.reason))].sort();
    const filters = [{ label: "reason", options: reasons.map((r) => [r, r]), test: (g, v) => g.row.reason === v }];
    if (openings.length) {
      filters.unshift({ label: "opening", options: openings.map((o) => [o, o]), test: (g, v) => g.row.opening === v });
    }
    return filters;
  }

  // A tournament: every game names its two engines; the table filters by an engine and by the
  // winner, and the standings go above it.
  function loadTournament(records) {
    const games = records.map((r) => ({
      id: r.game,
      n: r.moves.length,
      record: r,
      row: {
        game: r.game,
        seed: r.seed,
        opening: r.opening || "-",
        red: r.red,
        blue: r.blue,
        winner: r.winner === "red" ? r.red : r.blue,
        reason: r.reason,
        moves: r.moves.length,
        think: longestThink(r),
      },
    }));
    const names = STANDINGS.names.map((n) => [n, n]);
    const filters = [
      { label: "engine", options: names, test: (g, v) => g.row.red === v || g.row.blue === v },
      { label: "winner", options: names, test: (g, v) => g.row.winner === v },
    ].concat(commonFilters(records));
    const columns = [
      { key: "game", label: "game" },
      { key: "seed", label: "seed" },
      { key: "opening", label: "opening" },
      { key: "red", label: "red" },
      { key: "blue", label: "blue" },
      { key: "winner", label: "winner" },
      { key: "reason", label: "reason" },
      { key: "moves", label: "moves" },
      { key: "think", label: "longest think (ms)", digits: 1 },
    ];
    showStandings(STANDINGS);
    return { games, columns, filters };
  }

  // The cross table (#crosstable: the row's points against the column's engine, of their games)
  // and the rating list (#ratings), engines by rating, every text through textContent.
  function showStandings(st) {
    const cell = (tag, text, attrs) => {
      const node = document.createElement(tag);
      node.textContent = text;
      for (const [key, value] of Object.entries(attrs || {})) node.setAttribute(key, value);
      return node;
    };
    const row = (cells) => {
      const tr = document.createElement("tr");
      cells.forEach((c) => tr.appendChild(c));
      return tr;
    };
    const score = (points, games) => (points % 1 === 0 ? String(points) : points.toFixed(1)) + "/" + games;
    const n = st.names.length;
    const total = (i) => [st.points[i].reduce((a, b) => a + b, 0), st.games[i].reduce((a, b) => a + b, 0)];
    const cross = document.createElement("table");
    cross.id = "crosstable";
    cross.appendChild(row([cell("th", ""), cell("th", "engine"), cell("th", "total")].concat(
      st.names.map((name, j) => cell("th", String(j + 1), { title: name })))));
    st.names.forEach((name, i) => {
      const [points, games] = total(i);
      cross.appendChild(row([cell("td", String(i + 1)), cell("td", name, { class: "name" }), cell("td", score(points, games))].concat(
        st.names.map((_, j) => cell("td", i === j || st.games[i][j] === 0 ? "-" : score(st.points[i][j], st.games[i][j]),
          { "data-row": name, "data-col": st.names[j] })))));
    });
    const ratings = document.createElement("table");
    ratings.id = "ratings";
    ratings.appendChild(row(["", "engine", "Elo", "± 95%", "score", ""].map((t) => cell("th", t))));
    for (let i = 0; i < n; i++) {
      const [points, games] = total(i);
      const elo = st.elo ? (st.elo[i] >= 0 ? "+" : "") + Math.round(st.elo[i]) : "-";
      const interval = st.interval ? "± " + Math.round(st.interval[i]) : "";
      ratings.appendChild(row([cell("td", i + 1 + "."), cell("td", name(i), { class: "name" }), cell("td", elo),
        cell("td", interval), cell("td", score(points, games)), cell("td", (100 * points / Math.max(1, games)).toFixed(1) + "%")]));
    }
    function name(i) { return st.names[i]; }
    const section = document.createElement("section");
    section.id = "standings";
    section.appendChild(cell("h2", "cross table (the row's points against the column)"));
    section.appendChild(cross);
    section.appendChild(cell("h2", "ratings (logistic Elo, all games at once, mean 0, ± 95% interval)"));
    section.appendChild(ratings);
    const main = document.getElementById("main");
    main.parentNode.insertBefore(section, main);
  }

  // positions[m]: the board after m moves (0 empty, 1 red, 2 blue), built once per game.
  function positions(game) {
    if (game.positions) return game.positions;
    const boards = [new Uint8Array(SIZE * SIZE)];
    game.record.moves.forEach((mv, i) => {
      const board = boards[i].slice();
      if (mv === "swap-pieces") {
        const stone = board.findIndex((v) => v !== 0);
        board[stone] = 0;
        board[(stone % SIZE) * SIZE + Math.floor(stone / SIZE)] = 2;
      } else {
        board[cellIndex(mv)] = i % 2 === 0 ? 1 : 2;
      }
      boards.push(board);
    });
    game.positions = boards;
    return boards;
  }

  function neighbours(i) {
    const r = Math.floor(i / SIZE), c = i % SIZE;
    return [[r - 1, c], [r - 1, c + 1], [r, c - 1], [r, c + 1], [r + 1, c - 1], [r + 1, c]]
      .filter(([y, x]) => y >= 0 && y < SIZE && x >= 0 && x < SIZE)
      .map(([y, x]) => y * SIZE + x);
  }

  // The winner's stones joined to both of its sides (the winning chain).
  function chain(board, colour) {
    const side = (i, far) => {
      const r = Math.floor(i / SIZE), c = i % SIZE;
      return colour === 1 ? r === (far ? SIZE - 1 : 0) : c === (far ? SIZE - 1 : 0);
    };
    const reach = (far) => {
      const seen = new Set();
      const todo = [];
      for (let i = 0; i < SIZE * SIZE; i++) if (board[i] === colour && side(i, far)) { seen.add(i); todo.push(i); }
      while (todo.length) {
        for (const j of neighbours(todo.pop())) if (board[j] === colour && !seen.has(j)) { seen.add(j); todo.push(j); }
      }
      return seen;
    };
    const near = reach(false), far = reach(true);
    return new Set([...near].filter((i) => far.has(i)));
  }

  const R = 17, WIDTH = Math.sqrt(3) * R, E = R * 1.1, X0 = 30 + WIDTH / 2 + E, Y0 = 26 + R + E;
  const centre = (i) => [X0 + (i % SIZE) * WIDTH + Math.floor(i / SIZE) * WIDTH / 2, Y0 + Math.floor(i / SIZE) * 1.5 * R];
  const hexagon = ([x, y]) => [0, 1, 2, 3, 4, 5].map((k) => {
    const a = Math.PI / 180 * (60 * k - 30);
    return (x + R * Math.cos(a)).toFixed(1) + "," + (y + R * Math.sin(a)).toFixed(1);
  }).join(" ");

  function draw(game, m, boardEl, infoEl) {
    const r = game.record;
    const board = positions(game)[m];
    const last = m > 0 ? r.moves[m - 1] : null;
    let lastCell = null;
    if (last === "swap-pieces") {
      lastCell = board.findIndex((v) => v === 2);
    } else if (last) {
      lastCell = cellIndex(last);
    }
    const winning = m === game.n && r.reason === "connect" ? chain(board, r.winner === "red" ? 1 : 2) : new Set();
    const [ax, ay] = centre(0), [bx, by] = centre(SIZE - 1), [cx, cy] = centre(SIZE * SIZE - 1), [dx, dy] = centre(SIZE * (SIZE - 1));
    const e = E;
    const corners = [[ax - WIDTH / 2 - e, ay - R - e * 0.6], [bx + WIDTH / 2 + e * 0.3, by - R - e * 0.6],
      [cx + WIDTH / 2 + e, cy + R + e * 0.6], [dx - WIDTH / 2 - e * 0.3, dy + R + e * 0.6]];
    const mid = [(ax + cx) / 2, (ay + cy) / 2];
    const tri = (p, q, cls) => '<polygon class="' + cls + '" points="' + [p, q, mid].map((v) => v[0].toFixed(1) + "," + v[1].toFixed(1)).join(" ") + '"/>';
    let s = '<svg viewBox="0 0 ' + Math.ceil(cx + WIDTH / 2 + e + 8) + " " + Math.ceil(cy + R + e + 8) + '" xmlns="http://www.w3.org/2000/svg">';
    s += tri(corners[0], corners[1], "edge-red") + tri(corners[2], corners[3], "edge-red");
    s += tri(corners[1], corners[2], "edge-blue") + tri(corners[3], corners[0], "edge-blue");
    for (let i = 0; i < SIZE * SIZE; i++) {
      const v = board[i];
      const cls = ["cell", v === 1 ? "red" : v === 2 ? "blue" : "empty", winning.has(i) ? "win" : ""].join(" ");
      s += '<polygon class="' + cls + '" data-cell="' + cellName(i) + '" data-v="' + ".rb"[v] + '"' +
        (winning.has(i) ? ' data-win="1"' : "") + ' points="' + hexagon(centre(i)) + '"><title>' + cellName(i) + "</title></polygon>";
    }
    if (lastCell !== null && lastCell >= 0) {
      const [x, y] = centre(lastCell);
      s += '<circle class="last" data-last="' + cellName(lastCell) + '" cx="' + x.toFixed(1) + '" cy="' + y.toFixed(1) + '" r="' + (R * 0.32).toFixed(1) + '"/>';
    }
    for (let c = 0; c < SIZE; c++) {
      const [x, y] = centre(c);
      s += '<text class="label" x="' + x.toFixed(1) + '" y="' + (y - R - e - 6).toFixed(1) + '">' + LETTERS[c] + "</text>";
    }
    for (let row = 0; row < SIZE; row++) {
      const [x, y] = centre(row * SIZE);
      s += '<text class="label" x="' + (x - WIDTH / 2 - e - 12).toFixed(1) + '" y="' + (y + 4).toFixed(1) + '">' + (row + 1) + "</text>";
    }
    boardEl.innerHTML = s + "</svg>";
    infoEl.innerHTML = describe(game, m, lastCell);
  }

  const colourOf = (i) => (i % 2 === 0 ? "red" : "blue");
  const name = (r, colour) => (colour === "red" ? r.red : r.blue);

  function describe(game, m, lastCell) {
    const r = game.record;
    let text;
    if (m === 0) {
      text = "The empty board; red (" + esc(r.red) + ") to move.";
    } else {
      const i = m - 1, colour = colourOf(i), mv = r.moves[i];
      const what = mv === "swap-pieces"
        ? "swap-pieces: red's " + cellName((lastCell % SIZE) * SIZE + Math.floor(lastCell / SIZE)) + " becomes blue's " + cellName(lastCell)
        : mv;
      const time = r.times[i];
      const said = r.messages[i];
      text = "Move " + m + ": <b class=\"" + colour + '">' + colour + "</b> (" + esc(name(r, colour)) + ") " + esc(what) +
        (time === null || time === undefined ? (i === 0 && r.opening ? ", the forced opening" : "") : ", " + time.toFixed(1) + " ms") +
        (said ? ', message "' + esc(said) + '"' : "") + ".";
    }
    if (m === game.n) {
      text += " <b>" + esc(r.winner) + " (" + esc(name(r, r.winner)) + ") wins by " + esc(r.reason) + "</b>" +
        (r.detail ? ": " + esc(r.detail) : "") + ".";
    }
    return text;
  }

  function header(game) {
    const r = game.record;
    return "Game " + r.game + " (seed " + esc(r.seed) + (r.opening ? ", opening " + esc(r.opening) : "") + "): " +
      '<b class="red">' + esc(r.red) + "</b> (red) vs <b class=\"blue\">" + esc(r.blue) + "</b> (blue), " +
      esc(r.winner) + " wins by " + esc(r.reason) + " after " + r.moves.length + " moves";
  }

  function moves(game) {
    const r = game.record;
    return r.moves.map((mv, i) => {
      const time = r.times[i];
      const notes = [];
      if (time !== null && time !== undefined) notes.push(time.toFixed(1) + " ms");
      if (r.messages[i]) notes.push(r.messages[i]);
      return { text: (i % 2 === 0 ? "r " : "b ") + mv, note: notes.join("  ") };
    });
  }

  // The estimate in a message: its first word, `57%` (or `57.5%`), the mover's win chance.
  function estimate(message) {
    const match = /^(\d+(?:\.\d+)?)%/.exec(message || "");
    return match && Number(match[1]) <= 100 ? Number(match[1]) : null;
  }

  function graphs(game) {
    const r = game.record;
    const said = [[], []], times = [[], []];
    r.moves.forEach((mv, i) => {
      const side = i % 2;
      const p = estimate(r.messages[i]);
      if (p !== null) said[side].push([i + 1, side === 0 ? p : 100 - p]);
      if (r.times[i] !== null && r.times[i] !== undefined) times[side].push([i + 1, r.times[i]]);
    });
    const percent = (v) => Math.round(v) + "%";
    return [
      {
        title: "red's win chance, as each engine estimates it (its message)",
        ymin: 0, ymax: 100, format: percent,
        series: [{ name: r.red + " (red)", cls: "red", points: said[0] }, { name: r.blue + " (blue)", cls: "blue", points: said[1] }],
      },
      {
        title: "answer time (ms)",
        ymin: 0,
        format: (v) => String(Math.round(v)),
        series: [{ name: "red", cls: "red", points: times[0] }, { name: "blue", cls: "blue", points: times[1] }],
      },
    ];
  }

  return { load, header, moves, draw, graphs };
})();
