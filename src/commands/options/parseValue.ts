import { isAddress } from "viem";
import { type PresetName, presets } from "../../chain/presets.js";
import type { ToBlock } from "../../chain/resolveTarget.js";
import { UserError } from "../../errors/BaseError.js";
import { redactUrl } from "../../log/redactUrl.js";

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

export function parseRpcUrl(value: unknown, source = "--rpc-url"): string {
  const text = String(value).trim();
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    const { problem, expected } = whyNotAUrl(text);
    throw new UserError(`Invalid ${source}: ${problem}`, { details: `Expected ${expected}.` });
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new UserError(`Invalid ${source}: ${JSON.stringify(redactUrl(text))}`, {
      details: `Expected an http:// or https:// URL; got the ${url.protocol} scheme.`,
    });
  }
  return text;
}

/**
 * What is wrong with a value that does not parse as a URL, shown without its secrets (a URL may
 * carry a key in its path or its user info): only what parses once given a scheme is quoted, and
 * then redacted.
 */
function whyNotAUrl(text: string): { problem: string; expected: string } {
  const example = `${endpointExpected}, e.g. https://mainnet.base.org`;
  if (text === "") return { problem: "the value is empty", expected: example };
  const scheme = /^[a-z][a-z\d+.-]*:\/\//i.exec(text)?.[0];
  if (scheme === undefined) {
    const shown = redactUrl(`https://${text}`);
    if (shown === "<invalid url>") return { problem: "the value is not a URL", expected: example };
    const withoutScheme = shown.slice("https://".length);
    return {
      problem: `${JSON.stringify(withoutScheme)} has no scheme`,
      expected: `${endpointExpected} (${shown}, perhaps)`,
    };
  }
  const port = /^[^/?#]*?:(\d+)$/.exec(text.slice(scheme.length).split(/[/?#]/)[0] ?? "")?.[1];
  if (port !== undefined && Number(port) > 65_535) {
    const shown = redactUrl(text.replace(`:${port}`, ""));
    const quoted =
      shown === "<invalid url>"
        ? "the value"
        : JSON.stringify(shown.replace(/^([^/]*\/\/[^/]*)/, `$1:${port}`));
    return {
      problem: `${quoted} has a port out of range`,
      expected: `a port from 1 to 65535 in ${endpointExpected}`,
    };
  }
  return { problem: "the value does not parse as a URL", expected: example };
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
