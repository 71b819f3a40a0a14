// DinoGenics' modes at the table (Controlled Chaos): a solo scenario's objective as current / target with the
// Seasons left and, at the end, its grade; the Synth Re-Activated co-op's two Branches against Synth, Synth's
// park, Synth's turns as the log tells them (the Synth Turn Chart's roll and what Synth did) and the shared result.
// The DinoGenics board calls renderModes(container, state, ctx) with its #dg-modes element; everything here is
// read from the seat's view (view.objective, view.synth), the log and the outcome.
import { flatLog } from "../log.js";
import { el, clear } from "../dom.js";
import { seatTag } from "../seats.js";

/** Draws the modes' panel for this table state into `container`; empty in a game between players. */
export function renderModes(container, state, ctx = {}) {
  clear(container);
  container.dataset.seq = String(state.seq); // which state the panel shows (the tests wait on it)
  const goal = state.view && state.view.objective;
  container.hidden = !goal;
  if (!goal) return;
  if (goal.synth_re_activated) coopPanel(container, state, ctx, goal);
  else soloPanel(container, state, goal);
}

function seasonsLine(goal, over) {
  if (over) return `Season ${goal.season} of ${goal.seasons}: the game is over.`;
  const left = goal.seasons_left;
  const after = left === 0 ? "the last Season" : `${left} more Season${left === 1 ? "" : "s"} after this one`;
  return `Season ${goal.season} of ${goal.seasons}: ${after}.`;
}

function metMark(met, over) {
  return el("span", { class: met ? "dg-m-met" : "dg-m-unmet" }, met ? "met" : over ? "not met" : "not yet");
}

// ---- solo: a scenario's objective, or the plain solo target
function soloPanel(box, state, goal) {
  const over = state.over;
  const outcome = state.outcome || {};
  const panel = el("section", { class: "dg-m dg-m-solo", "aria-label": "Objective" });
  if (goal.scenario) {
    const difficulty = goal.difficulty.charAt(0).toUpperCase() + goal.difficulty.slice(1);
    panel.append(el("h3", {}, `Solo Scenario #${goal.scenario}: ${goal.name} (${difficulty} Difficulty)`));
    panel.append(el("p", { class: "dg-m-goal" }, `Objective: ${goal.goal}`));
  } else {
    panel.append(el("h3", {}, "Solo game"), el("p", { class: "dg-m-goal" }, `Objective: score at least ${goal.target} ${goal.unit}.`));
  }
  panel.append(el("p", { class: "dg-m-seasons", "data-seasons-left": goal.seasons_left }, seasonsLine(goal, over)));
  const rows = goal.progress || [{ label: `${goal.unit === "VP" ? "Victory points" : "Credits"} (End Game Scoring)`,
    current: goal.score, target: goal.target, compare: "at_least", met: goal.score >= goal.target }];
  panel.append(el("table", { class: "dg-m-progress" },
    el("tr", {}, el("th", {}, "Objective"), el("th", {}, over ? "Final / needed" : "Scored now / needed"), el("th", {}, "")),
    rows.map((row) => el("tr", { "data-progress": row.label },
      el("td", {}, row.label),
      el("td", { class: "dg-m-num" }, `${row.current} / ${row.compare === "at_most" ? `at most ${row.target}` : row.target}`),
      el("td", {}, metMark(row.met, over))))));
  if (over && outcome.grade) {
    panel.append(el("p", { class: `dg-m-result ${outcome.objective_met ? "dg-m-won" : "dg-m-lost"}` },
      outcome.objective_met ? "Objective met: you win." : "Objective not met: you lose."));
    panel.append(el("blockquote", { class: "dg-m-grade", "data-grade": "" }, outcome.grade));
  } else if (over && outcome.result) {
    panel.append(el("p", { class: `dg-m-result ${outcome.result === "won" ? "dg-m-won" : "dg-m-lost"}` },
      outcome.result === "won" ? "Target reached: you win." : "Target missed: you lose."));
  }
  if (goal.grades) {
    const grading = goal.grades.map((g) => el("li", {},
      el("strong", {}, `${goal.unit === "credits" ? "Credits" : "VP"} ${g.at_least}+${g.paired_species ? ` and ${g.paired_species} paired species` : ""}: `), g.text));
    grading.push(el("li", {}, el("strong", {}, "Failure: "), goal.failure));
    panel.append(el("details", { class: "dg-m-grades" }, el("summary", {}, "Final Score grades"), el("ul", {}, grading)));
  }
  if (goal.story) panel.append(el("details", {}, el("summary", {}, "The story"), el("p", {}, goal.story)));
  box.append(panel);
}

