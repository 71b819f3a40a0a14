// A finished table's analysis on its replay page: the button that starts it, its progress in words while it
// runs (heard on the table's socket, or asked for each second when no socket is open), and once it is ready
// the chart of each seat's chance to win, the turning points (buttons that step the board there) and each
// seat's summary in words. The analysis is the server's (POST / GET /api/tables/{table}/analysis).
import { api } from "./api.js";
import { el, clear, percent, plural, signedPercent } from "./dom.js";
import { seatTag } from "./seats.js";
import { chartLegend, drawChart, markStep } from "./analysis-chart.js";
import { labelWords } from "./analysis-decision.js";

const POLL = 1000; // ms between two questions when no socket tells the progress
const POLL_BESIDE_SOCKET = 5000; // a socket tells only the newest progress: asked now and then all the same

const COUNTED = [["inaccuracy", "inaccuracy", "inaccuracies"], ["mistake", "mistake", "mistakes"], ["blunder", "blunder", "blunders"]];

function count(n, one, many) {
  return `${n} ${n === 1 ? one : many}`;
}

/** A seat's summary in words: its decisions by label, the mean cost of a decision, its result. (Not its luck:
 * a sum of changes of chance over a game, it reads as more than 100% as often as not.) */
function seatSummary(s, seatName) {
  const labels = s.labels || {};
  const kinds = COUNTED.map(([key, one, many]) => count(labels[key] || 0, one, many));
  const good = (labels.best || 0) + (labels.good || 0);
  return el("li", { class: "seat-review", "data-seat": s.seat },
    el("p", { class: "seat-review-name" }, seatTag(s.seat, seatName(s.seat)), s.won ? " won" : " did not win"),
    el("p", {}, `${plural(s.decisions, "decision")} with a choice: ${good} best or good, ${kinds[0]}, ${kinds[1]} and ${kinds[2]}.`),
    el("p", {}, `On average a decision cost ${percent(s.average_loss)} of the chance to win.`));
}

