import type { StuckSessions } from "../api/responseTypes.js";
import { element } from "./element.js";
import { format } from "./format.js";

/** Rows shown before "Show all". */
const firstRows = 10;

/** The stake the stuck sessions lock, in all and per chain (BigInt: exact wei). */
export function lockedStake(stuck: StuckSessions): {
  total: bigint;
  byChain: Map<number, { count: number; stake: bigint }>;
} {
  const byChain = new Map<number, { count: number; stake: bigint }>();
  let total = 0n;
  for (const session of stuck.sessions) {
    const stake = BigInt(session.stake ?? "0");
    total += stake;
    const chain = byChain.get(session.chainId) ?? { count: 0, stake: 0n };
    chain.count += 1;
    chain.stake += stake;
    byChain.set(session.chainId, chain);
  }
  return { total, byChain };
}

/**
 * The stuck sessions: how many, the stake they lock in total (and per chain), and the oldest
 * first in a table that shows ten until asked for all.
 */
export function renderStuck(
  container: HTMLElement,
  stuck: StuckSessions,
  modelName: (modelId: string) => string,
  chainName: (chainId: number) => string,
): void {
  if (stuck.sessions.length === 0) {
    container.replaceChildren(element("p", { class: "empty" }, "No stuck sessions."));
    return;
  }
  const { total, byChain } = lockedStake(stuck);
  const perChain =
    byChain.size > 1
      ? ` (${[...byChain].map(([chainId, item]) => `${chainName(chainId)}: ${format.integer(item.count)}, ${format.mor(item.stake.toString())}`).join("; ")})`
      : "";
  const lead = element(
    "p",
    { class: "stuck-total", id: "stuck-total" },
    element("strong", {}, `${format.integer(stuck.count)} sessions lock ${format.mor(total.toString())}`),
    ` of users' stake${perChain}.`,
  );
  const head = element(
    "tr",
    {},
    ...["Chain", "Session", "Opened", "Stake ran out", "Provider", "Model"].map((title) =>
      element("th", { scope: "col" }, title),
    ),
    element("th", { scope: "col", class: "number" }, "Stake (MOR)"),
  );
  const rows = stuck.sessions.map((session) =>
    element(
      "tr",
      {},
      element("td", {}, chainName(session.chainId)),
      element("td", { title: session.sessionId }, element("code", {}, format.shortHex(session.sessionId))),
      element("td", {}, format.utc(session.openedAt)),
      element("td", {}, session.endsAt === undefined ? "—" : format.utc(session.endsAt)),
      element(
        "td",
        { title: session.provider ?? "" },
        element("code", {}, format.shortHex(session.provider ?? "—")),
      ),
      element("td", {}, session.modelId === undefined ? "—" : modelName(session.modelId)),
      element(
        "td",
        { class: "number" },
        session.stake === undefined ? "—" : format.mor(session.stake).replace(" MOR", ""),
      ),
    ),
  );
  const body = element("tbody", {}, ...rows.slice(0, firstRows));
  const table = element(
    "div",
    { class: "table-wrap" },
    element("table", {}, element("thead", {}, head), body),
  );
  const more: Node[] = [];
  if (rows.length > firstRows) {
    const button = element(
      "button",
      { type: "button", class: "link-button", "data-focus": "stuck-more" },
      `Show all ${format.integer(rows.length)}`,
    );
    button.addEventListener("click", () => {
      body.replaceChildren(...rows);
      button.remove();
    });
    more.push(button);
  }
  container.replaceChildren(lead, table, ...more);
}
