// My Funny Dinos' components drawn in SVG (boards/my-funny-dinos.js lays them out): fossil tiles by what
// shows of them, the ground of a spot (a base tile with its rocks, or the paper board), bone tokens and
// exhibition tiles. Each carries data-ref (its reference entry) and data-cell (where the view places it).
import { svg } from "../dom.js";

// A colour-blind-safe palette (Okabe-Ito based), each with the text colour that reads on it.
const COLOURS = {
  red: ["#D55E00", "#fff"],
  orange: ["#E69F00", "#000"],
  yellow: ["#F0E442", "#000"],
  green: ["#009E73", "#fff"],
  blue: ["#0072B2", "#fff"],
  purple: ["#6A3D9A", "#fff"],
  pink: ["#F4A6C8", "#000"],
  brown: ["#8C5A2B", "#fff"],
};
const PART_WORDS = { head: "head", tail: "tail", leg: "leg" };
const ICON_WORDS = { shovel: "shovel", exchange: "exchange", bone_pile: "bone pile", two: "circled 2" };
export const TILE_W = 96;
export const TILE_H = 40;
export const GAP = 4;

function partWord(tile) {
  if (tile.part === "event") return ICON_WORDS[tile.icon] || tile.ref || "event";
  return PART_WORDS[tile.part] || tile.part;
}

/** The words a player reads for a tile: what is visible of it. */
export function tileWords(tile) {
  if (tile.part) return `${tile.colour} ${partWord(tile)}`;
  if (tile.colour) return `${tile.colour} ribbon, face down`;
  return "buried tile, unseen";
}

function glyph(tile, x, y, ink) {
  // Small drawings so the part reads at a glance, beside its word.
  const common = { fill: "none", stroke: ink, "stroke-width": 2, "stroke-linecap": "round", "stroke-linejoin": "round" };
  switch (tile.part === "event" ? tile.icon : tile.part) {
    case "head":
      return svg("g", {}, svg("path", { ...common, d: `M${x} ${y + 8} q4 -12 16 -8 l4 6 l-8 4 z` }), svg("circle", { cx: x + 12, cy: y + 1, r: 1.6, fill: ink }));
    case "tail":
      return svg("path", { ...common, d: `M${x} ${y + 2} q10 0 20 10 q-12 -2 -20 -4 z` });
    case "leg":
      return svg("path", { ...common, d: `M${x + 6} ${y - 2} l0 10 l-4 4 l12 0 M${x + 14} ${y - 2} l0 10 l4 4` });
    case "shovel":
      return svg("path", { ...common, d: `M${x + 2} ${y - 2} l12 12 M${x + 12} ${y + 6} l6 -2 l2 6 l-6 2 z` });
    case "exchange":
      return svg("path", { ...common, d: `M${x} ${y + 2} h18 l-4 -4 M${x + 20} ${y + 10} h-18 l4 4` });
    case "bone_pile":
      return svg("path", { ...common, d: `M${x + 2} ${y + 10} l16 -8 M${x} ${y + 8} l2 2 l-1 2 M${x + 18} ${y} l2 2 l1 -2` });
    case "two":
      return svg("g", {}, svg("circle", { ...common, cx: x + 10, cy: y + 5, r: 8 }),
        svg("text", { x: x + 10, y: y + 9, "text-anchor": "middle", "font-size": 11, "font-weight": 700, fill: ink }, "2"));
    default:
      return null;
  }
}

/** One tile drawn at (x, y) of an SVG: its colour, part word and glyph; a buried tile as hatched stone. */
export function drawTile(tile, cell, x, y, w = TILE_W, h = TILE_H) {
  const g = svg("g", { class: "tile", "data-tile": tile.tile, "data-colour": tile.colour || "", "data-part": tile.part || "",
    "data-ref": tile.ref, "data-cell": cell, "data-target": `tile:${tile.tile}` },
    svg("title", {}, tileWords(tile)));
  if (tile.part) {
    const [fillColour, ink] = COLOURS[tile.colour] || ["#ccc", "#000"];
    g.append(svg("rect", { x, y, width: w, height: h, rx: 6, fill: fillColour, stroke: "#222", "stroke-width": 1.5 }));
    g.append(glyph(tile, x + 6, y + h / 2 - 6, ink));
    const word = partWord(tile);
    const size = word.length > 7 ? 10.5 : 13; // "exchange", "bone pile" and "circled 2" still fit the tile
    g.append(svg("text", { x: x + 30, y: y + h / 2 - 3, fill: ink, "font-size": size, "font-weight": 700 }, word));
    g.append(svg("text", { x: x + 30, y: y + h / 2 + 12, fill: ink, "font-size": 11 }, tile.colour));
  } else {
    g.append(svg("rect", { x, y, width: w, height: h, rx: 6, fill: "url(#buried)", stroke: "#444", "stroke-width": 1.5 }));
    if (tile.colour) {
      const [fillColour, ink] = COLOURS[tile.colour] || ["#ccc", "#000"];
      g.append(svg("rect", { x: x + 4, y: y + 4, width: w - 8, height: 14, rx: 3, fill: fillColour, stroke: "#222" }));
      g.append(svg("text", { x: x + w / 2, y: y + 15, "text-anchor": "middle", fill: ink, "font-size": 10, "font-weight": 700 }, `${tile.colour} ribbon`));
      g.append(svg("text", { x: x + w / 2, y: y + h - 6, "text-anchor": "middle", fill: "#fff", "font-size": 10 }, "face down"));
    } else {
      g.append(svg("text", { x: x + w / 2, y: y + h / 2 + 4, "text-anchor": "middle", fill: "#fff", "font-size": 11 }, "buried"));
    }
  }
  return g;
}

