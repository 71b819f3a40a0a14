// DinoGenics (and Controlled Chaos) on a board: the Mainland's worker spaces with who stands on them, the
// blocking and Crash Tokens; the Season and its step, player order, the Breaking News in effect and upcoming;
// the City Center's stacks and Basic Hotels; the DNA Market and discard pile; the IntelliGen Designs board
// (Large Facility offer, Aquatic Habitats, the Open Ocean and its Upkeep dice, the Job Market and the
// Independent Contractors); and each park as a grid (dinogenics-park.js). Every element a legal action names is
// a button carrying data-action; a choice with no place of its own is a button of the prompt; every decision
// stays in the keyboard list (table.js). The solo objective and the co-op's Synth panel render in #dg-modes
// (boards/dinogenics-modes.js).
import { flatLog } from "../log.js";
import { actionButton, el, plural, words as plainWords } from "../dom.js";
import { targetKey } from "../sheet.js";
import { seatTag } from "../seats.js";
import { renderModes } from "./dinogenics-modes.js";
import { parkPanel, speciesChip } from "./dinogenics-park.js";

const SEASONS = 7; // rulebook: the game ends after Season 7
const BRANCH = ["West", "East"];
// A worker space's tokens (the view's codes): -1 free, -2 a blocking token, -3 a Crash Token; else a seat.
const FREE = -1;
const BLOCKED = -2;
const CRASH = -3;
const SYNTH = 2;

function coop(view) {
  return view.synth !== null && view.synth !== undefined;
}

function who(state, seat, ctx) {
  if (coop(state.view) && seat === SYNTH) return el("span", { class: "rival-tag" }, "S Synth");
  return seatTag(seat, ctx.seatName(seat));
}

/** The names the table's log gives a seat (its person's name, or "player 1", "the West Branch"; "Synth"), to
 * find its lines. */
function logNames(state, seat) {
  if (seat === null || seat === undefined) return ["synth"];
  const named = state.seats?.find((s) => s.seat === seat)?.name;
  return [...(named ? [named.toLowerCase()] : []), coop(state.view) ? `the ${BRANCH[seat].toLowerCase()} branch` : `player ${seat + 1}`];
}

function lastLines(state, test, n) {
  return flatLog(state).map((e) => e.text).filter(test).slice(-n);
}

// ---------------------------------------------------------------------------------------------- the Mainland
// What stands on a worker space, marked with the space (the view's key) it stands on.
function slotMark(state, code, ctx, key) {
  if (code === FREE) return el("li", { class: "dg-slot free", title: "a free worker space" }, "free");
  if (code === BLOCKED) return el("li", { class: "dg-slot blocked", title: "a blocking token", "data-cell": key, "data-ref": "blocking token" }, "blocked");
  if (code === CRASH) return el("li", { class: "dg-slot crash", title: "a Crash Token", "data-cell": key, "data-ref": "Crash Token" }, "Crash Token");
  return el("li", { class: "dg-slot worker", "data-cell": key, "data-ref": "worker" }, who(state, code, ctx));
}

/** A target of the decision nobody may choose now, drawn where it belongs so a tap on it tells why. */
function notNow(target, text) {
  return el("span", { class: "dg-not-now", "data-target": targetKey(target) }, text);
}

function spaceCard(space, state, actions, ctx) {
  const slots = state.view.mainland?.[space.key] || [];
  const mine = actions.filter((a) => a.info?.space === space.key && a.info.kind === "space");
  const here = state.view.phase === "choose at the City Center" && space.key === "city_center"
    ? actions.filter((a) => a.info?.kind === "city_center" || (a.info?.kind === "done" && a.info.decision === "choose at the City Center")) : [];
  // The City Center's choices nobody may make now, each with its reason.
  const refused = here.length ? (state.unavailable || []).filter((u) => "choice" in u.target) : [];
  return el("li", { class: `dg-space${mine.length ? " open" : ""}${here.length ? " deciding" : ""}`, "data-space": space.key,
    "data-target": `space:${space.key}` },
  el("strong", {}, space.name), el("p", { class: "does" }, space.does),
  el("ul", { class: "dg-slots", "aria-label": `worker spaces of ${space.name}` }, slots.map((code) => slotMark(state, code, ctx, space.key))),
  mine.map((a) => actionButton(a, ctx, a.info.decision === "place a worker" ? "Place a worker" : "Outsource this")),
  here.map((a) => actionButton(a, ctx, a.text, a.info.choice ? { "data-target": `choice:${a.info.choice}` } : {})),
  refused.map((u) => notNow(u.target, u.reason)));
}

