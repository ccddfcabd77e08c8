import { isAddress } from "viem";
import { type PresetName, presets } from "../../chain/presets.js";
import type { ToBlock } from "../../chain/resolveTarget.js";
import { UserError } from "../../errors/BaseError.js";
import { hasScheme, redactUrl } from "../../log/redactUrl.js";

/** A value that does not parse: name where it came from, show what was given and what was expected. */
export function invalid(source: string, given: unknown, expected: string): UserError {
  return new UserError(`Invalid ${source}: ${JSON.stringify(String(given))}`, {
    details: `Expected ${expected}.`,
  });
}

export function parseInteger(
  source: string,
  value: unknown,
  options: { min?: number; max?: number } = {},
): number {
  const text = String(value).trim();
  const min = options.min ?? 0;
  const max = options.max ?? Number.MAX_SAFE_INTEGER;
  const expected =
    max === Number.MAX_SAFE_INTEGER ? `an integer of at least ${min}` : `an integer from ${min} to ${max}`;
  if (!/^\d+$/.test(text)) throw invalid(source, value, expected);
  const number = Number(text);
  if (!Number.isSafeInteger(number) || number < min || number > max) throw invalid(source, value, expected);
  return number;
}

const endpointExpected = "an http:// or https:// URL of a JSON-RPC endpoint";

/**
 * An endpoint's URL. What is wrong with one is said without showing its secrets (a key in its
 * path or user info, a token in its query): a value is quoted only once it parses with its
 * scheme, and then redacted; a value without a scheme (a bare key, host:port) is never quoted.
 */
export function parseRpcUrl(value: unknown, source = "--rpc-url"): string {
  const text = String(value).trim();
  const refuse = (
    problem: string,
    expected = `${endpointExpected}, e.g. https://mainnet.base.org or http://localhost:8545`,
  ) => new UserError(`Invalid ${source}: ${problem}`, { details: `Expected ${expected}.` });
  if (text === "") throw refuse("the value is empty");
  if (!hasScheme(text)) throw refuse("the value has no http:// or https:// scheme");
  // A port is no secret: named alone, whatever else the value holds.
  const port = /^[^/]*\/\/[^/?#]*:(\d+)(?:[/?#]|$)/.exec(text)?.[1];
  if (port !== undefined && (Number(port) < 1 || Number(port) > 65_535)) {
    throw refuse(`port ${port} is out of range`, `a port from 1 to 65535 in ${endpointExpected}`);
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw refuse("the value does not parse as a URL");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw refuse(
      JSON.stringify(redactUrl(text)),
      `an http:// or https:// URL; got the ${url.protocol} scheme`,
    );
  }
  return text;
}

/** A preset's name or a numeric chain id. */
export function parseChain(value: unknown): { chainId: number; preset?: PresetName } {
  const text = String(value).trim().toLowerCase();
  if (text in presets) return { chainId: presets[text as PresetName].chainId, preset: text as PresetName };
  if (/^\d+$/.test(text)) return { chainId: parseInteger("--chain", text, { min: 1 }) };
  throw invalid("--chain", value, `one of ${Object.keys(presets).join(", ")}, or a numeric chain id`);
}

export function parseContract(value: unknown, source = "--contract"): string {
  const text = String(value).trim();
  if (!/^0x[0-9a-fA-F]{40}$/.test(text))
    throw invalid(source, value, "an address: 0x followed by 40 hex digits");
  if (!isAddress(text, { strict: true })) {
    throw invalid(source, value, "a valid EIP-55 checksum (or the address in all lowercase)");
  }
  return text.toLowerCase();
}

export function parseToBlock(value: unknown, source = "--to-block"): ToBlock {
  const text = String(value).trim().toLowerCase();
  if (text === "latest" || text === "safe" || text === "finalized") return text;
  if (/^\d+$/.test(text)) return parseInteger(source, text);
  throw invalid(source, value, "a block number, latest, safe or finalized");
}
