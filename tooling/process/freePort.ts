import { createServer } from "node:net";

/**
 * A loopback port nothing listens on, for a moment at least: for a server about to start, or as
 * an unreachable endpoint (tests and the bench).
 */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", resolve);
  });
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (!address || typeof address === "string") throw new Error("no port");
  return address.port;
}
