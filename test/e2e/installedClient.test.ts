import { execFileSync } from "node:child_process";
import { once } from "node:events";
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import type { Server } from "node:http";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createStaticServer } from "../../src/publish/createStaticServer.js";
import { packageRoot } from "../../src/util/packageRoot.js";
import { runProcess } from "../../tooling/process/runProcess.js";
import { npm, npmEnv, type PackResult } from "../support/npm.js";
import { runCli } from "../support/runCli.js";
import { useTempDir } from "../support/useTempDir.js";

/**
 * @mor-throughput/client as a dashboard author gets it (issue 12): the packed tarball installed
 * into an empty folder, with no dependency; imported (ESM) and required (CommonJS); its
 * typed calls against a publication served on loopback; its types checked by TypeScript in both
 * module systems.
 */
describe("@mor-throughput/client, installed", () => {
  const repo = packageRoot();
  const client = join(repo, "packages", "client");
  const dir = useTempDir("mor-client-");
  let app: string;
  let packed: PackResult;
  let server: Server;
  let site: string;

  beforeAll(async () => {
    app = join(dir, "app");
    mkdirSync(app);
    // --ignore-scripts: the build the global setup just ran (test/support/buildDist.ts) wrote dist/ (prepack would build it again).
    const pack = await npm(repo, [
      "pack",
      "-w",
      "@mor-throughput/client",
      "--json",
      "--ignore-scripts",
      "--pack-destination",
      dir,
    ]);
    expect(pack.code, pack.stderr).toBe(0);
    [packed] = JSON.parse(pack.stdout) as [PackResult];
    writeFileSync(join(app, "package.json"), '{ "name": "dashboard", "private": true, "type": "module" }\n');
    // --offline: the client has no dependencies, so nothing is asked of the registry (a stalled
    // answer would hold the test for minutes).
    const install = await npm(app, [
      "install",
      join(dir, packed.filename),
      "--offline",
      "--no-audit",
      "--no-fund",
    ]);
    expect(install.code, install.stderr).toBe(0);

    // A publication to read: the demo's, served as a static host would.
    const out = join(dir, "out");
    const demo = await runCli([
      "demo",
      "--no-serve",
      "--days",
      "4",
      "--sessions-per-day",
      "15",
      "--out",
      out,
    ]);
    expect(demo.code, demo.stderr).toBe(0);
    server = createStaticServer(join(out, "current")).listen(0, "127.0.0.1");
    await once(server, "listening");
    site = `http://127.0.0.1:${(server.address() as { port: number }).port}/`;
  }, 300_000);
  afterAll(() => {
    server?.close();
  });

  const node = (file: string) =>
    runProcess(process.execPath, [file, site], { cwd: app, env: npmEnv(), timeoutMs: 60_000 });

  test("default: import (ESM) and require (CommonJS) give the same typed calls", async () => {
    const calls = `
      const api = createThroughputClient(process.argv[2]);
      const summary = await api.summary();
      const daily = await api.rollup("daily");
      const meta = await api.meta();
      const chain = await api.chain(meta.chainId).summary();
      const market = await api.market();
      const missing = await api.get("rollup/weekly.json").catch((error) => error);
      const [pinned, pinnedMeta] = await api.read((release) => Promise.all([release.summary(), release.meta()]));
      console.log(JSON.stringify({
        apiVersion,
        sessions: summary.all.sessions,
        days: daily.series.length,
        chainSessions: chain.all.sessions,
        models: market.models.length,
        fresh: freshnessOf(meta, meta.asOf * 1000).stale === false,
        missing: [missing instanceof ThroughputClientError, missing.status],
        read: [pinned.all.sessions, pinnedMeta.releaseKey],
      }));`;
    writeFileSync(
      join(app, "esm.mjs"),
      `import { apiVersion, createThroughputClient, freshnessOf, ThroughputClientError } from "@mor-throughput/client";\n${calls}\n`,
    );
    writeFileSync(
      join(app, "cjs.cjs"),
      `const { apiVersion, createThroughputClient, freshnessOf, ThroughputClientError } = require("@mor-throughput/client");\n(async () => {${calls}\n})();\n`,
    );
    const [esm, cjs] = await Promise.all([node("esm.mjs"), node("cjs.cjs")]);
    expect(esm.code, esm.stderr).toBe(0);
    expect(cjs.code, cjs.stderr).toBe(0);
    const published = (path: string) =>
      JSON.parse(readFileSync(join(dir, "out", "api", "throughput", path), "utf8"));
    const meta = published("meta.json");
    expect(JSON.parse(esm.stdout)).toEqual({
      apiVersion: "1.3.0",
      sessions: published("summary.json").all.sessions,
      days: published("rollup/daily.json").series.length,
      chainSessions: published(`chains/${meta.chainId}/summary.json`).all.sessions,
      models: published("market.json").models.length,
      fresh: true,
      missing: [true, 404],
      read: [published("summary.json").all.sessions, meta.releaseKey],
    });
    expect(meta.releaseKey).toMatch(/^[0-9a-f]{16}$/);
    expect(cjs.stdout).toBe(esm.stdout);
  });

  test("default: TypeScript types every response, in an ES module and in a CommonJS one", async () => {
    const typed = (importLine: string) => `${importLine}
const api = createThroughputClient("https://example.org/");
export async function tokens(): Promise<number> {
  const summary: Summary = await api.summary();
  const meta: Meta = await api.meta();
  return summary["24h"].tokens + meta.chains.length;
}
`;
    writeFileSync(
      join(app, "typed.mts"),
      typed('import { createThroughputClient, type Meta, type Summary } from "@mor-throughput/client";'),
    );
    writeFileSync(
      join(app, "typed.cts"),
      typed('import { createThroughputClient, type Meta, type Summary } from "@mor-throughput/client";'),
    );
    const tsconfig = {
      compilerOptions: {
        module: "nodenext",
        moduleResolution: "nodenext",
        target: "es2022",
        strict: true,
        noEmit: true,
        lib: ["es2022", "dom"],
        types: [],
      },
      files: ["typed.mts", "typed.cts"],
    };
    writeFileSync(join(app, "tsconfig.json"), JSON.stringify(tsconfig));
    const tsc = join(repo, "node_modules", "typescript", "bin", "tsc");
    const ok = await runProcess(process.execPath, [tsc, "-p", "tsconfig.json"], {
      cwd: app,
      env: npmEnv(),
      timeoutMs: 120_000,
    });
    expect(ok.code, ok.stdout + ok.stderr).toBe(0);
    // And the types say something: a token count is not a string.
    writeFileSync(
      join(app, "typed.mts"),
      `${typed('import { createThroughputClient, type Meta, type Summary } from "@mor-throughput/client";')}\nexport const wrong: string = (await api.summary())["24h"].tokens;\n`,
    );
    const wrong = await runProcess(process.execPath, [tsc, "-p", "tsconfig.json"], {
      cwd: app,
      env: npmEnv(),
      timeoutMs: 120_000,
    });
    expect(wrong.code).not.toBe(0);
    expect(wrong.stdout).toMatch(/typed\.mts.*Type 'number' is not assignable to type 'string'/);
  });

  test("behavior: a light package: its files, no dependency, a small install", () => {
    const paths = packed.files.map((file) => file.path).sort();
    expect(paths).toEqual(
      expect.arrayContaining([
        "LICENSE",
        "README.md",
        "package.json",
        "dist/esm/index.js",
        "dist/cjs/index.js",
        "dist/esm/index.d.ts",
        "dist/cjs/index.d.ts",
      ]),
    );
    expect(
      paths.filter(
        (path) => path.endsWith(".map") || !/^(LICENSE|README\.md|package\.json|dist\/.+)$/.test(path),
      ),
    ).toEqual([]);
    const manifest = JSON.parse(readFileSync(join(client, "package.json"), "utf8"));
    expect(manifest).not.toHaveProperty("dependencies");
    expect(manifest).not.toHaveProperty("peerDependencies");
    expect(readFileSync(join(client, "LICENSE"), "utf8")).toBe(readFileSync(join(repo, "LICENSE"), "utf8"));
    const installed = readdirSync(join(app, "node_modules"));
    expect(installed.filter((name) => !name.startsWith("."))).toEqual(
      expect.not.arrayContaining(["viem", "better-sqlite3", "commander", "drizzle-orm"]),
    );
    const size = Number(
      execFileSync("du", ["-sk", join(app, "node_modules")], { encoding: "utf8" }).split("\t")[0],
    );
    const own = Number(
      execFileSync("du", ["-sk", join(app, "node_modules", "@mor-throughput", "client")], {
        encoding: "utf8",
      }).split("\t")[0],
    );
    console.log(
      `installed: node_modules ${size} kB in all, @mor-throughput/client ${own} kB, tarball ${packed.size} bytes`,
    );
    // kB: the client alone (its schemas and their compiled validators: about 1,060 kB with 1.3's).
    expect(size).toBeLessThan(1_200);
    expect(statSync(join(dir, packed.filename)).size).toBe(packed.size);
  });
});