function seasonPanel(state, ctx) {
  const view = state.view;
  const words = view.words || {};
  const order = (view.order || []).map((seat, i) => el("li", {}, who(state, seat, ctx),
    seat === SYNTH && coop(view) ? ` reputation ${view.synth.reputation}` : view.players[seat] ? ` reputation ${view.players[seat].reputation}` : "",
    i === 0 ? " (first)" : ""));
  const seasons = [];
  for (let n = 1; n <= SEASONS; n += 1) seasons.push(el("li", { class: n === view.season ? "now" : n < view.season ? "past" : "", "aria-current": n === view.season ? "step" : undefined }, String(n)));
  return el("section", { class: "panel dg-season" }, el("h3", {}, `Season ${view.season} of ${SEASONS}`),
    el("ol", { class: "dg-season-track", "aria-label": "Seasons" }, seasons),
    el("p", {}, el("strong", {}, words.stage || ""), view.over ? "" : `: ${view.phase}`),
    el("p", { class: "dg-label" }, "Player order (by reputation):"), el("ol", { class: "dg-order" }, order));
}

function newsCard(title, card, key, refs) {
  const marks = card ? { "data-cell": `${key} news`, "data-ref": refs[`news_${card.number}`] || card.name } : {};
  return el("div", { class: "dg-news", "data-news": key, ...marks }, el("span", { class: "dg-label" }, title),
    card ? [el("strong", {}, `Breaking News ${card.number}: ${card.name}`), el("p", {}, card.text)] : el("p", { class: "none" }, "none"));
}

function newsPanel(state) {
  const view = state.view;
  const words = view.words || {};
  const chaos = words.chaos_theory ? lastLines(state, (t) => t.startsWith("Chaos Theory:"), 1) : [];
  return el("section", { class: "panel dg-news-panel" }, el("h3", {}, "Breaking News"),
    newsCard("In effect", words.active_news, "active", view.refs || {}), newsCard("Upcoming", words.upcoming_news, "upcoming", view.refs || {}),
    words.chaos_theory ? el("div", { class: "dg-news chaos", "data-news": "chaos" }, el("span", { class: "dg-label" }, "Chaos Theory"),
      el("p", {}, chaos.length ? chaos[0] : "no Chaos Theory card yet")) : null,
    el("p", { class: "facts" }, `${plural(view.news_left, "card")} left in the deck`));
}

function mainland(state, actions, ctx, board) {
  const spaces = (state.view.words?.spaces || []).filter((s) => s.board === board);
  if (!spaces.length) return null;
  return el("ul", { class: "dg-spaces" }, spaces.map((space) => spaceCard(space, state, actions, ctx)));
}

function cityCenter(state, actions, ctx) {
  const view = state.view;
  const refs = view.refs || {};
  const effects = view.words?.effects || {};
  const buys = actions.filter((a) => a.info?.kind === "stack");
  const tile = (key, buy, name, cell) => el("li", { class: `dg-card facility${buy ? " open" : ""}`, title: effects[key] || "",
    "data-cell": cell, "data-ref": name || refs[key] || key },
  el("strong", {}, name || refs[key] || key), el("p", { class: "effects" }, effects[key] || ""),
  buy ? actionButton(buy, ctx, `Buy it (${plural(buy.info.credits, "credit")})`) : null);
  // A stack's top tile may be bought; the tiles under it are named (the view shows them all).
  const under = (stack, cell) => stack.slice(0, -1).reverse().map((key) => el("li", { class: "dg-under", "data-cell": cell, "data-ref": refs[key] || key,
    title: effects[key] || "" }, `under it: ${refs[key] || key}`));
  const stacks = (view.stacks || []).map((stack, i) => el("div", { class: "dg-stack", "data-stack": i + 1, "data-target": `from:stacks,stack:${i}` },
    el("span", { class: "dg-label" }, `Stack ${i + 1} (${stack.length})`),
    stack.length ? el("ul", {}, tile(stack[stack.length - 1], buys.find((a) => a.info.from === "stacks" && a.info.stack === i), null, `stack ${i + 1}`),
      under(stack, `stack ${i + 1}`)) : el("p", { class: "none" }, "empty")));
  const hotel = buys.find((a) => a.info.from === "basic_hotels");
  return el("section", { class: "panel dg-city" }, el("h3", {}, "City Center"),
    el("div", { class: "dg-stacks" },
      el("div", { class: "dg-stack", "data-stack": 0, "data-target": "from:basic_hotels" }, el("span", { class: "dg-label" }, `Basic Hotels (${view.basic_hotels})`),
        view.basic_hotels ? el("ul", {}, tile("basic_hotel", hotel, view.words?.basic_hotel)) : el("p", { class: "none" }, "none left")),
      stacks),
    el("p", { class: "facts" }, `${view.bag} ${view.bag === 1 ? "facility" : "facilities"} left in the bag`));
}

