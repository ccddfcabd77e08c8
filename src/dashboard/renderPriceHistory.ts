import type { ModelMarket } from "../api/responseTypes.js";
import { chainName, colorAt } from "./chartTheme.js";
import { element, svg } from "./element.js";
import { format } from "./format.js";
import type { MarketHref } from "./marketRows.js";
import { historyArea, priceHistoryModel } from "./priceHistoryModel.js";
import { priceTick } from "./renderPriceSpeed.js";

/** Where the feed of market changes is published, from the page (SPEC 1.3: market.atom). */
export const feedHref = "api/throughput/market.atom";

/**
 * A model's prices over time: on each chain, each provider's bids as a step line (MOR an hour;
 * a gap where it withdrew), its colour in the legend linking to its page; then the feed of changes
 * and the changes view. SVG drawn at the container's width, so its text is the page's size.
 */
export function renderPriceHistory(
  container: HTMLElement,
  model: ModelMarket,
  asOf: number,
  links: { href: MarketHref; changes: string },
): void {
  const width = Math.max(280, Math.min(1160, container.clientWidth || 640));
  const height = width < 500 ? 190 : 220;
  const charts = priceHistoryModel(model, asOf, { width, height });
  const bottom = height - historyArea.bottom;
  const right = width - historyArea.right;
  const pictures = charts.flatMap((chart) => {
    const picture = svg(
      "svg",
      {
        class: "price-history",
        "data-chain": chart.chainId,
        viewBox: `0 0 ${width} ${height}`,
        width,
        height,
        role: "img",
        "aria-label": `Prices over time on ${chainName(chart.chainId)}, MOR per hour${chart.y.log ? " (log scale)" : ""}, one step line per provider`,
      },
      ...chart.y.ticks.flatMap((tick) => [
        svg("line", { class: "grid", x1: historyArea.left, x2: right, y1: tick.at, y2: tick.at }),
        svg(
          "text",
          { class: "tick", x: historyArea.left - 6, y: tick.at + 4, "text-anchor": "end" },
          priceTick(tick.value),
        ),
      ]),
      ...chart.x.ticks.map((tick, k) =>
        svg(
          "text",
          { class: "tick", x: tick.at, y: bottom + 18, "text-anchor": "middle" },
          chart.x.labels[k] ?? "",
        ),
      ),
      svg("line", { class: "axis", x1: historyArea.left, x2: right, y1: bottom, y2: bottom }),
      svg(
        "text",
        {
          class: "axis-title",
          x: 12,
          y: (historyArea.top + bottom) / 2,
          transform: `rotate(-90 12 ${(historyArea.top + bottom) / 2})`,
          "text-anchor": "middle",
        },
        `MOR/h${chart.y.log ? " (log)" : ""}`,
      ),
      ...chart.lines.flatMap((line) => [
        svg("path", {
          class: "step",
          d: line.path,
          stroke: colorAt(line.index),
          "data-provider": line.provider,
        }),
        ...(line.standing
          ? [svg("circle", { cx: line.standing.x, cy: line.standing.y, r: 3.5, fill: colorAt(line.index) })]
          : []),
      ]),
    );
    const legend = element(
      "ul",
      { class: "legend" },
      ...chart.lines.map((line) => {
        const swatch = element("span", { class: "swatch" });
        swatch.style.setProperty("--swatch", colorAt(line.index));
        return element(
          "li",
          {},
          swatch,
          element(
            "a",
            { href: links.href("provider", line.provider), title: line.provider },
            format.shortHex(line.provider),
          ),
        );
      }),
    );
    return [element("h4", {}, `On ${chainName(chart.chainId)}`), legend, picture];
  });
  container.replaceChildren(
    element(
      "h3",
      {},
      "Prices over time ",
      element(
        "span",
        { class: "muted" },
        "(each provider's bids, MOR per hour: a step where it re-posted, a gap where it withdrew)",
      ),
    ),
    ...(pictures.length > 0
      ? pictures
      : [element("p", { class: "empty" }, "No bid of this model could be read.")]),
    element(
      "p",
      { class: "note" },
      "Price changes as they happen: ",
      element("a", { href: feedHref, id: "market-feed", type: "application/atom+xml" }, "the feed (Atom)"),
      " · ",
      element("a", { href: links.changes }, "the newest changes"),
    ),
  );
}
