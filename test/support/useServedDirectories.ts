import { afterAll } from "vitest";
import { serveDirectory } from "../../tooling/process/serveDirectory.js";

/**
 * Serves published directories as a site would (tooling/process/serveDirectory.ts), each on a
 * free loopback port, all closed after the file's tests: `serve(root)` gives the site's URL,
 * ending in a slash.
 */
export function useServedDirectories(): (root: string) => Promise<string> {
  const served: Array<{ close(): void }> = [];
  afterAll(() => {
    for (const site of served) site.close();
  });
  return async (root) => {
    const site = await serveDirectory(root);
    served.push(site);
    return site.url;
  };
}
