import { createValidator } from "../createValidator.js";
import { apiPath, type ChainFilePath, chainFolder, fileSchemas } from "../fileSchemas.js";
import type {
  ApiResponses,
  Audit,
  ByModelDaily,
  ByProviderDaily,
  Market,
  Meta,
  ModelLeaderboard,
  ProviderLeaderboard,
  Rollup,
  StuckSessions,
  Summary,
} from "../responseTypes.js";
import { ThroughputClientError } from "./ThroughputClientError.js";

export type ThroughputClientOptions = {
  /** The fetch to use (default: the global one, Node 18+ and browsers). */
  fetch?: typeof globalThis.fetch;
  /** Check every response against its JSON Schema before returning it (default: true). */
  validate?: boolean;
  /** Sent with every request (headers, an AbortSignal, ...). */
  init?: RequestInit;
};

/** The seven files of SPEC.md's first table: every chain together, or one chain alone. */
export type ThroughputFiles = {
  summary(): Promise<Summary>;
  rollup(bucket: Rollup["bucket"]): Promise<Rollup>;
  byModelDaily(): Promise<ByModelDaily>;
  byProviderDaily(): Promise<ByProviderDaily>;
  stuckSessions(): Promise<StuckSessions>;
};

export type ThroughputClient = ThroughputFiles & {
  /** The site root every path is resolved against. */
  readonly baseUrl: string;
  /** Any top-level file, typed by its path below api/throughput/. */
  get<Path extends keyof ApiResponses>(path: Path): Promise<ApiResponses[Path]>;
  /** The model leaderboard (models.json). */
  models(): Promise<ModelLeaderboard>;
  /** The provider leaderboard (providers.json). */
  providers(): Promise<ProviderLeaderboard>;
  /** The index against the contract's own counters (audit.json). */
  audit(): Promise<Audit>;
  /** For every model, who serves it, at what price and how well (market.json, SPEC.md 1.2). */
  market(): Promise<Market>;
  meta(): Promise<Meta>;
  /** One chain's own files (chains/{chainId}/), computed as if it were the only chain. */
  chain(chainId: number): ThroughputFiles;
};

/**
 * A typed client of a published throughput API. `baseUrl` is the site that serves it (the
 * folder holding index.html and api/), e.g. `https://example.github.io/mor-throughput/`. Each
 * response is checked against the same JSON Schemas the publisher validated it with; a
 * failure throws a ThroughputClientError naming the URL and the problem.
 */
export function createThroughputClient(
  baseUrl: string,
  options: ThroughputClientOptions = {},
): ThroughputClient {
  const base = new URL(baseUrl.endsWith("/") ? baseUrl : `${baseUrl}/`);
  const fetchFunction = options.fetch ?? globalThis.fetch;
  const validate = options.validate ?? true;

  const get = <Path extends keyof ApiResponses>(path: Path): Promise<ApiResponses[Path]> =>
    fetchFile(path, fileSchemas[path]) as Promise<ApiResponses[Path]>;

  /** The seven files of SPEC.md's first table, below `folder` ("" for the top level). */
  const files = (folder: string): ThroughputFiles => {
    const file = <Path extends ChainFilePath>(path: Path) =>
      fetchFile(`${folder}${path}`, fileSchemas[path]) as Promise<ApiResponses[Path]>;
    return {
      summary: () => file("summary.json"),
      rollup: (bucket) => file(`rollup/${bucket}.json`),
      byModelDaily: () => file("rollup/by-model-daily.json"),
      byProviderDaily: () => file("rollup/by-provider-daily.json"),
      stuckSessions: () => file("stuck-sessions.json"),
    };
  };

  async function fetchFile(path: string, schema: string): Promise<unknown> {
    const url = new URL(`${apiPath}/${path}`, base).href;
    let response: Response;
    try {
      response = await fetchFunction(url, {
        ...options.init,
        headers: { Accept: "application/json", ...headersOf(options.init) },
      });
    } catch (error) {
      throw new ThroughputClientError(`Cannot fetch ${url}`, {
        url,
        details: (error as Error).message,
        cause: error,
      });
    }
    if (!response.ok) {
      throw new ThroughputClientError(`${url} answered HTTP ${response.status}`, {
        url,
        status: response.status,
      });
    }
    const text = await response.text();
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      throw new ThroughputClientError(`${url} is not JSON`, {
        url,
        status: response.status,
        details: (error as Error).message,
        cause: error,
      });
    }
    if (validate) {
      const problems = createValidator().validate(schema, value);
      if (problems.length > 0) {
        throw new ThroughputClientError(`${url} does not match ${schema}`, {
          url,
          status: response.status,
          problems,
        });
      }
    }
    return value;
  }

  return {
    ...files(""),
    baseUrl: base.href,
    get,
    models: () => get("models.json"),
    providers: () => get("providers.json"),
    audit: () => get("audit.json"),
    market: () => get("market.json"),
    meta: () => get("meta.json"),
    chain: (chainId) => files(`${chainFolder(chainId)}/`),
  };
}

function headersOf(init: RequestInit | undefined): Record<string, string> {
  return init?.headers ? Object.fromEntries(new Headers(init.headers).entries()) : {};
}
