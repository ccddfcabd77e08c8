import type { Audit, Meta } from "../api/responseTypes.js";
import { auditText } from "./auditText.js";
import { element } from "./element.js";
import { freshness } from "./freshness.js";

/** How old the numbers are, a warning when they are stale, and the backfill still in progress. */
export function renderFreshness(container: HTMLElement, meta: Meta, chain: "all" | number): void {
  const fresh = freshness(meta, chain, Math.floor(Date.now() / 1000));
  container.replaceChildren(
    element(
      "p",
      { class: "as-of", id: "as-of" },
      element("strong", {}, fresh.asOf),
      ...(fresh.updated ? [` · ${fresh.updated}`] : []),
    ),
    ...(fresh.stale ? [element("p", { class: "warning", role: "alert", id: "stale" }, fresh.stale)] : []),
    ...fresh.backfill.map((text) => element("p", { class: "warning", "data-backfill": "" }, text)),
  );
}

/** The audit in plain words, with the pairs that do not match when there are some. */
export function renderAudit(
  container: HTMLElement,
  audit: Audit,
  chain: "all" | number,
  modelName: (modelId: string) => string,
  chainName: (chainId: number) => string,
): void {
  const text = auditText(audit, chain, modelName, chainName);
  const mark = { verified: "✓", mismatch: "!", nothing: "·" }[text.verdict];
  const children: Array<Node> = [
    element(
      "p",
      { class: `audit ${text.verdict}`, id: "audit-verdict" },
      element("span", { class: "mark", "aria-hidden": "true" }, mark),
      `${text.sentence} `,
      element("a", { href: "api/throughput/audit.json" }, "audit.json"),
    ),
  ];
  for (const note of text.notes) children.push(element("p", { class: "note" }, note));
  if (text.pairs.length > 0)
    children.push(
      element("ul", { class: "audit-pairs" }, ...text.pairs.map((line) => element("li", {}, line))),
    );
  container.replaceChildren(...children);
}
