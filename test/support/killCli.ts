import { runProcess } from "../../tooling/process/runProcess.js";
import { countCliRun } from "./countCliRuns.js";
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
  /** Every stderr line with the milliseconds since the start when it arrived. */
  timeline: Array<{ at: number; line: string }>;
};

/**
 * Runs the real CLI and kills it with SIGKILL at a planned moment: no hook in the CLI, only
 * timing. A CLI that ends before the moment comes is not killed. Its stderr lines are timed.
 */
export async function killCli(args: string[], plan: KillPlan): Promise<KilledResult> {
  let killed = false;
  const started = performance.now();
  const timeline: KilledResult["timeline"] = [];
  let timer: NodeJS.Timeout | undefined;
  countCliRun("spawned");
  const result = await runProcess(process.execPath, [cliPath, ...args], {
    env: cliEnv(),
    timeoutMs: 120_000,
    onSpawn: (child) => {
      const arm = () => {
        if (plan.delayMs === undefined) return;
        timer = setTimeout(() => {
          if (child.exitCode !== null || child.signalCode !== null) return;
          killed = true;
          child.kill("SIGKILL");
        }, plan.delayMs);
      };
      if (!plan.after) arm();
      let partial = "";
      child.stderr?.on("data", (chunk) => {
        const lines = (partial + String(chunk)).split("\n");
        partial = lines.pop() ?? "";
        for (const line of lines) {
          timeline.push({ at: performance.now() - started, line });
          plan.onLine?.(line);
          if (plan.after && timer === undefined && plan.after.test(line)) arm();
        }
      });
    },
  }).finally(() => clearTimeout(timer));
  return { ...result, killed, timeline };
}
