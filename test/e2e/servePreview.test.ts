import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdirSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { publishRelease } from "../../src/publish/publishRelease.js";
import { countCliRun } from "../support/countCliRuns.js";
import { cliEnv, cliPath, runCli } from "../support/runCli.js";
import { startServe } from "../support/startServe.js";
import { useTempDir } from "../support/useTempDir.js";

/**
 * The preview server as a dashboard author and a new operator meet it (issue 12): cross-origin
 * answers everywhere (preflights included), hosting configuration not served, a directory with
 * nothing published refused, and a demo that does not fail at the very end for a busy port.
 */
describe("serve, as a browser on another origin sees it", () => {
  const dir = useTempDir("mor-preview-");
  let server: Awaited<ReturnType<typeof startServe>>;
  beforeAll(async () => {
    publishRelease(
      join(dir, "out"),
      new Map([
        ["api/throughput/summary.json", "{}\n"],
        ["_headers", "/*\n  Access-Control-Allow-Origin: *\n"],
      ]),
    );
    server = await startServe(join(dir, "out"));
  });
  afterAll(async () => {
    await server?.stop();
  });

  test("behavior: a CORS preflight is answered 204 with what it may send; a plain OPTIONS lists the methods", async () => {
    const preflight = await fetch(`${server.url}/api/throughput/summary.json`, {
      method: "OPTIONS",
      headers: {
        Origin: "https://dashboard.example",
        "Access-Control-Request-Method": "GET",
        "Access-Control-Request-Headers": "accept, x-requested-with",
      },
    });
    expect(preflight.status).toBe(204);
    expect(Object.fromEntries(preflight.headers)).toMatchObject({
      "access-control-allow-origin": "*",
      "access-control-allow-methods": "GET, HEAD, OPTIONS",
      "access-control-allow-headers": "accept, x-requested-with",
      "access-control-max-age": "86400",
      allow: "GET, HEAD, OPTIONS",
    });
    const plain = await fetch(`${server.url}/`, { method: "OPTIONS" });
    expect([plain.status, plain.headers.get("allow")]).toEqual([204, "GET, HEAD, OPTIONS"]);
  });

  test("error: a 405 carries the CORS header, so a browser shows the status and not a CORS failure", async () => {
    for (const method of ["POST", "PUT", "DELETE"]) {
      const response = await fetch(`${server.url}/api/throughput/summary.json`, { method });
      expect([response.status, response.headers.get("access-control-allow-origin")], method).toEqual([
        405,
        "*",
      ]);
      expect(response.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
    }
  });

  test("error: the hosting configuration (_headers) is not served, at the top or through current/", async () => {
    for (const path of ["/_headers", "/current/_headers", "/_redirects"]) {
      expect((await fetch(`${server.url}${path}`)).status, path).toBe(404);
    }
    expect((await fetch(`${server.url}/api/throughput/summary.json`)).status).toBe(200);
  });
});

describe("serve and demo, before they serve anything", () => {
  const dir = useTempDir("mor-preview-start-");

  test("error: serve of a missing or empty directory exits 1 and says what to run, instead of serving 404s", async () => {
    const empty = join(dir, "empty");
    mkdirSync(empty);
    for (const out of [join(dir, "missing"), empty]) {
      const result = await runCli(["serve", "--out", out, "--port", "0"], { timeoutMs: 30_000 });
      expect(result.code, result.stderr).toBe(1);
      expect(result.stderr.split(dir).join("<dir>")).toMatch(
        /^error: Nothing is published in <dir>\/(missing|empty)\nExpected a directory `mor-throughput run` or `build` published into \(--out\): run one of them first\.\n$/,
      );
    }
  });

  test("error: demo with a --port that is taken exits 1 at once, before it starts a chain", async () => {
    const busy = await listen(0);
    try {
      const port = (busy.address() as { port: number }).port;
      const out = join(dir, "demo-busy");
      const result = await runCli(["demo", "--port", String(port), "--out", out], { timeoutMs: 30_000 });
      expect(result.code, result.stderr).toBe(1);
      expect(result.stderr).toContain(`error: Cannot listen on 127.0.0.1:${port}`);
      expect(result.stderr).not.toContain("demo chain started");
    } finally {
      busy.close();
    }
  });

  test("behavior: demo without --port while 8080 is taken serves on a free port and prints it", async () => {
    // Held here, or by somebody else: taken either way.
    const held = await listen(8080).catch(() => undefined);
    const out = join(dir, "demo-fallback");
    countCliRun("spawned");
    const child = spawn(
      process.execPath,
      [cliPath, "demo", "--days", "3", "--sessions-per-day", "10", "--out", out],
      { env: cliEnv({ TMPDIR: dir }), stdio: ["ignore", "pipe", "pipe"] },
    );
    let stderr = "";
    try {
      await new Promise<void>((resolve, reject) => {
        child.stderr.on("data", (chunk) => {
          stderr += chunk;
          if (stderr.includes("press Ctrl+C")) resolve();
        });
        child.once("close", (code) => reject(new Error(`demo exited ${code}:\n${stderr}`)));
      });
      expect(stderr).toMatch(/port 8080 is taken: serving on port \d+ instead/);
      const url = /the dashboard at (http:\/\/127\.0\.0\.1:\d+)\//.exec(stderr)?.[1];
      expect(url).not.toBe("http://127.0.0.1:8080");
      expect((await fetch(`${url}/api/throughput/summary.json`)).status).toBe(200);
    } finally {
      if (child.exitCode === null && child.signalCode === null) {
        const closed = once(child, "close");
        child.kill("SIGTERM");
        await closed;
      }
      held?.close();
    }
  });
});

function listen(port: number): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve(server));
  });
}
