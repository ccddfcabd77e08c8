import { createValidator } from "../createValidator.js";
import { apiPath, fileSchemas } from "../fileSchemas.js";
import type {
  ApiResponses,
  ByModelDaily,
  ByProviderDaily,
  Meta,
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

export type ThroughputClient = {
  /** The site root every path is resolved against. */
  readonly baseUrl: string;
  /** Any published file, typed by its path below api/throughput/. */
  get<Path extends keyof ApiResponses>(path: Path): Promise<ApiResponses[Path]>;
  summary(): Promise<Summary>;
  rollup(bucket: Rollup["bucket"]): Promise<Rollup>;
  byModelDaily(): Promise<ByModelDaily>;
  byProviderDaily(): Promise<ByProviderDaily>;
  stuckSessions(): Promise<StuckSessions>;
  meta(): Promise<Meta>;
};

// The published paths and the generated types name the same files.
const schemaOf: Record<keyof ApiResponses, string> = fileSchemas;

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

  async function get<Path extends keyof ApiResponses>(path: Path): Promise<ApiResponses[Path]> {
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
      const problems = createValidator().validate(schemaOf[path], value);
      if (problems.length > 0) {
        throw new ThroughputClientError(`${url} does not match ${schemaOf[path]}`, {
          url,
          status: response.status,
          problems,
        });
      }
    }
    return value as ApiResponses[Path];
  }

  return {
    baseUrl: base.href,
    get,
    summary: () => get("summary.json"),
    rollup: (bucket) => get(`rollup/${bucket}.json`),
    byModelDaily: () => get("rollup/by-model-daily.json"),
    byProviderDaily: () => get("rollup/by-provider-daily.json"),
    stuckSessions: () => get("stuck-sessions.json"),
    meta: () => get("meta.json"),
  };
}

function headersOf(init: RequestInit | undefined): Record<string, string> {
  return init?.headers ? Object.fromEntries(new Headers(init.headers).entries()) : {};
}
