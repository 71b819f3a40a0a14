// How a seat is marked wherever it shows (seat list, whose turn, log, boards): a colour from a colour-blind-safe
// palette, and never the colour alone: a shape of its own with the seat's number in it, beside its name.
// The palette is Paul Tol's "bright" scheme, so a seat's mark does not read as one of My Funny Dinos' tile
// colours (Okabe-Ito based), and the marks are shapes, never the tiles' rectangles.
import { el, svg } from "./dom.js";

// [fill, ink of the number on it]
export const SEAT_COLOURS = [
  ["#4477AA", "#fff"],
  ["#EE6677", "#000"],
  ["#228833", "#fff"],
  ["#CCBB44", "#000"],
  ["#66CCEE", "#000"],
  ["#AA3377", "#fff"],
];
export const SEAT_SHAPES = ["circle", "square", "triangle", "diamond", "hexagon", "star"];

function shape(kind, fill) {
  const common = { fill, stroke: "#1d1b16", "stroke-width": 1.5, class: "seat-shape" };
  switch (kind) {
    case "circle":
      return svg("circle", { ...common, cx: 12, cy: 12, r: 10.5 });
    case "square":
      return svg("rect", { ...common, x: 2, y: 2, width: 20, height: 20, rx: 2 });
    case "triangle":
      return svg("path", { ...common, d: "M12 1 L23.5 22.5 L0.5 22.5 Z" });
    case "diamond":
      return svg("path", { ...common, d: "M12 0.5 L23.5 12 L12 23.5 L0.5 12 Z" });
    case "hexagon":
      return svg("path", { ...common, d: "M6 2 L18 2 L23.5 12 L18 22 L6 22 L0.5 12 Z" });
    default:
      return svg("path", { ...common, d: "M12 0.5 L15 8.5 L23.5 8.8 L16.8 14 L19.2 22.8 L12 17.6 L4.8 22.8 L7.2 14 L0.5 8.8 L9 8.5 Z" });
  }
}

/** The seat's mark: its shape in its colour with its number (1-based) on it. The number is drawn by the
 * stylesheet (attr(data-n)), so the mark adds nothing to a line's text; it is decorative: the name goes beside it. */
export function seatBadge(seat, size = 20) {
  const [fill, ink] = SEAT_COLOURS[seat % SEAT_COLOURS.length];
  const kind = SEAT_SHAPES[seat % SEAT_SHAPES.length];
  return el("span", { class: `seat-badge shape-${kind}`, "data-seat": seat, "data-shape": kind, "data-n": seat + 1,
    "aria-hidden": "true", style: `--size: ${size}px; --badge-ink: ${ink}` },
  svg("svg", { viewBox: "0 0 24 24", width: size, height: size, focusable: "false" }, shape(kind, fill)));
}

/** A seat's mark and its name, as inline text. */
export function seatTag(seat, name, extra = "") {
  return el("span", { class: "seat-tag", "data-seat": seat }, seatBadge(seat), name, extra);
}

/** The seat's colour, for a panel's edge (always beside its mark). */
export function seatColour(seat) {
  return SEAT_COLOURS[seat % SEAT_COLOURS.length][0];
}
