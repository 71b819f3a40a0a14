// The log, one way for the live table and its replay: an entry per decision (who did what, in the game's
// words), what followed nested under it, grouped under each Round or Season and its phase. Only the newest
// group is open; the others fold, and each opens on a click or tap.
import { el, clear, plural } from "./dom.js";
import { seatBadge } from "./seats.js";

/** Every line of the log in order, each entry and then what followed it, with the entry's number: {seq, text}. */
export function flatLog(state) {
  return (state.log || []).flatMap((entry) => [entry.text, ...(entry.details || [])].map((text) => ({ seq: entry.seq, text })));
}

function entryItem(entry) {
  const seat = entry.seat ?? null;
  const details = entry.details || [];
  return el("li", { class: `entry${seat === null ? "" : " by-seat"}`, "data-seq": entry.seq, "data-by": seat ?? undefined },
    el("p", { class: "did" }, seat === null ? null : seatBadge(seat, 16), entry.text),
    details.length ? el("ul", { class: "followed" }, details.map((line) => el("li", {}, line))) : null);
}

/**
 * Draws the log into `box` (an element the page keeps), newest at the bottom and in view when it was in view
 * or `follow` is set. A group the person opened or closed stays so while the page lives.
 */
export function renderLog(box, state, { follow = false } = {}) {
  const nearBottom = box.scrollHeight - box.scrollTop - box.clientHeight < 40;
  const chosen = box.__chosen || (box.__chosen = new Map()); // stage -> open, as the person left it
  const entries = state.log || [];
  const groups = [];
  for (const entry of entries) {
    const last = groups[groups.length - 1];
    if (last && last.stage === entry.stage) last.entries.push(entry);
    else groups.push({ stage: entry.stage, entries: [entry] });
  }
  clear(box);
  if (!groups.length) {
    box.append(el("li", { class: "none" }, "Nothing has happened yet."));
    return;
  }
  groups.forEach((group, index) => {
    const newest = index === groups.length - 1;
    const key = `${index}:${group.stage}`;
    const open = chosen.has(key) ? chosen.get(key) : newest;
    const details = el("details", { class: "stage", open },
      el("summary", {}, group.stage || "The game", el("span", { class: "count" }, ` (${plural(group.entries.length, "decision")})`)),
      el("ol", { class: "entries" }, group.entries.map(entryItem)));
    details.addEventListener("toggle", () => chosen.set(key, details.open));
    box.append(el("li", { class: "group" }, details));
  });
  if (nearBottom || follow) box.scrollTop = box.scrollHeight;
}
