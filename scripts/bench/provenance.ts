import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";

/** What was measured: the commit (and whether the tree had changes), and the versions that ran. */
export type Provenance = {
  commit: string;
  /** Uncommitted changes in the tree when the bench started: the commit alone does not say what ran. */
  dirty: boolean;
  versions: { morThroughput: string; ponder: string; node: string };
};

export function provenance(root: string): Provenance {
  const git = (...args: string[]) => {
    try {
      return execFileSync("git", args, {
        cwd: root,
        encoding: "utf8",
        stdio: ["ignore", "pipe", "ignore"],
      }).trim();
    } catch {
      return "";
    }
  };
  const version = (file: string, read: (json: Record<string, unknown>) => unknown) =>
    String(read(JSON.parse(readFileSync(join(root, file), "utf8")) as Record<string, unknown>));
  return {
    commit: git("rev-parse", "HEAD") || "unknown",
    dirty: git("status", "--porcelain", "--untracked-files=no") !== "",
    versions: {
      morThroughput: version("package.json", (json) => json.version),
      ponder: version(
        "scripts/ponder-app/package.json",
        (json) => (json.dependencies as Record<string, string>).ponder,
      ),
      node: process.version,
    },
  };
}