function dnaCard(words, key, action, ctx, verb, cell) {
  const marks = cell ? { "data-cell": cell, "data-ref": words.dna?.[key] || key } : {};
  return el("li", { class: `dg-card dna${action ? " open" : ""}`, "data-dna": key, ...marks },
    key === "polymorphic" ? el("span", { class: "dg-chip poly" }, "Po") : speciesChip(words, key), ` ${words.dna?.[key] || key}`,
    action ? [" ", actionButton(action, ctx, verb(action))] : null);
}

function marketPanel(state, actions, ctx) {
  const view = state.view;
  const words = view.words || {};
  const picks = actions.filter((a) => a.info?.kind === "dna");
  const take = (from) => {
    const used = new Set();
    return (key) => {
      const a = picks.find((x) => x.info.from === from && x.info.dna === key && !used.has(x.id));
      if (a) used.add(a.id);
      return a;
    };
  };
  const fromMarket = take("market");
  const fromDiscard = take("dna_discard");
  const priced = (a) => (a.info.credits ? `Buy (${plural(a.info.credits, "credit")})` : "Take it");
  return el("section", { class: "panel dg-market" }, el("h3", {}, "DNA Market"),
    el("ul", { class: "dg-cards" }, (view.market || []).map((k) => dnaCard(words, k, fromMarket(k), ctx, priced, "market"))),
    el("p", { class: "facts" }, `DNA deck ${view.dna_deck}`, view.expansion ? ` · eDNA deck ${view.edna_deck}` : "", ` · Manipulation deck ${view.manipulation_deck}`),
    el("details", { class: "dg-discard", open: picks.some((a) => a.info.from === "dna_discard") || undefined },
      el("summary", {}, `DNA discard pile (${(view.dna_discard || []).length})`),
      el("ul", { class: "dg-cards" }, (view.dna_discard || []).map((k) => dnaCard(words, k, fromDiscard(k), ctx, () => "Take it", "dna discard")))),
    el("details", { class: "dg-discard" }, el("summary", {}, `Manipulation discard pile (${(view.manipulation_discard || []).length})`),
      el("ul", { class: "dg-cards" }, (view.manipulation_discard || []).map((k) => el("li", { class: "dg-card", "data-cell": "manipulation discard",
        "data-ref": view.refs?.[k] || k, title: words.effects?.[k] || "" }, view.refs?.[k] || k)))));
}

