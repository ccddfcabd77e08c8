import { getAddress, type Hex, keccak256, stringToHex } from "viem";
import type { History } from "../../src/devchain/history.js";
import { signedClose } from "../../tooling/devchain/signedClose.js";

const id = (label: string): Hex => keccak256(stringToHex(label));

/**
 * The smallest history with something to publish: one model, one bid, one session closed a
 * minute before `endTime` with a signed v2 receipt. For tests about flags, paths and endpoints.
 */
export function oneSessionHistory(endTime: number): History {
  const modelId = id("model");
  const bidId = id("bid");
  const sessionId = id("session");
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
        close: signedClose(sessionId, endTime - 60, 500, [10, 20]),
      },
    ],
    endTime,
  };
}
