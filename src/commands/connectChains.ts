import {
  type ChainSettings,
  type ConnectedChain,
  connectEndpoint,
  type Endpoint,
  prepareChain,
} from "../chain/connectChain.js";
import { compareChains, defaultConfirmations, presetForChainId } from "../chain/presets.js";
import { ExitCode, exitCodeOf, UserError } from "../errors/BaseError.js";
import type { Logger } from "../log/createLogger.js";
import { type PerChain, valueFor } from "./options/parsePerChain.js";
import type { ChainOptions, EndpointSpec } from "./options/settleOptions.js";

/**
 * Connects every configured endpoint, learns the chain each one serves, and settles what to
 * index there. A configuration that cannot work (the same chain twice, an endpoint on a chain
 * nobody asked for, a `<chainId>=` value for a chain that is not configured, a chain without a
 * preset and without --contract) is refused here, before anything is written.
 */
export async function connectChains(options: ChainOptions, logger: Logger): Promise<ConnectedChain[]> {
  const endpoints = await connectEvery(options, logger);
  const configured = endpoints.map((endpoint, i) => ({
    endpoint,
    spec: options.endpoints[i] as EndpointSpec,
  }));
  const seen = new Map<number, string>();
  for (const { endpoint, spec } of configured) {
    const where = `${spec.source} (${endpoint.client.safeUrl})`;
    if (spec.expectedChainId !== undefined && spec.expectedChainId !== endpoint.chainId) {
      throw new UserError(`${where} serves chain ${endpoint.chainId}, not chain ${spec.expectedChainId}`, {
        details: `Expected an endpoint of chain ${spec.expectedChainId} there.`,
      });
    }
    if (options.chains && !options.chains.includes(endpoint.chainId)) {
      throw new UserError(
        `The endpoint serves chain ${endpoint.chainId}, not the chain asked for (${options.chains.join(", ")})`,
        {
          details: `${where} reports chain id ${endpoint.chainId}. Expected ${options.chains.join(" or ")}: check --rpc-url and --chain.`,
        },
      );
    }
    const earlier = seen.get(endpoint.chainId);
    if (earlier) {
      throw new UserError(`Chain ${endpoint.chainId} is configured twice`, {
        details: `${earlier} and ${where} both serve chain ${endpoint.chainId}. Expected one endpoint per chain.`,
      });
    }
    seen.set(endpoint.chainId, where);
  }
  for (const chainId of options.chains ?? []) {
    if (!seen.has(chainId)) {
      throw new UserError(`No endpoint serves --chain ${chainId}`, {
        details: `The endpoints serve ${[...seen.keys()].join(", ")}. Expected an endpoint for every --chain (--rpc-url).`,
      });
    }
  }
  const chainIds = [...seen.keys()];
  for (const [flag, perChain] of Object.entries({
    "--contract": options.contract,
    "--from-block": options.fromBlock,
    "--to-block": options.toBlock,
    "--confirmations": options.confirmations,
  }) as Array<[string, PerChain<unknown>]>) {
    for (const chainId of perChain.byChain.keys()) {
      if (!seen.has(chainId)) {
        throw new UserError(`${flag} ${chainId}=… names chain ${chainId}, which is not configured`, {
          details: `The configured chains are ${chainIds.join(", ")}. Expected <chainId>=<value> for one of them, or a plain value for every chain.`,
        });
      }
    }
  }
  if (!options.ordered) configured.sort((a, b) => compareChains(a.endpoint.chainId, b.endpoint.chainId));
  const settled = configured.map(({ endpoint, spec }) => ({
    endpoint,
    settings: settingsFor(endpoint, spec, options),
  }));
  return Promise.all(settled.map(({ endpoint, settings }) => prepareChain(endpoint, settings, logger)));
}

/**
 * Every endpoint connected, or every failure known: each endpoint's retries end before the run
 * does, so that its error is the last line and names every endpoint that failed (the others as
 * warnings before it). The error a person must act on comes first: one no retry can help (a
 * wrong chain, a refused method) before one worth retrying; else the first in configuration order.
 */
async function connectEvery(options: ChainOptions, logger: Logger): Promise<Endpoint[]> {
  const settled = await Promise.allSettled(
    options.endpoints.map((spec) => connectEndpoint(spec.url, options.rpc, logger)),
  );
  const failures = settled.flatMap((result) => (result.status === "rejected" ? [result.reason] : []));
  const first = failures.find((error) => exitCodeOf(error) !== ExitCode.transient) ?? failures[0];
  if (first !== undefined) {
    for (const other of failures) {
      if (other !== first)
        logger.warn(other instanceof Error ? other.message.split("\n").join(". ") : String(other));
    }
    throw first;
  }
  return settled.map((result) => (result as PromiseFulfilledResult<Endpoint>).value);
}

/** Flag for this chain, else flag for every chain, else the chain's preset. */
function settingsFor(endpoint: Endpoint, spec: EndpointSpec, options: ChainOptions): ChainSettings {
  const { chainId } = endpoint;
  const preset = presetForChainId(chainId);
  const contract = valueFor(options.contract, chainId) ?? preset?.contract.toLowerCase();
  if (!contract) {
    throw new UserError(`--contract is required on chain ${chainId}`, {
      details: `${spec.source} serves chain ${chainId}, which has no preset. Expected --contract <address> (or --contract ${chainId}=<address>) of the marketplace contract there.`,
    });
  }
  const fromBlock = valueFor(options.fromBlock, chainId);
  const toBlock = valueFor(options.toBlock, chainId) ?? "latest";
  if (fromBlock !== undefined && typeof toBlock === "number" && toBlock < fromBlock) {
    throw new UserError(
      `Invalid --to-block on chain ${chainId}: ${toBlock} is before --from-block ${fromBlock}`,
      {
        details: "Expected a last block at or after the first block to index.",
      },
    );
  }
  return {
    name: preset?.name ?? `chain-${chainId}`,
    contract,
    fromBlock,
    fallbackFromBlock: preset?.startBlock ?? 0,
    toBlock,
    confirmations: valueFor(options.confirmations, chainId) ?? defaultConfirmations(chainId),
  };
}
