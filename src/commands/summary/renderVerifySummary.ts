import type { ReleaseVerified } from "../../publish/verify/verifyRelease.js";

export type VerifySummary = ReleaseVerified & {
  site: string;
  releaseKey: string | undefined;
  /** The seed of the random draw (none when the hours were given). */
  seed: number | undefined;
  hours: string[];
  /** HTTP requests to the site, and to the chains' endpoints (connecting included). */
  siteRequests: number;
  requests: number;
  agree: boolean;
};

/** verify's summary lines: what was checked, then every difference. */
export function renderVerifySummary(summary: VerifySummary): string[] {
  const lines = [
    `${summary.site} release ${summary.releaseKey ?? "(no key)"}: ${summary.hours.length} hour(s) ${summary.hours.join(", ")}${summary.seed === undefined ? "" : ` (--seed ${summary.seed})`}`,
  ];
  for (const chain of summary.chains) {
    const closes = chain.hours.reduce((sum, hour) => sum + hour.closes, 0);
    const blocks = chain.hours.map((hour) => `${hour.fromBlock}-${hour.toBlock}`).join(", ");
    const audit =
      "skipped" in chain.audit
        ? `audit skipped: ${chain.audit.skipped}`
        : `audit: ${chain.audit.pairs} pair(s) at block ${chain.audit.block}`;
    lines.push(
      `chain ${chain.chainId}: blocks ${blocks}, ${closes} close(s); ${audit}; ${chain.requests.httpRequests} request(s) (${chain.requests.rpcCalls} calls)`,
    );
  }
  if (summary.notChecked.length > 0)
    lines.push(`not checked (no endpoint): chain ${summary.notChecked.join(", ")}`);
  lines.push(`${summary.requests} request(s) to the endpoints, ${summary.siteRequests} to the site`);
  for (const d of summary.differences)
    lines.push(`differs: ${d.file} ${d.bucket} ${d.field}: published ${d.published}, computed ${d.computed}`);
  lines.push(
    summary.agree ? "the site agrees with the chain" : `${summary.differences.length} difference(s)`,
  );
  return lines;
}
