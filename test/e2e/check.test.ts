import { once } from "node:events";
import { cpSync, readFileSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createStaticServer } from "../../src/publish/createStaticServer.js";
import { freePort } from "../../tooling/process/freePort.js";
import { oneSessionHistory } from "../support/oneSessionHistory.js";
import { runArgs } from "../support/runArgs.js";
import { runCli } from "../support/runCli.js";
import { useDevChain } from "../support/useDevChain.js";
import { useTempDir } from "../support/useTempDir.js";

/**
 * `check`, the monitor of a publication (issue 12): a schedule that stopped (GitHub disables one
 * after 60 days without activity, a run that keeps failing) leaves the site online with old
 * data; meta.json says when it was updated and how often it should be, and `check` exits 1 once
 * it is stale, from anywhere the site is reachable.
 */
describe("check: is the publication fresh?", () => {
  const endTime = Date.UTC(2026, 6, 1) / 1000;
  const chain = useDevChain(oneSessionHistory(endTime));
  const dir = useTempDir("mor-check-");
  const out = join(dir, "out");
  let servers: Server[] = [];

  beforeAll(async () => {
    const run = await runCli(
      runArgs(chain, { db: join(dir, "db.sqlite"), out }, "--update-interval", "3600"),
    );
    expect(run.code, run.stderr).toBe(0);
  });
  afterAll(async () => {
    for (const server of servers) server.close();
  });

  async function serve(root: string): Promise<string> {
    const server = createStaticServer(root).listen(0, "127.0.0.1");
    await once(server, "listening");
    servers = [...servers, server];
    return `http://127.0.0.1:${(server.address() as { port: number }).port}/`;
  }

  /** A copy of the publication whose meta.json says it was updated `age` seconds ago. */
  function agedCopy(name: string, age: number, edit: Record<string, unknown> = {}): string {
    const copy = join(dir, name);
    cpSync(join(out, "current"), copy, { recursive: true, dereference: true });
    const path = join(copy, "api", "throughput", "meta.json");
    const meta = JSON.parse(readFileSync(path, "utf8"));
    writeFileSync(path, JSON.stringify({ ...meta, updatedAt: Math.floor(Date.now() / 1000) - age, ...edit }));
    return copy;
  }

  test("default: a fresh publication, as a directory or through its URL, exits 0", async () => {
    for (const site of [out, await serve(join(out, "current"))]) {
      const result = await runCli(["check", site, "--json"]);
      expect(result.code, result.stderr).toBe(0);
      expect(JSON.parse(result.stdout)).toMatchObject({
        site,
        stale: false,
        intervalSeconds: 3600,
        maxAgeSeconds: 7200,
        backfillComplete: true,
        ageSeconds: expect.any(Number),
      });
      const text = await runCli(["check", site]);
      expect(text.stderr).toMatch(/ is fresh: updated \d+ s ago, every 1 h expected\n$/);
    }
  });

  test("error: older than twice its interval, it is stale: exit 1, with the age and what to look at", async () => {
    const site = await serve(agedCopy("stale", 3 * 3600 + 1200));
    const result = await runCli(["check", site]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      new RegExp(
        `^error: The publication at ${site.replaceAll(".", "\\.")} is stale: updated 3 h 20 min ago, every 1 h expected\\n` +
          "Is its schedule still on \\(GitHub disables a scheduled workflow after 60 days without activity\\), and are its runs succeeding\\?",
      ),
    );
    const json = await runCli(["check", site, "--json"]);
    expect(JSON.parse(json.stdout)).toMatchObject({ stale: true, error: { exitCode: 1 } });
    // A monitor may allow more, or less: then the limit it set is the one quoted.
    expect((await runCli(["check", site, "--max-age", "86400"])).code).toBe(0);
    const strict = await runCli(["check", site, "--max-age", "600"]);
    expect(strict.code).toBe(1);
    expect(strict.stderr).toMatch(/ is stale: updated 3 h 20 min ago, past --max-age 10 min\n/);
  });

  test("behavior: through a cache that serves meta.json stale (a CDN honouring stale-while-revalidate), the site's own meta.json counts", async () => {
    const fresh = join(out, "current");
    const stale = agedCopy("cached", 3 * 3600);
    const host = createStaticServer(fresh);
    const cache = createStaticServer(stale);
    // The cache's copy of the plain URL is three hours old; a URL it never saw goes to the host.
    const server = createServer((request, response) =>
      (request.url === "/api/throughput/meta.json" ? cache : host).emit("request", request, response),
    ).listen(0, "127.0.0.1");
    await once(server, "listening");
    servers = [...servers, server];
    const site = `http://127.0.0.1:${(server.address() as { port: number }).port}/`;
    expect(JSON.parse(await (await fetch(`${site}api/throughput/meta.json`)).text()).updatedAt).toBeLessThan(
      Date.now() / 1000 - 3 * 3600 + 60,
    );
    const result = await runCli(["check", site, "--json"]);
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ stale: false });
  });

  test("behavior: a backfill in progress is fresh, and said so", async () => {
    const copy = agedCopy("partial", 60, { backfillComplete: false });
    const result = await runCli(["check", copy]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain("the history is partial: a backfill is in progress");
  });

  test("error: nothing published there exits 1; a site that does not answer exits 75", async () => {
    const empty = await serve(join(dir, "nowhere"));
    const [missing, down] = await Promise.all([
      runCli(["check", empty]),
      runCli(["check", `http://127.0.0.1:${await freePort()}/`]),
    ]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(
      /^error: Nothing is published at http:\/\/127\.0\.0\.1:\d+\/: .*meta\.json\?fresh=\w+ answered HTTP 404/,
    );
    expect(down.code).toBe(75);
    expect(down.stderr).toMatch(/^error: Cannot reach http:\/\/127\.0\.0\.1:\d+\//);
  });
});
