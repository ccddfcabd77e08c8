import { integer } from "../formatInteger.js";
import type { BuildSummary } from "../runBuild.js";

/** The human summary of a build, made from the object `--json` prints. */
export function renderBuildSummary(build: BuildSummary): string[] {
  const asOf = new Date(build.asOf * 1000).toISOString().replace(".000Z", "Z");
  return [
    `${build.changed ? "published" : "published set unchanged"}: release ${build.releaseId} in ${build.out} (${build.files.length} files)`,
    `as of ${asOf} (block ${integer.format(build.toBlock)}): ${integer.format(build.closedSessions)} closed sessions, ${integer.format(build.stuckSessions)} stuck`,
  ];
}
