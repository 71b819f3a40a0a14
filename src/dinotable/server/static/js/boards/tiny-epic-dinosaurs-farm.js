// Tiny Epic Dinosaurs: a Farm board as a grid (tiny-epic-dinosaurs.js draws the rest of the table), and the
// species pictures both use. Each space keeps its labels away from its edges (the symbol and its word at the
// top, the space's name top right, the dinosaur's name and the Enclosure's at the bottom) and edge marks stay
// within a few pixels of their line, so no mark covers a label.
import { el, svg, clickable } from "../dom.js";

// Species by key: colour (the published meeple colours, in a colour-blind-safe shade) and a shape of its own,
// so a species never depends on colour alone. A Unique Dinosaur is a white star.
export const SPECIES = {
  stegosaurus: { fill: "#f0e442", shape: "circle" },
  brachiosaurus: { fill: "#56b4e9", shape: "square" },
  velociraptor: { fill: "#009e73", shape: "triangle" },
  allosaurus: { fill: "#d55e00", shape: "diamond" },
};
const UNIQUE = { fill: "#fff", shape: "star" };
const SYMBOL = { P: ["plant", "#2f7d32"], M: ["meat", "#9c2a2a"], S: ["supply", "#6b4f2a"] };
const CELL = 80;
const PAD = 14;

export function cellName(cell, cols) {
  return `${"ABCDEFGH"[cell % cols]}${Math.floor(cell / cols) + 1}`;
}

/** A Farm picture read as the game reads it: spaces' symbols, and the edges in the same order and names. */
export function readFarm(picture) {
  const rows = (picture.length - 1) / 2;
  const cols = (picture[0].length - 1) / 2;
  const symbols = [];
  const edges = [];
  picture.forEach((line, y) => [...line].forEach((ch, x) => {
    if (y % 2 === 0 && x % 2 === 0) return;
    if (y % 2 === 1 && x % 2 === 1) {
      symbols.push(ch);
      return;
    }
    let a;
    let b;
    let name;
    if (y % 2 === 0) {
      a = y > 0 ? (y / 2 - 1) * cols + (x - 1) / 2 : -1;
      b = y / 2 < rows ? (y / 2) * cols + (x - 1) / 2 : -1;
      name = a < 0 ? `${cellName(b, cols)} top` : b < 0 ? `${cellName(a, cols)} bottom` : `${cellName(a, cols)}|${cellName(b, cols)}`;
    } else {
      a = x > 0 ? ((y - 1) / 2) * cols + x / 2 - 1 : -1;
      b = x / 2 < cols ? ((y - 1) / 2) * cols + x / 2 : -1;
      name = a < 0 ? `${cellName(b, cols)} left` : b < 0 ? `${cellName(a, cols)} right` : `${cellName(a, cols)}|${cellName(b, cols)}`;
    }
    const kind = { ".": "dotted", "~": "water", "^": "mountain" }[ch];
    edges.push({ name, kind, cells: [a, b].filter((c) => c >= 0), horizontal: y % 2 === 0, x, y });
  }));
  return { rows, cols, symbols, edges };
}

/** A species' shape of radius r at (x, y); `key` null for a Unique Dinosaur. */
export function speciesShape(key, x, y, r, attrs = {}) {
  const { fill, shape } = SPECIES[key] || UNIQUE;
  const paint = { fill, stroke: "#222", "stroke-width": 1.5, ...attrs };
  const points = (list) => svg("polygon", { points: list.map(([px, py]) => `${x + px * r},${y + py * r}`).join(" "), ...paint });
  if (shape === "circle") return svg("circle", { cx: x, cy: y, r, ...paint });
  if (shape === "square") return svg("rect", { x: x - r * 0.85, y: y - r * 0.85, width: r * 1.7, height: r * 1.7, rx: r * 0.3, ...paint });
  if (shape === "triangle") return points([[0, -1.05], [1, 0.8], [-1, 0.8]]);
  if (shape === "diamond") return points([[0, -1.1], [1, 0], [0, 1.1], [-1, 0]]);
  const star = [];
  for (let i = 0; i < 10; i += 1) {
    const radius = i % 2 ? 0.45 : 1.05;
    star.push([radius * Math.sin((i * Math.PI) / 5), -radius * Math.cos((i * Math.PI) / 5)]);
  }
  return points(star);
}

