import type { RpcSettings } from "../../chain/connectChain.js";
import { defaultPresets, presetForChainId, presets } from "../../chain/presets.js";
import type { ToBlock } from "../../chain/resolveTarget.js";
import { UserError } from "../../errors/BaseError.js";
import { type PerChain, parsePerChain } from "./parsePerChain.js";
import { invalid, parseChain, parseContract, parseInteger, parseRpcUrl, parseToBlock } from "./parseValue.js";

/** Options as commander hands them over: strings, string arrays, booleans, undefined. */
export type RawOptions = Record<string, unknown>;
export type Environment = Readonly<Record<string, string | undefined>>;

/** An endpoint to index, and where it came from (for messages). */
export type EndpointSpec = { url: string; source: string; expectedChainId?: number };

/** Everything `sync` and `run` need to reach and follow the chains, settled once. */
export type ChainOptions = {
  endpoints: EndpointSpec[];
  /** The endpoints' order is the configuration order (--rpc-url, --chain); else base, arbitrum, ... */
  ordered: boolean;
  /** --chain: the chains the endpoints must serve. */
  chains: number[] | undefined;
  contract: PerChain<string>;
  fromBlock: PerChain<number>;
  toBlock: PerChain<ToBlock>;
  confirmations: PerChain<number>;
  rpc: RpcSettings;
  /** Seconds after which no new block range starts (the next run continues). */
  timeLimit: number | undefined;
  /** --accept-upgrade: blocks of contract upgrades to go on past (docs/upgrades.md). */
  acceptUpgrades: AcceptedUpgrades;
};

/** Blocks of upgrades accepted on every chain (`all`) or on one; given again, they add up. */
export type AcceptedUpgrades = { all: number[]; byChain: Map<number, number[]> };

export type OutputOptions = {
  db: string;
  out: string;
  stuckGrace: number;
  updateInterval: number;
  /** --snapshot: publish the snapshot of the index beside the API. */
  snapshot: boolean;
};

export type LogOptions = { json: boolean; logFormat: "text" | "json"; quiet: boolean; verbose: boolean };

/** An environment variable's value; empty means unset (a workflow passes a missing secret as ""). */
export function fromEnvironment(env: Environment, name: string): string | undefined {
  const value = env[name];
  return value === undefined || value.trim() === "" ? undefined : value;
}

const list = (value: unknown): string[] =>
  Array.isArray(value) ? value.map(String) : value === undefined ? [] : [String(value)];

/**
 * The chain options of `sync` and `run`: flags over the environment over defaults, every value
 * checked before any work starts. This and settleOutputOptions are the only readers of the
 * environment.
 */
export function settleChainOptions(raw: RawOptions, env: Environment): ChainOptions {
  const chains = list(raw.chain).map((value) => parseChain(value));
  const endpoints = endpointsOf(raw, env, chains);
  const options: ChainOptions = {
    endpoints: endpoints.specs,
    ordered: endpoints.ordered,
    chains: chains.length > 0 ? chains.map((chain) => chain.chainId) : undefined,
    contract: parsePerChain("--contract", list(raw.contract), (value, source) =>
      parseContract(value, source),
    ),
    fromBlock: parsePerChain("--from-block", list(raw.fromBlock), (value, source) =>
      parseInteger(source, value),
    ),
    toBlock: parsePerChain("--to-block", list(raw.toBlock), (value, source) => parseToBlock(value, source)),
    confirmations: parsePerChain("--confirmations", list(raw.confirmations), (value, source) =>
      parseInteger(source, value),
    ),
    rpc: {
      timeoutMs: parseInteger(
        sourceOf(raw.rpcTimeout, "--rpc-timeout", env, "RPC_TIMEOUT_MS"),
        raw.rpcTimeout ?? fromEnvironment(env, "RPC_TIMEOUT_MS") ?? 30_000,
        { min: 1 },
      ),
      retries: parseInteger(
        sourceOf(raw.rpcRetries, "--rpc-retries", env, "RPC_RETRIES"),
        raw.rpcRetries ?? fromEnvironment(env, "RPC_RETRIES") ?? 6,
        { max: 100 },
      ),
      batchSize: parseInteger("--rpc-batch-size", raw.rpcBatchSize ?? 100, { min: 1, max: 10_000 }),
      concurrency: parseInteger("--rpc-concurrency", raw.rpcConcurrency ?? 4, { min: 1, max: 64 }),
      multicall: raw.multicall !== false,
    },
    timeLimit:
      raw.timeLimit === undefined ? undefined : parseInteger("--time-limit", raw.timeLimit, { min: 1 }),
    acceptUpgrades: parseAcceptedUpgrades(list(raw.acceptUpgrade)),
  };
  const from = options.fromBlock.all;
  const to = options.toBlock.all;
  if (from !== undefined && typeof to === "number" && to < from) {
    throw new UserError(`Invalid --to-block: ${to} is before --from-block ${from}`, {
      details: "Expected a last block at or after the first block to index.",
    });
  }
  return options;
}

