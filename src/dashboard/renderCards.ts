import type { Summary } from "../api/responseTypes.js";
import { element } from "./element.js";
import { format } from "./format.js";

const windows = [
  ["24h", "Last 24 hours"],
  ["7d", "Last 7 days"],
  ["30d", "Last 30 days"],
  ["all", "All time"],
] as const;

/** One card per summary window: tokens, sessions and median TTFT, exactly as summary.json has them. */
export function renderCards(container: HTMLElement, summary: Summary): void {
  container.replaceChildren(
    ...windows.map(([key, title]) => {
      const totals = summary[key];
      return element(
        "article",
        { class: "card", "data-window": key },
        element("h3", {}, title),
        element(
          "dl",
          {},
          element("dt", {}, "Tokens"),
          element("dd", { "data-field": "tokens" }, format.integer(totals.tokens)),
          element("dt", {}, "Sessions"),
          element("dd", { "data-field": "sessions" }, format.integer(totals.sessions)),
          element("dt", {}, "TTFT"),
          element("dd", { "data-field": "ttft" }, format.seconds(totals.ttft)),
        ),
      );
    }),
  );
}
