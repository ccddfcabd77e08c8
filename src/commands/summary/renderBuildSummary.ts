import { integer } from "../formatInteger.js";
import type { BuildSummary } from "../runBuild.js";

/** The human summary of a build, made from the object `--json` prints. */
export function renderBuildSummary(build: BuildSummary): string[] {
  const asOf = new Date(build.asOf * 1000).toISOString().replace(".000Z", "Z");
  return [
    `${build.changed ? "published" : "published set unchanged"}: release ${build.releaseId} in ${build.out} (${build.files.length} files)`,
    `as of ${asOf} (${build.chains.map((chain) => `chain ${chain.chainId} block ${integer.format(chain.toBlock)}`).join(", ")}): ${integer.format(build.closedSessions)} closed sessions, ${integer.format(build.stuckSessions)} stuck`,
    build.audit.complete
      ? `audit: the index agrees with the contract's own counters on all ${integer.format(build.audit.pairs)} model/provider pairs`
      : `audit: the index agrees with the contract's own counters on ${integer.format(build.audit.matching)} of ${integer.format(build.audit.pairs)} pairs`,
    ...(build.snapshot
      ? [
          `snapshot: api/throughput/${build.snapshot.path}, ${integer.format(build.snapshot.bytes)} bytes, sha256 ${build.snapshot.sha256}`,
        ]
      : []),
  ];
}
