import { decodeFunctionResult, encodeFunctionData, type Hex } from "viem";
import { marketplaceAbi } from "./abi.js";
import type { ContractReader } from "./createContractReader.js";

/** The fields of getSession the indexer keeps. The user's address is dropped on decoding. */
export type SessionState = {
  bidId: string;
  stake: bigint;
  closeoutReceipt: Uint8Array;
  closeoutType: bigint;
  openedAt: number;
  endsAt: number;
  closedAt: number;
};

export type SessionRead = { ok: true; state: SessionState } | { ok: false; error: string };

/** Later than any plausible block time (year 36812): a larger value is garbage, not a time. */
const maxTimestamp = 2 ** 40;

export async function readSessions(
  reader: ContractReader,
  contract: string,
  sessionIds: readonly string[],
): Promise<Map<string, SessionRead>> {
  const results = await reader.read(
    sessionIds.map((sessionId) => ({
      to: contract,
      data: encodeFunctionData({ abi: marketplaceAbi, functionName: "getSession", args: [sessionId as Hex] }),
    })),
  );
  const reads = new Map<string, SessionRead>();
  sessionIds.forEach((sessionId, i) => {
    const result = results[i];
    if (!result?.ok) {
      reads.set(sessionId, { ok: false, error: result?.error ?? "no result" });
      return;
    }
    reads.set(sessionId, decodeSession(result.data));
  });
  return reads;
}

export function decodeSession(data: Hex): SessionRead {
  let session: ReturnType<typeof decode>;
  try {
    session = decode(data);
  } catch (error) {
    return { ok: false, error: `undecodable getSession result: ${(error as Error).message.split("\n")[0]}` };
  }
  const times = [session.openedAt, session.endsAt, session.closedAt];
  if (times.some((time) => time > BigInt(maxTimestamp)))
    return { ok: false, error: "timestamp out of range" };
  return {
    ok: true,
    state: {
      bidId: session.bidId.toLowerCase(),
      stake: session.stake,
      closeoutReceipt: Buffer.from(session.closeoutReceipt.slice(2), "hex"),
      closeoutType: session.closeoutType,
      openedAt: Number(session.openedAt),
      endsAt: Number(session.endsAt),
      closedAt: Number(session.closedAt),
    },
  };
}

function decode(data: Hex) {
  return decodeFunctionResult({ abi: marketplaceAbi, functionName: "getSession", data });
}
