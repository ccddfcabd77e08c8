import { apiPath, type ChainFilePath, chainFolder } from "../api/fileSchemas.js";
import { freshMetaUrl, releaseIdentity, releaseUrl } from "../api/releaseUrls.js";
import type { ApiResponses, Meta } from "../api/responseTypes.js";

/** A file of the API that could not be loaded, named by its path below the page. */
export class FileError extends Error {
  constructor(
    readonly path: string,
    reason: string,
  ) {
    super(`${path}: ${reason}`);
  }
}

/**
 * A file that arrived from another release than the one the page reads (a publication happened
 * while it loaded, and the host served the new file under the old key): it is never drawn. The
 * page draws itself again from the new release (onReleaseChange).
 */
export class ReleaseChanged extends Error {
  constructor(readonly path: string) {
    super(`${path}: a new release was published while it loaded`);
  }
}

export type FileLoader = {
  /** One top-level file of the API. */
  loadFile<Path extends keyof ApiResponses>(path: Path): Promise<ApiResponses[Path]>;
  /** A file of one chain (chains/{chainId}/...), or the top-level one for every chain ("all"). */
  loadChainFile<Path extends ChainFilePath>(chain: "all" | number, path: Path): Promise<ApiResponses[Path]>;
  /** Called when the page's release is no longer the published one: draw everything again. */
  onReleaseChange(listener: () => void): void;
};

/** One release as the page reads it: its meta.json, and each file fetched once under its key. */
type Release = {
  /** What tells it from another (releaseIdentity); undefined when meta.json could not be read. */
  identity: string | undefined;
  key: string | undefined;
  meta: Promise<Meta>;
  files: Map<string, Promise<unknown>>;
};

type Latest = { meta: Meta; identity: string };

type Waiting = { release: Release; shown: string; resolve(): void; reject(error: Error): void };

const metaShown = `${apiPath}/meta.json`;

/**
 * The page's files, one release at a time (docs/caching.md):
 *
 * - meta.json is fetched past every cache (a URL no cache has seen), and names the release's key;
 * - every other file is fetched once under that key (`?v=<releaseKey>`): a cache never holds a
 *   copy of another release under that URL, so a copy it has can be used;
 * - a static host serves its current files whatever the key, so a publication during a load would
 *   hand over a new file under the old key: a file is handed over only after meta.json, fetched
 *   again after it arrived, still names its release (one such check confirms every file that
 *   arrived before it started). When meta.json names another release, the waiting files are
 *   refused (ReleaseChanged), the files of the old release are forgotten, and the listeners draw
 *   the whole page again from the new one: one view never shows two releases.
 *
 * Without a readable meta.json, files are fetched as they are now (no key to ask them with), and
 * meta.json is asked again the next time it is needed. A failure is forgotten at once, so that
 * asking again (a retry) fetches the file again.
 */