// ---- co-op: Synth Re-Activated
function coopPanel(box, state, ctx, goal) {
  const result = goal.synth_re_activated;
  const over = state.over;
  const name = (seat) => (ctx.seatName ? ctx.seatName(seat) : ["West Branch", "East Branch"][seat]);
  const panel = el("section", { class: "dg-m dg-m-coop", "aria-label": "Synth Re-Activated" });
  panel.append(el("h3", {}, "Synth Re-Activated (Hard Difficulty)"));
  panel.append(el("p", { class: "dg-m-goal" }, `Objective: ${goal.goal}`));
  panel.append(el("p", { class: "dg-m-seasons", "data-seasons-left": goal.seasons_left }, seasonsLine(goal, over)));
  const scored = over ? "final score" : "scored now";
  panel.append(el("table", { class: "dg-m-scores" },
    goal.branches.map((score, seat) => el("tr", { "data-branch": seat },
      el("td", {}, seatTag(seat, name(seat))), el("td", { class: "dg-m-num" }, `${score} VP`))),
    el("tr", { "data-average": "" }, el("td", {}, "The Branches' average (rounded up)"), el("td", { class: "dg-m-num" }, `${result.average} VP`)),
    el("tr", { "data-synth-score": "" }, el("td", {}, "Synth"), el("td", { class: "dg-m-num" }, `${result.synth} VP`))));
  const ahead = result.average > result.synth;
  if (over) {
    panel.append(el("p", { class: `dg-m-result ${result.victory ? "dg-m-won" : "dg-m-lost"}`, "data-shared-result": result.victory ? "victory" : "defeat" },
      result.victory ? `Victory: the Branches' average ${result.average} beats Synth's ${result.synth}.`
        : `Defeat: the Branches' average ${result.average} does not beat Synth's ${result.synth}.`));
    if (goal.ending) panel.append(el("blockquote", { class: "dg-m-grade" }, goal.ending));
  } else {
    panel.append(el("p", { class: ahead ? "dg-m-met" : "dg-m-unmet" },
      ahead ? `The Branches are ahead (${scored}).` : `Synth is ahead or level (${scored}): the average must be higher.`));
  }
  panel.append(synthTurns(state));
  panel.append(synthPark(state.view.synth));
  box.append(panel);
}

/** Synth's turns as the log tells them: each starts with its roll on the Synth Turn Chart ("Synth rolls ...")
 * or a Breaking News "Synth occupies", and goes on with the lines about Synth told by the same decision. */
export function synthTurnsFromLog(log) {
  const turns = [];
  let open = null;
  for (const entry of log || []) {
    const text = entry.text || "";
    if (text.startsWith("Synth rolls") || text.startsWith("Synth occupies")) {
      const attempts = text.split("; ").map((part) => part.trim()).filter(Boolean);
      open = { number: turns.length + 1, seq: entry.seq, roll: attempts, lines: [] };
      turns.push(open);
    } else if (open && entry.seq === open.seq && /\bSynth\b/.test(text)) {
      open.lines.push(text);
    } else {
      open = null;
    }
  }
  return turns;
}

function synthTurns(state) {
  const turns = synthTurnsFromLog(flatLog(state));
  const box = el("div", { class: "dg-m-synth-turns" }, el("h4", {}, "Synth's turns"),
    el("p", { class: "dg-m-seasons" }, "Each turn Synth rolls two rampage dice and reads the Synth Turn Chart (Seasons 1-4, then 5-7); "
      + "it rolls again while the space is taken."));
  if (!turns.length) {
    box.append(el("p", {}, "Synth has not taken a turn yet. On each turn it rolls two rampage dice and reads the Synth Turn Chart."));
    return box;
  }
  const earlier = el("details", { class: "dg-m-earlier" }, el("summary", {}, "Synth's turns before"));
  turns.slice(-3).reverse().forEach((turn, index) => {
    const [placed, ...again] = [...turn.roll].reverse();
    (index ? earlier : box).append(el("div", { class: `dg-m-turn${index ? " dg-m-older" : ""}`, "data-synth-turn": turn.number, "data-seq": turn.seq },
      el("strong", {}, `Synth's turn ${turn.number}${index ? "" : " (latest)"}:`),
      again.length ? el("ul", {}, again.reverse().map((line) => el("li", {}, line))) : null,
      el("p", { class: "dg-m-synth-did" }, placed),
      turn.lines.length ? el("ul", {}, turn.lines.map((line) => el("li", {}, line))) : null));
  });
  if (turns.length > 1) box.append(earlier);
  return box;
}

function synthPark(synth) {
  const box = el("div", { class: "dg-m-park", "data-synth-park": "" });
  if (!synth) return box;
  box.append(el("h4", {}, "Synth's park"));
  box.append(el("p", {}, `${synth.vp} VP on the track, reputation ${synth.reputation}, ${synth.visitors} of ${synth.rooms} visitors, `
    + `${synth.goats} goat${synth.goats === 1 ? "" : "s"}, ${synth.scandals} Scandal${synth.scandals === 1 ? "" : "s"}, `
    + `Dinosaur Value ${synth.dinosaur_value}, ${synth.workers} worker${synth.workers === 1 ? "" : "s"} to place.`));
  const dinos = synth.dinosaurs.map((d) => `${d.ref} on ${d.cell}${d.improper ? " (improper habitat)" : ""}`);
  const facilities = synth.facilities.map((f) => `${f.ref} (${f.place}${f.damaged ? ", damaged" : ""})`);
  const more = el("details", { class: "dg-m-park-more" }, el("summary", {}, "Synth's dinosaurs and facilities"),
    el("p", {}, el("strong", {}, "Dinosaurs: "), dinos.length ? dinos.join(", ") : "none yet"),
    el("p", {}, el("strong", {}, "Facilities: "), facilities.length ? facilities.join(", ") : "none"));
  box.append(more); // the board draws Synth's park among the players' (boards/dinogenics-park.js)
  return box;
}
