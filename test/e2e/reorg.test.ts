import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { type Address, getAddress, type Hex, keccak256, stringToHex } from "viem";
import { beforeAll, describe, expect, test } from "vitest";
import type { History, HistorySession } from "../../src/devchain/history.js";
import { writeHistory } from "../../src/devchain/writeHistory.js";
import { nodeCall } from "../../tooling/devchain/nodeCall.js";
import { signedClose } from "../../tooling/devchain/signedClose.js";
import type { DevChain } from "../../tooling/devchain/startDevChain.js";
import { diffFiles } from "../support/diffFiles.js";
import { withRouter } from "../support/expected/withRouter.js";
import { expectedFor } from "../support/expectedFor.js";
import { readPublished, readPublishedJson } from "../support/readPublished.js";
import { runArgs } from "../support/runArgs.js";
import { type CliResult, parseJson, runCli } from "../support/runCli.js";
import { treeState } from "../support/treeState.js";
import { useDevChain } from "../support/useDevChain.js";
import { useTempDir } from "../support/useTempDir.js";

/**
 * Reorgs on a real anvil: evm_snapshot, a branch indexed with --confirmations 0, evm_revert, a
 * different branch. Anvil never sends `removed: true` logs, so only block hashes can reveal them.
 */

const id = (label: string): Hex => keccak256(stringToHex(label));
const address = (label: string): Address => getAddress(`0x${id(label).slice(-40)}`);
const t0 = Date.UTC(2026, 4, 10, 0, 0, 0) / 1000;
/** Branch blocks are an hour apart: a close that moves one block moves to another hourly bucket. */
const blockTime = 3600;

const models = [
  { modelId: id("model a"), name: "Model A" },
  { modelId: id("model b"), name: "Model B" },
  { modelId: id("model c"), name: "Model C" },
];
const bids = [
  { bidId: id("bid a"), provider: address("provider a"), modelId: id("model a") },
  { bidId: id("bid b"), provider: address("provider b"), modelId: id("model b") },
  // Used only by sessions opened on branches that a reorg removes.
  { bidId: id("bid c"), provider: address("provider c"), modelId: id("model c") },
];

/** A session opened at `openedAt`, its stake running out an hour later. */
function session(label: string, openedAt: number, bidId = id("bid a")): HistorySession {
  return {
    sessionId: id(label),
    user: address(`user ${label}`),
    bidId,
    stake: 10n ** 18n,
    openedAt,
    endsAt: openedAt + 3600,
  };
}
/** The session closed at `closedAt` with a signed v2 receipt (numbers vary with its id). */
function closed(s: HistorySession, closedAt: number): HistorySession {
  const n = Number.parseInt(s.sessionId.slice(-4), 16);
  return {
    ...s,
    close: signedClose(s.sessionId, closedAt, 100 + (n % 900), [1000 + (n % 97), 10 + (n % 13)]),
  };
}

function baseHistory(): History {
  const sessions = [
    closed(session("base 1", t0 - 5 * 86_400), t0 - 5 * 86_400 + 600),
    closed(session("base 2", t0 - 3 * 86_400, id("bid b")), t0 - 3 * 86_400 + 900),
    closed(session("base 3", t0 - 86_400), t0 - 86_400 + 300),
    session("base open", t0 - 2 * 86_400),
  ];
  return { models, bids, sessions, endTime: t0 };
}

type Rpc = <T>(method: string, params?: unknown[]) => Promise<T>;
function rpcOf(url: string): Rpc {
  return (method, params) => nodeCall(url, method, params);
}

/** One block of a branch: sessions opened in it (by label) and sessions closed in it. */
type BranchBlock = { open?: string[]; close?: string[] };

/**
 * The chain as writeHistory put it there, kept in step with evm_snapshot / evm_revert: the
 * history SPEC.md's files are computed from.
 */
class CanonicalChain {
  sessions = new Map<Hex, HistorySession>();
  bidOf = new Map<string, Hex>();
  private snapshots: Array<{ id: string; sessions: Map<Hex, HistorySession> }> = [];

  constructor(
    readonly chain: DevChain,
    readonly rpc: Rpc,
    history: History,
  ) {
    for (const s of history.sessions) this.sessions.set(s.sessionId, s);
  }

  history(): History {
    return { models, bids, sessions: [...this.sessions.values()], endTime: 0 };
  }

  async head(): Promise<{ number: number; timestamp: number; hash: string }> {
    const block = await this.rpc<{ number: Hex; timestamp: Hex; hash: string }>("eth_getBlockByNumber", [
      "latest",
      false,
    ]);
    return { number: Number(block.number), timestamp: Number(block.timestamp), hash: block.hash };
  }

