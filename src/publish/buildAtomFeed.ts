import type { ApiFiles } from "../api/apiTypes.js";

/** Where the feed is published, below api/throughput/ (SPEC.md 1.3). */
export const feedPath = "market.atom";
/** The newest changes the feed holds. */
export const feedSize = 50;

type Change = ApiFiles["changes.json"]["changes"][number];

/**
 * What XML 1.0 forbids in a document (its Char production): control characters but tab, line feed
 * and carriage return, lone surrogates, U+FFFE and U+FFFF. A model's name comes from the chain and
 * may hold any of them.
 */
export const forbiddenInXml =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters XML forbids, matched on purpose.
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Text as XML character data: escaped, and every character XML forbids replaced by U+FFFD. */
const escapeXml = (text: string) =>
  text
    .replace(forbiddenInXml, "\uFFFD")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");

/** Unix seconds as RFC 3339 in UTC, to the second. */
export const rfc3339 = (seconds: number) => new Date(seconds * 1000).toISOString().replace(/\.\d{3}Z$/, "Z");

/** An entry's id: the change's chain, bid and kind (a bid has one change of each kind at most). */
export const entryId = (change: Pick<Change, "chainId" | "bidId" | "kind">) =>
  `urn:mor-throughput:${change.chainId}:${change.bidId}:${change.kind}`;

/** Wei of MOR a second as MOR an hour: exact to six decimals (rounded down), trailing zeros dropped. */
export function morPerHour(pricePerSecond: string): string {
  const microMor = (BigInt(pricePerSecond) * 3600n) / 10n ** 12n;
  const whole = microMor / 1_000_000n;
  const fraction = (microMor % 1_000_000n).toString().padStart(6, "0").replace(/0+$/, "");
  return fraction === "" ? whole.toLocaleString("en-US") : `${whole.toLocaleString("en-US")}.${fraction}`;
}

const short = (id: string) => `${id.slice(0, 6)}…${id.slice(-4)}`;
const chainNames: Record<number, string> = { 8453: "Base", 42161: "Arbitrum One" };

/** "llama-3.3-70b: 0xAbC1…9f2e repriced from 0.36 to 0.72 MOR an hour on Base". */
function titleOf(change: Change, modelName: string): string {
  const model = modelName === "" ? short(change.modelId) : modelName;
  const price = `${morPerHour(change.pricePerSecond)} MOR an hour`;
  const what =
    change.kind === "repriced"
      ? `repriced from ${morPerHour(change.previousPricePerSecond ?? "0")} to ${price}`
      : change.kind === "posted"
        ? `offers it at ${price}`
        : `withdrew its offer at ${price}`;
  return `${model}: ${short(change.provider)} ${what} on ${chainNames[change.chainId] ?? `chain ${change.chainId}`}`;
}

/**
 * market.atom (SPEC.md 1.3): an Atom 1.0 feed (RFC 4287) of the newest 50 changes of changes.json,
 * in its order: `updated` the as-of; each entry's id urn:mor-throughput:{chainId}:{bidId}:{kind},
 * `updated` its time, a title naming the model (its name, or the short id), the provider, what
 * happened and the price an hour, and a link to the model's dashboard page, relative to the feed
 * (api/throughput/ is two folders below the page), so that it resolves wherever the set is served.
 */
export function buildAtomFeed(files: Pick<ApiFiles, "changes.json" | "market.json">): string {
  const names = new Map(files["market.json"].models.map((model) => [model.modelId, model.name]));
  const { asOf, changes } = files["changes.json"];
  const entries = changes.slice(0, feedSize).map((change) => {
    const link = `../../#market=${change.modelId}`;
    return [
      "  <entry>",
      `    <id>${entryId(change)}</id>`,
      `    <title>${escapeXml(titleOf(change, names.get(change.modelId) ?? ""))}</title>`,
      `    <updated>${rfc3339(change.time)}</updated>`,
      `    <link rel="alternate" type="text/html" href="${escapeXml(link)}"/>`,
      `    <content type="text">${escapeXml(`bid ${change.bidId}, ${change.pricePerSecond} wei of MOR a second`)}</content>`,
      "  </entry>",
    ].join("\n");
  });
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    "  <id>urn:mor-throughput:market</id>",
    "  <title>Morpheus marketplace: offers posted, repriced and withdrawn</title>",
    `  <updated>${rfc3339(asOf)}</updated>`,
    "  <author><name>mor-throughput</name></author>",
    '  <link rel="self" type="application/atom+xml" href="market.atom"/>',
    '  <link rel="alternate" type="text/html" href="../../"/>',
    ...entries,
    "</feed>",
    "",
  ].join("\n");
}
