// The generic board, for a game without a board of its own: the game's screen text (what the terminal shows),
// then the seat's view as panels a player reads: one per player, marked with the seat's mark, then the shared
// table. Keys and values read as names: a component's key through the view's "refs" map (or the name of the
// row of the view that carries that key or id), a seat number as the seat's mark and name, and a row with a
// "name" or "ref" under that name, its keys and ids left out. Every string is set as text.
import { el, humanKey } from "../dom.js";
import { seatTag } from "../seats.js";

// Parts of the view for programs, not players (the context is in the screen text and the choices).
// "stage" is the Season's step as the program keys it; the screen text names it in the rulebook's words.
const SKIP = new Set(["game", "seat", "num_players", "refs", "context", "over", "stage"]);
const HIDDEN_COLUMNS = new Set(["id", "key", "ref", "name"]);
// Keys whose numbers are seats, lists of seats, or one value per seat.
const SEAT_KEYS = new Set(["current_player", "first_player", "owner", "holder", "leader"]);
const SEAT_LISTS = new Set(["order", "owners"]);
const PER_SEAT = new Set(["scores"]);
// Words a key's underscores do not spell right.
const LABELS = {
  dna: "DNA cards in hand", dna_cards: "DNA cards", dna_deck: "DNA deck", dna_discard: "DNA discard",
  edna_deck: "eDNA deck", vp: "VP", manipulation: "Manipulation cards in hand",
  active_news: "Breaking News in effect", upcoming_news: "Next Breaking News", news_left: "Breaking News left",
  dinosaur_value: "Dinosaur value", hunting_die: "Hunting Die", meeples_left: "Dinosaur meeples left",
  stacks: "Facility stacks",
};
// Games' codes that only the game's rulebook terms can name (DinoGenics, state.py: a mainland slot is -3 under
// a Crash Token, -2 blocked, -1 free, else the seat whose worker stands there).
const SLOT_WORDS = { "-3": "Crash Token", "-2": "blocked", "-1": "free" };
const NEWS_KEYS = new Set(["active_news", "upcoming_news"]);

function label(key) {
  if (LABELS[key]) return LABELS[key];
  const words = humanKey(key);
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function isScalar(value) {
  return value === null || typeof value !== "object";
}

/** Every name the view gives a key: its refs, then each row's key or id and its name. */
function namesOf(view) {
  const names = {};
  const walk = (value) => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === "object") {
      const title = value.name ?? value.ref;
      if (typeof title === "string") {
        for (const k of ["key", "id"]) if (typeof value[k] === "string") names[value[k]] = title;
      }
      Object.values(value).forEach(walk);
    }
  };
  walk(view);
  return { ...names, ...(view.refs || {}) };
}

class Reader {
  constructor(state, ctx) {
    this.state = state;
    this.ctx = ctx;
    this.names = namesOf(state.view || {});
    // A seat named in the view's words ("player 2") shows as that seat, mark and all.
    this.seatsByName = new Map((state.seats || []).map((s) => [String(s.name).toLowerCase(), s.seat]));
  }

  namedSeat(value) {
    return typeof value === "string" ? this.seatsByName.get(value.toLowerCase()) : undefined;
  }

  seatName(seat) {
    return this.ctx?.seatName ? this.ctx.seatName(seat) : `player ${seat + 1}`;
  }

  seat(seat) {
    return typeof seat === "number" && seat >= 0 ? seatTag(seat, this.seatName(seat)) : el("span", {}, "none");
  }

  /** A scalar as words: a known key as its name, underscores as spaces, true/false/null as yes/no/none. */
  word(value) {
    if (value === true) return "yes";
    if (value === false) return "no";
    if (value === null || value === undefined || value === "") return "none";
    if (typeof value === "string") return this.names[value] ?? humanKey(value);
    return String(value);
  }

  keyName(key) {
    return this.names[key] ?? label(key);
  }

  /** A row's name, or null: its "name", else its "ref". */
  title(row) {
    const title = row.name ?? row.ref;
    return typeof title === "string" ? title : null;
  }