  /** Mines the blocks one after the other, an hour apart; empty blocks hold no transaction. */
  async write(blocks: BranchBlock[]): Promise<void> {
    let { timestamp } = await this.head();
    for (const block of blocks) {
      timestamp += blockTime;
      const written: HistorySession[] = [];
      for (const label of block.open ?? []) {
        const s = session(label, timestamp, this.bidOf.get(label));
        this.sessions.set(s.sessionId, s);
        written.push(s);
      }
      for (const label of block.close ?? []) {
        const open = this.sessions.get(id(label));
        if (!open || open.close) throw new Error(`session ${label} is not open on this chain`);
        const s = closed(open, timestamp);
        this.sessions.set(s.sessionId, s);
        written.push(s);
      }
      if (written.length === 0) {
        await this.rpc("evm_mine", [timestamp]);
        continue;
      }
      const result = await writeHistory(this.chain.rpcUrl, this.chain.contract, {
        models: [],
        bids: [],
        sessions: written,
        endTime: timestamp,
      });
      if (result.blocks !== 1) throw new Error(`expected one block, writeHistory mined ${result.blocks}`);
    }
  }

  async snapshot(): Promise<void> {
    const snapshotId = await this.rpc<string>("evm_snapshot");
    this.snapshots.push({ id: snapshotId, sessions: new Map(this.sessions) });
  }

  async revert(): Promise<void> {
    const last = this.snapshots.pop();
    if (!last) throw new Error("no snapshot");
    if (!(await this.rpc<boolean>("evm_revert", [last.id]))) throw new Error("evm_revert failed");
    this.sessions = last.sessions;
  }
}

type RunSummary = {
  sync: { chains: Array<{ toBlock: number; reorg: { depth: number; ancestor: number | null } | null }> };
  build: { asOf: number };
};

