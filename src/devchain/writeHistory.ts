import {
  type Address,
  type Client,
  createPublicClient,
  createWalletClient,
  encodeFunctionData,
  getAddress,
  type Hex,
  http,
  parseAbi,
  size,
  stringToHex,
  zeroAddress,
} from "viem";
import { marketplaceAbi, sessionClosedTopic, sessionOpenedTopic } from "../chain/abi.js";
import { BaseError } from "../errors/BaseError.js";
import type { History, HistorySession } from "./history.js";
import { nodeRequest } from "./nodeRequest.js";

export type WriteHistoryOptions = {
  /** Sessions opened (or closed) by one transaction. Default 2000. */
  maxEventsPerTx?: number;
  /**
   * Events within one span of this many seconds (spans aligned to the unix epoch) share a block.
   * Default: one day, widened to whole days so that the events fit in about `maxBlocks` blocks.
   */
  blockSpanSeconds?: number;
  /**
   * Used only without blockSpanSeconds. Default 12. Anvil recomputes its state root from all
   * storage for every block, so mining costs (blocks x history size): keep big histories in few blocks.
   */
  maxBlocks?: number;
  /**
   * Opens, closes and renames in one block. Default 5000 (one log each), so that a block's logs fit
   * a provider's result cap and viem's 10 MB response limit; a span with more takes several blocks.
   */
  maxEventsPerBlock?: number;
};

export type WriteHistoryResult = {
  /** The first and last block this call mined; the last one has timestamp `history.endTime`. */
  firstBlock: number;
  lastBlock: number;
  /** The number of blocks this call mined. */
  blocks: number;
  /** For each session written by this call (lowercase id): the blocks of its SessionOpened / SessionClosed logs. */
  logBlocks: Map<Hex, { opened?: number; closed?: number }>;
};

const seedingAbi = parseAbi([
  "struct OpenInput { bytes32 sessionId; address user; bytes32 bidId; uint256 stake; uint128 openedAt; uint128 endsAt; }",
  "struct CloseInput { bytes32 sessionId; bytes receipt; uint256 closeoutType; uint128 closedAt; bool silent; }",
  "function openMany(OpenInput[] inputs)",
  "function closeMany(CloseInput[] inputs)",
  "function setModel(bytes32 modelId, bytes name)",
  "function setBid(bytes32 bidId, address provider, bytes32 modelId, uint256 pricePerSecond)",
  "function setReverts(bytes32 id, bool session, bool bid, bool model)",
  "function setStatsUnavailable(bool unavailable)",
]);

type OpenInput = {
  sessionId: Hex;
  user: Address;
  bidId: Hex;
  stake: bigint;
  openedAt: bigint;
  endsAt: bigint;
};
type CloseInput = { sessionId: Hex; receipt: Hex; closeoutType: bigint; closedAt: bigint; silent: boolean };
type Event =
  | { kind: 0; time: number; modelId: Hex; name: Hex }
  | { kind: 1; time: number; session: HistorySession }
  | { kind: 2; time: number; session: HistorySession };
type Tx = { data: Hex; gas: bigint };
type PlannedBlock = { timestamp: number; txs: Tx[]; opened: Hex[]; closed: Hex[] };

/**
 * Puts a declarative history on a dev chain holding a TestMarketplace: new models and bids first,
 * then opens, renames and closes in chronological order, thousands per transaction, all the events
 * of one span in one block. Block timestamps are strictly increasing and at or after every event
 * time in the block (the open of a session comes before its close when both share a block). The
 * last block has timestamp `endTime` exactly; it holds the events of endTime's span, and flips
 * the revert switches last.
 *
 * Calling it again on the same chain appends: what is already on chain is not written again. A
 * session's open or close counts as written when its log exists; a model or a bid when getModel /
 * getBid shows it (or reverts); a rename when `at` is not after the chain head's timestamp (unless
 * this call sets its model for the first time, then all its renames follow). So a
 * later call may pass the whole history again or only what is new (a session closed later is
 * passed again, with `close`). New events older than the head go into the first new block.
 */
