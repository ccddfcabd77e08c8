import { isAddress } from "viem";
import type { ConnectOptions } from "../../chain/connectChain.js";
import { type PresetName, presets } from "../../chain/presets.js";
import type { ToBlock } from "../../chain/resolveTarget.js";
import { UserError } from "../../errors/BaseError.js";
import { redactUrl } from "../../log/redactUrl.js";

/** Options as commander hands them over: strings, booleans, undefined. */
export type RawOptions = Record<string, unknown>;

export type ChainSelector = { preset: PresetName; chainId: number } | { chainId: number };

export type ChainOptions = ConnectOptions & { rpcUrlExplicit: boolean };

export type OutputOptions = { db: string; out: string; stuckGrace: number };

export type LogOptions = { json: boolean; logFormat: "text" | "json"; quiet: boolean; verbose: boolean };

/** A flag that does not parse: name it, show what was given and what was expected. */
function invalid(flag: string, given: unknown, expected: string): UserError {
  return new UserError(`Invalid ${flag}: ${JSON.stringify(String(given))}`, {
    details: `Expected ${expected}.`,
  });
}

export function parseInteger(
  flag: string,
  value: unknown,
  options: { min?: number; max?: number } = {},
): number {
  const text = String(value).trim();
  const min = options.min ?? 0;
  const max = options.max ?? Number.MAX_SAFE_INTEGER;
  const expected =
    max === Number.MAX_SAFE_INTEGER ? `an integer of at least ${min}` : `an integer from ${min} to ${max}`;
  if (!/^\d+$/.test(text)) throw invalid(flag, value, expected);
  const number = Number(text);
  if (!Number.isSafeInteger(number) || number < min || number > max) throw invalid(flag, value, expected);
  return number;
}

export function parseRpcUrl(value: unknown): string {
  const text = String(value).trim();
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new UserError(`Invalid --rpc-url: ${JSON.stringify(redactUrl(text))}`, {
      details: "Expected an http:// or https:// URL of a JSON-RPC endpoint, e.g. https://mainnet.base.org.",
    });
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new UserError(`Invalid --rpc-url: ${JSON.stringify(redactUrl(text))}`, {
      details: `Expected an http:// or https:// URL; got the ${url.protocol} scheme.`,
    });
  }
  return text;
}

export function parseChain(value: unknown): ChainSelector {
  const text = String(value).trim().toLowerCase();
  if (text in presets) {
    const name = text as PresetName;
    return { preset: name, chainId: presets[name].chainId };
  }
  if (/^\d+$/.test(text)) return { chainId: parseInteger("--chain", text, { min: 1 }) };
  throw invalid("--chain", value, `one of ${Object.keys(presets).join(", ")}, or a numeric chain id`);
}

export function parseContract(value: unknown): string {
  const text = String(value).trim();
  if (!/^0x[0-9a-fA-F]{40}$/.test(text)) {
    throw invalid("--contract", value, "an address: 0x followed by 40 hex digits");
  }
  if (!isAddress(text, { strict: true })) {
    throw invalid("--contract", value, "a valid EIP-55 checksum (or the address in all lowercase)");
  }
  return text.toLowerCase();
}

export function parseToBlock(value: unknown): ToBlock {
  const text = String(value).trim().toLowerCase();
  if (text === "latest" || text === "safe" || text === "finalized") return text;
  if (/^\d+$/.test(text)) return parseInteger("--to-block", text);
  throw invalid("--to-block", value, "a block number, latest, safe or finalized");
}

function pick(raw: RawOptions, key: string, env: NodeJS.ProcessEnv, envName?: string): unknown {
  const value = raw[key];
  if (value !== undefined) return value;
  if (envName && env[envName] !== undefined && env[envName] !== "") return env[envName];
  return undefined;
}

/** Flag over environment over default; every value checked before any work starts. */
export function parseChainOptions(raw: RawOptions, env: NodeJS.ProcessEnv = process.env): ChainOptions {
  const rpcUrlValue = pick(raw, "rpcUrl", env, "RPC_URL");
  const chainValue = pick(raw, "chain", env);
  const contractValue = pick(raw, "contract", env);
  const fromValue = pick(raw, "fromBlock", env);
  const confirmationsValue = pick(raw, "confirmations", env);
  const timeLimitValue = pick(raw, "timeLimit", env);
  const fromBlock = fromValue === undefined ? undefined : parseInteger("--from-block", fromValue);
  const toBlock = parseToBlock(pick(raw, "toBlock", env) ?? "latest");
  if (fromBlock !== undefined && typeof toBlock === "number" && toBlock < fromBlock) {
    throw new UserError(`Invalid --to-block: ${toBlock} is before --from-block ${fromBlock}`, {
      details: "Expected a last block at or after the first block to index.",
    });
  }
  return {
    rpcUrl: rpcUrlValue === undefined ? presets.base.rpcUrl : parseRpcUrl(rpcUrlValue),
    rpcUrlExplicit: rpcUrlValue !== undefined,
    chain: chainValue === undefined ? undefined : parseChain(chainValue),
    contract: contractValue === undefined ? undefined : parseContract(contractValue),
    fromBlock,
    toBlock,
    confirmations:
      confirmationsValue === undefined ? undefined : parseInteger("--confirmations", confirmationsValue),
    rpcTimeoutMs: parseInteger("--rpc-timeout", pick(raw, "rpcTimeout", env, "RPC_TIMEOUT_MS") ?? 30_000, {
      min: 1,
    }),
    rpcRetries: parseInteger("--rpc-retries", pick(raw, "rpcRetries", env, "RPC_RETRIES") ?? 6, { max: 100 }),
    rpcBatchSize: parseInteger("--rpc-batch-size", pick(raw, "rpcBatchSize", env) ?? 100, {
      min: 1,
      max: 10_000,
    }),
    rpcConcurrency: parseInteger("--rpc-concurrency", pick(raw, "rpcConcurrency", env) ?? 4, {
      min: 1,
      max: 64,
    }),
    multicall: raw.multicall !== false,
    timeLimit:
      timeLimitValue === undefined ? undefined : parseInteger("--time-limit", timeLimitValue, { min: 1 }),
  };
}

export function parseOutputOptions(raw: RawOptions, env: NodeJS.ProcessEnv = process.env): OutputOptions {
  return {
    db: String(pick(raw, "db", env, "DB_PATH") ?? "data/throughput.sqlite"),
    out: String(pick(raw, "out", env, "OUT_DIR") ?? "out"),
    stuckGrace: parseInteger("--stuck-grace", pick(raw, "stuckGrace", env) ?? 3600),
  };
}

export function parseLogOptions(raw: RawOptions): LogOptions {
  const format = String(raw.logFormat ?? "text");
  if (format !== "text" && format !== "json") throw invalid("--log-format", raw.logFormat, "text or json");
  return {
    json: raw.json === true,
    logFormat: format,
    quiet: raw.quiet === true,
    verbose: raw.verbose === true,
  };
}
