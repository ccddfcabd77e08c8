import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { type BenchContext, devChainId, endTime } from "./benchContext.js";
import { startCountingProxy } from "./countingProxy.js";
import { installPonder, runPonder } from "./ponderPeer.js";
import type { ColdRun, ProcessMeasure, RpcCounts } from "./report.js";
import { syncedSessions } from "./runMor.js";
import { ponderDir } from "./scale/ponderScale.js";
import { ponderFinalityPadding, seedChain } from "./seedChain.js";

/** The local suite: a cold backfill of every size on its own anvil, then runs that find nothing new. */
export async function localSuite(context: BenchContext): Promise<ColdRun[]> {
  const { options } = context;
  const cold: ColdRun[] = [];
  const sizes = [options.sessions, ...options.scale.filter((size) => size !== options.sessions)];
  for (const size of sizes)
    cold.push(await coldRun(context, size, options.peer && size === options.sessions));
  return cold;
}

async function coldRun(context: BenchContext, requested: number, withPeer: boolean): Promise<ColdRun> {
  const { options, log, mor } = context;
  log(
    `seeding a chain with ${requested.toLocaleString("en-US")} sessions${withPeer ? " (past state kept for Ponder)" : ""}`,
  );
  const chain = await seedChain({
    sessions: requested,
    seed: options.seed,
    endTime,
    pruneHistory: !withPeer,
    finalityPadding: withPeer ? ponderFinalityPadding : 0,
  });
  const proxy = await startCountingProxy(chain.node.rpcUrl);
  const dir = mkdtempSync(join(context.scratch, `cold-${requested}-`));
  const db = join(dir, "throughput.sqlite");
  const out = join(dir, "out");
  const chainArgs = [
    "--rpc-url",
    proxy.url,
    "--contract",
    chain.contract,
    "--from-block",
    "0",
    "--to-block",
    String(chain.lastBlock),
  ];
  const counted = async (args: string[], label: string) => {
    proxy.reset();
    const result = await mor(args, `cold-${requested}-${label}`);
    return { result, counts: proxy.counts() };
  };
  try {
    log(
      `  ${chain.sessions} sessions, ${chain.closed} closed, ${chain.events} events in ${chain.blocks} blocks, seeded in ${(chain.seedMs / 1000).toFixed(1)} s`,
    );
    const sync = await counted(["sync", ...chainArgs, "--db", db], "sync");
    const synced = syncedSessions(sync.result.summary);
    if (synced.closed !== chain.closed || synced.opened !== chain.sessions) {
      throw new Error(
        `mor-throughput synced ${synced.opened} opens / ${synced.closed} closes, the chain has ${chain.sessions} / ${chain.closed}`,
      );
    }
    log(
      `  mor-throughput sync: ${(sync.result.wallMs / 1000).toFixed(2)} s, ${sync.counts.httpRequests} HTTP requests`,
    );
    const firstRun = await counted(["run", ...chainArgs, "--db", db, "--out", out], "first-run");
    const warmRun = await counted(["run", ...chainArgs, "--db", db, "--out", out], "warm-run");
    log(`  warm run: ${(warmRun.result.wallMs / 1000).toFixed(2)} s`);
    const measure = (m: { result: ProcessMeasure; counts: RpcCounts }) => ({
      wallMs: m.result.wallMs,
      peakRssMb: m.result.peakRssMb,
      cpuMs: m.result.cpuMs,
      ...m.counts,
    });
    const run: ColdRun = {
      requested,
      sessions: chain.sessions,
      closed: chain.closed,
      events: chain.events,
      blocks: chain.blocks,
      seedMs: chain.seedMs,
      sync: measure(sync),
      firstRun: measure(firstRun),
      warmRun: measure(warmRun),
    };
    if (withPeer) {
      const dirPeer = ponderDir;
      mkdirSync(dirPeer, { recursive: true });
      log(`installing the Ponder peer into ${dirPeer}`);
      const install = await installPonder(dirPeer);
      log(
        `  ponder ${install.version} ${install.reused ? "already installed" : `installed in ${(install.installMs / 1000).toFixed(0)} s`}; indexing (minutes)`,
      );
      proxy.reset();
      const peer = await runPonder({
        dir: dirPeer,
        rpcUrl: proxy.url,
        chainId: devChainId,
        contract: chain.contract,
        fromBlock: 0,
        toBlock: chain.lastBlock,
        timeoutMs: options.peerTimeoutMinutes * 60_000,
      });
      run.peer = {
        name: "Ponder",
        version: install.version,
        installMs: install.installMs,
        wallMs: peer.wallMs,
        peakRssMb: peer.peakRssMb,
        cpuMs: peer.cpuMs,
        ...proxy.counts(),
        counts: peer.counts ?? { sessions: 0, closes: 0, bids: 0, models: 0 },
        complete: peer.counts?.sessions === chain.sessions && peer.counts?.closes === chain.closed,
      };
      log(
        `  Ponder: ${(peer.wallMs / 1000).toFixed(1)} s, ${run.peer.httpRequests} HTTP requests, ${run.peer.counts.sessions} sessions / ${run.peer.counts.closes} closes indexed`,
      );
    }
    return run;
  } finally {
    await proxy.close();
    await chain.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
