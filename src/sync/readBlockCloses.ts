import { sessionClosedTopic } from "../chain/abi.js";
import type { ChainView } from "../chain/ChainView.js";
import { parseSessionLog } from "../chain/parseSessionLog.js";
import type { BidState } from "../chain/readBids.js";
import { closeStateOf } from "./closeStateOf.js";
import type { CloseState } from "./SyncStore.js";

/** A close as the sync stores it: its getSession state (closeStateOf), and its log's provider. */
export type ReadClose = { sessionId: string; state: CloseState; logProvider: string | undefined };

export type BlockCloses = {
  /** The closes whose session could be read with a close time (the others count nowhere). */
  closes: ReadClose[];
  /** getBid of each close's bid; undefined where it could not be read. */
  bids: Map<string, BidState | undefined>;
  /** SessionClosed logs in the blocks, and those whose session could not be read. */
  logs: number;
  unreadable: number;
};

/**
 * The closes of the blocks [from, to] of the contract read from the chain as the sync reads them
 * (createRangeSource, buildRangeRows): the SessionClosed logs (one filter), getSession of each
 * session, getBid of each bid, batched as the chain's reader batches them.
 */
export async function readBlockCloses(
  view: ChainView,
  contract: string,
  from: number,
  to: number,
): Promise<BlockCloses> {
  if (to < from) return { closes: [], bids: new Map(), logs: 0, unreadable: 0 };
  const { result: range } = await view.pool.serve((member) =>
    member.view.createLogFetcher({ topics: [sessionClosedTopic] }).fetch(from, to),
  );
  const logs = new Map<string, string | undefined>();
  for (const raw of range.logs) {
    const parsed = parseSessionLog(raw, contract);
    if (parsed.kind === "session" && parsed.log.event === "closed")
      logs.set(parsed.log.sessionId, parsed.log.provider);
  }
  const states = logs.size > 0 ? await view.readSessions([...logs.keys()]) : new Map();
  const closes: ReadClose[] = [];
  for (const [sessionId, logProvider] of logs) {
    const read = states.get(sessionId);
    if (read?.ok && read.state.closedAt > 0)
      closes.push({ sessionId, state: closeStateOf(sessionId, read.state).state, logProvider });
  }
  const bidIds = [...new Set(closes.map((close) => close.state.bidId))];
  const reads = bidIds.length > 0 ? await view.readBids(bidIds) : new Map();
  const bids = new Map<string, BidState | undefined>();
  for (const bidId of bidIds) {
    const read = reads.get(bidId);
    bids.set(bidId, read?.ok ? read.state : undefined);
  }
  return { closes, bids, logs: logs.size, unreadable: logs.size - closes.length };
}
