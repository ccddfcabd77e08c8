import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";
import { describe, test } from "vitest";
import {
  type ScriptedEndpoint,
  type ScriptedReply,
  startScriptedEndpoint,
} from "../../tooling/endpoints/startScriptedEndpoint.js";
import { oneSessionHistory } from "../support/oneSessionHistory.js";
import { runArgs } from "../support/runArgs.js";
import { parseJson, runCli } from "../support/runCli.js";
import { treeState } from "../support/treeState.js";
import { useDevChain } from "../support/useDevChain.js";
import { useTempDir } from "../support/useTempDir.js";

/**
 * --rpc-url pointing at something that is not a JSON-RPC endpoint (a web page, a server that
 * takes no POST, another API) is a misconfiguration: exit 1 at once, saying what was received and
 * what to check, where a cron retrying exit 75 would retry forever. A node behind a proxy that
 * fails for a while is not: its run goes on.
 */

const endTime = Date.UTC(2026, 8, 1) / 1000;
/** An API key in the path: neither the error nor the page echoing the path may show it. */
const key = "Zx9kQ2mN4pR7sT1uV3wY5";

const cases: Array<{ name: string; reply: ScriptedReply; requests: number; status: string; shows: string }> =
  [
    {
      name: "a web page (HTTP 200, HTML)",
      reply: {
        status: 200,
        headers: { "content-type": "text/html; charset=utf-8" },
        body: "<!DOCTYPE html>\n<html>\n  <head><title>Acme Wallet</title></head>\n  <body>Welcome</body>\n</html>\n",
      },
      requests: 2,
      status: "HTTP 200 OK",
      shows: "<!DOCTYPE html> <html> <head><title>Acme Wallet</title></head>",
    },
    {
      name: "HTTP 501 (a server without POST: python -m http.server)",
      reply: {
        status: 501,
        headers: { "content-type": "text/html;charset=utf-8" },
        body: "<!DOCTYPE HTML>\n<html lang=\"en\">\n    <head>\n        <title>Error response</title>\n    </head>\n    <body>\n        <h1>Error response</h1>\n        <p>Error code: 501</p>\n        <p>Message: Unsupported method ('POST').</p>\n    </body>\n</html>\n",
      },
      requests: 1,
      status: "HTTP 501 Not Implemented",
      shows: "Unsupported method ('POST')",
    },
    {
      name: "HTTP 404 on POST (an app that echoes the path)",
      reply: { status: 404, headers: { "content-type": "text/plain" }, body: `Cannot POST /v2/${key}` },
      requests: 1,
      status: "HTTP 404 Not Found",
      shows: "Cannot POST /v2/***",
    },
    {
      name: "HTTP 405 (nginx serving files)",
      reply: {
        status: 405,
        headers: { "content-type": "text/html" },
        body: "<html>\r\n<head><title>405 Not Allowed</title></head>\r\n<body>\r\n<center><h1>405 Not Allowed</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n",
      },
      requests: 1,
      status: "HTTP 405 Method Not Allowed",
      shows: "<head><title>405 Not Allowed</title></head>",
    },
    {
      name: "{} to every request",
      reply: { status: 200, headers: { "content-type": "application/json" }, body: "{}" },
      requests: 2,
      status: "HTTP 200 OK",
      shows: "{}",
    },
    {
      name: "JSON of another API",
      reply: {
        status: 200,
        headers: { "content-type": "application/json" },
        body: '{"status":"ok","version":"1.4.2"}',
      },
      requests: 2,
      status: "HTTP 200 OK",
      shows: '{"status":"ok","version":"1.4.2"}',
    },
  ];

