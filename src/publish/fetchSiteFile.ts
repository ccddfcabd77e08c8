import { TransientError, UserError } from "../errors/BaseError.js";

/**
 * One file of a published site: its bytes, undefined when the site answers 404. A site that does
 * not answer (no connection, an HTTP 5xx or 429) is a TransientError (exit 75); any other HTTP
 * error, a UserError.
 */
export async function fetchSiteFile(
  url: URL,
  fetchFunction: typeof globalThis.fetch = globalThis.fetch,
): Promise<Uint8Array | undefined> {
  let response: Response;
  try {
    response = await fetchFunction(url.href);
  } catch (error) {
    throw new TransientError(`${url.origin} does not answer (${url.pathname})`, {
      details: (error as Error).message,
      cause: error,
    });
  }
  if (response.status === 404) return undefined;
  if (!response.ok)
    throw new (response.status >= 500 || response.status === 429 ? TransientError : UserError)(
      `${url.href} answered HTTP ${response.status}`,
    );
  return new Uint8Array(await response.arrayBuffer());
}
