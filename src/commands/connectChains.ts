import {
  type ChainSettings,
  type ConnectedChain,
  connectEndpoint,
  type Endpoint,
  prepareChain,
} from "../chain/connectChain.js";
import { describeFailure } from "../chain/pool/poolErrors.js";
import { compareChains, defaultConfirmations, presetForChainId } from "../chain/presets.js";
import { ExitCode, exitCodeOf, UserError } from "../errors/BaseError.js";
import type { Logger } from "../log/createLogger.js";
import { redactUrl } from "../log/redactUrl.js";
import { type PerChain, valueFor } from "./options/parsePerChain.js";
import type { ChainOptions, EndpointSpec } from "./options/settleOptions.js";

/**
 * Connects every configured endpoint, learns the chain each one serves, and settles what to
 * index there; several endpoints of one chain make a pool (docs/endpoints.md). A configuration
 * that cannot work (an endpoint of a chain nobody asked for, of another contract, that refuses
 * access or is no JSON-RPC endpoint, a `<chainId>=` value for a chain that is not configured, a
 * chain without a preset, --contract or `knownContracts` entry) is refused here, before anything is written. An
 * endpoint that does not answer is left out with a warning when every chain the run must index
 * has another one (`indexed`: the chains the database holds, which a run must not drop for an
 * endpoint that is down); otherwise the run ends (exit 75).
 */
export async function connectChains(
  options: ChainOptions,
  logger: Logger,
  indexed: readonly number[] = [],
  knownContracts: ReadonlyMap<number, string> = new Map(),
): Promise<ConnectedChain[]> {
  const { live, dead } = await connectEvery(options, logger);
  const byChain = new Map<number, Array<{ endpoint: Endpoint; spec: EndpointSpec }>>();
  for (const { endpoint, spec } of live) {
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
    const pool = byChain.get(endpoint.chainId) ?? [];
    pool.push({ endpoint, spec });
    byChain.set(endpoint.chainId, pool);
  }
  leaveOutDead(dead, byChain, options.chains ?? indexed, logger);
  for (const chainId of options.chains ?? []) {
    if (!byChain.has(chainId)) {
      throw new UserError(`No endpoint serves --chain ${chainId}`, {
        details: `The endpoints serve ${[...byChain.keys()].join(", ")}. Expected an endpoint for every --chain (--rpc-url).`,
      });
    }
  }
  const chainIds = [...byChain.keys()];
  for (const [flag, perChain] of Object.entries({
    "--contract": options.contract,
    "--from-block": options.fromBlock,
    "--to-block": options.toBlock,
    "--confirmations": options.confirmations,
    "--accept-upgrade": options.acceptUpgrades,
  }) as Array<[string, PerChain<unknown>]>) {
    for (const chainId of perChain.byChain.keys()) {
      if (!byChain.has(chainId)) {
        throw new UserError(`${flag} ${chainId}=… names chain ${chainId}, which is not configured`, {
          details: `The configured chains are ${chainIds.join(", ")}. Expected <chainId>=<value> for one of them, or a plain value for every chain.`,
        });
      }
    }
  }
  if (!options.ordered) chainIds.sort(compareChains);
  const settled = chainIds.map((chainId) => {
    const pool = byChain.get(chainId) ?? [];
    const endpoints = pool.map(({ endpoint }) => endpoint);
    if (endpoints.length > 1)
      logger.info(`chain ${chainId}: ${endpoints.length} endpoints in a pool`, {
        endpoints: endpoints.map((endpoint) => endpoint.client.safeUrl).join(", "),
      });
    const spec = (pool[0] as (typeof pool)[number]).spec;
    return { endpoints, settings: settingsFor(chainId, spec, options, knownContracts.get(chainId)) };
  });
  return Promise.all(
    settled.map(({ endpoints, settings }) =>
      prepareChain(endpoints, settings, { retries: options.rpc.retries, logger }),
    ),
  );
}

type Dead = { spec: EndpointSpec; error: unknown };

/**
 * Every endpoint connected, or its failure known: each endpoint's retries end before the run
 * goes on. One that no retry can help (a refused method or access, not JSON-RPC) ends the run at
 * once, a person must fix it (the others' failures as warnings before it); those that do not
 * answer are for leaveOutDead to judge. None answering: the first failure in configuration order.
 */
async function connectEvery(
  options: ChainOptions,
  logger: Logger,
): Promise<{ live: Array<{ endpoint: Endpoint; spec: EndpointSpec }>; dead: Dead[] }> {
  // The same URL twice is one endpoint: a second client of it would only confirm itself.
  const specs = options.endpoints.filter((spec, i) => {
    const first = options.endpoints.findIndex((other) => other.url === spec.url);
    if (first === i) return true;
    logger.warn(`${spec.source} (${redactUrl(spec.url)}) is given twice: one endpoint`);
    return false;
  });
  const settled = await Promise.allSettled(
    specs.map((spec) => connectEndpoint(spec.url, options.rpc, logger)),
  );
  const failures = settled.flatMap((result) => (result.status === "rejected" ? [result.reason] : []));
  const refused = failures.find((error) => exitCodeOf(error) !== ExitCode.transient);
  const live = settled.flatMap((result, i) =>
    result.status === "fulfilled" ? [{ endpoint: result.value, spec: specs[i] as EndpointSpec }] : [],
  );
  const first = refused ?? (live.length === 0 ? failures[0] : undefined);
  if (first !== undefined) {
    for (const other of failures) {
      if (other !== first)
        logger.warn(other instanceof Error ? other.message.split("\n").join(". ") : String(other));
    }
    throw first;
  }
  const dead = settled.flatMap((result, i) =>
    result.status === "rejected" ? [{ spec: specs[i] as EndpointSpec, error: result.reason }] : [],
  );
  return { live, dead };
}

/**
 * Endpoints that did not answer (after their retries) are left out of the run, with a warning,
 * when the run loses no chain by it: one meant for a chain (RPC_URL_<chainId>, a preset) whose
 * other endpoints answer; one of unknown chain (--rpc-url) when every chain the run must index
 * (`mustServe`: --chain, else the chains the database holds) has an endpoint that answers.
 * Otherwise the run ends with the endpoint's failure (exit 75: a later run may reach it).
 */
function leaveOutDead(
  dead: readonly Dead[],
  byChain: ReadonlyMap<number, unknown>,
  mustServe: readonly number[],
  logger: Logger,
): void {
  const unserved = mustServe.filter((chainId) => !byChain.has(chainId));
  for (const { spec, error } of dead) {
    const chainId = spec.expectedChainId;
    if (chainId !== undefined ? !byChain.has(chainId) : unserved.length > 0) throw error;
  }
  for (const { spec, error } of dead) {
    const chainId = spec.expectedChainId;
    const goesOn =
      chainId !== undefined
        ? `chain ${chainId} goes on with its other endpoints`
        : `every chain to index has another endpoint (${[...byChain.keys()].join(", ")})`;
    logger.warn(`${spec.source} (${redactUrl(spec.url)}) does not answer: left out of this run; ${goesOn}`, {
      reason: describeFailure(error),
    });
  }
}

/** Flag for this chain, else flag for every chain, else the contract known (a site's), else the chain's preset. */
function settingsFor(
  chainId: number,
  spec: EndpointSpec,
  options: ChainOptions,
  known: string | undefined,
): ChainSettings {
  const preset = presetForChainId(chainId);
  const contract = valueFor(options.contract, chainId) ?? known ?? preset?.contract.toLowerCase();
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