function parseAcceptedUpgrades(values: readonly string[]): AcceptedUpgrades {
  const accepted: AcceptedUpgrades = { all: [], byChain: new Map() };
  for (const value of values) {
    const one = parsePerChain("--accept-upgrade", [value], (block, source) => parseInteger(source, block));
    if (one.all !== undefined) accepted.all.push(one.all);
    for (const [chainId, block] of one.byChain)
      accepted.byChain.set(chainId, [...(accepted.byChain.get(chainId) ?? []), block]);
  }
  return accepted;
}

/** Where a value came from, for its message: the flag, or the environment variable. */
function sourceOf(flagValue: unknown, flag: string, env: Environment, variable: string): string {
  return flagValue === undefined && fromEnvironment(env, variable) !== undefined ? variable : flag;
}

/**
 * The endpoints: --rpc-url flags (in the order given); else RPC_URL and RPC_URL_<chainId> from
 * the environment; else the public endpoint of each --chain, or of both presets (base, arbitrum).
 */
function endpointsOf(
  raw: RawOptions,
  env: Environment,
  chains: ReadonlyArray<ReturnType<typeof parseChain>>,
): { specs: EndpointSpec[]; ordered: boolean } {
  const flags = list(raw.rpcUrl);
  if (flags.length > 0)
    return { specs: flags.map((url) => ({ url: parseRpcUrl(url), source: "--rpc-url" })), ordered: true };
  const fromEnv: EndpointSpec[] = [];
  const single = fromEnvironment(env, "RPC_URL");
  if (single !== undefined)
    for (const url of splitUrls(single))
      fromEnv.push({ url: parseRpcUrl(url, "RPC_URL"), source: "RPC_URL" });
  for (const name of Object.keys(env).sort()) {
    const match = /^RPC_URL_(\d+)$/.exec(name);
    const value = fromEnvironment(env, name);
    if (!match || value === undefined) continue;
    const chainId = parseInteger(name, match[1], { min: 1 });
    for (const url of splitUrls(value))
      fromEnv.push({ url: parseRpcUrl(url, name), source: name, expectedChainId: chainId });
  }
  if (fromEnv.length > 0) return { specs: fromEnv, ordered: false };
  const wanted =
    chains.length > 0
      ? chains
      : defaultPresets.map((name) => ({ chainId: presets[name].chainId, preset: name }));
  const specs = wanted.map(({ chainId }) => {
    const preset = presetForChainId(chainId);
    if (!preset) {
      throw invalid(
        "--chain",
        chainId,
        `a chain with a preset (${Object.keys(presets).join(", ")}), or an endpoint for chain ${chainId} (--rpc-url or RPC_URL_${chainId})`,
      );
    }
    return {
      url: preset.rpcUrl,
      source: `the ${preset.name} preset's public endpoint`,
      expectedChainId: chainId,
    };
  });
  return { specs, ordered: true };
}

export function settleOutputOptions(raw: RawOptions, env: Environment): OutputOptions {
  return {
    db: String(raw.db ?? fromEnvironment(env, "DB_PATH") ?? "data/throughput.sqlite"),
    out: String(raw.out ?? fromEnvironment(env, "OUT_DIR") ?? "out"),
    stuckGrace: parseInteger("--stuck-grace", raw.stuckGrace ?? 3600),
    updateInterval: parseInteger("--update-interval", raw.updateInterval ?? 3600, { min: 1 }),
    snapshot: raw.snapshot === true,
  };
}

export function settleLogOptions(raw: RawOptions): LogOptions {
  const format = String(raw.logFormat ?? "text");
  if (format !== "text" && format !== "json") throw invalid("--log-format", raw.logFormat, "text or json");
  if (raw.quiet === true && raw.verbose === true) {
    throw new UserError("--quiet and --verbose contradict each other", {
      details: "Expected one of them, or neither.",
    });
  }
  return {
    json: raw.json === true,
    logFormat: format,
    quiet: raw.quiet === true,
    verbose: raw.verbose === true,
  };
}

/**
 * Every endpoint URL the flags and the environment hold, settled or not: scrubbed from every
 * line the command prints, whatever goes wrong (they may carry credentials).
 */
export function secretUrlsOf(raw: RawOptions, env: Environment): string[] {
  const fromEnv = Object.keys(env)
    .filter((name) => /^RPC_URL(_\d+)?$/.test(name))
    .map((name) => fromEnvironment(env, name))
    .filter((value): value is string => value !== undefined);
  return [...list(raw.rpcUrl), ...fromEnv, ...fromEnv.flatMap(splitUrls)];
}

/**
 * The URLs of an RPC_URL or RPC_URL_<chainId> value: one, or several separated by spaces or
 * commas (a pool: docs/endpoints.md). A comma inside a URL is written %2C.
 */
export function splitUrls(value: string): string[] {
  return value.split(/[\s,]+/).filter((url) => url !== "");
}
