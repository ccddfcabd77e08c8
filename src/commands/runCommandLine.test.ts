import { describe, expect, test } from "vitest";
import { type CliIo, cliIo } from "./cliIo.js";
import { runCommandLine } from "./runCommandLine.js";

/** An io writing into strings, with `env`; what the run wrote, once it ends. */
function bufferIo(env: Record<string, string> = {}) {
  const output = { stdout: "", stderr: "" };
  const io: CliIo = {
    stdout: { write: (text) => (output.stdout += text) },
    stderr: { write: (text) => (output.stderr += text) },
    env,
    onInterrupt: () => () => {},
    exit: () => {},
  };
  return { io, output };
}

const run = async (args: string[], env?: Record<string, string>) => {
  const { io, output } = bufferIo(env);
  const code = await runCommandLine(["node", "mor-throughput", ...args], io);
  return { code, ...output };
};

describe("runCommandLine", () => {
  test("default: runs at once in one process each write to their own io and end with their own exit code", async () => {
    const results = await Promise.all([
      run(["--version"]),
      run(["validate", "--json"], { OUT_DIR: "/nonexistent-mor-a" }),
      run(["validate"], { OUT_DIR: "/nonexistent-mor-b" }),
      run(["nosuch"]),
    ]);
    expect(results.map((result) => result.code)).toEqual([0, 1, 1, 1]);
    expect(results[0]).toMatchObject({ stdout: expect.stringMatching(/^\d+\.\d+\.\d+\n$/), stderr: "" });
    // The environment is the run's: each validate reads its own OUT_DIR.
    expect(JSON.parse(results[1]?.stdout ?? "")).toMatchObject({
      dir: "/nonexistent-mor-a",
      error: { name: "UserError", exitCode: 1 },
    });
    expect(results[1]?.stderr).toMatch(/^error: No directory at \/nonexistent-mor-a\n/);
    expect(results[2]).toMatchObject({
      stdout: "",
      stderr: expect.stringMatching(/^error: No directory at \/nonexistent-mor-b\n/),
    });
    expect(results[3]?.stderr).toMatch(/^error: unknown command 'nosuch'\n/);
  });

  test("behavior: help goes to the run's stdout, wrapped to the width of its terminal", async () => {
    const { io, output } = bufferIo();
    const terminal = { ...io, stdout: { ...io.stdout, isTTY: true, columns: 160 } };
    expect(await runCommandLine(["node", "mor-throughput", "run", "--help"], terminal)).toBe(0);
    const piped = await run(["run", "--help"]);
    const longest = (text: string) => Math.max(...text.split("\n").map((line) => line.length));
    expect(output.stdout.split("\n")[0]).toBe("Usage: mor-throughput run [options]");
    // The same help; on the terminal its option descriptions wrap, into a pipe they do not (80
    // columns leave them less than the parser's 40 to wrap into).
    expect(output.stdout.replaceAll(/\s+/g, " ")).toBe(piped.stdout.replaceAll(/\s+/g, " "));
    expect([longest(output.stdout) <= 160, longest(piped.stdout) > 160]).toEqual([true, true]);
  });

  test("error: outside a run there is no io to write to", () => {
    expect(() => cliIo()).toThrow(/a command ran outside a run of the CLI/);
  });
});