describe("reorgs, end to end through the CLI", () => {
  const history = baseHistory();
  const chain = useDevChain(history);
  const dir = useTempDir("mor-reorg-");
  let canonical: CanonicalChain;

  beforeAll(() => {
    canonical = new CanonicalChain(chain, rpcOf(chain.rpcUrl), history);
  });

  const chainArgs = (db: string, out: string, rpcUrl = chain.rpcUrl) =>
    runArgs({ rpcUrl, contract: chain.contract }, { db: join(dir, db), out: join(dir, out) }, "--json");
  const run = async (db: string, out: string) => parseJson<RunSummary>(await runCli(chainArgs(db, out)));

  /**
   * One follower database lives through every case, as a cron job's would. A case opens its
   * sessions on the canonical chain, snapshots, mines the old branch and lets the follower index
   * it, reverts, mines the new branch and lets the follower index again: its files must equal a
   * fresh index of the new chain byte for byte, and SPEC.md's files of it.
   */
  async function reorgCase(
    name: string,
    setup: { open: string[]; bidOf?: Record<string, Hex> },
    oldBranch: BranchBlock[],
    newBranch: BranchBlock[],
  ): Promise<void> {
    for (const [label, bidId] of Object.entries(setup.bidOf ?? {})) canonical.bidOf.set(label, bidId);
    await canonical.write([{ open: setup.open }]);
    const ancestor = await canonical.head();

    await canonical.snapshot();
    await canonical.write(oldBranch);
    const oldHead = await canonical.head();
    expect(oldHead.number).toBe(ancestor.number + oldBranch.length);
    const beforeReorg = await run("follower.sqlite", "follower-out");
    expect(beforeReorg.sync.chains[0]).toMatchObject({ toBlock: oldHead.number, reorg: null });
    const oldFiles = readPublished(join(dir, "follower-out"));

    await canonical.revert();
    expect(await canonical.head()).toEqual(ancestor);
    await canonical.write(newBranch);
    const newHead = await canonical.head();
    expect(newHead.number).toBe(ancestor.number + newBranch.length);

    const follower = await followerEqualsFresh(name);
    expect(follower.sync.chains[0]?.reorg).toEqual({ depth: oldBranch.length, ancestor: ancestor.number });
    // The old branch published other numbers (not only another meta.json): the reorg mattered.
    const { "meta.json": _old, ...oldData } = oldFiles;
    const { "meta.json": _new, ...newData } = readPublished(join(dir, "follower-out"));
    expect(oldData).not.toEqual(newData);
  }

  /**
   * Runs the follower and a fresh index of the chain as it is now: the same files byte for byte,
   * and the files SPEC.md gives for the canonical history.
   */
  async function followerEqualsFresh(name: string): Promise<RunSummary> {
    const head = await canonical.head();
    const [follower, fresh] = await Promise.all([
      run("follower.sqlite", "follower-out"),
      run(`${name}-fresh.sqlite`, `${name}-fresh-out`),
    ]);
    expect(follower.sync.chains[0]?.toBlock).toBe(head.number);
    expect(fresh.sync.chains[0]).toMatchObject({ toBlock: head.number, reorg: null });
    const followerFiles = readPublished(join(dir, "follower-out"));
    expect(followerFiles).toEqual(readPublished(join(dir, `${name}-fresh-out`)));
    const published = readPublishedJson(join(dir, "follower-out"));
    const expected = await withRouter(expectedFor(canonical.history(), { asOf: head.timestamp }), [
      { rpcUrl: chain.rpcUrl, contract: chain.contract, block: head.number },
    ]);
    expect(diffFiles(published, expected)).toEqual([]);
    return follower;
  }

  test("behavior: depth 1, a close vanishes, another appears, an open vanishes", async () => {
    await reorgCase(
      "d1",
      { open: ["d1 a", "d1 b"] },
      [{ close: ["d1 a"], open: ["d1 new"] }],
      [{ close: ["d1 b"] }],
    );
  });

  test("behavior: depth 2, a close moves to a later block, another appears; the new chain is longer", async () => {
    await reorgCase(
      "d2",
      { open: ["d2 a", "d2 b"] },
      [{ close: ["d2 a"] }, {}],
      [{}, { close: ["d2 a"] }, { close: ["d2 b"] }],
    );
  });

  test("behavior: depth 5, a close moves to an earlier block; an open of a new bid vanishes; the new chain is shorter", async () => {
    await reorgCase(
      "d5",
      { open: ["d5 a", "d5 b"], bidOf: { "d5 new": id("bid c") } },
      [{ close: ["d5 a"], open: ["d5 new"] }, {}, {}, {}, { close: ["d5 b"] }],
      [{ close: ["d5 b"] }],
    );
  });

  test("behavior: depth 16, closes move, vanish and appear; sessions opened and closed on the old branch vanish", async () => {
    const old: BranchBlock[] = Array.from({ length: 16 }, () => ({}));
    old[0] = { close: ["d16 a"], open: ["d16 x"] };
    old[3] = { close: ["d16 x"] };
    old[9] = { close: ["d16 b"] };
    old[15] = { open: ["d16 y"] };
    const fresh: BranchBlock[] = Array.from({ length: 16 }, () => ({}));
    fresh[0] = { close: ["d16 c"] };
    fresh[7] = { close: ["d16 a"] };
    fresh[15] = { close: ["d16 b"], open: ["d16 z"] };
    await reorgCase("d16", { open: ["d16 a", "d16 b", "d16 c"] }, old, fresh);
  });

  for (const depth of [63, 64]) {
    test(`behavior: depth ${depth}, the deepest block and the head both change`, async () => {
      const p = `d${depth}`;
      const old: BranchBlock[] = Array.from({ length: depth }, () => ({}));
      old[0] = { close: [`${p} a`], open: [`${p} x`] };
      old[30] = { close: [`${p} x`] };
      old[depth - 1] = { close: [`${p} b`] };
      const fresh: BranchBlock[] = Array.from({ length: depth + 1 }, () => ({}));
      fresh[1] = { close: [`${p} b`] };
      fresh[depth] = { close: [`${p} c`] };
      await reorgCase(p, { open: [`${p} a`, `${p} b`, `${p} c`] }, old, fresh);
    });
  }
  test("behavior: a reorg in the middle of a run: that run exits 75, the next one equals a fresh index", async () => {
    await canonical.write([{ open: ["mid a", "mid b", "mid c", "mid d"] }]);
    const ancestor = await canonical.head();
    expect((await run("follower.sqlite", "follower-out")).sync.chains[0]?.toBlock).toBe(ancestor.number);

    await canonical.snapshot();
    await canonical.write([
      { close: ["mid a"] },
      { close: ["mid b"] },
      {},
      {},
      {},
      { close: ["mid c"] },
      {},
      {},
    ]);
    // The run starts with ranges of one block, as a first run does: it goes through the proxy, an
    // endpoint the database does not know (through a known one it would start with the size that
    // endpoint last ended with: here, the whole gap in one range). It asks for its first
    // ranges together (four of one block each), and for the next ones only after the first range
    // was committed: the chain changes under it at the first request for logs that does not
    // include ancestor + 1. "mid a" moves to another block; every session
    // the ranges still in flight may read after the change is closed on the new branch too, so
    // that no read waits for a lagging state.
    const newBranch: BranchBlock[] = [
      {},
      { close: ["mid b"] },
      { close: ["mid a"] },
      {},
      {},
      {},
      {},
      {},
      { close: ["mid d"] },
    ];
    const later = (fromBlocks: number[]) =>
      fromBlocks.length > 0 && Math.min(...fromBlocks) > ancestor.number + 1;
    const proxy = await startReorgingProxy(chain.rpcUrl, later, async () => {
      await canonical.revert();
      await canonical.write(newBranch);
    });
    let interrupted: CliResult;
    try {
      interrupted = await runCli(chainArgs("follower.sqlite", "follower-out", proxy.url));
    } finally {
      await proxy.close();
    }
    expect(proxy.triggered()).toBe(true);
    expect(interrupted.stderr).toMatch(/^error: The chain reorganised during the sync/m);
    expect(interrupted.code).toBe(75);

    const follower = await followerEqualsFresh("mid");
    expect(follower.sync.chains[0]?.reorg).toMatchObject({ ancestor: ancestor.number });
  });
});