function intelligen(state, actions, ctx) {
  const view = state.view;
  if (!view.expansion) return null;
  const refs = view.refs || {};
  const effects = view.words?.effects || {};
  const large = actions.filter((a) => a.info?.kind === "large");
  const claims = actions.filter((a) => a.info?.kind === "specialist");
  const offer = (view.large_offer || []).map((key, i) => {
    const buy = large.find((a) => a.info.from === "large_offer" && a.info.offer === i);
    const marks = key ? { "data-cell": `large offer ${i + 1}`, "data-ref": refs[key] || key, "data-target": `from:large_offer,offer:${i}` } : {};
    return el("li", { class: `dg-card facility${buy ? " open" : ""}`, title: key ? effects[key] || "" : "", ...marks },
      key ? [el("strong", {}, refs[key] || key), el("p", { class: "effects" }, effects[key] || "")] : el("span", { class: "none" }, "empty"),
      buy ? actionButton(buy, ctx, `Buy it (${plural(buy.info.credits, "credit")})`) : null);
  });
  const habitat = large.find((a) => a.info.from === "aquatic_habitats");
  const specialist = (key, from) => {
    const claim = claims.find((a) => a.info.specialist === key && a.info.from === from);
    return el("li", { class: `dg-card specialist${claim ? " open" : ""}`, title: effects[key] || "", "data-cell": from.replace("_", " "),
      "data-ref": refs[key] || key, "data-target": `specialist:${key}` }, el("strong", {}, refs[key] || key),
      el("p", { class: "effects" }, effects[key] || ""), claim ? actionButton(claim, ctx, "Claim") : null);
  };
  const ocean = lastLines(state, (t) => t.includes("Upkeep dice for the Open Ocean"), 1);
  return el("section", { class: "panel dg-intelligen" }, el("h3", {}, "IntelliGen Designs"),
    mainland(state, actions, ctx, "IntelliGen Designs"),
    el("div", { class: "dg-ig-row" },
      el("div", {}, el("span", { class: "dg-label" }, `Large Facilities (${view.large_pile} in the pile)`), el("ul", { class: "dg-cards" }, offer)),
      el("div", {}, el("span", { class: "dg-label" }, "Aquatic Habitats"),
        el("p", { "data-target": "from:aquatic_habitats" }, `${view.aquatic_habitats} in the stack `,
          habitat ? actionButton(habitat, ctx, `Buy one (${plural(habitat.info.credits, "credit")})`) : null),
        el("span", { class: "dg-label" }, "Open Ocean"),
        el("p", {}, `Plesiosaurus ${view.meeples_left?.plesiosaurus ?? 0} left, with the two Upkeep Dice`),
        ocean.length ? el("p", { class: "dg-roll" }, ocean[0]) : null),
      el("div", {}, el("span", { class: "dg-label" }, `Job Market (${view.specialist_deck} in the draw pile)`),
        el("ul", { class: "dg-cards" }, (view.job_market || []).map((k) => specialist(k, "job_market"))),
        el("span", { class: "dg-label" }, "Independent Contractors"),
        el("ul", { class: "dg-cards" }, (view.contractors || []).map((k) => specialist(k, "contractors")),
          (view.contractors || []).length ? null : el("li", { class: "none" }, "none")))));
}

// ---------------------------------------------------------------------------------------------- the parks
/** The actions that belong on a park: those naming it (info.park), else the mover's own park's. */
function parkActions(actions, park, own) {
  const kinds = ["pen", "cell", "spot", "victim", "structure", "dna", "manipulation", "refined"];
  return actions.filter((a) => kinds.includes(a.info?.kind) && (a.info.park !== undefined ? a.info.park === park : own)
    && !(a.info.kind === "dna" && a.info.from !== "hand" && a.info.to === undefined));
}

function parks(state, actions, ctx) {
  const view = state.view;
  const words = { ...(view.words || {}), refs: view.refs || {} };
  const all = [...view.players, ...(view.synth ? [view.synth] : [])];
  const max = {
    vp: Math.max(20, ...all.map((p) => p.vp)),
    reputation: Math.max(10, ...all.map((p) => p.reputation)),
    value: Math.max(10, ...all.map((p) => p.dinosaur_value)),
  };
  const damage = (seat) => {
    const names = logNames(state, seat);
    // The table's events about this park (not the seat's own decisions, "player 1: ..."), as the log words them.
    const about = (t) => names.some((n) => t.toLowerCase().startsWith(n) && t.charAt(n.length) !== ":");
    return lastLines(state, (t) => about(t) && /rampage|is damaged|is broken|is destroyed|loses \d+ visitors? to/.test(t), 4);
  };
  const seats = view.players.map((p, seat) => seat);
  seats.sort((a, b) => (a === state.seat ? -1 : b === state.seat ? 1 : a - b));
  const panels = seats.map((seat) => parkPanel(view.players[seat], ctx, {
    seat, words, max, me: state.seat === seat, toMove: !state.over && state.to_move === seat, first: view.order?.[0] === seat,
    title: `${ctx.seatName(seat)}${state.seat === seat ? " (you)" : ""}${coop(view) ? ` · the ${BRANCH[seat]} Branch` : ""}`,
    actions: parkActions(actions, seat, state.seat === seat), events: damage(seat), legend: seat === seats[0],
    choices: actions.filter((a) => a.info?.kind === "seat" && (a.info.park ?? a.info.seat) === seat),
  }));
  if (view.synth) {
    panels.push(parkPanel(view.synth, ctx, {
      seat: null, words, max, title: "Synth", first: view.order?.[0] === SYNTH, actions: [], events: damage(null),
      choices: actions.filter((a) => a.info?.kind === "seat" && a.info.synth),
    }));
  }
  return el("div", { class: "player-panels dg-players" }, panels);
}

