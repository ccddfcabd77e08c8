import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, test } from "vitest";
import { packageRoot } from "../../src/util/packageRoot.js";
import { type ProcessResult, runProcess } from "../../tooling/process/runProcess.js";
import { countCliRun } from "../support/countCliRuns.js";
import { lockForTarball } from "../support/lockForTarball.js";
import { npm, npmEnv, type PackResult } from "../support/npm.js";
import { cliEnv } from "../support/runCli.js";
import { useTempDir } from "../support/useTempDir.js";

/**
 * The package as a user gets it from the registry (issue 10): `npm pack`, the tarball installed
 * into an empty folder, and there `npx mor-throughput demo --no-serve`, then `validate`.
 */
describe("the installed package", () => {
  const repo = packageRoot();
  const dir = useTempDir("mor-installed-");
  let app: string;
  let packed: PackResult;

  beforeAll(async () => {
    app = join(dir, "app");
    mkdirSync(app);

    // --ignore-scripts: no `prepare`. The global setup (test/support/buildDist.ts) has just built dist/, and building again here
    // would rewrite dist/ under the test files that run the CLI at the same time.
    const pack = await npm(repo, ["pack", "--json", "--ignore-scripts", "--pack-destination", dir]);
    expect(pack.code, pack.stderr).toBe(0);
    [packed] = JSON.parse(pack.stdout) as [PackResult];

    // Installing the tarball as a user would, with the checkout's versions of its dependencies (a
    // lock file written from the checkout's, test/support/lockForTarball.ts) and without the
    // network: `npm ci --offline` takes every package from the npm cache that the checkout's
    // `npm ci` filled. (`npm install` would ask the registry for each package's metadata, which that
    // cache lacks: one stalled answer held a fresh-clone run until the 240 s limit of npm().)
    // --ignore-scripts skips better-sqlite3's build (about two minutes here; anvil's postinstall
    // only downloads a binary when its platform package is missing): the checkout's compiled addon
    // is copied in instead, the same version built by the same Node binary (same ABI).
    const read = (file: string) => JSON.parse(readFileSync(join(repo, file), "utf8"));
    const { packageJson, lock } = lockForTarball(
      read("package-lock.json"),
      read("package.json"),
      `file:../${packed.filename}`,
    );
    writeFileSync(join(app, "package.json"), `${JSON.stringify(packageJson, null, 2)}\n`);
    writeFileSync(join(app, "package-lock.json"), `${JSON.stringify(lock, null, 2)}\n`);
    const install = await npm(app, ["ci", "--offline", "--ignore-scripts", "--no-audit", "--no-fund"]);
    expect(install.code, install.stderr).toBe(0);
    const addon = join("build", "Release", "better_sqlite3.node");
    const sqlite = join(repo, "node_modules", "better-sqlite3");
    mkdirSync(join(app, "node_modules", "better-sqlite3", "build", "Release"), { recursive: true });
    copyFileSync(join(sqlite, addon), join(app, "node_modules", "better-sqlite3", addon));
  }, 300_000);

  test("default: `npx mor-throughput demo --no-serve` publishes a set that `validate` accepts", async () => {
    const out = join(dir, "out");
    // A small history: what is tested is the installed package, not the history's size.
    const small = ["--days", "5", "--sessions-per-day", "20"];
    const demo = await npx(app, ["demo", "--no-serve", ...small, "--out", out]);
    expect(demo.code, demo.stderr).toBe(0);
    expect(demo.stderr).toMatch(/published: release [0-9a-f]{16} in /);

    const validate = await npx(app, ["validate", out, "--json"]);
    expect(validate.code, validate.stderr).toBe(0);
    expect(JSON.parse(validate.stdout)).toMatchObject({ valid: true, problems: [] });
  });

  test("error: without anvil (an install that left optional dependencies out), `demo` exits 1, says what to install, makes nothing", async () => {
    const foundry = join(app, "node_modules", "@foundry-rs");
    const hidden = join(dir, "foundry-rs-hidden");
    const scratch = join(dir, "tmp-no-anvil");
    const empty = join(dir, "empty-path");
    mkdirSync(scratch);
    mkdirSync(empty);
    renameSync(foundry, hidden);
    try {
      // The bin run by Node itself, with a PATH that holds no anvil (a machine with Foundry has one).
      const bin = join(app, "node_modules", "mor-throughput", "bin", "mor-throughput.js");
      const out = join(dir, "out-no-anvil");
      countCliRun("spawned");
      const demo = await runProcess(process.execPath, [bin, "demo", "--no-serve", "--out", out], {
        cwd: app,
        env: cliEnv({ PATH: empty, TMPDIR: scratch }),
        timeoutMs: 60_000,
      });
      expect(demo.code, demo.stderr).toBe(1);
      expect(demo.stderr).toMatch(/^error: anvil, the local chain the demo runs, is not installed\.\n.+/);
      expect(demo.stderr).toContain("https://getfoundry.sh");
      expect(demo.stderr).not.toMatch(/\n\s+at /); // no stack
      expect([existsSync(out), readdirSync(scratch)]).toEqual([false, []]);
    } finally {
      renameSync(hidden, foundry);
    }
  });

  test("behavior: the package entry, the typed client, is there for import and for require()", async () => {
    const names = "Object.keys(m).filter((k) => /Client|freshness/.test(k)).sort().join()";
    const imported = await runProcess(
      process.execPath,
      ["--input-type=module", "-e", `const m = await import("mor-throughput"); console.log(${names})`],
      { cwd: app, env: npmEnv(), timeoutMs: 30_000 },
    );
    // require() of an ES module: Node 20.19 and later (the package's engines).
    const required = await runProcess(
      process.execPath,
      ["-e", `const m = require("mor-throughput"); console.log(${names})`],
      { cwd: app, env: npmEnv(), timeoutMs: 30_000 },
    );
    for (const result of [imported, required]) {
      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout.trim()).toBe("ThroughputClientError,createThroughputClient,freshnessOf");
    }
  });

  test("behavior: ships the license, the docs and the artifacts of what the demo deploys; no test facet, no source maps, no Solidity", () => {
    const paths = packed.files.map((file) => file.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        "LICENSE",
        "README.md",
        "docs/SPEC.md",
        "src/devchain/artifacts/TestMarketplace.json",
        "src/devchain/artifacts/Multicall3.json",
      ]),
    );
    expect(paths.filter((path) => path.endsWith(".map") || path.endsWith(".sol"))).toEqual([]);
    // The facets the tests cut into the marketplace are test tooling (tooling/contracts).
    expect(paths.filter((path) => path.startsWith("src/devchain/artifacts/")).sort()).toEqual([
      "src/devchain/artifacts/Multicall3.json",
      "src/devchain/artifacts/TestMarketplace.json",
    ]);
  });
});

/** `npx --no`: the installed bin or a failure, never a download of the published package. */
function npx(cwd: string, args: string[]): Promise<ProcessResult> {
  countCliRun("spawned");
  return runProcess("npx", ["--no", "mor-throughput", ...args], { cwd, env: npmEnv(), timeoutMs: 120_000 });
}