/**
 * A loopback endpoint in front of anvil that, at the first HTTP request whose eth_getLogs start
 * blocks satisfy `trigger`, holds that request and every later one until `reorg` has replaced the
 * chain: a reorg in the middle of a run, at a known point of it.
 */
async function startReorgingProxy(
  target: string,
  trigger: (fromBlocks: number[]) => boolean,
  reorg: () => Promise<void>,
): Promise<{ url: string; triggered(): boolean; close(): Promise<void> }> {
  let gate: Promise<void> | undefined;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", async () => {
      try {
        const body = Buffer.concat(chunks);
        const calls = [JSON.parse(body.toString("utf8"))].flat() as Array<{
          method: string;
          params?: Array<{ fromBlock?: string }>;
        }>;
        const fromBlocks = calls
          .filter((call) => call.method === "eth_getLogs")
          .map((call) => Number(call.params?.[0]?.fromBlock));
        if (!gate && trigger(fromBlocks)) gate = reorg();
        if (gate) await gate;
        const upstream = await fetch(target, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body,
        });
        response
          .writeHead(upstream.status, { "content-type": "application/json" })
          .end(await upstream.text());
      } catch (error) {
        response.writeHead(500, { "content-type": "text/plain" }).end(String(error));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    triggered: () => gate !== undefined,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe("a reorg deeper than the stored block hashes", () => {
  const chain = useDevChain(baseHistory());
  const dir = useTempDir("mor-reorg-deep-");
  let rpc: Rpc;

  beforeAll(() => {
    rpc = rpcOf(chain.rpcUrl);
  });

  test("error: exit 1 with a clear message, the database and the published files unchanged", async () => {
    const args = runArgs(chain, { db: join(dir, "db.sqlite"), out: join(dir, "out") });
    // 700 blocks: the indexer keeps the hashes of the last 128 blocks and of range ends down to
    // 512 below the head, so none is left at or below block `fork`.
    const snapshot = await rpc<string>("evm_snapshot");
    const fork = chain.lastBlock;
    await rpc("anvil_mine", ["0x2bc", "0x3c"]);
    expect(parseJson(await runCli([...args, "--json"]))).toMatchObject({
      sync: { chains: [{ toBlock: fork + 700 }] },
    });
    const before = treeState(dir);

    expect(await rpc<boolean>("evm_revert", [snapshot])).toBe(true);
    await rpc("anvil_mine", ["0x2c6", "0x3d"]); // another history: other times, other hashes
    const result = await runCli(args);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe("");
    // How many range ends survive pruning depends on how the ranges grew: only that is masked.
    const kept = /None of the (\d+) stored block hashes \(down to block (\d+)\)/.exec(result.stderr);
    expect(Number(kept?.[1])).toBeGreaterThanOrEqual(128);
    expect(Number(kept?.[2])).toBeGreaterThan(fork);
    expect(
      result.stderr.replace(kept?.[0] ?? "", "None of the <n> stored block hashes (down to block <m>)"),
    ).toMatchInlineSnapshot(`
        "error: The chain reorganised deeper than the block hashes kept: block 706 is no longer canonical
        None of the <n> stored block hashes (down to block <m>) is on the chain now. Nothing was changed. Re-index into a new database (--db), or check that --rpc-url serves the same chain.
        "
      `);
    expect(treeState(dir)).toEqual(before);

    // A new database indexes the new chain from scratch.
    const fresh = await runCli(runArgs(chain, { db: join(dir, "new.sqlite"), out: join(dir, "new") }));
    expect(fresh.code).toBe(0);
  });
});
