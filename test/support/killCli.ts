import { spawn } from "node:child_process";
import { type CliResult, cliEnv, cliPath } from "./runCli.js";

export type KillPlan = {
  /** A stderr line (a regular expression, matched line by line) the delay counts from; the start when absent. */
  after?: RegExp;
  /** Milliseconds after that line (or the start) when the CLI gets SIGKILL; never when absent. */
  delayMs?: number;
  /** Called with every stderr line as it arrives. */
  onLine?: (line: string) => void;
};

export type KilledResult = CliResult & {
  /** Whether SIGKILL was sent before the CLI ended on its own. */
  killed: boolean;
  /** The last stderr line before the kill. */
  lastLine: string;
  /** Every stderr line with the milliseconds since the start when it arrived. */
  timeline: Array<{ at: number; line: string }>;
};

/**
 * Runs the real CLI and kills it with SIGKILL at a planned moment: no hook in the CLI, only
 * timing. A CLI that ends before the moment comes is not killed. Its stderr lines are timed.
 */
export function killCli(args: string[], plan: KillPlan): Promise<KilledResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cliPath, ...args], {
      env: cliEnv(),
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    let killed = false;
    let lastLine = "";
    const started = performance.now();
    const timeline: KilledResult["timeline"] = [];
    let partial = "";
    let timer: NodeJS.Timeout | undefined;
    const arm = () => {
      if (plan.delayMs === undefined) return;
      timer = setTimeout(() => {
        if (child.exitCode !== null || child.signalCode !== null) return;
        killed = true;
        lastLine = stderr.trimEnd().split("\n").pop() ?? "";
        child.kill("SIGKILL");
      }, plan.delayMs);
    };
    if (!plan.after) arm();
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
    });
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
      const lines = (partial + String(chunk)).split("\n");
      partial = lines.pop() ?? "";
      for (const line of lines) {
        timeline.push({ at: performance.now() - started, line });
        plan.onLine?.(line);
        if (plan.after && timer === undefined && plan.after.test(line)) arm();
      }
    });
    child.on("error", reject);
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr, killed, lastLine, timeline });
    });
  });
}