// ---------------------------------------------------------------------------------------------- the page
const HINTS = {
  "place a worker": "Choose “Place a worker” on a space of the Mainland or of IntelliGen Designs.",
  "build pens": "Drag a rectangle on your park, from one space to another, to build a pen there.",
  "place the dinosaur": "Choose a highlighted space of your park, or drag a rectangle to build a pen for it.",
  "place the facility": "Choose a highlighted space of the park.",
  "place the large facility": "Choose a highlighted pair of spaces of the park.",
  "pick DNA cards": "Choose a card in the DNA Market, the discard pile, the drawn cards or your hand.",
  "choose the damaged structure": "Choose the fence or facility of your park the rampage damages.",
  "repair a structure": "Choose the fence or facility of your park to repair.",
  "destroy a dinosaur": "Choose the dinosaur to destroy in your park.",
};

function drawnCards(state, actions, ctx) {
  const keeps = actions.filter((a) => a.info?.kind === "dna" && a.info.from === "drawn");
  if (!keeps.length) return null;
  const words = state.view.words || {};
  // The cards drawn (the view's context, shown to the seat choosing alone) by kind: DNA kinds in words.dna's order.
  const kinds = Object.keys(words.dna || {});
  const drawn = state.view.context?.[2];
  const shown = Array.isArray(drawn) ? drawn.map((k) => kinds[k]).filter(Boolean) : keeps.map((a) => a.info.dna);
  const used = new Set();
  return el("section", { class: "panel dg-drawn" }, el("h3", {}, "DNA cards drawn: keep"),
    el("ul", { class: "dg-cards" }, shown.map((key) => {
      const a = keeps.find((x) => x.info.dna === key && !used.has(x.id));
      if (a) used.add(a.id);
      return dnaCard(words, key, a, ctx, () => "Keep it");
    })));
}

/** The target a choice of the prompt takes (an option of a choice, the other branch's docks), as targets() names it. */
function promptTarget(info) {
  if (info?.option !== undefined) return { "data-target": `option:${info.option}` };
  if (info?.docks !== undefined) return { "data-target": `docks:${info.docks}` };
  return {};
}

function promptBar(state, actions, ctx, placed, drawn) {
  const bar = el("div", { class: "prompt dg-prompt" });
  if (state.over) return bar;
  if (!actions.length) {
    bar.append(el("p", {}, state.seat === null || state.seat === undefined ? "Watching." : ["Waiting for ", who(state, state.to_move, ctx), "."]));
    return bar;
  }
  const decision = actions[0].info?.decision || state.view.phase;
  const facility = actions[0].info?.facility && ["cell", "spot"].includes(actions[0].info.kind) ? state.view.refs?.[actions[0].info.facility] : null;
  bar.append(el("p", {}, el("strong", {}, `Your turn: ${decision}${facility ? ` (the ${facility})` : ""}.`),
    ` ${HINTS[decision] || "Choose on the board or below."}`));
  for (const a of actions.filter((x) => !placed.has(String(x.id)))) bar.append(actionButton(a, ctx, a.text, promptTarget(a.info)));
  // The decision's other targets nobody may choose now and that have no place on the board (an option of a
  // choice, the docks), each with its reason.
  const refused = (state.unavailable || []).filter((u) => !drawn.has(targetKey(u.target)));
  if (refused.length) bar.append(el("p", { class: "dg-refused" }, "Not now: ", refused.map((u) => notNow(u.target, u.reason))));
  return bar;
}

