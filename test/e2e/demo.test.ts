import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdirSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { countCliRun } from "../support/countCliRuns.js";
import { cliEnv, cliPath } from "../support/runCli.js";
import { useTempDir } from "../support/useTempDir.js";

/**
 * `demo` as the README's first command runs it: publish, serve, and on Ctrl+C leave nothing
 * behind (no chain, no temporary database).
 */
describe("demo, serving until interrupted", () => {
  const dir = useTempDir("mor-demo-");

  test.each([
    ["SIGINT", 130],
    ["SIGTERM", 143],
  ] as const)(
    "behavior: serves what it published, its chain already gone; %s exits %i and removes its files",
    async (signal, exitCode) => {
      const scratch = join(dir, `tmp-${signal}`);
      mkdirSync(scratch);
      const out = join(dir, `out-${signal}`);
      countCliRun("spawned");
      const child = spawn(
        process.execPath,
        [cliPath, "demo", "--days", "5", "--sessions-per-day", "20", "--port", "0", "--out", out],
        // The demo's temporary database goes below TMPDIR: this test's own folder.
        { env: cliEnv({ TMPDIR: scratch }), stdio: ["ignore", "pipe", "pipe"] },
      );
      let stderr = "";
      const ready = new Promise<void>((resolve, reject) => {
        child.stderr.on("data", (chunk) => {
          stderr += chunk;
          if (stderr.includes("press Ctrl+C")) resolve();
        });
        child.once("close", (code) => reject(new Error(`demo exited ${code}:\n${stderr}`)));
      });
      try {
        await ready;
        const rpcUrls = [...stderr.matchAll(/demo chain written chain=\w+ rpc=(\S+)/g)].map(
          (m) => m[1] as string,
        );
        const url = /the dashboard at (http:\/\/127\.0\.0\.1:\d+)\//.exec(stderr)?.[1];
        // Two chains: Base and Arbitrum One.
        expect(rpcUrls).toHaveLength(2);
        for (const rpcUrl of rpcUrls) expect(rpcUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+/);
        expect(url).toBeDefined();
        expect(readdirSync(scratch).filter((name) => name.startsWith("mor-throughput-demo-"))).toHaveLength(
          1,
        );

        const response = await fetch(`${url}/api/throughput/summary.json`);
        expect(response.status).toBe(200);
        expect(await response.text()).toBe(readFileSync(join(out, "api/throughput/summary.json"), "utf8"));
        const page = await fetch(`${url}/`);
        expect([page.status, page.headers.get("content-type")]).toEqual([200, "text/html; charset=utf-8"]);
        // The chains stopped once the files were published.
        for (const rpcUrl of rpcUrls)
          await expect(fetch(rpcUrl, { method: "POST" })).rejects.toThrow(/fetch failed/);

        const closed = once(child, "close");
        child.kill(signal);
        const [code] = await closed;
        expect(code).toBe(exitCode);
        expect(readdirSync(scratch)).toEqual([]);
        await expect(fetch(`${url}/`)).rejects.toThrow(/fetch failed/);
      } finally {
        if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      }
    },
  );
});
