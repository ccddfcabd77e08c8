import { getAddress, type Hex, keccak256, stringToHex } from "viem";
import { encodeReceipt } from "../../src/devchain/encodeReceipt.js";
import type { History } from "../../src/devchain/history.js";

const id = (label: string): Hex => keccak256(stringToHex(label));

/**
 * The smallest history with something to publish: one model, one bid, one session closed a
 * minute before `endTime` with a signed v2 receipt. For tests about flags, paths and endpoints.
 */
export function oneSessionHistory(endTime: number): History {
  const modelId = id("model");
  const bidId = id("bid");
  const sessionId = id("session");
  const receipt = encodeReceipt({
    sessionId,
    chainId: 8453,
    timestamp: endTime - 60,
    tpsScaled1000: 1,
    ttftMs: 500,
    inputTokens: 10,
    outputTokens: 20,
  });
  return {
    models: [{ modelId, name: "Model" }],
    bids: [{ bidId, provider: getAddress(`0x${id("provider").slice(-40)}`), modelId }],
    sessions: [
      {
        sessionId,
        user: getAddress(`0x${id("user").slice(-40)}`),
        bidId,
        stake: 1n,
        openedAt: endTime - 600,
        endsAt: endTime,
        close: { closedAt: endTime - 60, closeoutType: 0, receipt },
      },
    ],
    endTime,
  };
}
