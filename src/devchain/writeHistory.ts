import {
  type Address,
  createPublicClient,
  createWalletClient,
  encodeFunctionData,
  getAddress,
  type Hex,
  http,
  stringToHex,
  toHex,
} from "viem";
import { marketplaceAbi } from "../chain/abi.js";
import { BaseError } from "../errors/BaseError.js";
import type { History } from "./history.js";
import { nodeCallGasCap } from "./nodeCallGasCap.js";
import { nodeRequest } from "./nodeRequest.js";
import {
  compareEvents,
  type Event,
  planBlocks,
  revertSwitches,
  seedingAbi,
  setModelTx,
  type Tx,
  validateBids,
  validateTimes,
} from "./planHistoryBlocks.js";
import { checkBids, checkMined, readWritten } from "./writtenOnChain.js";

/** The block gas limit while a history is written: thousands of sessions a transaction. */
const seedingGasLimit = 1_000_000_000_000n;

export type WriteHistoryOptions = {
  /** Sessions opened (or closed) by one transaction. Default 2000. */
  maxEventsPerTx?: number;
  /**
   * Events within one span of this many seconds (spans aligned to the unix epoch) share a block.
   * Default: one day, widened to whole days so that the events fit in about `maxBlocks` blocks.
   */
  blockSpanSeconds?: number;
  /**
   * From `since` on (a multiple of `span`), events share a block only within one span of `span`
   * seconds. With 3600, each block's events lie in one UTC hour, so a close's hour is its block's,
   * as on a real chain, where closedAt is the block's time: what `verify` relies on.
   */
  fine?: { since: number; span: number };
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

/**
 * Puts a declarative history on a dev chain holding a TestMarketplace: new models and bids written
 * without a log first, then opens, renames, closes and bids posted and deleted (the real
 * contract's rules) in chronological order, thousands per transaction, all the events of one span
 * in one block. Block timestamps are strictly increasing and at or after every event time in the
 * block (the open of a session comes before its close when both share a block); a bid posted or
 * deleted ends a block of exactly its time (createdAt and deletedAt are block times). The last
 * block has timestamp `endTime` exactly; it holds the events of endTime's span, and flips the
 * revert switches last.
 *
 * Calling it again on the same chain appends: what is already on chain is not written again. A
 * session's open or close counts as written when its log exists; a model or a bid when getModel /
 * getBid shows it (or reverts; a posted bid: when getBid shows its createdAt, and its deletion when
 * it shows a deletedAt); a rename when `at` is not after the chain head's timestamp (unless
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
  validateBids(history);

  const { opened, closed, newModels, onChain, newBids } = await readWritten(
    client,
    contract,
    history,
    headTime,
  );

  const setupTxs: Tx[] = [
    ...newModels.map((m) =>
      setModelTx(m.modelId, typeof m.name === "string" ? stringToHex(m.name) : m.name.rawHex),
    ),
    ...newBids.map((b) => ({
      data: encodeFunctionData({
        abi: seedingAbi,
        functionName: "setBid",
        args: [b.bidId, b.provider, b.modelId, b.pricePerSecond ?? 0n, BigInt(b.createdAt ?? 0)],
      }),
      gas: 300_000n,
    })),
  ];
  const revertTxs = switchTxs(history);

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
  for (const b of history.bids) {
    const bid = onChain.get(b);
    if (b.postedAt !== undefined && !(bid && bid.createdAt !== 0n))
      events.push({ kind: 3, time: b.postedAt, bid: b });
    if (b.deletedAt !== undefined && !(bid && bid.deletedAt !== 0n))
      events.push({ kind: 4, time: b.deletedAt, bid: b });
  }
  events.sort(compareEvents);

  const firstEvent = events[0];
  const days = firstEvent ? Math.ceil((endTime - Math.max(firstEvent.time, headTime)) / 86_400) : 1;
  const span = options.blockSpanSeconds ?? 86_400 * Math.max(1, Math.ceil(days / (options.maxBlocks ?? 12)));
  const maxEventsPerBlock = options.maxEventsPerBlock ?? 5000;
  const blocks = planBlocks(events, {
    span,
    fine: options.fine,
    endTime,
    headTime,
    maxEventsPerTx,
    maxEventsPerBlock,
  });
  const firstPlanned = blocks[0];
  const lastPlanned = blocks[blocks.length - 1];
  if (!firstPlanned || !lastPlanned) throw new Error("unreachable: the plan always has the final block");
  firstPlanned.txs.unshift(...setupTxs);
  lastPlanned.txs.push(...revertTxs);

  const automine = await nodeRequest<boolean>(client, "anvil_getAutomine");
  if (automine) await nodeRequest(client, "evm_setAutomine", [false]);
  // Thousands of sessions a transaction: past the node's gas cap on calls, for the time of writing.
  await nodeRequest(client, "evm_setBlockGasLimit", [toHex(seedingGasLimit)]);
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
    await nodeRequest(client, "evm_setBlockGasLimit", [toHex(nodeCallGasCap)]);
    if (automine) await nodeRequest(client, "evm_setAutomine", [true]);
  }
  await checkBids(events, (bidId) =>
    client.readContract({ address: contract, abi: marketplaceAbi, functionName: "getBid", args: [bidId] }),
  );
  return { firstBlock: Number(head.number) + 1, lastBlock: blockNumber, blocks: blocks.length, logBlocks };
}

/**
 * What is set last, after everything else is written: the views that revert (each record's, a
 * deployment without getProviderModelStats or the router's views), and the providers' stakes.
 */
function switchTxs(history: History): Tx[] {
  const tx = (functionName: string, args: readonly unknown[], gas: bigint): Tx => ({
    data: encodeFunctionData({ abi: seedingAbi, functionName, args } as Parameters<
      typeof encodeFunctionData
    >[0]),
    gas,
  });
  const txs = revertSwitches(history).map(([id, flags]) =>
    tx("setReverts", [id, flags.session, flags.bid, flags.model], 200_000n),
  );
  if (history.statsUnavailable !== undefined)
    txs.push(tx("setStatsUnavailable", [history.statsUnavailable], 100_000n));
  if (history.routerViewsUnavailable !== undefined)
    txs.push(tx("setRouterViewsUnavailable", [history.routerViewsUnavailable], 100_000n));
  for (const { provider, stake } of history.providerStakes ?? [])
    txs.push(tx("setProviderStake", [provider, stake], 100_000n));
  return txs;
}
