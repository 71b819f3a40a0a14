// A DinoGenics park as a grid (rulebook: the park board's spaces A1-C4 and its commercial sector): pens drawn
// by their fences (a broken fence marked), open space, facilities and Large Facilities across their two spaces
// (a damaged one hatched and so named), Aquatic Habitats with the dinosaurs in them, and dinosaurs by species
// (a diet colour, a letter, mutants and Elites marked). Around it the VP, Reputation and Dinosaur Value, the
// tokens, specialists and cards (a seat's own hand by name, another's by count).
// Playing on it: a space, a dinosaur, a facility, a fence or a Large Facility spot a legal action names is a
// button carrying data-action; a pen is built by dragging a rectangle from one space to another (each pen a
// legal action offers is one rectangle, info.pen: the drag's rectangle picks the action with those spaces).
import { actionButton, el, svg, clickable, plural } from "../dom.js";
import { seatBadge, seatColour } from "../seats.js";

const CELL = 96;
const PAD = 16;
const ROWS = "ABCDEFGH";
// Diet colours (Okabe-Ito), never alone: each dinosaur carries its letters, and its name on hover.
const DIET = { herbivore: ["#009e73", "#fff"], carnivore: ["#d55e00", "#fff"], omnivore: ["#e69f00", "#000"] };
const AQUATIC = ["#0072b2", "#fff"];
const MUTANT = ["#6a3d9a", "#fff"];
const LETTERS = {
  brontosaurus: "Br", t_rex: "TR", ankylosaurus: "An", pterodactyl: "Pt", stegosaurus: "St", raptor: "Ra",
  triceratops: "Tc", mutant: "Mu", gallimimus: "Ga", therizinosaurus: "Th", ichthyosaur: "Ic", plesiosaurus: "Pl",
  megalodon: "Me", mosasaur: "Mo", spinosaurus: "Sp", parasaurolophus: "Pa", dimetrodon: "Di", dreadnoughtus: "Dr",
  pachycephalosaurus: "Pc", corrupted_t_rex: "CT",
};

/** The species' look: its colour pair, its letters, and whether it is an Elite or a mutant. */
export function speciesLook(words, key) {
  const sp = words.species?.[key] || { name: key, diet: "herbivore", aquatic: 0, elite: false };
  const colours = key === "mutant" ? MUTANT : sp.aquatic ? AQUATIC : DIET[sp.diet] || DIET.herbivore;
  return { ...sp, fill: colours[0], ink: colours[1], letter: LETTERS[key] || sp.name.slice(0, 2) };
}

/** A small inline mark of a species: its letters on its colour (an Elite with a star). */
export function speciesChip(words, key) {
  const look = speciesLook(words, key);
  return el("span", { class: `dg-chip${look.elite ? " elite" : ""}${look.aquatic ? " aquatic" : ""}`, title: look.name,
    style: `background:${look.fill};color:${look.ink}` }, look.elite ? `★${look.letter}` : look.letter);
}

function cellXY(name) {
  return [PAD + (Number(name.slice(1)) - 1) * CELL, PAD + ROWS.indexOf(name[0]) * CELL];
}

/** A fence's two ends on the grid, from its name ("A1|A2", "A1|B1", "A1 top"). */
function edgeLine(name) {
  const [a, b] = name.includes("|") ? name.split("|") : name.split(" ");
  const [x, y] = cellXY(a);
  if (b === "top") return [x, y, x + CELL, y];
  if (b === "bottom") return [x, y + CELL, x + CELL, y + CELL];
  if (b === "left") return [x, y, x, y + CELL];
  if (b === "right") return [x + CELL, y, x + CELL, y + CELL];
  return b[0] === a[0] ? [x + CELL, y, x + CELL, y + CELL] : [x, y + CELL, x + CELL, y + CELL];
}

/** The rectangle of park spaces between two corners, as the view names them. */
function rectangle(a, b, rows, cols) {
  const [r1, r2] = [ROWS.indexOf(a[0]), ROWS.indexOf(b[0])].sort((x, y) => x - y);
  const [c1, c2] = [Number(a.slice(1)), Number(b.slice(1))].sort((x, y) => x - y);
  const cells = [];
  for (let r = Math.max(r1, 0); r <= Math.min(r2, rows - 1); r += 1) {
    for (let c = Math.max(c1, 1); c <= Math.min(c2, cols); c += 1) cells.push(`${ROWS[r]}${c}`);
  }
  return cells;
}