export async function writeHistory(
  rpcUrl: string,
  contract: Address,
  history: History,
  options: WriteHistoryOptions = {},
): Promise<WriteHistoryResult> {
  const maxEventsPerTx = options.maxEventsPerTx ?? 2000;
  const transport = http(rpcUrl, { timeout: 300_000, retryCount: 0 });
  const client = createPublicClient({ transport });
  const [first] = await nodeRequest<Address[]>(client, "eth_accounts");
  if (!first) throw new BaseError("The dev node has no unlocked account.");
  const wallet = createWalletClient({ account: getAddress(first), transport });
  const head = await client.getBlock({ blockTag: "latest" });
  const headTime = Number(head.timestamp);
  const endTime = history.endTime;
  if (!(endTime > headTime)) {
    throw new BaseError("writeHistory: endTime must be after the chain head's timestamp.", {
      details: `endTime ${endTime}, head block ${head.number} at ${headTime}`,
    });
  }
  validateTimes(history);

  // What is on chain already (only events not newer than the head can be).
  const candidates = history.sessions
    .filter((s) => s.openedAt <= headTime || (s.close !== undefined && s.close.closedAt <= headTime))
    .map((s) => s.sessionId);
  const { opened, closed } = await existingLogs(client, contract, candidates);
  const newModels = await filterAsync(history.models, async (m) => {
    const model = await client
      .readContract({ address: contract, abi: marketplaceAbi, functionName: "getModel", args: [m.modelId] })
      .catch(() => undefined);
    return model !== undefined && model.createdAt === 0n;
  });
  const newBids = await filterAsync(history.bids, async (b) => {
    const bid = await client
      .readContract({ address: contract, abi: marketplaceAbi, functionName: "getBid", args: [b.bidId] })
      .catch(() => undefined);
    return bid !== undefined && bid.provider === zeroAddress;
  });

  const setupTxs: Tx[] = [
    ...newModels.map((m) =>
      setModelTx(m.modelId, typeof m.name === "string" ? stringToHex(m.name) : m.name.rawHex),
    ),
    ...newBids.map((b) => ({
      data: encodeFunctionData({
        abi: seedingAbi,
        functionName: "setBid",
        args: [b.bidId, b.provider, b.modelId, b.pricePerSecond ?? 0n],
      }),
      gas: 300_000n,
    })),
  ];
  const revertTxs: Tx[] = revertSwitches(history).map(([id, flags]) => ({
    data: encodeFunctionData({
      abi: seedingAbi,
      functionName: "setReverts",
      args: [id, flags.session, flags.bid, flags.model],
    }),
    gas: 200_000n,
  }));
  if (history.statsUnavailable !== undefined) {
    revertTxs.push({
      data: encodeFunctionData({
        abi: seedingAbi,
        functionName: "setStatsUnavailable",
        args: [history.statsUnavailable],
      }),
      gas: 100_000n,
    });
  }

  const events: Event[] = [];
  const settingNow = new Set(newModels.map((m) => m.modelId.toLowerCase()));
  for (const r of history.renames ?? []) {
    if (r.at > headTime || settingNow.has(r.modelId.toLowerCase())) {
      events.push({ kind: 0, time: r.at, modelId: r.modelId, name: stringToHex(r.name) });
    }
  }
  for (const s of history.sessions) {
    const id = s.sessionId.toLowerCase() as Hex;
    const openNow = !opened.has(id);
    if (openNow) events.push({ kind: 1, time: s.openedAt, session: s });
    if (s.close && !closed.has(id)) {
      // A close never goes into an earlier block than its open.
      const time = openNow ? Math.max(s.close.closedAt, s.openedAt) : s.close.closedAt;
      events.push({ kind: 2, time, session: s });
    }
  }
  events.sort((a, b) => a.time - b.time || a.kind - b.kind);

  const firstEvent = events[0];
  const days = firstEvent ? Math.ceil((endTime - Math.max(firstEvent.time, headTime)) / 86_400) : 1;
  const span = options.blockSpanSeconds ?? 86_400 * Math.max(1, Math.ceil(days / (options.maxBlocks ?? 12)));
  const maxEventsPerBlock = options.maxEventsPerBlock ?? 5000;
  const blocks = planBlocks(events, { span, endTime, headTime, maxEventsPerTx, maxEventsPerBlock });
  const firstPlanned = blocks[0];
  const lastPlanned = blocks[blocks.length - 1];
  if (!firstPlanned || !lastPlanned) throw new Error("unreachable: the plan always has the final block");
  firstPlanned.txs.unshift(...setupTxs);
  lastPlanned.txs.push(...revertTxs);

  const automine = await nodeRequest<boolean>(client, "anvil_getAutomine");
  if (automine) await nodeRequest(client, "evm_setAutomine", [false]);
  const logBlocks = new Map<Hex, { opened?: number; closed?: number }>();
  let nonce = await client.getTransactionCount({ address: wallet.account.address, blockTag: "pending" });
  let blockNumber = Number(head.number);
  try {
    for (const block of blocks) {
      const hashes: Hex[] = [];
      for (const tx of block.txs) {
        hashes.push(
          await wallet.sendTransaction({
            to: contract,
            data: tx.data,
            gas: tx.gas,
            nonce: nonce++,
            chain: null,
          }),
        );
      }
      await nodeRequest(client, "evm_mine", [block.timestamp]);
      blockNumber += 1;
      await checkMined(client, blockNumber, hashes);
      for (const id of block.opened) logBlocks.set(id, { opened: blockNumber });
      for (const id of block.closed) logBlocks.set(id, { ...logBlocks.get(id), closed: blockNumber });
    }
  } finally {
    if (automine) await nodeRequest(client, "evm_setAutomine", [true]);
  }
  return { firstBlock: Number(head.number) + 1, lastBlock: blockNumber, blocks: blocks.length, logBlocks };
}

