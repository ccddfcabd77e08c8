import type { History } from "../../../src/devchain/history.js";

/**
 * The name getModel returns for `modelId` (lowercase) at the end of `history`, after every
 * rename (the last by `at`, then by order of the list): "" when getModel reverts or the model is
 * unknown. Invalid UTF-8 becomes U+FFFD; a leading BOM is kept (it is part of the stored name).
 */
export function modelName(history: History, modelId: string): string {
  const model = history.models.find((m) => m.modelId.toLowerCase() === modelId);
  if (model?.reverts) return "";
  let bytes: Uint8Array = new Uint8Array();
  if (model) {
    bytes =
      typeof model.name === "string"
        ? new TextEncoder().encode(model.name)
        : Uint8Array.from(Buffer.from(model.name.rawHex.slice(2), "hex"));
  }
  const renames = (history.renames ?? [])
    .map((r, order) => ({ ...r, order }))
    .filter((r) => r.modelId.toLowerCase() === modelId)
    .sort((a, b) => a.at - b.at || a.order - b.order);
  const last = renames[renames.length - 1];
  if (last) bytes = new TextEncoder().encode(last.name);
  return new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
}
