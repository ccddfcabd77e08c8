import { randomBytes } from "node:crypto";

/**
 * JSON text with a stable layout (the key order of the objects as built, no whitespace, a
 * final newline). A bigint is written as exact integer digits, which JSON.stringify refuses.
 */
export function serializeJson(value: unknown): string {
  const marker = `bigint:${randomBytes(8).toString("hex")}:`;
  let sawBigint = false;
  const text = JSON.stringify(value, (_key, item: unknown) => {
    if (typeof item !== "bigint") return item;
    sawBigint = true;
    return `${marker}${item.toString()}`;
  });
  const json = sawBigint ? text.replace(new RegExp(`"${marker}(-?\\d+)"`, "g"), "$1") : text;
  return `${json}\n`;
}
