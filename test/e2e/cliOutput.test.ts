import { rmSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import type { BuildSummary } from "../../src/commands/runBuild.js";
import { renderBuildSummary } from "../../src/commands/summary/renderBuildSummary.js";
import { generateHistory } from "../../src/devchain/generateHistory.js";
import { runArgs } from "../support/runArgs.js";
import { parseJson, runCli } from "../support/runCli.js";
import { useDevChain } from "../support/useDevChain.js";
import { useTempDir } from "../support/useTempDir.js";

const endTime = Date.UTC(2026, 5, 1, 0, 0) / 1000;

describe("CLI output: progress, logs and the summary", () => {
  const chain = useDevChain(generateHistory({ seed: 3, days: 6, sessionsPerDay: 25, endTime }));
  const dir = useTempDir("mor-cli-output-");
  const run = (name: string, ...flags: string[]) =>
    runCli(runArgs(chain, { db: join(dir, `${name}.sqlite`), out: join(dir, name) }, ...flags));

  test("default: not a terminal, progress as plain lines and the summary as text on stderr, nothing on stdout", async () => {
    const result = await run("text");
    expect(result.code).toBe(0);
    expect(result.stdout).toBe("");
    const lines = result.stderr.trimEnd().split("\n");
    expect(
      lines.some((line) => /^sync 100\.0% · block \d+\/\d+ · \d+ sessions opened, \d+ closed/.test(line)),
    ).toBe(true);
    expect(result.stderr.includes("\r") || result.stderr.includes(String.fromCharCode(27))).toBe(false);
    expect(lines.at(-3)).toMatch(/^published: release [0-9a-f]{16} in /);
    expect(lines.at(-2)).toMatch(
      /^as of 2026-06-01T00:00:00Z \(chain 31337 block \d+\): \d+ closed sessions, \d+ stuck$/,
    );
    expect(lines.at(-1)).toMatch(
      /^audit: the index agrees with the contract's own counters on all \d+ model\/provider pairs$/,
    );
  });

  test("behavior: the human summary is rendered from the object --json prints", async () => {
    const db = join(dir, "same.sqlite");
    parseJson(await run("same", "--json"));
    const out = join(dir, "same-build");
    const text = await runCli(["build", "--db", db, "--out", out]);
    expect(text.code).toBe(0);
    rmSync(out, { recursive: true, force: true });
    const json = parseJson<BuildSummary>(await runCli(["build", "--db", db, "--out", out, "--json"]));
    expect(text.stderr.trimEnd().split("\n")).toEqual(renderBuildSummary(json));
  });

  test("behavior: --log-format json writes only JSON lines, progress and the summary object among them", async () => {
    const result = await run("json", "--log-format", "json");
    expect(result.code).toBe(0);
    const lines = result.stderr
      .trimEnd()
      .split("\n")
      .map((line) => JSON.parse(line) as { level: string; msg: string; [key: string]: unknown });
    expect(lines.findLast((line) => line.msg === "sync progress")).toMatchObject({
      percent: 100,
      sessionsOpened: expect.any(Number),
    });
    const summary = lines.at(-1) as unknown as {
      msg: string;
      summary: { sync: { chains: Array<{ toBlock: number }> }; build: BuildSummary };
    };
    expect(summary.msg).toBe("summary");
    expect(summary.summary.sync.chains[0]?.toBlock).toBe(chain.lastBlock);
    expect(summary.summary.build.asOf).toBe(endTime);
  });

  test("error: with --log-format json an error is one JSON line too, with its details and exit code", async () => {
    const result = await run("json-error", "--log-format", "json", "--contract", "0x12");
    expect(result.code).toBe(1);
    const lines = result.stderr.trimEnd().split("\n");
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0] ?? "")).toEqual({
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      level: "error",
      msg: 'Invalid --contract: "0x12"',
      name: "UserError",
      details: expect.stringMatching(/^Expected an address/),
      exitCode: 1,
    });
  });

  test("error: with --log-format json, what the parser refuses and contradictory flags are JSON lines too", async () => {
    const lines = await Promise.all(
      [
        ["--bogus"],
        ["--quiet", "--verbose"],
        ["--rpc-url"], // no value
      ].map(async (flags) => {
        const result = await runCli(["run", "--log-format", "json", ...flags]);
        expect(result.code).toBe(1);
        expect(result.stdout).toBe("");
        const lines = result.stderr.trimEnd().split("\n");
        expect(lines).toHaveLength(1);
        return JSON.parse(lines[0] ?? "");
      }),
    );
    const line = (name: string, msg: string) => ({
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      level: "error",
      msg,
      name,
      details: expect.stringMatching(/^Expected /),
      exitCode: 1,
    });
    expect(lines).toEqual([
      line("UsageError", "unknown option '--bogus'"),
      line("UserError", "--quiet and --verbose contradict each other"),
      line("UsageError", "option '--rpc-url <url>' argument missing"),
    ]);
  });

  test("behavior: --quiet prints nothing when all goes well", async () => {
    const result = await run("quiet", "--quiet");
    expect(result.code).toBe(0);
    expect(result.stderr).toBe("");
    expect(result.stdout).toBe("");
  });
});
