import type { Summary } from "../api/responseTypes.js";
import { element } from "./element.js";
import { format } from "./format.js";

type Card = { field: string; title: string; value: string; detail?: string; hint?: string };

function card(window: string, { field, title, value, detail, hint }: Card): HTMLElement {
  return element(
    "article",
    { class: "card", "data-window": window, ...(hint ? { title: hint } : {}) },
    element("h3", {}, title),
    element("p", { class: "value", "data-field": field }, value),
    ...(detail ? [element("p", { class: "detail" }, detail)] : []),
  );
}

const perDay = (weekTotal: number, write: (n: number) => string) => `7-day avg ${write(weekTotal / 7)}`;

/**
 * The totals since launch (tokens, sessions closed, inference hours, earned) and the last 24
 * hours as per-day cards (tokens, sessions, inference hours, median TTFT and speed, disputed
 * share), each beside the last 7 days for comparison: exactly what summary.json says.
 */
export function renderCards(
  headline: HTMLElement,
  today: HTMLElement,
  summary: Summary,
  place: string,
): void {
  const all = summary.all;
  headline.replaceChildren(
    card("all", { field: "tokens", title: "Tokens", value: format.integer(all.tokens), detail: place }),
    card("all", {
      field: "sessions",
      title: "Sessions closed",
      value: format.integer(all.sessions),
      detail: place,
    }),
    card("all", {
      field: "hours",
      title: "Inference hours",
      value: format.hours(all.seconds),
      detail: "session time paid for by stake",
    }),
    card("all", {
      field: "earned",
      title: "Earned by providers",
      value: format.mor(all.earned, 0),
      detail: "entitlement, not money paid",
      hint: "What the contract owes providers for their closed sessions; a provider with a small stake cannot withdraw all of it.",
    }),
  );
  const day = summary["24h"];
  const week = summary["7d"];
  const count = (n: number) => format.integer(Math.round(n));
  today.replaceChildren(
    card("24h", {
      field: "tokens",
      title: "Tokens / day",
      value: format.integer(day.tokens),
      detail: perDay(week.tokens, count),
    }),
    card("24h", {
      field: "sessions",
      title: "Sessions / day",
      value: format.integer(day.sessions),
      detail: perDay(week.sessions, count),
    }),
    card("24h", {
      field: "hours",
      title: "Inference hours / day",
      value: format.hours(day.seconds),
      detail: perDay(week.seconds, format.hours),
    }),
    card("24h", {
      field: "ttft",
      title: "Median TTFT",
      value: format.seconds(day.ttft),
      detail: `7-day ${format.seconds(week.ttft)}`,
    }),
    card("24h", {
      field: "tps",
      title: "Median speed",
      value: format.tps(day.tps),
      detail: `7-day ${format.tps(week.tps)}`,
    }),
    card("24h", {
      field: "disputed",
      title: "Disputed",
      value: format.share(day.disputed, day.sessions),
      detail: `${format.integer(day.disputed)} of ${format.integer(day.sessions)} · 7-day ${format.share(week.disputed, week.sessions)}`,
    }),
  );
}