export function defs() {
  return svg("defs", {},
    svg("pattern", { id: "buried", width: 8, height: 8, patternUnits: "userSpaceOnUse", patternTransform: "rotate(45)" },
      svg("rect", { width: 8, height: 8, fill: "#5b5346" }),
      svg("line", { x1: 0, y1: 0, x2: 0, y2: 8, stroke: "#776d5c", "stroke-width": 4 })));
}


/** The ground of a spot, at the foot of its stack: a base tile with its rocks, or the paper board. */
export function drawGround(spot, cell, y, height) {
  const parts = [];
  if (spot.ref === "base tile") {
    const rocks = spot.rocks || 0;
    parts.push(svg("g", { class: "ground", "data-ref": spot.ref, "data-cell": cell },
      svg("title", {}, `a base tile holding ${rocks} ${rocks === 1 ? "rock" : "rocks"}`),
      svg("rect", { x: 2, y, width: TILE_W + 4, height: height - 2, rx: 3, fill: "#d9cfb8", stroke: "#6b5d43" }),
      svg("text", { x: 10 + rocks * 10, y: y + height / 2 + 3, "font-size": 10, fill: "#333" }, `${rocks} ${rocks === 1 ? "rock" : "rocks"}`)));
    // Each rock its own thing, so a tap on one tells what a rock does.
    for (let r = 0; r < rocks; r += 1) {
      parts.push(svg("circle", { class: "rock", cx: 11 + r * 10, cy: y + height / 2 - 1, r: 4, fill: "#8a8a8a", stroke: "#333", "data-ref": "rock", "data-cell": cell }));
    }
  } else {
    parts.push(svg("g", { class: "ground", "data-ref": spot.ref, "data-cell": cell },
      svg("title", {}, "the paper board"),
      svg("rect", { x: 2, y, width: TILE_W + 4, height: height - 2, rx: 2, fill: "#efe0b4", stroke: "#9b8650" })));
  }
  return parts;
}

/** A small bone token, as a person counts them. */
export function boneToken(cell) {
  const ink = { fill: "#f3e6c4", stroke: "#4a3f2b", "stroke-width": 1 };
  return svg("svg", { class: "bone-token", viewBox: "0 0 18 10", width: 22, height: 12, "data-ref": "small bone token", "data-cell": cell },
    svg("rect", { ...ink, x: 4, y: 3, width: 10, height: 4 }),
    svg("circle", { ...ink, cx: 3.5, cy: 3, r: 2.5 }), svg("circle", { ...ink, cx: 3.5, cy: 7, r: 2.5 }),
    svg("circle", { ...ink, cx: 14.5, cy: 3, r: 2.5 }), svg("circle", { ...ink, cx: 14.5, cy: 7, r: 2.5 }));
}

/** An exhibition tile: in the supply blank, under a dinosaur its side up ("10" or "6"). */
export function exhibitionTile(cell, value = null) {
  return svg("svg", { class: "exhibition-tile", viewBox: "0 0 26 18", width: 26, height: 18, "data-ref": "exhibition tile", "data-cell": cell },
    svg("rect", { x: 1, y: 1, width: 24, height: 16, rx: 3, fill: "#fff7d6", stroke: "#8c6d1f", "stroke-width": 1.5 }),
    value === null ? null : svg("text", { x: 13, y: 13, "text-anchor": "middle", "font-size": 11, "font-weight": 700, fill: "#3c2f0a" }, String(value)));
}
