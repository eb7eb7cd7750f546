// Linez for the match page (match_kit's shell.js): reads linez-sim's games file (a summary line a
// game, then `+ bot seed convention start next score` and one word a move: `FFTT.think_us.edits.
// next.score`, see linez_tools::games_file), rebuilds every board from the recorded changes (what
// the referee played, no second draw), and draws the moved number's path, the numbers that landed,
// the removed cells, nextThree, and the score, empty cells and thinking over the game. Above the
// games, the bots' table (`BOTS_TABLE`, defined by linez-sim before this script). Nothing from the
// records reaches the page as markup: every text goes in through textContent.
"use strict";
const GAME = (function () {
  const SIZE = 9, CELLS = 81;
  const COLOURS = ["", "#d8343a", "#2a64c8", "#2e9e46", "#e0a010", "#8e44ad", "#17a2b8", "#6d4c2f"];

  function parsePlay(line, number) {
    const words = line.split(" ");
    if (words.length < 7) throw new Error("line " + number + ": a game line too short");
    const start = Array.from(words[4], (c) => (c === "." ? 0 : Number(c)));
    const moves = words.slice(7).map((word) => {
      const [mv, think, edits, next, score] = word.split(".");
      const list = [];
      for (let i = 0; i + 3 <= edits.length; i += 3) list.push([Number(edits.slice(i, i + 2)), Number(edits[i + 2])]);
      return { from: Number(mv.slice(0, 2)), to: Number(mv.slice(2, 4)), think: Number(think) / 1000, edits: list, next, score: Number(score) };
    });
    return { bot: words[1], seed: words[2], convention: words[3], start, next: words[5], score: Number(words[6]), moves };
  }

  function load(text) {
    const games = [];
    let last = null;
    text.split("\n").forEach((line, i) => {
      if (line.trim() === "") return;
      if (line.startsWith("+")) {
        if (last) last.play = parsePlay(line, i + 1);
        return;
      }
      const f = line.split(" ");
      last = {
        bot: f[0], seed: Number(f[1]), score: Number(f[2]), moves: Number(f[3]), end: f[4],
        think: Number(f[5]), longest: Number(f[6]), detail: f.slice(7).join(" "), play: null,
      };
      games.push(last);
    });
    const mean = games.reduce((s, g) => s + g.score, 0) / Math.max(1, games.length);
    const bots = [...new Set(games.map((g) => g.bot))];
    const several = bots.length > 1;
    const out = games.filter((g) => g.play).map((g, i) => ({
      id: i + 1,
      n: g.play.moves.length,
      summary: g,
      play: g.play,
      several,
      rowClass: g.score < mean ? "loss" : "",
      row: {
        number: i + 1, bot: g.bot, seed: g.seed, score: g.score, end: g.end, moves: g.moves,
        think: g.think, longest: g.longest * 1000,
      },
    }));
    const ends = [...new Set(games.map((g) => g.end))].sort();
    const filters = [
      { label: "score", options: [["below", "below the mean (" + mean.toFixed(1) + ")"], ["above", "at or above the mean"]],
        test: (g, v) => (v === "below") === (g.row.score < mean) },
      { label: "end", options: ends.map((e) => [e, e]), test: (g, v) => g.row.end === v },
    ];
    if (several) filters.unshift({ label: "bot", options: bots.map((b) => [b, b]), test: (g, v) => g.row.bot === v });
    const columns = [
      { key: "number", label: "game" },
      several ? { key: "bot", label: "bot" } : null,
      { key: "seed", label: "seed" },
      { key: "score", label: "score" },
      { key: "end", label: "end" },
      { key: "moves", label: "moves" },
      { key: "think", label: "think (s)", digits: 3 },
      { key: "longest", label: "longest think (ms)", digits: 1 },
    ].filter((c) => c);
    // The bots' table linez-sim computed (the summary's), given before this script.
    const table = typeof BOTS_TABLE === "undefined" ? null : BOTS_TABLE;
    return { games: out, columns, filters, table };
  }

  function cellName(convention, i) {
    const row = Math.floor(i / SIZE), col = i % SIZE;
    const [letter, digit] = convention === "letter-column" ? [col, row] : [row, col];
    return String.fromCharCode(65 + letter) + (digit + 1);
  }

  function positions(game) {
    if (game.positions) return game.positions;
    const boards = [Uint8Array.from(game.play.start)];
    for (const mv of game.play.moves) {
      const board = boards[boards.length - 1].slice();
      board[mv.to] = board[mv.from];
      board[mv.from] = 0;
      for (const [cell, colour] of mv.edits) board[cell] = colour;
      boards.push(board);
    }
    game.positions = boards;
    return boards;
  }

  // A shortest path of empty cells from `from` to `to` on the board before the move.
  function path(board, from, to) {
    const back = new Int16Array(CELLS).fill(-1);
    back[from] = from;
    const todo = [from];
    for (let k = 0; k < todo.length; k++) {
      const c = todo[k], r = Math.floor(c / SIZE), col = c % SIZE;
      for (const [y, x] of [[r - 1, col], [r + 1, col], [r, col - 1], [r, col + 1]]) {
        const d = y * SIZE + x;
        if (y < 0 || y >= SIZE || x < 0 || x >= SIZE || back[d] >= 0 || board[d] !== 0) continue;
        back[d] = c;
        todo.push(d);
      }
    }
    if (back[to] < 0) return [from, to];
    const cells = [to];
    while (cells[cells.length - 1] !== from) cells.push(back[cells[cells.length - 1]]);
    return cells.reverse();
  }

  // Elements built node by node: every attribute through setAttribute, every text through
  // textContent, so that nothing from the records (a bot's name, a crash's message) is markup.
  const SVG = "http://www.w3.org/2000/svg";
  function node(ns, tag, attrs, text) {
    const e = ns ? document.createElementNS(ns, tag) : document.createElement(tag);
    for (const [key, value] of Object.entries(attrs || {})) e.setAttribute(key, value);
    if (text !== undefined) e.textContent = text;
    return e;
  }
  const svg = (tag, attrs, text) => node(SVG, tag, attrs, text);
  const bold = (text) => node(null, "b", {}, text);
  // Text and nodes in order, as one fragment.
  function parts(...items) {
    const out = document.createDocumentFragment();
    for (const item of items) out.append(item);
    return out;
  }

  const S = 46, X0 = 30, Y0 = 28;
  const centre = (i) => [X0 + (i % SIZE) * S + S / 2, Y0 + Math.floor(i / SIZE) * S + S / 2];

  function draw(game, m, boardEl, infoEl) {
    const conv = game.play.convention;
    const boards = positions(game);
    const board = boards[m];
    const mv = m > 0 ? game.play.moves[m - 1] : null;
    const placed = new Set(), removed = new Set();
    if (mv) {
      for (const [cell, colour] of mv.edits) {
        if (colour === 0) removed.add(cell);
        else placed.add(cell);
      }
    }
    const width = X0 + SIZE * S + 150, height = Y0 + SIZE * S + 12;
    const s = svg("svg", { viewBox: "0 0 " + width + " " + height });
    for (let r = 0; r < SIZE; r++) {
      const [, y] = centre(r * SIZE);
      const [x] = centre(r);
      const rowLabel = conv === "letter-column" ? String(r + 1) : String.fromCharCode(65 + r);
      const colLabel = conv === "letter-column" ? String.fromCharCode(65 + r) : String(r + 1);
      s.append(svg("text", { class: "label", x: X0 - 12, y: y + 4 }, rowLabel));
      s.append(svg("text", { class: "label", x, y: Y0 - 9 }, colLabel));
    }
    for (let i = 0; i < CELLS; i++) {
      const [x, y] = centre(i), v = board[i];
      const cls = ["cell", removed.has(i) && v === 0 ? "removed" : "", mv && i === mv.from ? "from" : ""].join(" ");
      const rect = svg("rect", {
        class: cls, "data-cell": cellName(conv, i), "data-v": v === 0 ? "." : v, x: x - S / 2, y: y - S / 2, width: S, height: S,
      });
      rect.append(svg("title", {}, cellName(conv, i)));
      s.append(rect);
    }
    if (mv) {
      const route = path(boards[m - 1], mv.from, mv.to).map((c) => centre(c).join(",")).join(" ");
      s.append(svg("polyline", { class: "path", points: route }));
    }
    for (let i = 0; i < CELLS; i++) {
      const [x, y] = centre(i), v = board[i];
      if (removed.has(i) && v === 0) {
        const d = "M" + (x - 9) + " " + (y - 9) + "L" + (x + 9) + " " + (y + 9) + "M" + (x + 9) + " " + (y - 9) + "L" + (x - 9) + " " + (y + 9);
        s.append(svg("path", { class: "cross", d }));
      }
      if (v === 0) continue;
      const mark = mv && i === mv.to ? " moved" : placed.has(i) ? " landed" : "";
      s.append(svg("circle", { class: "ball" + mark, cx: x, cy: y, r: 17, fill: COLOURS[v] }));
      s.append(svg("text", { class: "digit", x, y: y + 6 }, String(v)));
    }
    const next = mv ? mv.next : game.play.next;
    const nx = X0 + SIZE * S + 30;
    s.append(svg("text", { class: "caption", x: nx, y: Y0 + 14 }, "nextThree"));
    Array.from(next).forEach((c, k) => {
      const y = Y0 + 48 + k * 44;
      s.append(svg("circle", { class: "ball", "data-next": k, "data-v": c, cx: nx + 40, cy: y, r: 17, fill: COLOURS[Number(c)] || "#999" }));
      s.append(svg("text", { class: "digit", x: nx + 40, y: y + 6 }, c));
    });
    boardEl.replaceChildren(s);
    infoEl.replaceChildren(describe(game, m, mv, board));
  }

  function describe(game, m, mv, board) {
    const conv = game.play.convention;
    const empty = board.filter((v) => v === 0).length;
    const score = mv ? mv.score : game.play.score;
    let text;
    if (!mv) {
      text = "The start: " + (CELLS - empty) + " numbers on the board.";
    } else {
      const landed = mv.edits.filter(([, c]) => c > 0).map(([cell, c]) => c + "@" + cellName(conv, cell));
      const gone = mv.edits.filter(([, c]) => c === 0).length;
      text = "Move " + m + ": " + cellName(conv, mv.from) + cellName(conv, mv.to) + " (" + mv.think.toFixed(1) + " ms)" +
        (gone ? ", removed " + gone : "") + (landed.length ? ", landed " + landed.join(" ") : "") + ".";
    }
    const out = parts(text + " Score ", bold(String(score)), ", " + empty + " empty cells.");
    if (m === game.n) {
      const g = game.summary;
      out.append(" ", bold("The game ends: " + g.end), (g.detail ? " (" + g.detail + ")" : "") + ".");
    }
    return out;
  }

  function header(game) {
    const g = game.summary;
    return parts(
      "Game " + game.id + (game.several ? " (bot " + g.bot + ")" : "") + ": seed " + g.seed + ", score ",
      bold(String(g.score)),
      " after " + g.moves + " moves, end " + g.end + ", thinking " + g.think.toFixed(3) + " s");
  }

  function moves(game) {
    const conv = game.play.convention;
    return game.play.moves.map((mv) => {
      const gone = mv.edits.filter(([, c]) => c === 0).length;
      return { text: cellName(conv, mv.from) + cellName(conv, mv.to), note: mv.score + " pts" + (gone ? " (\u2212" + gone + ")" : "") + ", " + mv.think.toFixed(1) + " ms" };
    });
  }

  function graphs(game) {
    const boards = positions(game);
    const score = [[0, game.play.score]], empty = [], think = [];
    boards.forEach((b, m) => empty.push([m, b.filter((v) => v === 0).length]));
    game.play.moves.forEach((mv, i) => {
      score.push([i + 1, mv.score]);
      think.push([i + 1, mv.think]);
    });
    return [
      { title: "score", ymin: 0, series: [{ name: "score", cls: "score", points: score }] },
      { title: "empty cells", ymin: 0, ymax: CELLS, series: [{ name: "empty", cls: "empty", points: empty }] },
      { title: "think time (ms)", ymin: 0, format: (v) => v.toFixed(v < 10 ? 1 : 0), series: [{ name: "think", cls: "think", points: think }] },
    ];
  }

  return { load, header, moves, draw, graphs };
})();
