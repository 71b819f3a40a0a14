// Time banks (clocks), as the table state carries them: {bank, increment, left: [seconds or null per seat],
// running: seat or null, since: ISO time}. Only the running seat's time goes down, from `since` on; the
// browser counts it down with its own clock. Pure functions, so a test can call them with a chosen `now`.

import { plural } from "./dom.js";

/** The lobby's clock choices: none, real-time (minutes) or turn-based (days, a day added per decision). */
export const CLOCK_CHOICES = [
  { value: "", label: "no clock", clock: null },
  { value: "rt5", label: "real-time: 5 minutes each", clock: { bank: 5 * 60, increment: 0 } },
  { value: "rt15", label: "real-time: 15 minutes each", clock: { bank: 15 * 60, increment: 0 } },
  { value: "rt30", label: "real-time: 30 minutes each", clock: { bank: 30 * 60, increment: 0 } },
  { value: "tb1", label: "turn-based: 1 day each, plus 1 day a decision", clock: { bank: 86400, increment: 86400 } },
  { value: "tb3", label: "turn-based: 3 days each, plus 1 day a decision", clock: { bank: 3 * 86400, increment: 86400 } },
  { value: "tb7", label: "turn-based: 7 days each, plus 1 day a decision", clock: { bank: 7 * 86400, increment: 86400 } },
];

/** A seat's time left in seconds at `nowMs` (ms since 1970), or null when it has no clock (no clock, a bot). */
export function timeLeft(clock, seat, nowMs) {
  if (!clock || !Array.isArray(clock.left)) return null;
  const left = clock.left[seat];
  if (left === null || left === undefined) return null;
  if (clock.running !== seat) return left;
  const since = Date.parse(clock.since);
  return Number.isNaN(since) ? left : left - (nowMs - since) / 1000;
}

/** Time left as a player reads it: "14:07" under an hour, "5 h 12 min" under a day, "2 days 5 h" beyond. */
export function formatLeft(seconds) {
  if (seconds === null || seconds === undefined) return "";
  if (seconds <= 0) return "out of time";
  if (seconds < 3600) {
    const up = Math.ceil(seconds); // 0.4 s left still shows 0:01: the seat is not out of time yet
    return `${Math.floor(up / 60)}:${String(up % 60).padStart(2, "0")}`;
  }
  const whole = Math.floor(seconds); // hours and days as a person counts them: whole ones passed
  if (whole < 86400) return `${Math.floor(whole / 3600)} h ${Math.floor((whole % 3600) / 60)} min`;
  const days = Math.floor(whole / 86400);
  const hours = Math.floor((whole % 86400) / 3600);
  return hours ? `${plural(days, "day")} ${hours} h` : plural(days, "day");
}

/** A clock's kind in words: "real-time, 15 minutes each" or "turn-based, 3 days each, plus 1 day a decision". */
export function describeClock(clock) {
  if (!clock) return "no clock";
  const bank = clock.bank;
  const each = bank % 86400 === 0 ? plural(bank / 86400, "day")
    : bank % 3600 === 0 ? plural(bank / 3600, "hour")
      : bank % 60 === 0 ? plural(bank / 60, "minute") : plural(bank, "second");
  const inc = clock.increment || 0;
  const plus = !inc ? "" : inc % 86400 === 0 ? `, plus ${plural(inc / 86400, "day")} a decision`
    : inc % 60 === 0 ? `, plus ${plural(inc / 60, "minute")} a decision` : `, plus ${plural(inc, "second")} a decision`;
  return `${bank >= 86400 ? "turn-based" : "real-time"}, ${each} each${plus}`;
}

/** Whether this page's seat may hand the seat to move to a bot: a human seat, not the one to move, while the
 * seat to move (a person with a clock) has run out of time. */
export function canHandOver(state, nowMs) {
  if (!state || state.over || !state.clock) return false;
  const running = state.clock.running;
  if (running === null || running === undefined || state.seat === null || state.seat === undefined) return false;
  if (running === state.seat) return false;
  const me = (state.seats || []).find((s) => s.seat === state.seat);
  if (!me || me.type !== "human") return false;
  const left = timeLeft(state.clock, running, nowMs);
  return left !== null && left <= 0;
}