/** A dinosaur as a small inline picture; placed (data-cell, data-ref) when `where` is given. */
export function speciesChip(key, ref, where) {
  const attrs = where ? { "data-cell": where, "data-ref": ref, title: ref } : { "aria-hidden": "true" };
  return el("span", { class: "sp-chip", ...attrs },
    svg("svg", { viewBox: "0 0 20 20", width: 16, height: 16, "aria-hidden": "true", focusable: "false" }, speciesShape(key, 10, 10, 8)));
}

function symbolMark(ch, x, y) {
  const entry = SYMBOL[ch];
  if (!entry) return null;
  const [word, colour] = entry;
  const shape = ch === "P" ? svg("path", { d: `M${x} ${y + 6} q-6 -10 0 -14 q6 4 0 14 z`, fill: colour })
    : ch === "M" ? svg("ellipse", { cx: x, cy: y, rx: 6, ry: 4, fill: colour })
      : svg("rect", { x: x - 5, y: y - 5, width: 10, height: 10, fill: "none", stroke: colour, "stroke-width": 2 });
  return svg("g", { class: "symbol" }, shape, svg("text", { x: x + 9, y: y + 4, "font-size": 10, fill: colour }, word));
}

/** The name under a token, squeezed to the space's width when long ("Parasaurolophus"). */
function nameText(name, x, y) {
  const attrs = { x, y, "text-anchor": "middle", "font-size": 9, fill: "#222", class: "ted-dino-name" };
  if (name.length > 12) Object.assign(attrs, { textLength: CELL - 12, lengthAdjust: "spacingAndGlyphs" });
  return svg("text", attrs, name);
}

function dinoMark(space, where, x, y, keyByName, fed) {
  const key = keyByName.get(space.name) || null;
  const g = svg("g", { class: `dino${key ? "" : " unique"}`, "data-dinosaur": space.name, "data-cell": where, "data-ref": space.ref },
    svg("title", {}, `${space.name}${key ? "" : ", a Unique Dinosaur"}${fed ? ", fed" : ""}`),
    // An unpainted ground under the token and its name, so a tap anywhere on them reaches the dinosaur.
    svg("rect", { x: x - CELL / 2 + 8, y: y - 14, width: CELL - 16, height: 40, fill: "transparent" }));
  g.append(speciesShape(key, x, y, 13), nameText(space.name, x, y + 24));
  if (fed) g.append(svg("text", { x: x + 15, y: y - 9, "font-size": 10, "font-weight": 700, fill: "#2f7d32" }, "fed"));
  return g;
}

/** A place a dinosaur may be put: the band between the space's top and bottom labels. */
function targetBand(action, ctx, x, y, width, picture) {
  const g = svg("g", { class: "target active", "data-action": action.id },
    svg("rect", { x, y: y + 21, width, height: 38, rx: 6 }), ...(picture ? [picture] : []));
  return clickable(g, action.text, () => ctx.act(action.id));
}

