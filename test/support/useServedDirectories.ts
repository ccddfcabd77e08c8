import { once } from "node:events";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll } from "vitest";
import { createStaticServer } from "../../src/publish/createStaticServer.js";

/**
 * Serves published directories as a site would (the production static server: its headers and
 * types), each on a free loopback port, all closed after the file's tests: `serve(root)` gives the
 * site's URL, ending in a slash.
 */
export function useServedDirectories(): (root: string) => Promise<string> {
  const servers: Server[] = [];
  afterAll(() => {
    for (const server of servers) server.close();
  });
  return async (root) => {
    const server = createStaticServer(root);
    server.listen(0, "127.0.0.1");
    await once(server, "listening");
    servers.push(server);
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  };
}
