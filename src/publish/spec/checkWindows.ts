import type { Summary, WindowTotals } from "../../api/responseTypes.js";
import { checkEmpty } from "./checkEmpty.js";
import { sameNumber } from "./sums.js";

const nested = [
  ["24h", "7d"],
  ["7d", "30d"],
  ["30d", "all"],
] as const;

const counted = [
  "sessions",
  "tokens",
  "tokenSessions",
  "seconds",
  "disputed",
  "providers",
  "models",
] as const;

/**
 * The four windows of a summary (or a leaderboard item) are nested, 24h ⊆ 7d ⊆ 30d ⊆ all: no
 * figure that counts or sums sessions is larger in a window than in the one around it.
 */
export function checkWindows(where: string, windows: Summary): string[] {
  const problems: string[] = [];
  for (const [name, window] of Object.entries(windows))
    if (isWindow(window)) problems.push(...checkEmpty(`${where}/${name}`, window));
  for (const [inner, outer] of nested) {
    const a = windows[inner];
    const b = windows[outer];
    const larger = counted.filter((key) => a[key] > b[key] && !sameNumber(a[key], b[key]));
    if (BigInt(a.earned) > BigInt(b.earned)) larger.push("earned" as never);
    if (larger.length > 0)
      problems.push(
        `${where}: the ${inner} window is not inside the ${outer} window (${larger.map((key) => `${key} ${String(a[key])} > ${String(b[key])}`).join(", ")})`,
      );
  }
  return problems;
}

function isWindow(value: unknown): value is WindowTotals {
  return typeof value === "object" && value !== null && "sessions" in value;
}
