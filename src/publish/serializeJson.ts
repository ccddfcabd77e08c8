import { randomBytes } from "node:crypto";

/**
 * JSON text with a stable layout (the key order of the objects as built, no whitespace, a
 * final newline). A bigint is written as exact integer digits, which JSON.stringify refuses.
 */
export function serializeJson(value: unknown): string {
  // Fast path: without a replacer, JSON.stringify runs several times faster (the by-provider
  // file holds tens of thousands of buckets). It throws on the first bigint; only then is the
  // replacer needed, and the text comes out the same either way.
  try {
    return `${JSON.stringify(value)}\n`;
  } catch (error) {
    if (!(error instanceof TypeError) || !/BigInt/i.test(error.message)) throw error;
  }
  const marker = `bigint:${randomBytes(8).toString("hex")}:`;
  const text = JSON.stringify(value, (_key, item: unknown) =>
    typeof item === "bigint" ? `${marker}${item.toString()}` : item,
  );
  return `${text.replace(new RegExp(`"${marker}(-?\\d+)"`, "g"), "$1")}\n`;
}