/** One Farm; `who` is its owner in the view's words ("player 1"), `actions` the viewer's own (or none). */
export function farmSvg(player, who, label, keyByName, actions, ctx) {
  const farm = readFarm(player.farm_picture);
  const fence = new Set(player.fence || []);
  const fed = new Set(player.fed || []);
  const width = farm.cols * CELL + 2 * PAD;
  const height = farm.rows * CELL + 2 * PAD;
  const art = svg("svg", { viewBox: `0 0 ${width} ${height}`, width, height, class: "ted-farm", role: "group", "aria-label": label });
  const at = (cell) => [PAD + (cell % farm.cols) * CELL, PAD + Math.floor(cell / farm.cols) * CELL];
  const cellOf = new Map(farm.symbols.map((_, cell) => [cellName(cell, farm.cols), cell]));
  const enclosureOf = new Map();
  (player.enclosures || []).forEach((cells, i) => cells.forEach((name) => enclosureOf.set(cellOf.get(name), i)));
  // Spaces: terrain, Enclosure tint, symbol, name.
  farm.symbols.forEach((ch, cell) => {
    const [x, y] = at(cell);
    const inside = enclosureOf.has(cell);
    art.append(svg("rect", { x, y, width: CELL, height: CELL, fill: inside ? "#e8dfa8" : "#c9e2b3", class: `cell${inside ? " enclosed" : ""}` }));
    art.append(svg("text", { x: x + CELL - 7, y: y + 14, "text-anchor": "end", "font-size": 9, fill: "#444" }, cellName(cell, farm.cols)));
    const symbol = symbolMark(ch, x + 12, y + 12);
    if (symbol) art.append(symbol); // append(null) would write "null"
  });
  (player.enclosures || []).forEach((cells, i) => {
    const [x, y] = at(Math.max(...cells.map((name) => cellOf.get(name))));
    art.append(svg("text", { x: x + CELL / 2, y: y + CELL - 7, "text-anchor": "middle", "font-size": 9, "font-weight": 700, fill: "#6b5d10", class: "enclosure-label" },
      `Enclosure ${i + 1}`));
  });
  // Edges: water, mountains, dotted lines, Barriers; an edge a legal action names is a button.
  const byEdge = new Map(actions.filter((a) => a.info?.edge).map((a) => [a.info.edge, a]));
  for (const edge of farm.edges) {
    const x = PAD + (edge.horizontal ? ((edge.x - 1) / 2) * CELL : (edge.x / 2) * CELL);
    const y = PAD + (edge.horizontal ? (edge.y / 2) * CELL : ((edge.y - 1) / 2) * CELL);
    const [x2, y2] = edge.horizontal ? [x + CELL, y] : [x, y + CELL];
    const barrier = fence.has(edge.name);
    const style = barrier ? { stroke: "#5a3210", "stroke-width": 7, "stroke-linecap": "round" }
      : edge.kind === "water" ? { stroke: "#8ecae6", "stroke-width": 8 }
        : edge.kind === "mountain" ? { stroke: "#8d8d8d", "stroke-width": 4 }
          : { stroke: "#6c6454", "stroke-width": 1.5, "stroke-dasharray": "2 4" };
    const g = svg("g", { class: `edge edge-${barrier ? "barrier" : edge.kind}`, "data-edge": edge.name },
      svg("title", {}, `${edge.name}: ${barrier ? "a Barrier" : edge.kind === "dotted" ? "a dotted line" : edge.kind}`),
      svg("line", { x1: x, y1: y, x2, y2, ...style }));
    if (barrier) {
      g.setAttribute("data-ref", "Barrier");
      g.setAttribute("data-cell", `${who} ${edge.name}`);
    }
    const along = (t) => [x + (x2 - x) * t, y + (y2 - y) * t];
    if (edge.kind === "mountain" && !barrier) { // small peaks on the line, clear of the corners' labels
      for (const [mx, my] of [along(0.35), along(0.65)]) g.append(svg("path", { d: `M${mx - 5} ${my + 4} l5 -8 l5 8 z`, fill: "#9a9a9a", stroke: "#444" }));
    }
    if (edge.kind === "water" && !barrier) { // ripples, so water never reads as a clickable dotted line
      g.append(svg("line", { x1: x, y1: y, x2, y2, stroke: "#1f5f8b", "stroke-width": 1.5, "stroke-dasharray": "4 4" }));
    }
    if (barrier) { // a rail between posts, so a Barrier never reads as a mountain or water
      g.append(svg("line", { x1: x, y1: y, x2, y2, stroke: "#f2d9a6", "stroke-width": 1.5, "stroke-dasharray": "6 6" }));
      for (const t of [0.35, 0.65]) g.append(svg("circle", { cx: along(t)[0], cy: along(t)[1], r: 4, fill: "#5a3210" }));
    }
    const action = byEdge.get(edge.name);
    if (action) {
      const hit = svg("rect", edge.horizontal ? { x: x + 6, y: y - 8, width: CELL - 12, height: 16 } : { x: x - 8, y: y + 6, width: 16, height: CELL - 12 });
      hit.setAttribute("class", "hit");
      g.classList.add("active");
      g.setAttribute("data-action", action.id);
      g.prepend(hit);
      clickable(g, action.text, () => ctx.act(action.id));
      g.querySelector("title").textContent = action.text;
    }
    art.append(g);
  }
  // Dinosaurs, and the spaces a waiting or lifted dinosaur may go to.
  const byCell = new Map();
  const puts = new Map();
  for (const a of actions) {
    if (!a.info?.cell) continue;
    if (a.info.kind === "put" || a.info.kind === "put_unique") puts.set(a.info.cell, [...(puts.get(a.info.cell) || []), a]);
    else byCell.set(a.info.cell, a);
  }
  (player.spaces || []).forEach((space, cell) => {
    const name = cellName(cell, farm.cols);
    const [x, y] = at(cell);
    const action = byCell.get(name);
    if (space) {
      const mark = dinoMark(space, `${who} ${name}`, x + CELL / 2, y + 36, keyByName, fed.has(name));
      if (action) {
        mark.classList.add("active");
        mark.setAttribute("data-action", action.id);
        clickable(mark, action.text, () => ctx.act(action.id));
      }
      art.append(mark);
    } else if (action) {
      art.append(targetBand(action, ctx, x + 5, y, CELL - 10, null));
    }
    // Each dinosaur that may be put here: its picture, faint, in its own part of the band.
    (puts.get(name) || []).forEach((put, i, all) => {
      const w = (CELL - 10) / all.length;
      const key = put.info.unique ? null : put.info.species;
      art.append(targetBand(put, ctx, x + 5 + i * w, y, w - 2, speciesShape(key, x + 5 + i * w + w / 2 - 1, y + 40, Math.min(11, w / 2 - 3), { opacity: 0.75 })));
    });
  });
  return art;
}

