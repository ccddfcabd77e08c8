import { apiPath, type ChainFilePath, chainFolder } from "../api/fileSchemas.js";
import type { ApiResponses } from "../api/responseTypes.js";

/** A file of the API that could not be loaded, named by its path below the page. */
export class FileError extends Error {
  constructor(
    readonly path: string,
    reason: string,
  ) {
    super(`${path}: ${reason}`);
  }
}

const loaded = new Map<string, Promise<unknown>>();

/** The path of a chain's own file, or of the top-level one for every chain ("all"). */
function chainFile(chain: "all" | number, path: ChainFilePath): string {
  return chain === "all" ? path : `${chainFolder(chain)}/${path}`;
}

/**
 * One file of the API, published beside this page, fetched once; a failure is forgotten at once,
 * so that asking again (a retry) fetches it again.
 */
export function loadFile<Path extends keyof ApiResponses>(path: Path): Promise<ApiResponses[Path]> {
  return load(path) as Promise<ApiResponses[Path]>;
}

/** A file of one chain (chains/{chainId}/...), or the top-level one for every chain. */
export function loadChainFile<Path extends ChainFilePath>(
  chain: "all" | number,
  path: Path,
): Promise<ApiResponses[Path]> {
  return load(chainFile(chain, path)) as Promise<ApiResponses[Path]>;
}

function load(path: string): Promise<unknown> {
  let file = loaded.get(path);
  if (!file) {
    file = fetchJson(path);
    loaded.set(path, file);
    file.catch(() => loaded.delete(path));
  }
  return file;
}

async function fetchJson(path: string): Promise<unknown> {
  const shown = `${apiPath}/${path}`;
  let response: Response;
  try {
    response = await fetch(new URL(shown, document.baseURI));
  } catch {
    throw new FileError(shown, "the request failed (offline, or the server stopped)");
  }
  if (!response.ok) throw new FileError(shown, `HTTP ${response.status}`);
  try {
    return await response.json();
  } catch {
    throw new FileError(shown, "not valid JSON");
  }
}