  /** The columns a row shows: not its ids and keys, nor a value that only names what its title already says. */
  columns(rows) {
    const keys = [...new Set(rows.flatMap((row) => Object.keys(row)))];
    return keys.filter((key) => !HIDDEN_COLUMNS.has(key)
      && !rows.every((row) => typeof row[key] === "string" && this.title(row) !== null && this.word(row[key]) === this.title(row)));
  }

  value(key, value) {
    if (SEAT_KEYS.has(key) && typeof value === "number") return this.seat(value);
    if (SEAT_LISTS.has(key) && Array.isArray(value)) return el("span", {}, join(value.map((s) => this.seat(s)), " then "));
    if (PER_SEAT.has(key) && Array.isArray(value)) {
      return el("span", {}, join(value.map((v, s) => el("span", {}, this.seat(s), `: ${this.word(v)}`)), ", "));
    }
    if (NEWS_KEYS.has(key) && typeof value === "number") return el("span", {}, this.names[`news_${value}`] ?? `Breaking News ${value}`);
    if (this.namedSeat(value) !== undefined) return this.seat(this.namedSeat(value));
    if (isScalar(value)) return el("span", {}, this.word(value));
    if (Array.isArray(value)) return this.list(value);
    return this.object(value);
  }

  list(values) {
    if (!values.length) return el("span", { class: "none" }, "none");
    if (values.every((v) => v === null)) return el("span", {}, `${values.length} empty`);
    if (values.every(isScalar)) {
      const words = values.map((v) => (v === null ? "empty" : this.word(v)));
      // A sorted list (a discard pile) reads as counts; an ordered one (a market row) keeps its order.
      const sorted = values.every((v, i) => i === 0 || String(values[i - 1]) <= String(v));
      if (sorted && new Set(words).size < words.length) {
        const counts = new Map();
        for (const w of words) counts.set(w, (counts.get(w) || 0) + 1);
        return el("span", {}, [...counts].map(([w, n]) => (n > 1 ? `${w} ×${n}` : w)).join(", "));
      }
      return el("span", {}, words.join(", "));
    }
    if (values.every((v) => v && typeof v === "object" && !Array.isArray(v))) return this.rows(values);
    // Places on a board, some empty: numbered, side by side.
    return el("ol", { class: "places" }, values.map((v) => el("li", { class: v === null ? "empty" : "" }, v === null ? "empty" : this.value("", v))));
  }

  /** Objects in a list: names only when that is all they hold, else a table with a name column first. */
  rows(rows) {
    const columns = this.columns(rows);
    const titled = rows.every((row) => this.title(row) !== null);
    if (titled && !columns.length) return el("span", {}, rows.map((row) => this.title(row)).join(", "));
    const head = [titled ? "name" : null, ...columns].filter(Boolean);
    return el("div", { class: "table-scroll" }, el("table", { class: "view-table" },
      el("thead", {}, el("tr", {}, head.map((key) => el("th", { scope: "col" }, label(key))))),
      el("tbody", {}, rows.map((row) => el("tr", {},
        titled ? el("th", { scope: "row" }, this.title(row)) : null,
        columns.map((key) => el("td", {}, row[key] === undefined ? "" : this.value(key, row[key]))))))));
  }

  object(value) {
    const entries = Object.entries(value);
    if (!entries.length) return el("span", { class: "none" }, "none");
    const title = this.title(value);
    if (title !== null && Object.keys(value).every((k) => HIDDEN_COLUMNS.has(k))) return el("span", {}, title);
    if (SPECIAL_OBJECTS.some((special) => special.fits(value))) return SPECIAL_OBJECTS.find((special) => special.fits(value)).show(this, value);
    if (title !== null) return this.facts(entries.filter(([k]) => !HIDDEN_COLUMNS.has(k))); // its panel bears its name
    if (entries.every(([, v]) => isScalar(v))) {
      // Counts by name ("Brontosaurus 6"): a wrapping line of short items rather than a tall list.
      return el("ul", { class: "counts" }, entries.map(([k, v]) => el("li", {},
        this.namedSeat(k) !== undefined ? this.seat(this.namedSeat(k)) : el("span", { class: "count-name" }, this.keyName(k)), " ", this.value(k, v))));
    }
    return this.facts(entries);
  }

