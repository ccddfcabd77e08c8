import { join } from "node:path";
import { measureCommand } from "./measure.js";
import type { ProcessMeasure } from "./report.js";

/** What one mor-throughput command printed (--json) and cost. */
export type MorRun = ProcessMeasure & { summary: Record<string, unknown> };

export type MorRunner = (
  args: string[],
  label: string,
  options?: { env?: NodeJS.ProcessEnv },
) => Promise<MorRun>;

/**
 * mor-throughput's real CLI, measured from the outside. With a profile folder, each invocation
 * also writes a V8 CPU profile into <dir>/<label>/ (profiling slows it down: those times are not
 * the table's).
 */
export function createMorRunner(cli: string, profileDir: string | undefined): MorRunner {
  return async (args, label, options = {}) => {
    const profile = profileDir ? ["--cpu-prof", "--cpu-prof-dir", join(profileDir, label)] : [];
    const measured = await measureCommand(process.execPath, [...profile, cli, ...args, "--json", "--quiet"], {
      ...(options.env ? { env: options.env } : {}),
    });
    if (measured.code !== 0) {
      throw new Error(`mor-throughput ${args[0]} exited ${measured.code}:\n${measured.stderr}`);
    }
    return {
      wallMs: measured.wallMs,
      peakRssMb: measured.peakRssMb,
      cpuMs: measured.cpuMs ?? null,
      summary: JSON.parse(measured.stdout) as Record<string, unknown>,
    };
  };
}

/** The per-chain sync summaries of `sync --json` (or of `run --json`'s `sync`). */
export type ChainSyncFigures = {
  chainId: number;
  sessionsOpened: number;
  sessionsClosed: number;
  blocksSynced: number;
  fromBlock: number;
  toBlock: number;
  target: number;
  complete: boolean;
  rpc: { httpRequests: number; rpcCalls: number; retries: number; reader?: string };
};

/** The chains of a sync summary, from `sync --json` or `run --json`. */
export function syncedChains(summary: Record<string, unknown>): ChainSyncFigures[] {
  const sync = (summary.sync ?? summary) as { chains?: ChainSyncFigures[] };
  if (!Array.isArray(sync.chains)) throw new Error(`no per-chain sync summary in ${JSON.stringify(summary)}`);
  return sync.chains;
}

/** Sessions opened and closed by a sync, over every chain. */
export function syncedSessions(summary: Record<string, unknown>): { opened: number; closed: number } {
  const chains = syncedChains(summary);
  return {
    opened: chains.reduce((sum, chain) => sum + chain.sessionsOpened, 0),
    closed: chains.reduce((sum, chain) => sum + chain.sessionsClosed, 0),
  };
}
