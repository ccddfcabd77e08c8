import { existsSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";
import { beforeAll, describe, expect, test } from "vitest";
import { sessionOpenedTopic } from "../../src/chain/abi.js";
import { presets } from "../../src/chain/presets.js";
import { startDevChain } from "../../tooling/devchain/startDevChain.js";
import { startJsonRpcServer } from "../../tooling/endpoints/startJsonRpcServer.js";
import { startScriptedEndpoint } from "../../tooling/endpoints/startScriptedEndpoint.js";
import { createFaultProxy } from "../../tooling/faultProxy/createFaultProxy.js";
import { freePort } from "../../tooling/process/freePort.js";
import { oneSessionHistory } from "../support/oneSessionHistory.js";
import { readPublished } from "../support/readPublished.js";
import { parseJson, runCli } from "../support/runCli.js";
import { treeState } from "../support/treeState.js";
import { baseEnd, twoChainHistories } from "../support/twoChainHistories.js";
import { useDevChains } from "../support/useDevChains.js";
import { useTempDir } from "../support/useTempDir.js";
import { writeVersion11Database } from "../support/writeVersion11Database.js";

/**
 * Several endpoints of one chain (docs/endpoints.md), through the CLI: a pool publishes what one
 * endpoint does; one endpoint dead at the start or going down during the run leaves it out and
 * the run goes on; endpoints that disagree on a block stop the run before that block is
 * committed, naming them and the block.
 */
describe("a pool of endpoints for one chain", () => {
  const histories = twoChainHistories();
  const { base, other } = useDevChains({
    base: [histories.base, { chainId: presets.base.chainId, at: presets.base.contract }],
    // Chain id 8453 and the marketplace at the same address, but other blocks: another fork.
    other: [oneSessionHistory(baseEnd), { chainId: presets.base.chainId, at: presets.base.contract }],
  });
  const dir = useTempDir("mor-pool-");
  /** An endpoint's URL as messages show it. */
  const shown = (url: string) => new URL(url).href;
  let clean: Record<string, string>;

  const paths = (name: string) => ["--db", join(dir, `${name}.sqlite`), "--out", join(dir, name)];
  const run = (name: string, urls: string[], ...more: string[]) => [
    "run",
    ...urls.flatMap((url) => ["--rpc-url", url]),
    "--from-block",
    "0",
    "--confirmations",
    "0",
    ...paths(name),
    ...more,
  ];
  /** The last block committed for Base, or undefined before any. */
  const synced = (name: string): number | undefined => {
    const sqlite = new Database(join(dir, `${name}.sqlite`), { readonly: true });
    try {
      const row = sqlite.prepare("SELECT block_number AS block FROM chains WHERE chain_id = 8453").get() as
        | { block: number }
        | undefined;
      return row?.block;
    } finally {
      sqlite.close();
    }
  };
  type Summary = {
    sync: {
      chains: Array<{
        toBlock: number;
        target: number;
        rpc: { httpRequests: number; endpoints?: Array<{ url: string; httpRequests: number }> };
      }>;
    };
  };

  beforeAll(async () => {
    const result = await runCli(run("clean", [base.rpcUrl]));
    expect(result.code, result.stderr).toBe(0);
    clean = readPublished(join(dir, "clean"));
  });

  test("default: --rpc-url twice for one chain is a pool: the files of one endpoint, each endpoint's requests in the summary", async () => {
    const proxy = await createFaultProxy(base.rpcUrl);
    try {
      const summary = parseJson<Summary>(await runCli([...run("two", [base.rpcUrl, proxy.url]), "--json"]));
      const [chain] = summary.sync.chains;
      expect(chain?.toBlock).toBe(chain?.target);
      expect(chain?.rpc.endpoints?.map((endpoint) => endpoint.url)).toEqual([
        shown(base.rpcUrl),
        shown(proxy.url),
      ]);
      for (const endpoint of chain?.rpc.endpoints ?? []) expect(endpoint.httpRequests).toBeGreaterThan(0);
      expect(readPublished(join(dir, "two"))).toEqual(clean);
    } finally {
      await proxy.close();
    }
  });

  test("behavior: the same URL given twice is one endpoint, with a warning", async () => {
    const result = await runCli([...run("same", [base.rpcUrl, base.rpcUrl]), "--json"]);
    const [chain] = parseJson<Summary>(result).sync.chains;
    expect(chain?.rpc.endpoints).toBeUndefined();
    expect(result.stderr).toContain(`warn: --rpc-url (${shown(base.rpcUrl)}) is given twice: one endpoint`);
    expect(readPublished(join(dir, "same"))).toEqual(clean);
  });

  test("behavior: one of two endpoints dead at the start (nothing listens): a warning naming it, the run goes on with the other", async () => {
    const dead = `http://127.0.0.1:${await freePort()}/`;
    const result = await runCli(run("dead", [dead, base.rpcUrl]));
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toMatch(
      /^warn: --rpc-url \(http:\/\/127\.0\.0\.1:\d+\/\) does not answer: left out of this run; every chain to index has another endpoint \(8453\)/m,
    );
    expect(result.stderr).toContain(dead);
    expect(readPublished(join(dir, "dead"))).toEqual(clean);
  });

  test("behavior: RPC_URL_8453 holding two URLs, the first dead with a key in its path: left out, the key never shown", async () => {
    const key = "Zx9kQ2mN4pR7sT1uV3wY5";
    const dead = `http://127.0.0.1:${await freePort()}/v2/${key}`;
    const result = await runCli(
      ["run", "--from-block", "0", "--confirmations", "0", "--rpc-retries", "1", ...paths("env")],
      { env: { RPC_URL_8453: `${dead}, ${base.rpcUrl}` } },
    );
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toMatch(
      /^warn: RPC_URL_8453 \(http:\/\/127\.0\.0\.1:\d+\/v2\/\*\*\*\) does not answer/m,
    );
    expect(result.stderr).toContain("chain 8453 goes on with its other endpoints");
    expect(`${result.stdout}${result.stderr}`).not.toContain(key);
    expect(readPublished(join(dir, "env"))).toEqual(clean);
  });

  test("error: a dead endpoint of unknown chain while a chain the database holds has no other endpoint: exit 75, nothing changed; with --chain naming the rest, left out", async () => {
    const arbitrum = await startDevChain(oneSessionHistory(baseEnd), {
      chainId: presets.arbitrum.chainId,
      at: presets.arbitrum.contract,
    });
    try {
      const first = await runCli(run("two-chains", [base.rpcUrl, arbitrum.rpcUrl]));
      expect(first.code, first.stderr).toBe(0);
      const dead = `http://127.0.0.1:${await freePort()}/`;
      const before = treeState(dir);
      // The dead endpoint may be Arbitrum's only one: the run must not publish without it.
      const unsure = await runCli([...run("two-chains", [base.rpcUrl, dead]), "--rpc-retries", "1"]);
      expect(unsure.code).toBe(75);
      expect(unsure.stderr).toMatch(/^error: RPC endpoint http:\/\/127\.0\.0\.1:\d+\/ failed eth_chainId/m);
      expect(treeState(dir)).toEqual(before);
      // --chain says which chains this run indexes: the dead endpoint can only be Base's.
      const named = await runCli([
        ...run("two-chains", [base.rpcUrl, dead]),
        "--rpc-retries",
        "1",
        "--chain",
        "base",
      ]);
      expect(named.code, named.stderr).toBe(0);
      expect(named.stderr).toContain(
        "does not answer: left out of this run; every chain to index has another endpoint (8453)",
      );
    } finally {
      await arbitrum.stop();
    }
  });

  test("behavior: an endpoint that goes down during the run (HTTP 503 after its first requests) is left out; the other finishes, the same files", async () => {
    const failing = await startScriptedEndpoint(
      (n) => (n <= 2 ? "forward" : { status: 503, body: "<html>503 Service Unavailable</html>" }),
      base.rpcUrl,
    );
    try {
      const result = await runCli(run("down", [failing.url, base.rpcUrl]));
      expect(result.code, result.stderr).toBe(0);
      expect(failing.requests()).toBeGreaterThan(2);
      expect(result.stderr).toMatch(
        new RegExp(
          `^warn: endpoint ${failing.url.replaceAll(".", "\\.")} of chain 8453 left out for 5 s: .*HTTP 503`,
          "m",
        ),
      );
      expect(readPublished(join(dir, "down"))).toEqual(clean);
    } finally {
      await failing.close();
    }
  });

  test("behavior: a 1.1 database's one-time bid scan: the endpoint scanning goes down (HTTP 503 from its first scan request on), the other finishes the scan, the same market", async () => {
    writeVersion11Database(join(dir, "clean.sqlite"), join(dir, "scan.sqlite"));
    // Small scan ranges: the scan takes several, on both endpoints when both serve.
    const db = new Database(join(dir, "scan.sqlite"));
    db.exec("UPDATE chains SET range_size = 1");
    db.close();
    let down = false;
    let scans = 0;
    const failing = await startScriptedEndpoint((_, body) => {
      // The scan's eth_getLogs asks for no session event (the follower's does).
      if (body.includes("eth_getLogs") && !body.includes(sessionOpenedTopic.slice(2))) {
        scans++;
        down = true;
      }
      return down ? { status: 503, body: "<html>503 Service Unavailable</html>" } : "forward";
    }, base.rpcUrl);
    try {
      const result = await runCli(run("scan", [failing.url, base.rpcUrl]));
      expect(result.code, result.stderr).toBe(0);
      expect(scans).toBeGreaterThan(0);
      expect(result.stderr).toMatch(
        new RegExp(
          `^warn: endpoint ${failing.url.replaceAll(".", "\\.")} of chain 8453 left out for 5 s: .*HTTP 503`,
          "m",
        ),
      );
      const published = readPublished(join(dir, "scan"));
      expect(published["market.json"]).toEqual(clean["market.json"]);
      expect(JSON.parse(published["meta.json"] as string)).toMatchObject({ marketComplete: true });
    } finally {
      await failing.close();
    }
  });

  test("error: two endpoints that disagree on a block (another fork with the same chain id): exit 1 naming both and the block, nothing committed", async () => {
    const result = await runCli(run("forked", [base.rpcUrl, other.rpcUrl]));
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^error: The endpoints of chain 8453 disagree on block \d+\n/m);
    expect(result.stderr).toMatch(
      /answers 0x[0-9a-f]{64}, .* answers 0x[0-9a-f]{64}\. Nothing from block \d+ on was committed; what was committed before stays\. One of them serves another chain or fork/,
    );
    expect(result.stderr).toContain(`${shown(base.rpcUrl)} answers`);
    expect(result.stderr).toContain(`${shown(other.rpcUrl)} answers`);
    expect(synced("forked")).toBeUndefined();
    expect(existsSync(join(dir, "forked", "api"))).toBe(false);
  });

  test("error: a database synced through one endpoint, then a pool with an endpoint of another fork: exit 1 at the reorg check, nothing changed", async () => {
    const first = await runCli(run("later", [base.rpcUrl]));
    expect(first.code, first.stderr).toBe(0);
    const before = treeState(dir);
    const result = await runCli(run("later", [base.rpcUrl, other.rpcUrl]));
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /^error: The endpoints of chain 8453 disagree on block \d+\n.*answers 0x[0-9a-f]{64}, .*answers 0x[0-9a-f]{64}\. Nothing was changed\./m,
    );
    expect(treeState(dir)).toEqual(before);
  });

  test("error: one of two endpoints lags behind the blocks the other serves: exit 75 naming it and the block; what it confirmed stays, nothing past it", async () => {
    const lagging = await createFaultProxy(base.rpcUrl, { laggingBackend: 1, laggingLag: 5 });
    try {
      const result = await runCli(run("lagging", [base.rpcUrl, lagging.url]));
      expect(result.code).toBe(75);
      const head = base.lastBlock;
      expect(result.stderr).toMatch(
        new RegExp(
          `^error: The endpoints of chain 8453 disagree on block ${head}\\n${shown(base.rpcUrl)} serves it, ${shown(lagging.url)} has not reached it \\(its head is ${head - 5}\\): no other endpoint confirms it\\. Nothing from block \\d+ on was committed`,
          "m",
        ),
      );
      expect(synced("lagging")).toBeLessThanOrEqual(head - 5);
      // A third endpoint that agrees confirms what the lagging one cannot: the run completes.
      const third = await createFaultProxy(base.rpcUrl);
      try {
        const again = await runCli(run("lagging", [base.rpcUrl, lagging.url, third.url]));
        expect(again.code, again.stderr).toBe(0);
        expect(synced("lagging")).toBe(head);
        expect(readPublished(join(dir, "lagging"))).toEqual(clean);
      } finally {
        await third.close();
      }
    } finally {
      await lagging.close();
    }
  });

  test("error: a member of the pool that serves another chain, has no contract there, or is no JSON-RPC endpoint: exit 1 naming it, nothing written", async () => {
    const otherChain = await startJsonRpcServer((method) =>
      method === "eth_chainId"
        ? { result: "0xa4b1" }
        : { result: method === "eth_blockNumber" ? "0x10" : "0x60" },
    );
    const noContract = await startJsonRpcServer((method) =>
      method === "eth_chainId"
        ? { result: "0x2105" }
        : { result: method === "eth_blockNumber" ? "0x10" : "0x" },
    );
    const webPage = await startScriptedEndpoint(() => ({
      status: 200,
      headers: { "content-type": "text/html" },
      body: "<!DOCTYPE html><html><body>Welcome</body></html>",
    }));
    try {
      const before = treeState(dir);
      const env = (url: string) => ({ env: { RPC_URL_8453: `${base.rpcUrl} ${url}` } });
      const args = ["run", "--from-block", "0", "--confirmations", "0", ...paths("misconfigured")];
      const wrongChain = await runCli(args, env(otherChain.url));
      expect(wrongChain.code).toBe(1);
      expect(wrongChain.stderr).toContain(
        `error: RPC_URL_8453 (${otherChain.url}) serves chain 42161, not chain 8453`,
      );
      const withoutContract = await runCli(args, env(noContract.url));
      expect(withoutContract.code).toBe(1);
      expect(withoutContract.stderr).toContain(
        `error: No contract at ${presets.base.contract.toLowerCase()} on chain 8453\nThe endpoint ${noContract.url} returns no code`,
      );
      const notJsonRpc = await runCli(args, env(webPage.url));
      expect(notJsonRpc.code).toBe(1);
      expect(notJsonRpc.stderr).toContain(
        `error: The RPC endpoint ${webPage.url} does not answer as a JSON-RPC endpoint`,
      );
      expect(treeState(dir)).toEqual(before);
    } finally {
      await Promise.all([otherChain.close(), noContract.close(), webPage.close()]);
    }
  });
});
