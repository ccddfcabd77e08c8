import type { Hex } from "viem";
import { encodeReceipt } from "../../src/devchain/encodeReceipt.js";
import type { HistoryClose } from "../../src/devchain/history.js";

/**
 * A close signed by the provider at `closedAt`: a v2 receipt with the token counts, or a v1
 * receipt without them (CHAIN.md). The fields nobody publishes (chain id, receipt time, tps)
 * are fixed.
 */
export function signedClose(
  sessionId: Hex,
  closedAt: number,
  ttftMs: number,
  tokens?: readonly [input: number, output: number],
): HistoryClose {
  const receipt = encodeReceipt({
    sessionId,
    chainId: 8453,
    timestamp: closedAt,
    tpsScaled1000: 10_000,
    ttftMs,
    ...(tokens ? { inputTokens: tokens[0], outputTokens: tokens[1] } : {}),
  });
  return { closedAt, closeoutType: 0, receipt };
}