function kindWords(point) {
  if (point.kind === "luck") return point.change > 0 ? "Good luck" : "Bad luck";
  const words = labelWords(point.kind);
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export class Analysis {
  /** `box`: the page's section for it; `go(index)` steps the replay; `onReady(review)` when it is there. */
  constructor(box, table, { go, seatName, onReady }) {
    Object.assign(this, { box, table, go, seatName, onReady });
    this.review = null;
    this.shown = null; // the status last drawn
    this.done = -1;
    this.socket = null;
    this.timer = null;
    this.step = 0;
    this.width = 0;
    this.resize = new ResizeObserver(() => this.redrawChart());
  }

  async load() {
    try {
      this.show(await api.analysis(this.table));
    } catch (error) {
      if (error.status === 403 || error.status === 404) {
        this.box.hidden = true; // a game not over (or no table): no analysis to offer
        return;
      }
      this.problem(`The analysis could not be asked for: ${error.message}.`, () => this.load());
    }
  }

  problem(message, retry) {
    this.box.hidden = false;
    const again = el("button", { type: "button", id: "analysis-retry" }, "Try again");
    again.addEventListener("click", retry);
    clear(this.body()).append(el("p", { class: "error", role: "alert" }, message), again);
  }

  body() {
    return document.getElementById("analysis-body");
  }

  show(doc) {
    if (doc.status === "running" && this.shown === "running" && doc.done < this.done) return; // an older word
    this.box.hidden = false;
    this.shown = doc.status;
    document.body.dataset.analysis = doc.status;
    window.__dinotableAnalysis = doc; // read by the browser tests, once the page shows it
    if (doc.status === "running") this.running(doc);
    else this.stopFollowing();
    if (doc.status === "none") this.offer(doc);
    else if (doc.status === "failed") this.offer(doc, doc.error);
    else if (doc.status === "ready") this.ready(doc.review);
  }

  offer(doc, error = null) {
    const button = el("button", { type: "button", id: "analyse", class: "go" }, error ? "Try the analysis again" : "Analyse the game");
    button.addEventListener("click", () => this.start(button));
    clear(this.body()).append(...[
      error ? el("p", { class: "error", role: "alert" }, `${error.charAt(0).toUpperCase()}${error.slice(1)}.`) : null,
      el("p", {}, "The search bot can judge every decision of this game: each player's chance to win as the game went, "
        + "the turning points, and the better choice where there was one."),
      el("p", {}, button, " ", el("span", { class: "help" }, `It judges ${plural(doc.total, "decision")}; the page shows how far it is.`))].filter(Boolean));
  }

  async start(button) {
    button.disabled = true;
    button.textContent = "Starting the analysis...";
    try {
      this.show(await api.startAnalysis(this.table));
    } catch (error) {
      this.problem(`The analysis could not start: ${error.message}.`, () => this.load());
    }
  }

  running(doc) {
    this.done = doc.done;
    let bar = document.getElementById("analysis-progress");
    if (!bar) {
      bar = el("progress", { id: "analysis-progress", "aria-labelledby": "analysis-words" });
      clear(this.body()).append(el("p", { id: "analysis-words", class: "analysis-words", role: "status", "aria-live": "polite" }), bar);
    }
    bar.max = Math.max(1, doc.total);
    bar.value = doc.done;
    document.getElementById("analysis-words").textContent = doc.done
      ? `Analysing the game: ${doc.done} of ${plural(doc.total, "decision")}.`
      : `Analysing the game: 0 of ${plural(doc.total, "decision")} (it may first wait for another analysis to finish).`;
    this.follow();
  }

  // While it runs: the socket's news, and a question each second when there is no socket (else now and then).
  follow() {
    if (!this.socket) this.openSocket();
    if (this.timer) return;
    const ask = async () => {
      this.timer = null;
      if (this.shown !== "running") return;
      try {
        this.show(await api.analysis(this.table));
      } catch {
        // asked again at the next tick
      }
      if (this.shown === "running" && !this.timer) this.timer = setTimeout(ask, this.socketOpen ? POLL_BESIDE_SOCKET : POLL);
    };
    this.timer = setTimeout(ask, this.socketOpen ? POLL_BESIDE_SOCKET : POLL);
  }

  openSocket() {
    let socket;
    try {
      const scheme = location.protocol === "https:" ? "wss" : "ws";
      socket = new WebSocket(`${scheme}://${location.host}/ws/tables/${encodeURIComponent(this.table)}`);
    } catch {
      return; // polled instead
    }
    this.socket = socket;
    socket.addEventListener("open", () => { this.socketOpen = true; });
    socket.addEventListener("close", () => {
      this.socketOpen = false;
      if (this.socket === socket) this.socket = null;
    });
    socket.addEventListener("message", (event) => {
      let message;
      try {
        message = JSON.parse(event.data);
      } catch {
        return;
      }
      const news = message && message.analysis;
      if (!news || this.shown !== "running") return;
      if (news.status === "running") this.show(news);
      else this.load(); // ready (the review is fetched) or failed (with its error)
    });
  }

  stopFollowing() {
    clearTimeout(this.timer);
    this.timer = null;
    const socket = this.socket;
    this.socket = null;
    this.socketOpen = false;
    socket?.close();
  }

  ready(review) {
    if (this.review === review) return;
    this.review = review;
    const chartBox = el("div", { class: "chart-holder", id: "chance-chart" });
    const points = review.turning_points || [];
    clear(this.body()).append(
      el("p", { class: "help" }, `Each chance is the search bot's estimate, from ${plural(review.budget, "simulated game")} per decision. `
        + "Click a point of the chart or a turning point to see that decision on the board."),
      el("figure", { class: "chance-figure" },
        el("figcaption", {}, "Each player's chance to win, decision by decision"),
        chartBox,
        chartLegend(review.chart, review.summary, this.seatName)),
      el("h3", {}, "Turning points"),
      points.length ? el("ol", { class: "turning-points" }, points.map((point, n) => this.turningPoint(point, n)))
        : el("p", { class: "none" }, "No decision or chance moved the game much."),
      el("h3", {}, "Each player"),
      el("ul", { class: "seat-reviews" }, (review.summary || []).map((s) => seatSummary(s, this.seatName))));
    this.width = 0;
    this.resize.disconnect();
    this.resize.observe(chartBox);
    this.redrawChart();
    this.onReady?.(review);
  }

  turningPoint(point, n) {
    const button = el("button", { type: "button", class: "turning-point", "data-turning": n + 1, "data-index": point.index, "data-kind": point.kind },
      el("span", { class: "tp-number", "aria-hidden": "true" }, String(n + 1)),
      el("span", { class: "tp-words" },
        el("strong", { class: `tp-change${point.change < 0 ? " down" : " up"}` }, `${kindWords(point)}, ${signedPercent(point.change)} to the chance to win`),
        el("span", { class: "tp-text" }, point.text)));
    button.addEventListener("click", () => this.go(point.index, { reveal: true }));
    return el("li", {}, button);
  }

  redrawChart() {
    const holder = document.getElementById("chance-chart");
    if (!holder || !this.review) return;
    const width = Math.max(280, Math.floor(holder.clientWidth));
    if (width === this.width) return;
    this.width = width;
    clear(holder).append(drawChart(this.review.chart, this.review.turning_points || [],
      { width, step: this.step, go: (index) => this.go(index, { reveal: true }), seatName: this.seatName }));
  }

  /** The replay shows `step`: the chart marks it, and its turning point's button reads as the one shown. */
  showStep(step) {
    this.step = step;
    markStep(document.querySelector("#chance-chart svg"), step);
    for (const button of document.querySelectorAll(".turning-point")) {
      const here = Number(button.dataset.index) === step;
      button.classList.toggle("shown", here);
      if (here) button.setAttribute("aria-current", "step");
      else button.removeAttribute("aria-current");
    }
  }
}
