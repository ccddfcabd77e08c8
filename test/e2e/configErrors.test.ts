import { cpSync, existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";
import { beforeAll, describe, expect, test } from "vitest";
import { multicall3Address } from "../../src/devchain/deployMarketplace.js";
import { knownSchemaVersion } from "../../src/store/openDatabase.js";
import { freePort } from "../../tooling/process/freePort.js";
import { oneSessionHistory } from "../support/oneSessionHistory.js";
import { runArgs } from "../support/runArgs.js";
import { type CliResult, parseJson, runCli } from "../support/runCli.js";
import { treeState } from "../support/treeState.js";
import { useDevChain } from "../support/useDevChain.js";
import { useTempDir } from "../support/useTempDir.js";

/**
 * Bad flags, endpoints and paths through the real CLI: the documented exit code, a message that
 * says what was wrong and what was expected (pinned), and not a byte changed on disk. Every case
 * runs in a copy of a directory holding a database and a publication made by a good run.
 */

const endTime = Date.UTC(2026, 6, 1) / 1000;

describe("bad configuration, end to end through the CLI", () => {
  const chain = useDevChain(oneSessionHistory(endTime));
  const dir = useTempDir("mor-config-");
  const template = join(dir, "template");
  let closed: number;
  let closedToo: number;
  let caseNumber = 0;

  beforeAll(async () => {
    mkdirSync(template);
    writeFileSync(join(template, "file.txt"), "a regular file\n");
    parseJson(
      await runCli([...chainArgs({ db: join(template, "db.sqlite"), out: join(template, "out") }), "--json"]),
    );
    closed = await freePort();
    do closedToo = await freePort();
    while (closedToo === closed);
  });

  const chainArgs = (paths: { db: string; out: string }, rpcUrl = chain.rpcUrl): string[] =>
    runArgs({ rpcUrl, contract: chain.contract }, paths);

  /**
   * Runs the CLI in a fresh copy of the template directory (`<dir>` in `args` and in the output)
   * and checks that nothing below it changed. Returns the exit code and stderr, normalised.
   */
  async function failing(
    args: (paths: { dir: string; db: string; out: string }) => string[],
    options: { prepare?: (dir: string) => void; env?: Record<string, string> } = {},
  ): Promise<{ code: number | null; stderr: string }> {
    const caseDir = join(dir, `case-${++caseNumber}`);
    cpSync(template, caseDir, { recursive: true, verbatimSymlinks: true });
    options.prepare?.(caseDir);
    const before = treeState(caseDir);
    const result: CliResult = await runCli(
      args({ dir: caseDir, db: join(caseDir, "db.sqlite"), out: join(caseDir, "out") }),
      { timeoutMs: 30_000, ...(options.env ? { env: options.env } : {}) },
    );
    expect(result.signal).toBeNull();
    expect(result.stdout).toBe("");
    expect(treeState(caseDir)).toEqual(before);
    const stderr = result.stderr
      .split(caseDir)
      .join("<dir>")
      .split(chain.rpcUrl)
      .join("<rpc>")
      .replaceAll(`127.0.0.1:${closed}`, "127.0.0.1:<closed>")
      .replaceAll(`127.0.0.1:${closedToo}`, "127.0.0.1:<closed-too>")
      .replaceAll(`127.0.0.1:${chain.node.port}`, "127.0.0.1:<port>")
      .replaceAll(/retrying in \d+ ms/g, "retrying in <n> ms");
    return { code: result.code, stderr };
  }

  const newPaths = (p: { dir: string }) => ({ db: join(p.dir, "new.sqlite"), out: join(p.dir, "new-out") });

  test("error: invalid flags, before anything else", async () => {
    const flag = (...more: string[]) => failing((p) => [...chainArgs(newPaths(p)), ...more]);
    const results = await Promise.all([
      flag("--contract", "0x123"),
      flag("--contract", "0x5fbdb2315678afecb367f032d93f642f64180aA3"),
      flag("--rpc-url", "ftp://user:secret@example.com/"),
      flag("--rpc-url", "not a url"),
      flag("--rpc-url", ""),
      flag("--rpc-url", "base.example/v2/abcdefgh1234"),
      flag("--rpc-url", "localhost:8545"),
      flag("--rpc-url", "http://127.0.0.1:99999"),
      flag("--rpc-url", "http://127.0.0.1:0"),
      flag("--chain", "ethereum"),
      flag("--from-block", "-1"),
      flag("--from-block", "1.5"),
      flag("--to-block", "earliest"),
      flag("--from-block", "10", "--to-block", "5"),
      flag("--contract", "10=0x5fbdb2315678afecb367f032d93f642f64180aa3"),
      flag("--confirmations", "-3"),
      flag("--stuck-grace", "1h"),
      flag("--rpc-timeout", "0"),
      flag("--rpc-url", "http://127.0.0.1:9"),
      failing((p) => ["serve", "--out", p.out, "--port", "70000"]),
    ]);
    expect(results.map((r) => r.code)).toEqual(results.map(() => 1));
    expect(results.map((r) => r.stderr).join("")).toMatchInlineSnapshot(`
      "error: Invalid --contract: "0x123"
      Expected an address: 0x followed by 40 hex digits.
      error: Invalid --contract: "0x5fbdb2315678afecb367f032d93f642f64180aA3"
      Expected a valid EIP-55 checksum (or the address in all lowercase).
      error: Invalid --rpc-url: "ftp://***@example.com/"
      Expected an http:// or https:// URL; got the ftp: scheme.
      error: Invalid --rpc-url: the value has no http:// or https:// scheme
      Expected an http:// or https:// URL of a JSON-RPC endpoint, e.g. https://mainnet.base.org or http://localhost:8545.
      error: Invalid --rpc-url: the value is empty
      Expected an http:// or https:// URL of a JSON-RPC endpoint, e.g. https://mainnet.base.org or http://localhost:8545.
      error: Invalid --rpc-url: the value has no http:// or https:// scheme
      Expected an http:// or https:// URL of a JSON-RPC endpoint, e.g. https://mainnet.base.org or http://localhost:8545.
      error: Invalid --rpc-url: the value has no http:// or https:// scheme
      Expected an http:// or https:// URL of a JSON-RPC endpoint, e.g. https://mainnet.base.org or http://localhost:8545.
      error: Invalid --rpc-url: port 99999 is out of range
      Expected a port from 1 to 65535 in an http:// or https:// URL of a JSON-RPC endpoint.
      error: Invalid --rpc-url: port 0 is out of range
      Expected a port from 1 to 65535 in an http:// or https:// URL of a JSON-RPC endpoint.
      error: Invalid --chain: "ethereum"
      Expected one of base, arbitrum, base-sepolia, or a numeric chain id.
      error: Invalid --from-block: "-1"
      Expected an integer of at least 0.
      error: Invalid --from-block: "1.5"
      Expected an integer of at least 0.
      error: Invalid --to-block: "earliest"
      Expected a block number, latest, safe or finalized.
      error: Invalid --to-block: 5 is before --from-block 10
      Expected a last block at or after the first block to index.
      error: --contract 10=… names chain 10, which is not configured
      The configured chains are 31337. Expected <chainId>=<value> for one of them, or a plain value for every chain.
      error: Invalid --confirmations: "-3"
      Expected an integer of at least 0.
      error: Invalid --stuck-grace: "1h"
      Expected an integer of at least 0.
      error: Invalid --rpc-timeout: "0"
      Expected an integer of at least 1.
      error: The RPC endpoint http://127.0.0.1:9/ is on a port that fetch refuses to connect to
      Expected an endpoint on another port (the Fetch standard blocks 9, 25, 6000 and others).
      error: Invalid --port: "70000"
      Expected an integer from 0 to 65535.
      "
    `);
  });

  test("error: an unreachable endpoint exits 75; an endpoint on another chain exits 1", async () => {
    const [unreachable, otherChain] = await Promise.all([
      // Retries and timeout from the environment (the flags are used everywhere else).
      failing((p) => chainArgs(newPaths(p), `http://127.0.0.1:${closed}`), {
        env: { RPC_RETRIES: "1", RPC_TIMEOUT_MS: "1000" },
      }),
      failing((p) => [...chainArgs(newPaths(p)), "--chain", "base"]),
    ]);
    expect(unreachable.code).toBe(75);
    expect(unreachable.stderr).toMatchInlineSnapshot(`
      "RPC endpoint http://127.0.0.1:<closed>/ failed eth_chainId and 2 other calls (fetch failed: ECONNREFUSED), retrying in <n> ms (attempt 2 of 2)
      error: RPC endpoint http://127.0.0.1:<closed>/ failed eth_chainId after 2 attempts
      Last error: fetch failed: ECONNREFUSED. Retry later, or use another endpoint (--rpc-url).
      "
    `);
    // Two endpoints down: both named, the run's error last (no retry line after it).
    const bothDown = await failing(
      (p) => [
        ...chainArgs(newPaths(p), `http://127.0.0.1:${closed}`),
        "--rpc-url",
        `http://127.0.0.1:${closedToo}`,
      ],
      { env: { RPC_RETRIES: "1", RPC_TIMEOUT_MS: "1000" } },
    );
    expect(bothDown.code).toBe(75);
    expect(bothDown.stderr.split("\n").slice(-4).join("\n")).toMatchInlineSnapshot(`
      "warn: RPC endpoint http://127.0.0.1:<closed-too>/ failed eth_chainId after 2 attempts. Last error: fetch failed: ECONNREFUSED. Retry later, or use another endpoint (--rpc-url).
      error: RPC endpoint http://127.0.0.1:<closed>/ failed eth_chainId after 2 attempts
      Last error: fetch failed: ECONNREFUSED. Retry later, or use another endpoint (--rpc-url).
      "
    `);
    expect(otherChain.code).toBe(1);
    expect(otherChain.stderr).toMatchInlineSnapshot(`
      "error: The endpoint serves chain 31337, not the chain asked for (8453)
      --rpc-url (<rpc>/) reports chain id 31337. Expected 8453: check --rpc-url and --chain.
      "
    `);
  });

  test("error: an address without a contract, a --from-block past the head: exit 1 before anything is written", async () => {
    const [noCode, pastHead] = await Promise.all([
      failing((p) => [...chainArgs(newPaths(p)), "--contract", "0x000000000000000000000000000000000000dead"]),
      failing((p) => [...chainArgs(newPaths(p)), "--from-block", "1000000"]),
    ]);
    expect([noCode.code, pastHead.code]).toEqual([1, 1]);
    expect(
      noCode.stderr + pastHead.stderr.replace(`31337, block ${chain.lastBlock}`, "31337, block <head>"),
    ).toMatchInlineSnapshot(`
      "error: No contract at 0x000000000000000000000000000000000000dead on chain 31337
      The endpoint <rpc>/ returns no code for this address at its latest block. Expected the marketplace contract's address on this chain: check --contract and --rpc-url.
      error: --from-block 1000000 is past the head of chain 31337, block <head>
      Expected the block the contract was deployed at, or any later block up to the head: a contract has no logs past the head.
      "
    `);
  });

  test("error: an unwritable database or output directory, whichever of them is new", async () => {
    const results = await Promise.all([
      failing((p) => chainArgs({ db: join(p.dir, "file.txt", "db.sqlite"), out: join(p.dir, "new-out") })),
      failing((p) => chainArgs({ db: join(p.dir, "new.sqlite"), out: join(p.dir, "file.txt", "out") })),
      failing((p) => chainArgs({ db: "/proc/mor-throughput/db.sqlite", out: join(p.dir, "new-out") })),
      failing((p) => chainArgs({ db: join(p.dir, "new.sqlite"), out: "/proc/mor-throughput-out" })),
      // Checked before the endpoint is asked anything: an endpoint that is down does not turn a
      // path that no retry can fix into a "retry later" (75).
      failing((p) => [
        ...chainArgs(
          { db: "/proc/mor-throughput/db.sqlite", out: join(p.dir, "new-out") },
          `http://127.0.0.1:${closed}`,
        ),
        "--rpc-retries",
        "1",
      ]),
      failing(() => [
        "sync",
        "--rpc-url",
        `http://127.0.0.1:${closed}`,
        "--contract",
        chain.contract,
        "--db",
        "/proc/mor-throughput/db.sqlite",
        "--rpc-retries",
        "1",
      ]),
      failing((p) => chainArgs({ db: join(p.dir, "out"), out: join(p.dir, "new-out") })), // a directory
      failing((p) => chainArgs({ db: join(p.dir, "new.sqlite"), out: join(p.dir, "file.txt") })), // a file
      failing((p) => chainArgs({ db: join(p.dir, "db.sqlite"), out: p.dir })), // holds other files
      failing((p) => ["build", "--db", join(p.dir, "missing.sqlite"), "--out", join(p.dir, "new-out")]),
      failing((p) => ["validate", join(p.dir, "missing")]),
      failing((p) => ["validate", join(p.dir, "file.txt")]),
    ]);
    expect(results.map((r) => r.code)).toEqual(results.map(() => 1));
    expect(results.map((r) => r.stderr).join("")).toMatchInlineSnapshot(`
      "error: --db <dir>/file.txt/db.sqlite is not writable
      Expected a location this user can write to. <dir>/file.txt is not a directory
      error: --out <dir>/file.txt/out is not writable
      Expected a location this user can write to. <dir>/file.txt is not a directory
      error: --db /proc/mor-throughput/db.sqlite is not writable
      Expected a location this user can write to. /proc does not take new entries (ENOENT)
      error: --out /proc/mor-throughput-out is not writable
      Expected a location this user can write to. /proc does not take new entries (ENOENT)
      error: --db /proc/mor-throughput/db.sqlite is not writable
      Expected a location this user can write to. /proc does not take new entries (ENOENT)
      error: --db /proc/mor-throughput/db.sqlite is not writable
      Expected a location this user can write to. /proc does not take new entries (ENOENT)
      error: --db <dir>/out is not a file
      Expected the path of a SQLite database file (--db).
      error: The output path <dir>/file.txt is not a directory
      Expected a directory (--out).
      error: The output directory <dir> holds files mor-throughput did not publish
      Found: db.sqlite, db.sqlite.lock, file.txt, out. Expected an empty directory, or one this tool published into (--out).
      error: No database at <dir>/missing.sqlite
      Run \`mor-throughput sync\` (or \`run\`) first, or point --db at an existing database.
      error: No directory at <dir>/missing
      Expected a directory that \`run\` or \`build\` published into (--out), or its current/.
      error: <dir>/file.txt is not a directory
      Expected a directory that \`run\` or \`build\` published into (--out), or its current/.
      "
    `);
    expect(existsSync("/proc/mor-throughput")).toBe(false);
  });

  test("error: a database written by a newer version, or for another contract or start block on this chain", async () => {
    const edit = (sql: string) => (caseDir: string) => {
      const db = new Database(join(caseDir, "db.sqlite"));
      db.exec(sql);
      db.close();
    };
    const results = await Promise.all([
      failing((p) => chainArgs(p), { prepare: edit("PRAGMA user_version = 99") }),
      failing((p) => ["build", "--db", p.db, "--out", join(p.dir, "new-out")], {
        prepare: edit("PRAGMA user_version = 99"),
      }),
      failing((p) => [
        ...chainArgs({ db: p.db, out: join(p.dir, "new-out") }),
        "--contract",
        multicall3Address, // another contract on this chain
      ]),
      failing((p) => [...chainArgs({ db: p.db, out: join(p.dir, "new-out") }), "--from-block", "1"]),
    ]);
    expect(results.map((r) => r.code)).toEqual(results.map(() => 1));
    // The schema version this build knows: the count of its migrations, whatever it is now.
    const known = `this version knows up to ${knownSchemaVersion()}.`;
    const stderr = results.map((r) => r.stderr).join("");
    expect(stderr).toContain(known);
    expect(stderr.replaceAll(known, "this version knows up to <known>.")).toMatchInlineSnapshot(`
      "error: The database <dir>/db.sqlite was written by a newer mor-throughput
      Its schema version is 99; this version knows up to <known>. Upgrade mor-throughput, or use another --db.
      error: The database <dir>/db.sqlite was written by a newer mor-throughput
      Its schema version is 99; this version knows up to <known>. Upgrade mor-throughput, or use another --db.
      error: The database was indexed with other settings
      It holds contract 0x5fbdb2315678afecb367f032d93f642f64180aa3 on chain 31337 (this run: 0xca11bde05977b3631167028862be2a173976ca11). Use another --db for another contract or start block.
      error: The database was indexed with other settings
      It holds start block 0 on chain 31337 (this run: --from-block 1). Use another --db for another contract or start block.
      "
    `);
  });
});
