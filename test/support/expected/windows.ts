import { type Figures, windowFigures } from "./figures.js";
import type { ClosedSession } from "./readChain.js";

const day = 86_400;

/** The four summary windows: 24h, 7d, 30d hold as-of − 86,400·d < closedAt ≤ as-of; all, every close up to as-of. */
export function windows(
  items: readonly ClosedSession[],
  asOf: number,
): { "24h": Figures; "7d": Figures; "30d": Figures; all: Figures } {
  const within = (days: number) =>
    windowFigures(items.filter((c) => asOf - days * day < c.closedAt && c.closedAt <= asOf));
  return {
    "24h": within(1),
    "7d": within(7),
    "30d": within(30),
    all: windowFigures(items.filter((c) => c.closedAt <= asOf)),
  };
}
