import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runProcess } from "../../tooling/process/runProcess.js";

export type Measured = {
  wallMs: number;
  /** Peak resident set size in MB (1 MB = 2^20 bytes). */
  peakRssMb: number;
  /**
   * CPU time (user + system) of the process and its children: less sensitive than wall time to
   * other work on a shared machine. Undefined where /usr/bin/time is missing.
   */
  cpuMs: number | undefined;
  code: number | null;
  stdout: string;
  stderr: string;
};

const gnuTime = "/usr/bin/time";

/**
 * Runs a command to its end and measures it from the outside: wall time from spawn to exit (so
 * the process's start-up counts), and peak RSS from GNU time's getrusage (exact), or where
 * /usr/bin/time is missing, from /proc/<pid>/status VmHWM sampled until exit.
 */
export async function measureCommand(
  command: string,
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<Measured> {
  const useTime = existsSync(gnuTime);
  const scratch = useTime ? mkdtempSync(join(tmpdir(), "mor-bench-time-")) : undefined;
  const rusageFile = scratch ? join(scratch, "rusage") : undefined;
  const [file, argv] = rusageFile
    ? [gnuTime, ["-f", "%M %U %S", "-o", rusageFile, command, ...args]]
    : [command, args];
  const started = performance.now();
  let sampledKb = 0;
  let sampler: NodeJS.Timeout | undefined;
  const { code, stdout, stderr } = await runProcess(file, argv, {
    ...(options.cwd ? { cwd: options.cwd } : {}),
    ...(options.env ? { env: options.env } : {}),
    // The publishing workflow's job timeout: a run with --time-limit 1800 syncs 30 min, then builds.
    timeoutMs: 45 * 60_000,
    onSpawn: (child) => {
      if (useTime) return;
      sampler = setInterval(() => {
        if (child.pid !== undefined) sampledKb = Math.max(sampledKb, treeMemoryKb(child.pid).hwmKb);
      }, 20);
    },
  }).finally(() => clearInterval(sampler));
  const wallMs = performance.now() - started;
  let peakKb = sampledKb;
  let cpuMs: number | undefined;
  if (rusageFile && scratch) {
    const lines = readFileSync(rusageFile, "utf8").trim().split("\n");
    // GNU time prefixes "Command exited with non-zero status N" when the command fails.
    const [maxRss, user, system] = (lines[lines.length - 1] ?? "").split(" ").map(Number);
    peakKb = maxRss ?? 0;
    cpuMs = ((user ?? 0) + (system ?? 0)) * 1000;
    rmSync(scratch, { recursive: true, force: true });
  }
  return { wallMs, peakRssMb: peakKb / 1024, cpuMs, code, stdout, stderr };
}

/**
 * CPU time (user + system, children waited for included) of a process and its live descendants
 * (Linux /proc), in ms.
 */
export function treeCpuMs(pid: number): number {
  let ticks = 0;
  for (const member of [pid, ...descendants(pid)]) {
    try {
      const stat = readFileSync(`/proc/${member}/stat`, "utf8");
      // Fields after the command name: state is field 3; utime, stime, cutime, cstime are 14-17.
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      for (const index of [11, 12, 13, 14]) ticks += Number(fields[index] ?? 0);
    } catch {
      // The process exited meanwhile.
    }
  }
  return (ticks * 1000) / clockTicks;
}

/** USER_HZ: 100 on every Linux this runs on (getconf CLK_TCK). */
const clockTicks = 100;

/** Current and peak RSS of a process and all of its descendants (Linux /proc), in kB. */
export function treeMemoryKb(pid: number): { rssKb: number; hwmKb: number } {
  let rssKb = 0;
  let hwmKb = 0;
  for (const member of [pid, ...descendants(pid)]) {
    const status = readStatus(member);
    rssKb += status.rssKb;
    hwmKb += status.hwmKb;
  }
  return { rssKb, hwmKb };
}

function readStatus(pid: number): { rssKb: number; hwmKb: number } {
  try {
    const text = readFileSync(`/proc/${pid}/status`, "utf8");
    const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, "m").exec(text)?.[1] ?? 0);
    return { rssKb: field("VmRSS"), hwmKb: field("VmHWM") };
  } catch {
    return { rssKb: 0, hwmKb: 0 };
  }
}

function descendants(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      // The command name is in parentheses and may hold spaces: the parent pid follows the last ")".
      const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      const list = children.get(parent) ?? [];
      list.push(Number(entry));
      children.set(parent, list);
    } catch {
      // The process exited meanwhile.
    }
  }
  const found: number[] = [];
  const stack = [pid];
  while (stack.length > 0) {
    for (const child of children.get(stack.pop() as number) ?? []) {
      found.push(child);
      stack.push(child);
    }
  }
  return found;
}
