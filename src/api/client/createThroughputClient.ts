import { createValidator } from "../createValidator.js";
import { type ChainFilePath, chainFolder, fileSchemas } from "../fileSchemas.js";
import { freshMetaUrl, releaseIdentity, releaseUrl } from "../releaseUrls.js";
import type {
  ApiResponses,
  Audit,
  ByModelDaily,
  ByProviderDaily,
  Changes,
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

/** Every file of the API: what the client and a snapshot both read. */
export type ThroughputReader = ThroughputFiles & {
  /** Any top-level file, typed by its path below api/throughput/. */
  get<Path extends keyof ApiResponses>(path: Path): Promise<ApiResponses[Path]>;
  /** The model leaderboard (models.json). */
  models(): Promise<ModelLeaderboard>;
  /** The provider leaderboard (providers.json). */
  providers(): Promise<ProviderLeaderboard>;
  /** The index against the contract's own counters (audit.json). */
  audit(): Promise<Audit>;
  /** For every model, who serves it, at what price, how well, in the router's order (market.json, SPEC.md 1.2, 1.3). */
  market(): Promise<Market>;
  /** The market's events, newest first: bids posted, repriced, withdrawn (changes.json, SPEC.md 1.3). */
  changes(): Promise<Changes>;
  meta(): Promise<Meta>;
  /** One chain's own files (chains/{chainId}/), computed as if it were the only chain. */
  chain(chainId: number): ThroughputFiles;
};

/**
 * The API as one release published it: meta.json read fresh when the snapshot was taken, every
 * other file asked with that release's key (`?v=<releaseKey>`), so no cache hands over a copy of
 * another release. A static host serves its current files whatever the key: after a new
 * publication, isCurrent() is false and files asked since may be the new release's; read()
 * checks that for you.
 */
export type ThroughputSnapshot = ThroughputReader & {
  /** meta.json's releaseKey; undefined for a publication older than it (plain URLs then). */
  readonly releaseKey: string | undefined;
  /** Whether the site still publishes this release: meta.json asked again, past every cache. */
  isCurrent(): Promise<boolean>;
};

export type ReadOptions = {
  /** Snapshots to try while new releases keep being published under the read (default: 3). */
  attempts?: number;
};

export type ThroughputClient = ThroughputReader & {
  /** The site root every path is resolved against. */
  readonly baseUrl: string;
  /** The release published now, pinned: see ThroughputSnapshot. */
  snapshot(): Promise<ThroughputSnapshot>;
  /**
   * Several files of one release: runs `reader` on a snapshot, then asks meta.json again; when
   * another release was published meanwhile, runs it again on a new snapshot (up to `attempts`
   * times), so what it returns never combines two releases. An error of the reader is thrown only
   * when its release was still the published one (a file a new release dropped is read again).
   */
  read<T>(reader: (snapshot: ThroughputSnapshot) => Promise<T>, options?: ReadOptions): Promise<T>;
};

/**
 * A typed client of a published throughput API. `baseUrl` is the site that serves it (the
 * folder holding index.html and api/), e.g. `https://example.github.io/mor-throughput/`. Each
 * response is checked against the same JSON Schemas the publisher validated it with; a
 * failure throws a ThroughputClientError naming the URL and the problem.
 *
 * The plain methods ask for each file as it is now (caches may hold it for up to an hour, see
 * docs/caching.md); `snapshot()` and `read()` keep several files to one release.
 */
export function createThroughputClient(
  baseUrl: string,
  options: ThroughputClientOptions = {},
): ThroughputClient {
  const base = new URL(baseUrl.endsWith("/") ? baseUrl : `${baseUrl}/`);
  const fetchFunction = options.fetch ?? globalThis.fetch;
  const validate = options.validate ?? true;

  /** The files as one release published them (`releaseKey`), or as they are now (undefined). */
  const reader = (releaseKey: string | undefined, meta?: Meta): ThroughputReader => {
    const get = <Path extends keyof ApiResponses>(path: Path): Promise<ApiResponses[Path]> =>
      path === "meta.json" && meta
        ? Promise.resolve(meta as ApiResponses[Path])
        : (fetchFile(releaseUrl(base, path, releaseKey), fileSchemas[path]).then(
            (file) => file.value,
          ) as Promise<ApiResponses[Path]>);
    /** The seven files of SPEC.md's first table, below `folder` ("" for the top level). */
    const files = (folder: string): ThroughputFiles => {
      const file = <Path extends ChainFilePath>(path: Path) =>
        fetchFile(releaseUrl(base, `${folder}${path}`, releaseKey), fileSchemas[path]).then(
          (found) => found.value,
        ) as Promise<ApiResponses[Path]>;
      return {
        summary: () => file("summary.json"),
        rollup: (bucket) => file(`rollup/${bucket}.json`),
        byModelDaily: () => file("rollup/by-model-daily.json"),
        byProviderDaily: () => file("rollup/by-provider-daily.json"),
        stuckSessions: () => file("stuck-sessions.json"),
      };
    };
    return {
      ...files(""),
      get,
      models: () => get("models.json"),
      providers: () => get("providers.json"),
      audit: () => get("audit.json"),
      market: () => get("market.json"),
      changes: () => get("changes.json"),
      meta: () => get("meta.json"),
      chain: (chainId) => files(`${chainFolder(chainId)}/`),
    };
  };

  /** meta.json as the site publishes it now, past every cache, and what tells its release. */
  async function freshMeta(): Promise<{ meta: Meta; identity: string }> {
    const { value, text } = await fetchFile(freshMetaUrl(base), fileSchemas["meta.json"]);
    return { meta: value as Meta, identity: releaseIdentity(value, text) };
  }

  async function snapshot(): Promise<ThroughputSnapshot> {
    const { meta, identity } = await freshMeta();
    const releaseKey = typeof meta.releaseKey === "string" ? meta.releaseKey : undefined;
    return {
      ...reader(releaseKey, meta),
      releaseKey,
      isCurrent: async () => (await freshMeta()).identity === identity,
    };
  }

  async function read<T>(
    readFiles: (snapshot: ThroughputSnapshot) => Promise<T>,
    { attempts = 3 }: ReadOptions = {},
  ): Promise<T> {
    if (!Number.isSafeInteger(attempts) || attempts < 1)
      throw new RangeError(`attempts must be a whole number of at least 1 (got ${attempts})`);
    for (let attempt = 1; ; attempt++) {
      const taken = await snapshot();
      let outcome: { value: T } | { error: unknown };
      try {
        outcome = { value: await readFiles(taken) };
      } catch (error) {
        outcome = { error };
      }
      let current: boolean;
      try {
        current = await taken.isCurrent();
      } catch (error) {
        throw "error" in outcome ? outcome.error : error;
      }
      if (current) {
        if ("error" in outcome) throw outcome.error;
        return outcome.value;
      }
      if (attempt >= attempts) {
        const url = releaseUrl(base, "meta.json", undefined).href;
        throw new ThroughputClientError(`${url} named a new release after each of ${attempts} reads`, {
          url,
          details:
            "The site published faster than the files could be read. Try again later, or allow more attempts ({ attempts }).",
        });
      }
    }
  }

  async function fetchFile(address: URL, schema: string): Promise<{ value: unknown; text: string }> {
    const url = address.href;
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
    return { value, text };
  }

  return { ...reader(undefined), baseUrl: base.href, snapshot, read };
}

function headersOf(init: RequestInit | undefined): Record<string, string> {
  return init?.headers ? Object.fromEntries(new Headers(init.headers).entries()) : {};
}
