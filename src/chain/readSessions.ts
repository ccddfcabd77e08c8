import { encodeFunctionData, type Hex } from "viem";
import { marketplaceAbi } from "./abi.js";
import { readBytes32, readDynamicBytes, readSmall, readUint } from "./abiReader.js";
import type { ContractReader } from "./createContractReader.js";
import { farFuture } from "./farFuture.js";
import { type ReadFailed, readEach } from "./readEach.js";

/** The fields of getSession the indexer keeps. The user's address is never read. */
export type SessionState = {
  bidId: string;
  stake: bigint;
  closeoutReceipt: Uint8Array;
  closeoutType: bigint;
  openedAt: number;
  endsAt: number;
  closedAt: number;
};

export type SessionRead = { ok: true; state: SessionState } | ReadFailed;

export async function readSessions(
  reader: ContractReader,
  contract: string,
  sessionIds: readonly string[],
): Promise<Map<string, SessionRead>> {
  return readEach(reader, {
    contract,
    ids: sessionIds,
    encode: (sessionId) =>
      encodeFunctionData({ abi: marketplaceAbi, functionName: "getSession", args: [sessionId as Hex] }),
    decode: decodeSession,
  });
}

/**
 * Decodes getSession's return data (CHAIN.md's Session struct): an offset to the tuple, then
 * user, bidId, stake, closeoutReceipt (offset), closeoutType, providerWithdrawnAmount, openedAt,
 * endsAt, closedAt, isActive, isDirectPaymentFromUser. A time past farFuture is garbage, not a
 * time: the read fails.
 */
export function decodeSession(data: Uint8Array): SessionRead {
  try {
    const tuple = readSmall(data, 0);
    const field = (index: number) => tuple + 32 * index;
    const times = [6, 7, 8].map((index) => readUint(data, field(index), 128));
    if (times.some((time) => time > farFuture)) return { ok: false, error: "timestamp out of range" };
    const [openedAt, endsAt, closedAt] = times.map(Number) as [number, number, number];
    return {
      ok: true,
      state: {
        bidId: readBytes32(data, field(1)),
        stake: readUint(data, field(2)),
        closeoutReceipt: Uint8Array.from(readDynamicBytes(data, tuple, field(3))),
        closeoutType: readUint(data, field(4)),
        openedAt,
        endsAt,
        closedAt,
      },
    };
  } catch (error) {
    return { ok: false, error: `undecodable getSession result: ${(error as Error).message}` };
  }
}
