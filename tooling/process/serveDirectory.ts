import { once } from "node:events";
import type { AddressInfo } from "node:net";
import { createStaticServer } from "../../src/publish/createStaticServer.js";

/**
 * A published directory served as a site serves it (the production static server: its headers
 * and types) on a free loopback port: its URL, ending in a slash, and how to stop it.
 */
export async function serveDirectory(root: string): Promise<{ url: string; close(): void }> {
  const server = createStaticServer(root);
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    close: () => server.close(),
  };
}