describe("an --rpc-url that is not a JSON-RPC endpoint, through the CLI", () => {
  const chain = useDevChain(oneSessionHistory(endTime));
  const dir = useTempDir("mor-not-json-rpc-");

  /** `run` against the endpoint, with a key in the path, in a directory of its own. */
  const run = async (endpoint: ScriptedEndpoint, name: string, ...more: string[]) => {
    const caseDir = join(dir, name.replace(/\W+/g, "-"));
    mkdirSync(caseDir);
    const paths = { db: join(caseDir, "db.sqlite"), out: join(caseDir, "out") };
    const rpcUrl = `${endpoint.url}v2/${key}`;
    const result = await runCli(runArgs({ rpcUrl, contract: chain.contract }, paths, ...more), {
      timeoutMs: 60_000,
    });
    return { result, caseDir, stderr: result.stderr.replaceAll(endpoint.url, "http://127.0.0.1:<port>/") };
  };

  test.concurrent.for(cases)(
    "error: $name: exit 1 after $requests request(s), naming the endpoint, the call, the status and what it answered",
    async ({ name, reply, requests, status, shows }, { expect }) => {
      const endpoint = await startScriptedEndpoint(() => reply);
      try {
        const { result, caseDir, stderr } = await run(endpoint, name);
        expect(result.code, result.stderr).toBe(1);
        expect(endpoint.requests()).toBe(requests);
        // A body alone is asked for once more, and the wait says so.
        expect(stderr.match(/^RPC endpoint .* retrying in .*$/gm) ?? []).toHaveLength(requests - 1);
        expect(stderr).toMatch(
          /^error: The RPC endpoint http:\/\/127\.0\.0\.1:<port>\/v2\/\*\*\* does not answer as a JSON-RPC endpoint\n/m,
        );
        expect(stderr).toContain(`Asked eth_chainId, it answered ${status}`);
        expect(stderr).toContain(shows);
        expect(stderr).toMatch(/check --rpc-url \(RPC_URL\): is it the URL of a JSON-RPC endpoint/);
        expect(result.stderr).not.toContain(key);
        // Refused before any path was created.
        expect(treeState(caseDir)).toEqual({});
      } finally {
        await endpoint.close();
      }
    },
  );

  test.concurrent("error: the endpoint down during the creation-block search: exit 75, nothing of the chain written, nothing published", async ({
    expect,
  }) => {
    // Up for its identity and head, down (HTTP 503) for eth_getCode of a past block: the search.
    const endpoint = await startScriptedEndpoint(
      (_n, body) =>
        /"eth_getCode","params":\["0x[0-9a-f]+","0x/.test(body)
          ? { status: 503, body: "Service Unavailable" }
          : "forward",
      chain.rpcUrl,
    );
    try {
      const caseDir = join(dir, "getcode-down");
      mkdirSync(caseDir);
      const db = join(caseDir, "db.sqlite");
      const out = join(caseDir, "out");
      const result = await runCli(
        ["run", "--rpc-url", endpoint.url, "--contract", chain.contract, "--confirmations", "0"].concat([
          "--rpc-retries",
          "1",
          "--db",
          db,
          "--out",
          out,
        ]),
        { timeoutMs: 60_000 },
      );
      expect(result.code, result.stderr).toBe(75);
      expect(result.stderr).toMatch(/^error: .*eth_getCode/m);
      expect(result.stderr).not.toContain("starting at the preset's start block");
      expect(existsSync(join(out, "api"))).toBe(false);
      const sqlite = new Database(db, { readonly: true });
      try {
        expect(sqlite.prepare("SELECT count(*) AS n FROM chains").get()).toEqual({ n: 0 });
      } finally {
        sqlite.close();
      }
    } finally {
      await endpoint.close();
    }
  });

  test.concurrent("behavior: a node behind a proxy that answers HTTP 503 twice: the run goes on, each wait a line at the default log level", async ({
    expect,
  }) => {
    const endpoint = await startScriptedEndpoint(
      (n) =>
        n <= 2
          ? { status: 503, headers: { "content-type": "text/html" }, body: "<html><h1>503</h1></html>" }
          : "forward",
      chain.rpcUrl,
    );
    try {
      const { result, stderr } = await run(endpoint, "503 then OK", "--json");
      expect(
        parseJson<{ sync: { chains: Array<{ toBlock: number }> } }>(result).sync.chains[0]?.toBlock,
      ).toBe(chain.lastBlock);
      expect(endpoint.requests()).toBeGreaterThan(2);
      const failed =
        "RPC endpoint http://127.0.0.1:<port>/v2/*** failed eth_chainId and 2 other calls (HTTP 503 Service Unavailable)";
      expect(
        stderr
          .match(/^RPC endpoint .* retrying in .*$/gm)
          ?.map((line) => line.replace(/in \d+ ms/, "in <n> ms")),
      ).toEqual([
        `${failed}, retrying in <n> ms (attempt 2 of 7)`,
        `${failed}, retrying in <n> ms (attempt 3 of 7)`,
      ]);
    } finally {
      await endpoint.close();
    }
  });
});