const sameCells = (a, b) => a.length === b.length && [...a].sort().join() === [...b].sort().join();

function wrapWords(text, width) {
  const lines = [];
  for (const word of text.split(" ")) {
    const last = lines[lines.length - 1];
    if (last && (last + " " + word).length <= width) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

function facilityTile(fac, box, effects, who, holds) {
  const [x, y, w, h] = box;
  const aquatic = fac.facility === "aquatic_habitat";
  const top = aquatic || holds; // a tile dinosaurs live on (an Aquatic Habitat, a Biodome) names itself above them
  const g = svg("g", { class: `facility${fac.damaged ? " damaged" : ""}${aquatic ? " aquatic" : ""}`, "data-facility": fac.facility, "data-place": fac.place },
    svg("title", {}, `${fac.ref} (${fac.place})${fac.damaged ? ", damaged" : ""}${effects ? `: ${effects}` : ""}`),
    svg("rect", { x: x + 5, y: y + 5, width: w - 10, height: h - 10, rx: 7, class: "tile" }));
  if (fac.damaged) g.append(svg("rect", { x: x + 5, y: y + 5, width: w - 10, height: h - 10, rx: 7, fill: "url(#dg-hatch)" }));
  const lines = wrapWords(fac.ref, w > CELL ? 22 : 11);
  lines.forEach((line, i) => g.append(svg("text", { x: x + w / 2, y: y + (top ? 32 + (lines.length - 1) * 6 : h / 2 - 6) + i * 12 - (lines.length - 1) * 6,
    "text-anchor": "middle", "font-size": 11, "font-weight": 700, class: "tile-name" }, line)));
  if (fac.damaged) g.append(svg("text", { x: x + w / 2, y: y + h - 12, "text-anchor": "middle", "font-size": 11, "font-weight": 700, fill: "#b00020" }, "damaged"));
  // The tile on each of its spaces (a Large Facility covers two): a band along the space's top, clear of the
  // dinosaurs an Aquatic Habitat holds, that a tap on opens its reference entry.
  for (const space of fac.spaces || [fac.place]) {
    const [sx, sy] = cellXY(space);
    g.append(svg("rect", { x: sx + 5, y: sy + 5, width: CELL - 10, height: 22, class: "space-band", "data-cell": `${who} ${space}`, "data-ref": fac.ref }));
  }
  return g;
}

function dinoMark(words, d, x, y, r, who) {
  const look = speciesLook(words, d.species);
  const g = svg("g", { class: `dino${d.improper ? " improper" : ""}${d.hungry ? " hungry" : ""}`, "data-species": d.species, "data-cell": `${who} ${d.cell}`, "data-ref": d.ref },
    svg("title", {}, `${look.name} on ${d.cell}${look.elite ? ", an Elite" : ""}${d.improper ? ", in an improper habitat" : ""}${d.hungry ? ", hungry" : ""}`));
  g.append(look.elite
    ? svg("path", { d: `M${x} ${y - r - 2} L${x + r + 2} ${y} L${x} ${y + r + 2} L${x - r - 2} ${y} Z`, fill: look.fill, stroke: "#c9a000", "stroke-width": 3 })
    : svg("circle", { cx: x, cy: y, r, fill: look.fill, stroke: d.species === "mutant" ? "#fff" : "#222", "stroke-width": 1.5, "stroke-dasharray": d.species === "mutant" ? "3 2" : undefined }));
  g.append(svg("text", { x, y: y + 4, "text-anchor": "middle", "font-size": 11, "font-weight": 700, fill: look.ink }, look.letter));
  if (d.improper || d.hungry) {
    g.append(svg("text", { x: x + r - 1, y: y - r + 5, "font-size": 12, "font-weight": 900, fill: "#b00020", stroke: "#fff", "stroke-width": 3, "paint-order": "stroke" },
      d.improper ? "!" : "H"));
  }
  return g;
}

function makeActive(node, action, ctx) {
  node.classList.add("active");
  node.setAttribute("data-action", action.id);
  clickable(node, action.text, () => ctx.act(action.id));
  const title = node.querySelector("title");
  if (title) title.textContent = action.text;
  return node;
}

function hitTarget(x, y, w, h, action, ctx, label) {
  // Below the space's name and the band of a facility's name, which stay readable and tappable.
  const g = svg("g", { class: "target active" }, svg("rect", { x: x + 3, y: y + 19, width: w - 6, height: h - 22, rx: 7 }),
    label ? svg("text", { x: x + w / 2, y: y + h - 10, "text-anchor": "middle", "font-size": 11, "font-weight": 700, fill: "#0b5c8a" }, label) : null,
    svg("title", {}, action.text));
  return makeActive(g, action, ctx);
}

/** The park as an SVG grid; `actions` are the legal actions this park's spaces may take (none for others). */
function parkSvg(pv, words, actions, ctx, label, who, mover) {
  const { rows, columns } = words.park || { rows: 3, columns: 4 };
  const width = columns * CELL + 2 * PAD;
  const height = rows * CELL + 2 * PAD;
  const pens = actions.filter((a) => a.info?.kind === "pen");
  const art = svg("svg", { viewBox: `0 0 ${width} ${height}`, width, height, class: `dg-park${pens.length ? " pen-building" : ""}`, role: "group", "aria-label": label },
    svg("defs", {}, svg("pattern", { id: "dg-hatch", width: 8, height: 8, patternUnits: "userSpaceOnUse", patternTransform: "rotate(45)" },
      svg("line", { x1: 0, y1: 0, x2: 0, y2: 8, stroke: "#b00020", "stroke-width": 2.5, opacity: 0.55 }))));
  const penOf = new Map();
  (pv.pens || []).forEach((cells, i) => cells.forEach((c) => penOf.set(c, i)));
  for (let r = 0; r < rows; r += 1) {
    for (let c = 1; c <= columns; c += 1) {
      const name = `${ROWS[r]}${c}`;
      const [x, y] = cellXY(name);
      const pen = penOf.has(name) ? { "data-cell": `${who} ${name}`, "data-ref": "pen" } : {};
      art.append(svg("rect", { x, y, width: CELL, height: CELL, class: `cell${penOf.has(name) ? " pen" : " open-space"}`, "data-space": name, ...pen }));
    }
  }
  // Facilities: one space, two (a Large Facility or an Aquatic Habitat), or the commercial sector (below).
  const effects = words.effects || {};
  const facilityNode = new Map();
  for (const fac of pv.facilities || []) {
    if (fac.place.startsWith("commercial")) continue;
    const cells = fac.place.split("+");
    const [x1, y1] = cellXY(cells[0]);
    const [x2, y2] = cellXY(cells[cells.length - 1]);
    const holds = (pv.dinosaurs || []).some((d) => cells.includes(d.cell));
    const node = facilityTile(fac, [x1, y1, x2 - x1 + CELL, y2 - y1 + CELL], effects[fac.facility], who, holds);
    if (mover && fac.facility === "private_airport") node.dataset.target = `facility:${fac.facility},place:${fac.place}`; // sending a worker there
    facilityNode.set(fac.place, node);
    art.append(node);
  }
  // Fences: standing, or broken (a gap with a cross).
  const broken = new Set(pv.broken_edges || []);
  const edgeNode = new Map();
  for (const name of new Set([...(pv.fence_edges || []), ...broken])) {
    const [x1, y1, x2, y2] = edgeLine(name);
    const isBroken = broken.has(name);
    const g = svg("g", { class: `fence${isBroken ? " broken" : ""}`, "data-edge": name, "data-cell": `${who} ${name}`, "data-ref": "fence" },
      svg("title", {}, `fence ${name}${isBroken ? ", broken" : ""}`),
      svg("line", { x1, y1, x2, y2, class: "rail" }));
    if (isBroken) {
      const [mx, my] = [(x1 + x2) / 2, (y1 + y2) / 2];
      g.append(svg("path", { d: `M${mx - 7} ${my - 7} L${mx + 7} ${my + 7} M${mx + 7} ${my - 7} L${mx - 7} ${my + 7}`, class: "break" }));
    }
    edgeNode.set(name, g);
    art.append(g);
  }
  // The spaces' names over the tiles and fences, where nothing covers them.
  for (let r = 0; r < rows; r += 1) {
    for (let c = 1; c <= columns; c += 1) {
      const [x, y] = cellXY(`${ROWS[r]}${c}`);
      art.append(svg("text", { x: x + 5, y: y + 15, "font-size": 10, fill: "#555", class: "cell-name" }, `${ROWS[r]}${c}`));
    }
  }
  // Spaces a dinosaur or facility may go to. The dinosaurs already there are drawn inside the space's target:
  // they stay readable, and a tap on them chooses the space.
  const targetOf = new Map();
  for (const a of actions.filter((x) => x.info?.kind === "cell" && x.info.cell)) {
    const [x, y] = cellXY(a.info.cell);
    const word = a.info.species ? `+${speciesLook(words, a.info.species).letter}` : "build";
    targetOf.set(a.info.cell, art.appendChild(hitTarget(x, y, CELL, CELL, a, ctx, word)));
  }
  // Dinosaurs, up to four to a space side by side.
  const byCell = new Map();
  for (const d of pv.dinosaurs || []) byCell.set(d.cell, [...(byCell.get(d.cell) || []), d]);
  const victims = actions.filter((a) => a.info?.kind === "victim");
  let rampaging = actions.find((a) => a.info?.rampaging)?.info.rampaging || null;
  for (const [cell, dinos] of byCell) {
    const [x, y] = cellXY(cell);
    const r = dinos.length > 4 ? 11 : 15;
    const per = dinos.length > 4 ? 3 : 2;
    dinos.forEach((d, i) => {
      const cx = x + CELL / 2 + ((i % per) - (Math.min(dinos.length, per) - 1) / 2) * (2 * r + 6);
      const cy = y + CELL / 2 + 8 + (Math.floor(i / per) - (Math.ceil(dinos.length / per) - 1) / 2) * (2 * r + 4);
      const mark = dinoMark(words, d, cx, cy, r, who);
      if (rampaging && rampaging.cell === cell && rampaging.species === d.species) {
        mark.classList.add("rampaging"); // the dinosaur whose rampage does the damage being chosen
        mark.prepend(svg("circle", { cx, cy, r: r + 6, class: "rampage-ring" }));
        rampaging = null;
      }
      const victim = victims.find((a) => a.info.cell === cell && a.info.species === d.species && !art.querySelector(`[data-action="${a.id}"]`));
      (targetOf.get(cell) || art).append(victim ? makeActive(mark, victim, ctx) : mark);
    });
  }
  // Structures a decision names (repair, rampage damage): the fence or the facility itself.
  for (const a of actions.filter((x) => x.info?.kind === "structure")) {
    if (a.info.fence) {
      const [x1, y1, x2, y2] = edgeLine(a.info.fence);
      const node = edgeNode.get(a.info.fence);
      if (!node) continue;
      node.prepend(svg("rect", { class: "hit", x: Math.min(x1, x2) - 9, y: Math.min(y1, y2) - 9, width: Math.abs(x2 - x1) + 18, height: Math.abs(y2 - y1) + 18 }));
      makeActive(node, a, ctx);
    } else if (facilityNode.has(a.info.place)) {
      makeActive(facilityNode.get(a.info.place), a, ctx);
    }
  }
  // The spots of a Large Facility (a pill between its two spaces).
  for (const a of actions.filter((x) => x.info?.kind === "spot")) {
    const [p, q] = a.info.cells.map(cellXY);
    const [mx, my] = [(p[0] + q[0]) / 2 + CELL / 2, (p[1] + q[1]) / 2 + CELL / 2];
    const across = p[1] === q[1];
    const g = svg("g", { class: "target spot active" }, svg("rect", across
      ? { x: mx - 44, y: my - 12, width: 88, height: 24, rx: 12 } : { x: mx - 30, y: my - 12, width: 60, height: 24, rx: 12 }),
    svg("text", { x: mx, y: my + 4, "text-anchor": "middle", "font-size": 10, "font-weight": 700, fill: "#0b5c8a" }, a.info.cells.join("+")),
    svg("title", {}, a.text));
    art.append(makeActive(g, a, ctx));
  }
  if (pens.length) penDrag(art, pens, rows, columns, ctx);
  return art;
}

/** Building a pen by dragging: pointer down on one space, up on another; the rectangle between them is the
 * pen, and the legal pen action with exactly those spaces is taken (a click on one space: a pen of one). */
function penDrag(art, pens, rows, cols, ctx) {
  const box = svg("rect", { class: "drag-box", visibility: "hidden", rx: 6 });
  const note = svg("text", { class: "drag-note", "font-size": 12, "font-weight": 700, visibility: "hidden" });
  art.append(box, note);
  let start = null;
  let fromTarget = false;
  let origin = null;
  let swallow = false;
  const cellAt = (ev) => {
    const rect = art.getBoundingClientRect();
    const scale = art.viewBox.baseVal.width / rect.width;
    const col = Math.floor(((ev.clientX - rect.left) * scale - PAD) / CELL);
    const row = Math.floor(((ev.clientY - rect.top) * scale - PAD) / CELL);
    return row >= 0 && row < rows && col >= 0 && col < cols ? `${ROWS[row]}${col + 1}` : null;
  };
  // A press that moves (even inside one space) is a drag; a press that does not, on a button of the grid, is a
  // click on that button, so a one-space pen on a space with a button is built by a short drag there.
  const dragged = (ev) => origin && Math.hypot(ev.clientX - origin[0], ev.clientY - origin[1]) >= 10;
  const match = (cells) => pens.find((a) => sameCells(a.info.pen, cells));
  const show = (from, end) => {
    const cells = rectangle(from, end, rows, cols);
    const [x1, y1] = cellXY(cells[0]);
    const [x2, y2] = cellXY(cells[cells.length - 1]);
    const legal = match(cells);
    Object.entries({ x: x1 + 2, y: y1 + 2, width: x2 - x1 + CELL - 4, height: y2 - y1 + CELL - 4 }).forEach(([k, v]) => box.setAttribute(k, v));
    box.setAttribute("visibility", "visible");
    box.classList.toggle("legal", !!legal);
    note.textContent = legal ? `pen ${cells.length > 1 ? `${cells[0]}-${cells[cells.length - 1]}` : cells[0]}: ${plural(legal.info.fences, "fence")}` : "no pen may be built here";
    note.setAttribute("x", x1 + 6);
    note.setAttribute("y", y2 + CELL - 10);
    note.setAttribute("visibility", "visible");
    return legal;
  };
  const hide = () => {
    box.setAttribute("visibility", "hidden");
    note.setAttribute("visibility", "hidden");
  };
  art.addEventListener("pointerdown", (ev) => {
    start = cellAt(ev);
    if (!start) return;
    origin = [ev.clientX, ev.clientY];
    fromTarget = !!ev.target.closest?.("[data-action]");
    art.setPointerCapture?.(ev.pointerId);
    if (!fromTarget) show(start, start);
  });
  art.addEventListener("pointermove", (ev) => {
    const end = start && cellAt(ev);
    if (end && (!fromTarget || dragged(ev))) show(start, end);
  });
  art.addEventListener("pointerup", (ev) => {
    const end = start && cellAt(ev);
    const began = start;
    start = null;
    if (!end || (fromTarget && !dragged(ev))) return hide();
    swallow = fromTarget; // the click that follows belongs to the drag, not to the button pressed first
    const legal = show(began, end);
    if (legal) ctx.act(legal.id);
    else hide();
  });
  art.addEventListener("pointercancel", () => {
    start = null;
    hide();
  });
  art.addEventListener("click", (ev) => {
    if (!swallow) return;
    swallow = false;
    ev.stopPropagation();
    ev.preventDefault();
  }, true);
}

function legend(pens, clicking) {
  const sample = (...parts) => svg("svg", { width: 30, height: 14, "aria-hidden": "true" }, ...parts);
  const items = [
    [sample(svg("line", { x1: 1, y1: 7, x2: 29, y2: 7, class: "legend-fence" })), "fence"],
    [sample(svg("line", { x1: 1, y1: 7, x2: 29, y2: 7, class: "legend-fence broken" }), svg("path", { d: "M10 2 L20 12 M20 2 L10 12", stroke: "#b00020", "stroke-width": 2 })), "broken fence"],
    [sample(svg("rect", { x: 1, y: 1, width: 28, height: 12, fill: "#e9dca6" })), "pen"],
    [sample(svg("rect", { x: 1, y: 1, width: 28, height: 12, fill: "#cfe5b9" })), "open space"],
    [sample(svg("rect", { x: 1, y: 1, width: 28, height: 12, fill: "url(#dg-hatch)", stroke: "#b00020" })), "damaged"],
    [el("span", { class: "dg-chip", style: "background:#009e73;color:#fff" }, "St"), "herbivore"],
    [el("span", { class: "dg-chip", style: "background:#d55e00;color:#fff" }, "TR"), "carnivore"],
    [el("span", { class: "dg-chip aquatic", style: "background:#0072b2;color:#fff" }, "Pl"), "aquatic"],
    [el("span", { class: "dg-chip", style: "background:#6a3d9a;color:#fff" }, "Mu"), "mutant"],
    [el("span", { class: "dg-chip elite" }, "★"), "Elite"],
    [el("strong", { class: "warn" }, "!"), "improper habitat"],
  ];
  if (clicking) items.push([el("span", { class: "dg-click-sample" }), "you may choose it"]);
  if (pens) items.push([el("span", { class: "dg-drag-sample" }), "drag from space to space to build a pen"]);
  return el("ul", { class: "dg-legend" }, items.map(([art, word]) => el("li", {}, art, word)));
}

function commercialSector(pv, words, actions, ctx, who, mover) {
  const slots = [];
  for (let i = 1; i <= (words.park?.commercial || 4); i += 1) {
    const place = `commercial ${i}`;
    // A facility on this space: one of its own, or one across two commercial spaces ("commercial 1+commercial 2").
    const fac = (pv.facilities || []).find((f) => (f.spaces || [f.place]).includes(place));
    const repair = fac && actions.find((a) => a.info?.kind === "structure" && a.info.place === fac.place);
    const marks = fac ? { "data-cell": `${who} ${place}`, "data-ref": fac.ref } : {};
    if (fac && mover && fac.facility === "private_airport") marks["data-target"] = `facility:${fac.facility},place:${fac.place}`;
    const tile = el("li", { class: `dg-commercial${fac?.damaged ? " damaged" : ""}`, "data-place": place, ...marks,
      title: fac ? `${fac.ref}: ${words.effects?.[fac.facility] || ""}` : "free" },
      fac ? [el("strong", {}, fac.ref), fac.damaged ? el("span", { class: "warn" }, " damaged") : null] : el("span", { class: "none" }, "free"));
    if (repair) tile.append(" ", actionButton(repair, ctx, repair.info.credits === undefined ? "this one" : `repair (${repair.info.credits})`));
    slots.push(tile);
  }
  return el("div", { class: "dg-sector" }, el("span", { class: "dg-label" }, "Commercial sector: "), el("ul", {}, slots));
}

function tracks(pv, max) {
  const bar = (name, value, top, cls) => el("div", { class: `dg-track ${cls}`, role: "img", "aria-label": `${name}: ${value}` },
    el("span", { class: "dg-track-name" }, name), el("span", { class: "dg-bar" }, el("span", { style: `width:${Math.max(0, Math.min(100, (100 * value) / Math.max(top, 1)))}%` })),
    el("strong", {}, String(value)));
  return el("div", { class: "dg-tracks" },
    bar("VP track", pv.vp, max.vp, "vp"), bar("Reputation", pv.reputation, max.reputation, "rep"), bar("Dinosaur Value", pv.dinosaur_value, max.value, "value"));
}

/** The short word on a card's button (the whole action text is its label and its hover). */
function cardVerb(a) {
  const info = a.info;
  if (info.to !== undefined) return "gift";
  if (info.purpose) return { refine: "refine", set: "use", mutant: "use", sell: `sell (${plural(info.credits, "credit")})`, discard: "discard" }[info.purpose] || "choose";
  return info.decision.startsWith("play") ? "play" : info.decision.startsWith("discard") ? "discard" : "pay with it";
}

/** The seat's own hand, a card for each copy (the choices about a kind on its first). */
function handList(entries, words, actions, ctx, key) {
  if (!entries.length) return el("span", { class: "none" }, "none");
  return el("ul", { class: "dg-hand" }, entries.flatMap(([k, n]) => {
    const mine = actions.filter((a) => a.info?.[key] === k && (key !== "dna" || a.info.from === "hand" || a.info.to !== undefined));
    const name = key === "dna" ? words.dna?.[k] || k : words.refs?.[k] || k;
    return Array.from({ length: n }, (_, copy) => el("li", { class: `dg-card${mine.length && !copy ? " open" : ""}`, "data-card": k,
      "data-cell": "hand", "data-ref": name, title: key === "dna" ? `${name} DNA` : words.effects?.[k] || name },
    key === "dna" && k !== "polymorphic" ? speciesChip(words, k) : null, ` ${name}`,
    copy ? null : mine.map((a) => actionButton(a, ctx, cardVerb(a)))));
  }));
}

/** One park and its owner's holdings. options: { seat, words, me, toMove, first, actions, title, max,
 * events, legend, choices } — `choices`: legal actions that name this park or its owner, as buttons on it. — `seat`
 * null for Synth; `actions` only for the seat's own park. Exported for the co-op panel to reuse. */
export function parkPanel(pv, ctx, options = {}) {
  const words = options.words || {};
  const actions = options.actions || [];
  const seat = options.seat;
  const row = (title, ...value) => el("div", { class: "fact" }, el("dt", {}, title), el("dd", {}, ...value));
  // Where this park's things are, as the tests read the view: "player 2 B3", "Synth commercial 1".
  const who = seat === null || seat === undefined ? "Synth" : `player ${seat + 1}`;
  const named = (keys) => (keys.length ? el("ul", { class: "dg-held" }, keys.map((k) => el("li", { class: "dg-card specialist",
    "data-cell": `${who} specialists`, "data-ref": words.refs?.[k] || k, title: words.effects?.[k] || "" }, words.refs?.[k] || k))) : "none");
  const refined = actions.filter((a) => a.info?.kind === "refined");
  const clicking = actions.some((a) => ["cell", "spot", "victim", "structure"].includes(a.info?.kind));
  const pens = actions.filter((a) => a.info?.kind === "pen");
  return el("section", { class: `panel player-panel dg-player${options.me ? " me" : ""}${options.toMove ? " to-move" : ""}`, "data-seat": seat ?? "synth",
    style: seat === null || seat === undefined ? "border-left: 8px solid #555" : `border-left: 8px solid ${seatColour(seat)}` },
  el("h3", {}, seat === null || seat === undefined ? el("span", { class: "rival-tag" }, "S") : seatBadge(seat, 22), ` ${options.title}`,
    ` · ${pv.vp} VP on the track`, options.first ? el("span", { class: "badge first" }, "first") : null, options.toMove ? el("span", { class: "badge" }, "to move") : null),
  // A choice that names this park or its owner (a shared visitor, a bought facility, a card's target).
  (options.choices || []).length ? el("p", { class: "dg-choices" }, options.choices.map((a) => actionButton(a, ctx, a.text))) : null,
  el("div", { class: "dg-park-row" },
    el("div", { class: "dg-park-box" }, parkSvg(pv, words, actions, ctx, `The park of ${options.title}`, who, options.toMove),
      commercialSector(pv, words, actions, ctx, who, options.toMove),
      options.legend || clicking || pens.length ? legend(pens.length > 0, clicking) : null,
      pens.length ? el("details", { class: "dg-pens" }, el("summary", {}, `Or choose one of the ${pens.length} pens from a list`),
        pens.map((a) => actionButton(a, ctx, `${a.info.pen.join("+")} (${plural(a.info.fences, "fence")})`))) : null),
    el("div", { class: "dg-side" }, tracks(pv, options.max || { vp: 50, reputation: 10, value: 10 }),
      el("ul", { class: "dg-counts" },
        el("li", {}, `Credits ${pv.credits}`), el("li", {}, `Goats ${pv.goats}`), el("li", {}, `Fences ${pv.fences}`),
        el("li", {}, `Visitors ${pv.visitors} of ${plural(pv.rooms, "room")}`), el("li", { class: pv.scandals ? "warn" : "" }, `Scandals ${pv.scandals}`),
        el("li", {}, `Refined DNA ${pv.refined}`, refined.map((a) => [" ", actionButton(a, ctx, "use one")])),
        el("li", {}, `Workers ${pv.workers}`)),
      el("dl", { class: "view-dl" },
        row("Specialists", named(pv.specialists || [])),
        row("DNA cards", pv.dna ? handList(Object.entries(pv.dna), words, actions, ctx, "dna") : `${pv.dna_cards} in hand`),
        row("Manipulation cards", pv.manipulation ? handList(Object.entries(pv.manipulation), words, actions, ctx, "manipulation") : `${pv.manipulation_cards} in hand`)),
      options.events?.length ? el("div", { class: "dg-events" }, el("strong", {}, "Rampages and damage:"), el("ul", {}, options.events.map((t) => el("li", {}, t)))) : null)));
}
