import type { Changes, MarketChange } from "../api/responseTypes.js";
import type { Names } from "./chartData.js";
import { element } from "./element.js";
import { format } from "./format.js";
import type { MarketHref } from "./marketRows.js";
import { feedHref } from "./renderPriceHistory.js";

/** The changes the view lists: the newest first, as changes.json orders them. */
export const changesShown = 100;

const perHour = (wei: string) => format.perHour(BigInt(wei));

/** What happened, in words: "posted at 0.36 MOR/h", "repriced from 1.44 MOR/h to 0.36 MOR/h", "withdrawn (was 0.36 MOR/h)". */
export function changeWords(change: MarketChange): string {
  if (change.kind === "withdrawn") return `withdrawn (was ${perHour(change.pricePerSecond)})`;
  if (change.kind === "repriced" && change.previousPricePerSecond !== undefined)
    return `repriced from ${perHour(change.previousPricePerSecond)} to ${perHour(change.pricePerSecond)}`;
  return `posted at ${perHour(change.pricePerSecond)}`;
}

/**
 * The newest market events (changes.json): bids posted, repriced and withdrawn, on every chain or
 * the chosen one, each naming its model and provider (links to their pages).
 */
export function renderChanges(
  container: HTMLElement,
  file: Changes,
  chain: "all" | number,
  names: Names,
  href: MarketHref,
): void {
  const all = file.changes.filter((change) => chain === "all" || change.chainId === chain);
  const shown = all.slice(0, changesShown);
  const link = (kind: "model" | "provider", id: string, text: string) =>
    element("a", { class: "page-link", href: href(kind, id), title: id }, text);
  const rows = shown.map((change) =>
    element(
      "tr",
      { "data-kind": change.kind, "data-bid": change.bidId },
      element("td", {}, format.utc(change.time)),
      element("td", {}, names.chain(change.chainId)),
      element("th", { scope: "row" }, link("model", change.modelId, names.model(change.modelId))),
      element("td", {}, link("provider", change.provider, format.shortHex(change.provider))),
      element("td", { class: `change ${change.kind}` }, changeWords(change)),
    ),
  );
  container.replaceChildren(
    element(
      "p",
      { class: "note", id: "changes-count" },
      all.length === 0
        ? "No bid was posted, repriced or withdrawn."
        : `The newest ${format.integer(shown.length)} of ${format.integer(all.length)} market events${chain === "all" ? "" : ` on ${names.chain(chain)}`}, the newest first (all in `,
      ...(all.length === 0
        ? []
        : [
            element("a", { href: "api/throughput/changes.json" }, "changes.json"),
            "; the newest 50 as a ",
            element("a", { href: feedHref }, "feed"),
            ").",
          ]),
    ),
    ...(rows.length === 0
      ? []
      : [
          element(
            "div",
            { class: "table-wrap" },
            element(
              "table",
              { class: "board changes-table" },
              element(
                "thead",
                {},
                element(
                  "tr",
                  {},
                  ...["When", "Chain", "Model", "Provider", "What happened"].map((text) =>
                    element("th", { scope: "col" }, text),
                  ),
                ),
              ),
              element("tbody", {}, ...rows),
            ),
          ),
        ]),
  );
}