export function createFileLoader(
  fetchFunction: (url: URL, init?: RequestInit) => Promise<Response>,
  baseUrl: () => string,
): FileLoader {
  let release: Release | undefined;
  let opening: Promise<Release> | undefined;
  const listeners: Array<() => void> = [];
  let waiting: Waiting[] = [];
  let confirming = false;

  const pinned = (latest: Latest): Release => ({
    identity: latest.identity,
    key: typeof latest.meta.releaseKey === "string" ? latest.meta.releaseKey : undefined,
    meta: Promise.resolve(latest.meta),
    files: new Map(),
  });

  /** The release the page reads; meta.json is asked (again) when there is none yet, or it failed and `askAgain`. */
  function current(askAgain: boolean): Promise<Release> {
    if (release && (release.identity !== undefined || !askAgain)) return Promise.resolve(release);
    opening ??= fetchMeta()
      .then(pinned, (error: unknown): Release => {
        const meta = Promise.reject(error);
        meta.catch(() => {});
        return { identity: undefined, key: undefined, meta, files: new Map() };
      })
      .then((opened) => {
        release = opened;
        return opened;
      })
      .finally(() => {
        opening = undefined;
      });
    return opening;
  }

  async function load(path: string): Promise<unknown> {
    if (path === "meta.json") return (await current(true)).meta;
    const from = await current(false);
    let file = from.files.get(path);
    if (!file) {
      const loading = fetchConfirmed(from, path);
      from.files.set(path, loading);
      loading.catch(() => {
        if (from.files.get(path) === loading) from.files.delete(path);
      });
      file = loading;
    }
    return file;
  }

  async function fetchConfirmed(from: Release, path: string): Promise<unknown> {
    const shown = `${apiPath}/${path}`;
    const value = parse(await fetchText(releaseUrl(baseUrl(), path, from.key), shown), shown);
    if (from.identity !== undefined) await confirm(from, shown);
    return value;
  }

  function confirm(from: Release, shown: string): Promise<void> {
    return new Promise((resolve, reject) => {
      waiting.push({ release: from, shown, resolve, reject });
      if (!confirming) void confirmWaiting();
    });
  }

  /** Rounds of meta.json, each asked after every file it confirms had arrived. */
  async function confirmWaiting(): Promise<void> {
    confirming = true;
    try {
      while (waiting.length > 0) {
        const batch = waiting;
        waiting = [];
        let latest: Latest;
        try {
          latest = await fetchMeta();
        } catch (error) {
          const reason = `its release could not be confirmed (${(error as Error).message})`;
          for (const item of batch) item.reject(new FileError(item.shown, reason));
          continue;
        }
        for (const item of batch) {
          if (item.release.identity === latest.identity) item.resolve();
          else item.reject(new ReleaseChanged(item.shown));
        }
        if (release?.identity !== latest.identity) {
          release = pinned(latest);
          for (const listener of listeners) listener();
        }
      }
    } finally {
      confirming = false;
    }
  }

  async function fetchMeta(): Promise<Latest> {
    const text = await fetchText(freshMetaUrl(baseUrl()), metaShown, { cache: "no-store" });
    const meta = parse(text, metaShown) as Meta;
    return { meta, identity: releaseIdentity(meta, text) };
  }

  async function fetchText(url: URL, shown: string, init?: RequestInit): Promise<string> {
    let response: Response;
    try {
      response = await fetchFunction(url, init);
    } catch {
      throw new FileError(shown, "the request failed (offline, or the server stopped)");
    }
    if (!response.ok) throw new FileError(shown, `HTTP ${response.status}`);
    try {
      return await response.text();
    } catch {
      throw new FileError(shown, "the request failed (offline, or the server stopped)");
    }
  }

  return {
    loadFile: <Path extends keyof ApiResponses>(path: Path) => load(path) as Promise<ApiResponses[Path]>,
    loadChainFile: <Path extends ChainFilePath>(chain: "all" | number, path: Path) =>
      load(chain === "all" ? path : `${chainFolder(chain)}/${path}`) as Promise<ApiResponses[Path]>,
    onReleaseChange: (listener) => {
      listeners.push(listener);
    },
  };
}

function parse(text: string, shown: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new FileError(shown, "not valid JSON");
  }
}

/** The page's own loader: the files published beside it. */
let pageLoader: FileLoader | undefined;
const page = (): FileLoader =>
  (pageLoader ??= createFileLoader(
    (url, init) => fetch(url, init),
    () => document.baseURI,
  ));

/** One file of the API, published beside this page, of the release the page reads. */
export function loadFile<Path extends keyof ApiResponses>(path: Path): Promise<ApiResponses[Path]> {
  return page().loadFile(path);
}

/** A file of one chain (chains/{chainId}/...), or the top-level one for every chain. */
export function loadChainFile<Path extends ChainFilePath>(
  chain: "all" | number,
  path: Path,
): Promise<ApiResponses[Path]> {
  return page().loadChainFile(chain, path);
}

/** Draw the page again when it finds that a new release was published (see createFileLoader). */
export function onReleaseChange(listener: () => void): void {
  page().onReleaseChange(listener);
}