export function render(container, state, ctx) {
  const view = state.view || {};
  const actions = state.legal || [];
  const modesBox = el("div", { id: "dg-modes", class: "dg-modes" });
  renderModes(modesBox, state, ctx);
  // The part of the table the decision is about comes up under the prompt (the parks, the DNA Market, the City
  // Center, IntelliGen Designs); else the Mainland leads.
  const has = (test) => actions.some((a) => a.info && test(a.info));
  const focus = has((i) => ["pen", "cell", "spot", "victim", "structure"].includes(i.kind) || (i.kind === "seat" && "park" in i)) ? "parks"
    : has((i) => i.kind === "dna" && ["market", "dna_discard"].includes(i.from)) ? "market"
      : has((i) => i.kind === "stack") ? "city"
        : has((i) => ["large", "specialist"].includes(i.kind)) ? "intelligen" : null;
  const panels = {
    mainland: el("section", { class: "panel dg-mainland" }, el("h3", {}, "The Mainland"), mainland(state, actions, ctx, "Mainland"),
      mainland(state, actions, ctx, "Breaking News")),
    season: seasonPanel(state, ctx),
    news: newsPanel(state),
    city: cityCenter(state, actions, ctx),
    market: marketPanel(state, actions, ctx),
    intelligen: intelligen(state, actions, ctx),
  };
  const table = el("div", { class: "dg-table" }, Object.entries(panels).filter(([key]) => key !== focus).map(([, panel]) => panel));
  const parkPanels = parks(state, actions, ctx);
  // The objective or Synth's panel leads, unless the decision is about a part of the table: that comes first.
  const parts = focus === "parks" ? [parkPanels, modesBox, table]
    : focus ? [el("div", { class: "dg-focus" }, panels[focus]), modesBox, table, parkPanels] : [modesBox, table, parkPanels];
  const board = el("div", { class: "dg" }, drawnCards(state, actions, ctx), parts);
  const placed = new Set([...board.querySelectorAll("[data-action]")].map((n) => n.getAttribute("data-action")));
  const drawn = new Set([...board.querySelectorAll("[data-target]")].map((n) => n.dataset.target));
  board.prepend(promptBar(state, actions, ctx, placed, drawn));
  container.append(board);
}

// End Game Scoring's parts (rulebook), by the outcome's names.
const SCORED = [["track", "VP track"], ["facilities", "Facilities"], ["species", "Species"], ["credits", "Credits"], ["dna", "DNA"],
  ["scandals", "Scandals"], ["specialists", "Specialists"], ["traits", "Traits"]];

// The outcome's other entries in words (a scenario's and the co-op's; the grade and the ending are the modes
// panel's), and those it leaves to the rows above or to that panel.
const OUTCOME_WORDS = {
  average: "The Branches' average (rounded up)", synth: "Synth's score", target: "Target", objective_met: "Objective met",
  result: "Result",
};

/** The final score breakdown: each seat's End Game Scoring, part by part (and Synth's in the co-op). */
export function outcomeLines(state) {
  const outcome = state.outcome;
  const name = (seat) => state.seats?.find((s) => s.seat === seat)?.name || `player ${seat + 1}`;
  const breakdown = outcome.breakdown || [];
  const automata = Object.entries(outcome.automata || {});
  const parts = SCORED.filter(([key]) => [...breakdown, ...automata.map(([, b]) => b)].some((b) => key in b));
  const row = (attrs, who, b) => el("tr", attrs, el("th", { scope: "row" }, who),
    parts.map(([key]) => el("td", {}, String(b[key]))), el("td", {}, el("strong", {}, String(b.total))));
  const rows = [
    ...breakdown.map((b, seat) => row({ "data-seat": seat }, seatTag(seat, name(seat)), b)),
    ...automata.map(([who, b]) => row({ "data-automaton": who }, el("span", { class: "rival-tag" }, `${who[0]} ${who}`), b)),
  ];
  const extra = Object.entries(outcome).filter(([key]) => key in OUTCOME_WORDS);
  return el("div", {},
    rows.length ? el("table", { class: "breakdown" },
      el("thead", {}, el("tr", {}, el("th", { scope: "col" }, "Player"), parts.map(([, word]) => el("th", { scope: "col" }, word)), el("th", { scope: "col" }, "Total"))),
      el("tbody", {}, rows)) : null,
    outcome.reputation ? el("p", {}, `Final reputation: ${outcome.reputation.map((r, seat) => `${name(seat)} ${r}`).join(", ")}`) : null,
    outcome.rounds ? el("p", {}, `${outcome.rounds} Seasons played.`) : null,
    extra.map(([key, value]) => el("p", {}, `${OUTCOME_WORDS[key]}: ${plainWords(value)}`)));
}

/** Where another seat's last decision shows (js/marks.js): the Mainland space of its worker, or the spaces of
 * its park it built on, placed a dinosaur on or lost a structure on. */
export function moveSelectors(state, move) {
  const info = move.info;
  const park = `player ${move.seat + 1}`;
  if (info.kind === "space") return [`[data-space="${info.space}"]`];
  const cells = info.cells || info.spaces || info.pen || (info.cell ? [info.cell] : []);
  if (info.place) cells.push(info.place);
  return cells.map((cell) => `[data-cell="${park} ${cell}"]`);
}