/** What the Farm's lines mean, drawn as on the Farm (no colour alone: each has its own shape). */
export function legend(clickableToo) {
  const sample = (...parts) => svg("svg", { width: 30, height: 12, "aria-hidden": "true" }, ...parts);
  const items = [
    [sample(svg("line", { x1: 1, y1: 6, x2: 29, y2: 6, stroke: "#6c6454", "stroke-width": 1.5, "stroke-dasharray": "2 4" })), "dotted line"],
    [sample(svg("line", { x1: 1, y1: 6, x2: 29, y2: 6, stroke: "#5a3210", "stroke-width": 6 }), svg("circle", { cx: 15, cy: 6, r: 4, fill: "#5a3210" })), "Barrier"],
    [sample(svg("line", { x1: 1, y1: 6, x2: 29, y2: 6, stroke: "#8ecae6", "stroke-width": 7 }), svg("line", { x1: 1, y1: 6, x2: 29, y2: 6, stroke: "#1f5f8b", "stroke-width": 1.5, "stroke-dasharray": "4 4" })), "water"],
    [sample(svg("path", { d: "M8 11 l7 -10 l7 10 z", fill: "#9a9a9a", stroke: "#444" })), "mountain"],
    [sample(svg("rect", { x: 1, y: 1, width: 28, height: 10, fill: "#e8dfa8", stroke: "#6b5d10" })), "Enclosure"],
  ];
  if (clickableToo) items.push([sample(svg("line", { x1: 1, y1: 6, x2: 29, y2: 6, stroke: "#0b5c8a", "stroke-width": 4, "stroke-dasharray": "7 4" })), "you may choose it"]);
  return el("ul", { class: "ted-legend" }, items.map(([art, word]) => el("li", {}, art, word)));
}
