import type { MetaChain, Rollup } from "../../api/apiTypes.js";
import { apiPath, chainFolder } from "../../api/fileSchemas.js";
import type { Audit } from "../../api/responseTypes.js";
import type { ConnectedChain } from "../../chain/connectChain.js";
import type { Logger } from "../../log/createLogger.js";
import type { FetchedRelease } from "../fetchRelease.js";
import { checkConsistency } from "../spec/checkConsistency.js";
import type { Difference } from "./Difference.js";
import { iso } from "./pickHours.js";
import { type AuditChecked, verifyAudit } from "./verifyAudit.js";
import { type HourChecked, verifyHours } from "./verifyHours.js";

export type ChainVerified = {
  chainId: number;
  contract: string;
  /** The site's last synced block, where the audit's counters are compared. */
  toBlock: number;
  hours: Array<HourChecked & { hour: string }>;
  audit: AuditChecked;
  /** What the chain's endpoints were asked, connecting included. */
  requests: { httpRequests: number; rpcCalls: number };
};

export type ReleaseVerified = {
  chains: ChainVerified[];
  /** Chains of the site no endpoint serves: not checked. */
  notChecked: number[];
  differences: Difference[];
};

/**
 * One release of a site against the chains: its files are one release (their key is meta.json's;
 * otherwise the files that disagree with the others are named, publish/spec/checkConsistency.ts), each
 * chain's hourly buckets of `hours` (verifyHours), its audit counters (verifyAudit).
 */
export async function verifyRelease(
  release: FetchedRelease,
  chains: readonly ConnectedChain[],
  hours: readonly number[],
  logger: Logger,
): Promise<ReleaseVerified> {
  const differences: Difference[] = [];
  const json = (path: string): unknown => {
    const bytes = release.files.get(`${apiPath}/${path}`);
    if (!bytes) return undefined;
    try {
      return JSON.parse(Buffer.from(bytes).toString("utf8"));
    } catch {
      return undefined;
    }
  };
  for (const path of release.missing)
    differences.push({ file: path, bucket: "", field: "(file)", published: null, computed: "present" });
  if (release.keyMismatch) {
    differences.push({
      file: "meta.json",
      bucket: "",
      field: "releaseKey",
      published: release.keyMismatch.published,
      computed: release.keyMismatch.computed,
    });
    const files: Record<string, unknown> = {};
    const texts: Record<string, string> = {};
    for (const [path, bytes] of release.files) {
      if (!path.startsWith(`${apiPath}/`) || !path.endsWith(".json")) continue;
      const below = path.slice(apiPath.length + 1);
      files[below] = json(below);
      texts[below] = Buffer.from(bytes).toString("utf8");
    }
    for (const problem of checkConsistency(files, texts)) {
      const file = problem.split(":")[0] as string;
      differences.push({ file, bucket: "", field: "(another release)", published: problem, computed: null });
    }
  }
  const audit = json("audit.json") as Audit | undefined;
  const verified: ChainVerified[] = [];
  for (const chain of chains) {
    const site = release.meta.chains.find((c) => c.chainId === chain.chainId) as MetaChain;
    logger.info(
      `chain ${chain.chainId}: checking ${hours.length} hour(s) and the audit at block ${site.toBlock}`,
    );
    const hourly = json(`${chainFolder(chain.chainId)}/rollup/hourly.json`) as Rollup | undefined;
    const checked = await verifyHours(chain.view, site, hourly ?? { bucket: "hourly", series: [] }, hours);
    const audited = audit
      ? await verifyAudit(chain.view, site, audit)
      : { audit: { pairs: 0, block: site.toBlock, skipped: "no audit.json" }, differences: [] };
    differences.push(...checked.differences, ...audited.differences);
    const { httpRequests, rpcCalls } = chain.rpcStats();
    verified.push({
      chainId: chain.chainId,
      contract: site.contract,
      toBlock: site.toBlock,
      hours: checked.hours.map((hour) => ({ hour: iso(hour.ts), ...hour })),
      audit: audited.audit,
      requests: { httpRequests, rpcCalls },
    });
  }
  const served = new Set(chains.map((chain) => chain.chainId));
  const notChecked = release.meta.chains.map((c) => c.chainId).filter((id) => !served.has(id));
  return { chains: verified, notChecked, differences };
}
