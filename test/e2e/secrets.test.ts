import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { freePort } from "../../tooling/process/freePort.js";
import { oneSessionHistory } from "../support/oneSessionHistory.js";
import { readPublished } from "../support/readPublished.js";
import { runArgs } from "../support/runArgs.js";
import { type CliResult, runCli, spawnCli } from "../support/runCli.js";
import { useDevChain } from "../support/useDevChain.js";
import { useTempDir } from "../support/useTempDir.js";

/**
 * An RPC URL carrying credentials (user info, an API key in the path, a token in the query)
 * reaches the endpoint, and none of them reaches a log line, an error, the --json summary, a
 * published file or the database.
 */

const endTime = Date.UTC(2026, 7, 1) / 1000;
const user = "alice-7f3a";
const password = "pa55-w0rd-9c1e";
const key = "Zx9kQ2mN4pR7sT1uV3wY5";
const token = "q7R2t9W4e1Y6u3I8";
const secrets = [user, password, key, token];

/** A provider-like endpoint in front of anvil: the credentials must arrive, or it answers 401. */
async function startAuthProxy(target: string): Promise<{ server: Server; port: number; seen: string[] }> {
  const expected = `Basic ${Buffer.from(`${user}:${password}`).toString("base64")}`;
  const seen: string[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", async () => {
      seen.push(`${request.url} ${request.headers.authorization}`);
      if (request.url !== `/v2/${key}?token=${token}` || request.headers.authorization !== expected) {
        response.writeHead(401, { "content-type": "text/plain" }).end("unauthorized\n");
        return;
      }
      const upstream = await fetch(target, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: Buffer.concat(chunks),
      });
      response.writeHead(upstream.status, { "content-type": "application/json" }).end(await upstream.text());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("no port");
  return { server, port: address.port, seen };
}

describe("RPC credentials never leak", () => {
  const chain = useDevChain(oneSessionHistory(endTime));
  const dir = useTempDir("mor-secrets-");
  let proxy: Awaited<ReturnType<typeof startAuthProxy>>;

  beforeAll(async () => {
    proxy = await startAuthProxy(chain.rpcUrl);
  });
  afterAll(async () => {
    await new Promise((resolve) => proxy?.server.close(resolve));
  });

  const run = (rpcUrl: string, name: string, ...more: string[]) => runIn(runCli, rpcUrl, name, ...more);
  const runIn = (cli: typeof runCli, rpcUrl: string, name: string, ...more: string[]) =>
    cli(
      runArgs(
        { rpcUrl, contract: chain.contract },
        { db: join(dir, `${name}.sqlite`), out: join(dir, name) },
        ...more,
      ),
    );
  const leaks = (text: string) => secrets.filter((secret) => text.includes(secret));
  const output = (result: CliResult) => `${result.stdout}\n${result.stderr}`;

  test("default: the run succeeds through the credentials, and nothing it writes holds them", async () => {
    const url = `http://${user}:${password}@127.0.0.1:${proxy.port}/v2/${key}?token=${token}`;
    const [text, json] = await Promise.all([
      run(url, "text", "--verbose", "--json"),
      run(url, "json", "--log-format", "json", "--verbose", "--json"),
    ]);
    expect(text.stderr).not.toMatch(/^error/m);
    expect([text.code, json.code]).toEqual([0, 0]);
    expect(JSON.parse(json.stdout).sync.chains[0]?.toBlock).toBe(chain.lastBlock);
    expect(proxy.seen.length).toBeGreaterThan(0);
    for (const result of [text, json]) expect(leaks(output(result))).toEqual([]);
    for (const name of ["text", "json"]) {
      expect(leaks(Object.values(readPublished(join(dir, name))).join("\n"))).toEqual([]);
      expect(leaks(readFileSync(join(dir, `${name}.sqlite`)).toString("latin1"))).toEqual([]);
    }
  });

  test("error: refused or unreachable, the error names the endpoint without its credentials", async () => {
    const wrong = `http://${user}:${password}x@127.0.0.1:${proxy.port}/v2/${key}?token=${token}`;
    const closed = `https://${user}:${password}@127.0.0.1:${await freePort()}/v2/${key}?token=${token}`;
    // Processes of their own: all a failing process prints, whatever prints it, is checked.
    const results = await Promise.all([
      // Wrong credentials are a configuration error: not retried, exit 1.
      runIn(spawnCli, wrong, "wrong", "--verbose"),
      runIn(spawnCli, closed, "closed", "--rpc-retries", "1", "--rpc-timeout", "1000", "--verbose"),
      runIn(spawnCli, `${closed.replace("https:", "ftp:")}`, "scheme"),
    ]);
    expect(results.map((r) => r.code)).toEqual([1, 75, 1]);
    for (const result of results) expect(leaks(output(result))).toEqual([]);
    expect(
      results
        .map((r) =>
          r.stderr
            .replaceAll(/127\.0\.0\.1:\d+/g, "127.0.0.1:<port>")
            .replaceAll(/retrying in \d+ ms/g, "retrying in <n> ms"),
        )
        .join(""),
    ).toMatchInlineSnapshot(`
      "error: The RPC endpoint http://***@127.0.0.1:<port>/v2/***?*** refused access (HTTP 401)
      Expected an endpoint this key may use: check the credentials or key in --rpc-url (RPC_URL).
      RPC endpoint https://***@127.0.0.1:<port>/v2/***?*** failed eth_chainId and 2 other calls (fetch failed: ECONNREFUSED), retrying in <n> ms (attempt 2 of 2)
      error: RPC endpoint https://***@127.0.0.1:<port>/v2/***?*** failed eth_chainId after 2 attempts
      Last error: fetch failed: ECONNREFUSED. Retry later, or use another endpoint (--rpc-url).
      error: Invalid --rpc-url: "ftp://***@127.0.0.1:<port>/v2/***?***"
      Expected an http:// or https:// URL; got the ftp: scheme.
      "
    `);
  });

  test("error: a mistyped value or flag does not echo a secret: a bare key, a URL without its scheme, an unknown flag's URL", async () => {
    const cases = [
      ["run", "--rpc-url", key],
      ["run", "--rpc-url", `${user}:${password}@127.0.0.1/v2/${key}`],
      ["run", "--rpc-url", `${user}:${password}@host/x`],
      ["run", `--rpcurl=https://${user}:${password}@127.0.0.1/v2/${key}?token=${token}`],
    ];
    const results = await Promise.all(
      cases.flatMap((args) => [
        runCli([...args, "--json"]),
        runCli([...args, "--log-format", "json", "--json"]),
      ]),
    );
    expect(results.map((r) => r.code)).toEqual(results.map(() => 1));
    for (const result of results) expect(leaks(output(result))).toEqual([]);
  });
});
