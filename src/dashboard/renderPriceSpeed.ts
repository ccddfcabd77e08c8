import { element, svg } from "./element.js";
import { format } from "./format.js";
import type { MarketRow } from "./marketRows.js";
import { plotArea, priceSpeedModel } from "./priceSpeedModel.js";
import { chainPriceText } from "./renderChainPrices.js";

/** A tick's price: as few digits as it needs (0, 0.001, 0.5, 12). */
export const priceTick = (value: number) =>
  value >= 1 || value <= 0
    ? format.decimal(value, 1)
    : format.decimal(value, Math.min(20, Math.max(1, -Math.floor(Math.log10(value)) + 1)));

/**
 * The price-against-speed picture: each row with an offer and a measured speed a point (speed
 * across, its lowest price up, on whichever chain; the tooltip gives each chain's), named, linked to its page; what cannot be placed is listed
 * below. An SVG drawn at the container's width; the table beside it holds the same numbers.
 */
export function renderPriceSpeed(
  container: HTMLElement,
  rows: readonly MarketRow[],
  options: { label: (row: MarketRow) => string; href: (row: MarketRow) => string; what: string },
): void {
  const width = Math.max(280, Math.min(1160, container.clientWidth || 640));
  const height = width < 500 ? 240 : 300;
  const model = priceSpeedModel(rows, { width, height }, options.label);
  if (model.points.length === 0) {
    container.replaceChildren(
      element(
        "p",
        { class: "empty" },
        `No ${options.what} has both an offer now and a measured speed in this window.`,
      ),
    );
    return;
  }
  const bottom = height - plotArea.bottom;
  const right = width - plotArea.right;
  const picture = svg(
    "svg",
    {
      class: "price-speed",
      viewBox: `0 0 ${width} ${height}`,
      width,
      height,
      role: "img",
      "aria-label": `Price against speed: ${model.points.map((p) => `${p.label} ${format.decimal(p.speed, 1)} tok/s at ${chainPriceText(p.cheapest)}`).join("; ")}`,
    },
    ...model.y.ticks.flatMap((tick) => [
      svg("line", { class: "grid", x1: plotArea.left, x2: right, y1: tick.at, y2: tick.at }),
      svg(
        "text",
        { class: "tick", x: plotArea.left - 6, y: tick.at + 4, "text-anchor": "end" },
        priceTick(tick.value),
      ),
    ]),
    ...model.x.ticks.flatMap((tick) => [
      svg("line", { class: "grid", x1: tick.at, x2: tick.at, y1: plotArea.top, y2: bottom }),
      svg(
        "text",
        { class: "tick", x: tick.at, y: bottom + 16, "text-anchor": "middle" },
        format.decimal(tick.value, 1),
      ),
    ]),
    svg("line", { class: "axis", x1: plotArea.left, x2: right, y1: bottom, y2: bottom }),
    svg("line", { class: "axis", x1: plotArea.left, x2: plotArea.left, y1: plotArea.top, y2: bottom }),
    svg(
      "text",
      { class: "axis-title", x: (plotArea.left + right) / 2, y: height - 4, "text-anchor": "middle" },
      "Median speed (output tokens/s)",
    ),
    svg(
      "text",
      {
        class: "axis-title",
        x: 12,
        y: (plotArea.top + bottom) / 2,
        transform: `rotate(-90 12 ${(plotArea.top + bottom) / 2})`,
        "text-anchor": "middle",
      },
      `MOR per hour${model.y.log ? " (log scale)" : ""}`,
    ),
    ...model.points.map((point) => {
      const row = rows.find((r) => r.id === point.id) as MarketRow;
      const near = point.x > right - 90;
      return svg(
        "a",
        { href: options.href(row), class: "point", "data-id": point.id },
        svg(
          "title",
          {},
          `${point.label}: ${format.decimal(point.speed, 3)} tok/s, ${row.chains.map(chainPriceText).join(", ")}`,
        ),
        svg("circle", { cx: point.x, cy: point.y, r: 6 }),
        svg(
          "text",
          { x: near ? point.x - 9 : point.x + 9, y: point.y + 4, "text-anchor": near ? "end" : "start" },
          point.label,
        ),
      );
    }),
  );
  container.replaceChildren(
    picture,
    ...(model.left.length > 0
      ? [
          element(
            "p",
            { class: "note", "data-left-out": String(model.left.length) },
            `Not shown: ${model.left.map((item) => `${item.label} (${item.reason})`).join(", ")}.`,
          ),
        ]
      : []),
  );
}