function planBlocks(
  events: Event[],
  plan: {
    span: number;
    endTime: number;
    headTime: number;
    maxEventsPerTx: number;
    maxEventsPerBlock: number;
  },
): PlannedBlock[] {
  const blocks: PlannedBlock[] = [];
  const finalKey = Math.floor(plan.endTime / plan.span);
  let previous = plan.headTime;
  let i = 0;
  while (i < events.length) {
    const key = Math.floor((events[i] as Event).time / plan.span);
    if (key >= finalKey) break; // endTime's span goes into the final block(s)
    let j = i;
    while (
      j < events.length &&
      j - i < plan.maxEventsPerBlock &&
      Math.floor((events[j] as Event).time / plan.span) === key
    ) {
      j++;
    }
    const timestamp = Math.max((events[j - 1] as Event).time, previous + 1);
    if (timestamp >= plan.endTime) break; // no room before endTime: the rest goes into the final block
    blocks.push(buildBlock(events.slice(i, j), timestamp, plan.maxEventsPerTx));
    previous = timestamp;
    i = j;
  }
  // The rest, in blocks of maxEventsPerBlock while there is room before endTime; the last at endTime.
  while (events.length - i > plan.maxEventsPerBlock) {
    const j = i + plan.maxEventsPerBlock;
    const timestamp = Math.max((events[j - 1] as Event).time, previous + 1);
    if (timestamp >= plan.endTime) break;
    blocks.push(buildBlock(events.slice(i, j), timestamp, plan.maxEventsPerTx));
    previous = timestamp;
    i = j;
  }
  blocks.push(buildBlock(events.slice(i), plan.endTime, plan.maxEventsPerTx));
  return blocks;
}

function buildBlock(events: Event[], timestamp: number, maxEventsPerTx: number): PlannedBlock {
  const txs: Tx[] = [];
  const opens: OpenInput[] = [];
  const closes: CloseInput[] = [];
  for (const event of events) {
    if (event.kind === 0) txs.push(setModelTx(event.modelId, event.name));
    else if (event.kind === 1) {
      const s = event.session;
      opens.push({
        sessionId: s.sessionId,
        user: s.user,
        bidId: s.bidId,
        stake: s.stake,
        openedAt: BigInt(s.openedAt),
        endsAt: BigInt(s.endsAt),
      });
    } else {
      const s = event.session;
      const close = s.close as NonNullable<HistorySession["close"]>;
      closes.push({
        sessionId: s.sessionId,
        receipt: close.receipt,
        closeoutType: BigInt(close.closeoutType),
        closedAt: BigInt(close.closedAt),
        silent: close.silent === true,
      });
    }
  }
  // All opens of the block before all of its closes: a session opened and closed in one block
  // logs its SessionOpened first.
  for (let k = 0; k < opens.length; k += maxEventsPerTx) {
    const chunk = opens.slice(k, k + maxEventsPerTx);
    const data = encodeFunctionData({ abi: seedingAbi, functionName: "openMany", args: [chunk] });
    txs.push({ data, gas: 200_000n + 160_000n * BigInt(chunk.length) + 64n * BigInt(size(data)) });
  }
  for (let k = 0; k < closes.length; k += maxEventsPerTx) {
    const chunk = closes.slice(k, k + maxEventsPerTx);
    const data = encodeFunctionData({ abi: seedingAbi, functionName: "closeMany", args: [chunk] });
    let gas = 200_000n + 64n * BigInt(size(data));
    // Storage of the receipt, and the (model, provider) counters.
    for (const c of chunk) gas += 150_000n + 23_000n * BigInt(Math.ceil(size(c.receipt) / 32) + 1);
    txs.push({ data, gas });
  }
  return {
    timestamp,
    txs,
    opened: opens.map((o) => o.sessionId.toLowerCase() as Hex),
    closed: closes.map((c) => c.sessionId.toLowerCase() as Hex),
  };
}

