import { classifyReceipt } from "../chain/classifyReceipt.js";
import type { SessionState } from "../chain/readSessions.js";
import type { CloseState } from "./SyncStore.js";

/**
 * What a closed session counts for, from its getSession state: the receipt is classified here
 * and dropped (only its length is kept). `oversizeTokens`: a signed v2 receipt whose token words
 * do not fit uint32, counted in meta.json.
 */
export function closeStateOf(
  sessionId: string,
  state: SessionState,
): { state: CloseState; oversizeTokens: boolean; malformedReason: string | undefined } {
  const receipt = classifyReceipt(sessionId, state.closeoutType, state.closeoutReceipt);
  return {
    state: {
      bidId: state.bidId,
      openedAt: state.openedAt,
      endsAt: state.endsAt,
      closedAt: state.closedAt,
      closeoutType: state.closeoutType,
      receiptLength: state.closeoutReceipt.length,
      kind: receipt.kind,
      tokens: receipt.tokens,
      tokenCounted: receipt.kind === "v2" && receipt.oversizeTokens !== true,
      ttftMs: receipt.ttftMs,
      tps: receipt.tps,
    },
    oversizeTokens: receipt.oversizeTokens === true,
    malformedReason: receipt.reason,
  };
}
