import { once } from "node:events";
import { mkdirSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { beforeAll, describe, expect, test } from "vitest";
import { freePort } from "../../tooling/process/freePort.js";
import { runProcess } from "../../tooling/process/runProcess.js";
import { countCliRun } from "../support/countCliRuns.js";
import { cliEnv, cliPath, runCli, spawnCli } from "../support/runCli.js";
import { useTempDir } from "../support/useTempDir.js";

/**
 * What every command promises whatever happens (issue 12): --help tells the defaults, the exit
 * codes and examples; with --json stdout carries exactly one JSON object, on failure too.
 *
 * The failures run the CLI as a process (spawnCli): their exit codes as a shell and a cron see
 * them. --help runs in-process (runCli); the closed pipe spawns it too.
 */

const commands = ["sync", "build", "run", "serve", "validate", "check", "demo"] as const;

describe("--help", () => {
  test("default: every command shows its defaults, the exit codes and examples", async () => {
    const results = await Promise.all([
      runCli(["--help"]),
      ...commands.map((name) => runCli([name, "--help"])),
    ]);
    for (const [k, result] of results.entries()) {
      const name = k === 0 ? "mor-throughput" : commands[k - 1];
      expect(result.code, name).toBe(0);
      expect(result.stdout, name).toMatch(
        /\nExit codes:\n {2}0 +success\n {2}1 +.+\n {2}2 +.+\n {2}75 +.+\n/,
      );
      expect(result.stdout, name).toMatch(/\nExamples:\n {2}\$ npx mor-throughput /);
    }
    const run = results[commands.indexOf("run") + 1]?.stdout ?? "";
    for (const [flag, fallback] of [
      ["--rpc-timeout <ms>", "30000"],
      ["--rpc-retries <n>", "6"],
      ["--rpc-batch-size <n>", "100"],
      ["--rpc-concurrency <n>", "4"],
      ["--update-interval <seconds>", "3600"],
    ] as const) {
      expect(run).toMatch(new RegExp(`${flag.replace(/[<>]/g, "\\$&")} .*\\(default: ${fallback}\\)`));
    }
  });
});

describe("a reader that stops early", () => {
  // `npx mor-throughput --help | head`: the reader closes the pipe before the CLI has written.
  const closedStdout = (args: string[]) => {
    countCliRun("spawned");
    return runProcess(process.execPath, [cliPath, ...args], {
      env: cliEnv(),
      timeoutMs: 60_000,
      onSpawn: (child) => child.stdout?.destroy(),
    });
  };

  test("behavior: --help, --version and validate --json into a closed pipe end quietly, exit 0", async () => {
    const results = await Promise.all([
      closedStdout(["--help"]),
      closedStdout(["run", "--help"]),
      closedStdout(["--version"]),
      closedStdout(["validate", "/nonexistent-mor-throughput", "--json"]),
    ]);
    expect(
      results.map((result) => result.stderr).filter((stderr) => /EPIPE|Error:|^\s+at /m.test(stderr)),
    ).toEqual([]);
    expect(results.slice(0, 3).map((result) => result.code)).toEqual([0, 0, 0]);
    // validate still exits as it would with a reader (1: nothing to validate there).
    expect(results[3]?.code).toBe(1);
  });
});

describe("--json: one object on stdout, whatever happens", () => {
  const dir = useTempDir("mor-cli-contract-");
  let closed: number;
  beforeAll(async () => {
    closed = await freePort();
  });

  /** The one JSON object a failing command printed, with the exit code of its process. */
  async function failure(args: string[], env: Record<string, string> = {}) {
    // --json right after the command: last, it would be the value of an option left without one.
    const result = await spawnCli([...args.slice(0, 1), "--json", ...args.slice(1)], {
      env,
      timeoutMs: 60_000,
    });
    let parsed: unknown;
    expect(
      () => {
        parsed = JSON.parse(result.stdout);
      },
      `stdout of ${args.join(" ")}: ${JSON.stringify(result.stdout)}\nstderr: ${result.stderr}`,
    ).not.toThrow();
    return {
      code: result.code,
      json: parsed as { error: { name: string; message: string; exitCode: number } },
    };
  }

  test("error: sync, build, run, serve, validate and demo print their failure as one JSON object", async () => {
    const bad = join(dir, "bad-publication");
    mkdirSync(join(bad, "api", "throughput"), { recursive: true });
    writeFileSync(join(bad, "api", "throughput", "summary.json"), "{}");
    const busy = createServer().listen(0, "127.0.0.1");
    await once(busy, "listening");
    const busyPort = String((busy.address() as { port: number }).port);
    try {
      const cases = await Promise.all([
        failure(["sync", "--rpc-url", `http://127.0.0.1:${closed}`, "--db", join(dir, "a.sqlite")], {
          RPC_RETRIES: "0",
        }),
        failure(["build", "--db", join(dir, "missing.sqlite"), "--out", join(dir, "out")]),
        failure(["run", "--contract", "0x12"]),
        failure(["serve", "--out", bad, "--port", busyPort]),
        failure(["validate", bad]),
        failure(["demo", "--days", "0"]),
      ]);
      expect(cases.map(({ code, json }) => [code, json.error.exitCode, json.error.name])).toEqual([
        [75, 75, "TransientError"],
        [1, 1, "UserError"],
        [1, 1, "UserError"],
        [1, 1, "UserError"],
        [1, 1, "UserError"],
        [1, 1, "UserError"],
      ]);
      // validate's object carries what it found, beside the error.
      expect(cases[4]?.json).toMatchObject({ dir: bad, valid: false, problems: expect.any(Array) });
    } finally {
      busy.close();
    }
  });

  test("error: what the command line parser refuses is one JSON object too", async () => {
    const cases = await Promise.all([
      failure(["run", "--bogus"]),
      failure(["build", "--db"]),
      failure(["validate", "a", "b"]),
      failure(["nosuch"]),
      failure(["run", "--quiet", "--verbose"]),
    ]);
    expect(cases.map(({ code, json }) => [code, json.error.exitCode, json.error.message])).toEqual([
      [1, 1, "unknown option '--bogus'"],
      [1, 1, "option '--db <path>' argument missing"],
      [1, 1, "too many arguments for 'validate'. Expected 1 argument but got 2."],
      [1, 1, "unknown command 'nosuch'"],
      [1, 1, "--quiet and --verbose contradict each other"],
    ]);
  });
});