function setModelTx(modelId: Hex, name: Hex): Tx {
  const data = encodeFunctionData({ abi: seedingAbi, functionName: "setModel", args: [modelId, name] });
  return { data, gas: 200_000n + 23_000n * BigInt(Math.ceil(size(name) / 32) + 1) };
}

/** One setReverts call per id that any entity gives an explicit `reverts` for. */
function revertSwitches(history: History): Array<[Hex, { session: boolean; bid: boolean; model: boolean }]> {
  const switches = new Map<string, [Hex, { session: boolean; bid: boolean; model: boolean }]>();
  const entry = (id: Hex) => {
    const key = id.toLowerCase();
    let value = switches.get(key);
    if (!value) {
      value = [id, { session: false, bid: false, model: false }];
      switches.set(key, value);
    }
    return value[1];
  };
  for (const s of history.sessions) if (s.reverts !== undefined) entry(s.sessionId).session = s.reverts;
  for (const b of history.bids) if (b.reverts !== undefined) entry(b.bidId).bid = b.reverts;
  for (const m of history.models) if (m.reverts !== undefined) entry(m.modelId).model = m.reverts;
  return [...switches.values()];
}

function validateTimes(history: History): void {
  const late: string[] = [];
  for (const s of history.sessions) {
    if (s.openedAt > history.endTime) late.push(`session ${s.sessionId} opens at ${s.openedAt}`);
    if (s.close && s.close.closedAt > history.endTime) {
      late.push(`session ${s.sessionId} closes at ${s.close.closedAt}`);
    }
  }
  for (const r of history.renames ?? []) {
    if (r.at > history.endTime) late.push(`model ${r.modelId} is renamed at ${r.at}`);
  }
  if (late.length > 0) {
    throw new BaseError(`writeHistory: ${late.length} event(s) after endTime ${history.endTime}.`, {
      details: late.slice(0, 5).join("\n"),
    });
  }
}

async function existingLogs(
  client: Client,
  contract: Address,
  sessionIds: Hex[],
): Promise<{ opened: Set<Hex>; closed: Set<Hex> }> {
  const opened = new Set<Hex>();
  const closed = new Set<Hex>();
  for (let k = 0; k < sessionIds.length; k += 500) {
    const logs = await nodeRequest<Array<{ topics: Hex[] }>>(client, "eth_getLogs", [
      {
        address: contract,
        fromBlock: "0x0",
        toBlock: "latest",
        topics: [[sessionOpenedTopic, sessionClosedTopic], null, sessionIds.slice(k, k + 500)],
      },
    ]);
    for (const log of logs) {
      const id = log.topics[2]?.toLowerCase() as Hex | undefined;
      if (!id) continue;
      if (log.topics[0] === sessionOpenedTopic) opened.add(id);
      else closed.add(id);
    }
  }
  return { opened, closed };
}

/** Every transaction sent for the block is in it and succeeded. (Per transaction: a whole block's receipts can exceed viem's response size limit.) */
async function checkMined(client: Client, blockNumber: number, hashes: Hex[]): Promise<void> {
  const receipts = await Promise.all(
    hashes.map((hash) =>
      nodeRequest<{ blockNumber: Hex; status: Hex } | null>(client, "eth_getTransactionReceipt", [hash]),
    ),
  );
  receipts.forEach((receipt, k) => {
    if (receipt?.status !== "0x1" || Number(receipt.blockNumber) !== blockNumber) {
      const what = !receipt
        ? "was not mined"
        : receipt.status !== "0x1"
          ? "reverted"
          : "was mined into another block";
      throw new BaseError(`writeHistory: transaction ${hashes[k]} ${what}.`, {
        details: `expected in block ${blockNumber}`,
      });
    }
  });
}

async function filterAsync<T>(items: T[], keep: (item: T) => Promise<boolean>): Promise<T[]> {
  const flags = await Promise.all(items.map(keep));
  return items.filter((_, k) => flags[k]);
}