  /** The view's fields as "key: value" lines. */
  facts(entries) {
    const list = el("dl", { class: "view-dl" });
    for (const [key, item] of entries) {
      list.append(el("div", { class: "fact" }, el("dt", {}, label(key)), el("dd", {}, this.value(key, item))));
    }
    return list;
  }
}

function join(nodes, separator) {
  return nodes.flatMap((node, i) => (i ? [separator, node] : [node]));
}

/** DinoGenics' mainland: each worker space with its slots free, blocked, under a Crash Token, or a seat's. */
function mainland(reader, spaces) {
  return el("ul", { class: "spaces" }, Object.entries(spaces).map(([key, slots]) => el("li", {},
    el("strong", {}, reader.keyName(key)), ": ",
    join(slots.map((slot) => (slot >= 0 ? reader.seat(slot) : el("span", { class: `slot slot-${SLOT_WORDS[slot] ? SLOT_WORDS[slot].replace(/\W+/g, "-").toLowerCase() : "other"}` }, SLOT_WORDS[slot] || String(slot)))), ", "))));
}

const SPECIAL = { mainland };
// Objects of a known shape, read as a sentence: a score against its target ("3 of 170 VP").
const SPECIAL_OBJECTS = [
  { fits: (v) => "score" in v && "target" in v && Object.keys(v).length <= 3, show: (r, v) => el("span", {}, `${r.word(v.score)} of ${r.word(v.target)}${v.unit ? ` ${v.unit}` : ""}`) },
];

function playerPanel(reader, player, seat, state) {
  const me = state.seat === seat;
  const toMove = !state.over && state.to_move === seat;
  const entries = Object.entries(player).filter(([key]) => !SKIP.has(key) && key !== "seat");
  const facts = entries.filter(([key, v]) => isScalar(v) || (Array.isArray(v) && v.every(isScalar)));
  const rest = entries.filter((entry) => !facts.includes(entry));
  return el("section", { class: `panel player-panel${me ? " me" : ""}${toMove ? " to-move" : ""}`, "data-seat": seat },
    el("h3", {}, reader.seat(seat), me ? " (you)" : "", toMove ? el("span", { class: "badge" }, "to move") : null),
    reader.facts(facts),
    rest.map(([key, value]) => el("div", { class: "sub" }, el("h4", {}, label(key)), reader.value(key, value))));
}

/** The choices are only in the list (nothing on this board is clicked), so a phone shows the list first. */
export const listFirst = true;
// The table as text is part of this board, so the page does not show it a second time.
export const showsScreen = true;

export function render(container, state, ctx) {
  const view = state.view || {};
  const reader = new Reader(state, ctx);
  const facts = [];
  const sections = [];
  for (const [key, value] of Object.entries(view)) {
    if (SKIP.has(key) || key === "players") continue;
    if (value === null && !NEWS_KEYS.has(key)) continue; // a part of the game this table does not use
    const special = SPECIAL[key];
    if (special) sections.push(el("section", { class: "panel", "data-key": key }, el("h3", {}, label(key)), special(reader, value)));
    else if (isScalar(value) || (Array.isArray(value) && value.every(isScalar)) || SEAT_LISTS.has(key) || PER_SEAT.has(key)) facts.push([key, value]);
    else sections.push(el("section", { class: "panel", "data-key": key }, el("h3", {}, label(key)), reader.value(key, value)));
  }
  const players = Array.isArray(view.players) ? view.players : [];
  container.append(
    el("section", { class: "panel screen-panel" }, el("h3", {}, "The table"), el("pre", { class: "screen" }, state.screen || "")),
    players.length ? el("div", { class: "player-panels" }, players.map((p, seat) => playerPanel(reader, p, p.seat ?? seat, state))) : null,
    el("section", { class: "panel", "data-key": "glance" }, el("h3", {}, "At a glance"), reader.facts(facts)),
    el("div", { class: "shared-panels" }, sections),
  );
}
