import { execFileSync } from "node:child_process";
import { once } from "node:events";
import {
  cpSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { join, relative } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createThroughputClient, ThroughputClientError } from "../../src/index.js";
import { createStaticServer } from "../../src/publish/createStaticServer.js";
import { packageRoot } from "../../src/util/packageRoot.js";
import { headersFromFile, parseHeadersFile } from "../support/parseHeadersFile.js";
import { sharedDemo } from "../support/sharedDemo.js";
import { startServe } from "../support/startServe.js";
import { useTempDir } from "../support/useTempDir.js";
import { validateOpenApi } from "../support/validateOpenApi.js";

type Operation = { responses: Record<string, { content: Record<string, { schema: { $ref: string } }> }> };

/** Every file of a release, by URL path ("/index.html", "/api/throughput/summary.json", ...). */
function releaseFiles(out: string): string[] {
  const root = join(out, "current");
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else files.push(`/${relative(root, path)}`);
    }
  };
  walk(root);
  return files;
}

const readJson = (out: string, path: string) =>
  JSON.parse(readFileSync(join(out, "api/throughput", path), "utf8"));

describe("publishing: the demo's publication, served", () => {
  const dir = useTempDir("mor-publishing-");
  let out: string;
  let serve: { url: string; stop(): Promise<void> };

  beforeAll(async () => {
    out = await sharedDemo();
    serve = await startServe(out);
  }, 300_000);
  afterAll(async () => {
    await serve?.stop();
  });

  test("default: one release holds the page, its assets, _headers, the schemas and OpenAPI beside the data", () => {
    const files = releaseFiles(out);
    for (const path of [
      "/index.html",
      "/_headers",
      "/api/throughput/openapi.json",
      "/api/throughput/summary.json",
    ])
      expect(files).toContain(path);
    expect(files.filter((path) => /^\/assets\/dashboard-[A-Z0-9]+\.(js|css)$/.test(path))).toHaveLength(2);
    expect(files.filter((path) => path.startsWith("/api/throughput/schemas/"))).toHaveLength(
      readdirSync(join(packageRoot(), "schemas")).length,
    );
    // Top-level entries point through `current`: the page and its data switch in one rename.
    for (const entry of ["index.html", "assets", "_headers", "api"]) {
      expect(lstatSync(join(out, entry)).isSymbolicLink()).toBe(true);
      expect(readlinkSync(join(out, entry))).toBe(join("current", entry));
    }
    // Everything the page loads is its own: no CDN, no absolute URL.
    const html = readFileSync(join(out, "index.html"), "utf8");
    expect(html).not.toMatch(/(src|href)="(https?:)?\/\//);
    expect(html).toMatch(/<script defer src="assets\/dashboard-[A-Z0-9]+\.js"><\/script>/);
  });

  test("behavior: serve answers every published file with the headers _headers gives it", async () => {
    const rules = parseHeadersFile(readFileSync(join(out, "_headers"), "utf8"));
    const files = releaseFiles(out).filter((path) => path !== "/_headers");
    expect(files.length).toBeGreaterThanOrEqual(20);
    for (const path of [...files, "/"]) {
      const response = await fetch(`${serve.url}${path}`, { method: "HEAD" });
      expect(response.status, path).toBe(200);
      const expected = headersFromFile(rules, path);
      expect(expected.length, path).toBeGreaterThan(2);
      for (const [name, value] of expected) expect(response.headers.get(name), `${path} ${name}`).toBe(value);
    }
    const api = await fetch(`${serve.url}/api/throughput/rollup/daily.json`);
    expect(api.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(api.headers.get("access-control-allow-origin")).toBe("*");
    expect(api.headers.get("cache-control")).toMatch(/max-age=\d+.*stale-while-revalidate=\d+/);
  });

  test("behavior: the published OpenAPI document validates, and each $ref fetches its schema", async () => {
    const document = readJson(out, "openapi.json");
    const schemas = Object.fromEntries(
      readdirSync(join(out, "api/throughput/schemas")).map((file) => [
        file,
        readJson(out, `schemas/${file}`),
      ]),
    );
    const result = await validateOpenApi(document, schemas);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(document.info.version).toBe("1.3.0");
    const documentUrl = `${serve.url}/api/throughput/openapi.json`;
    for (const [path, item] of Object.entries(document.paths as Record<string, { get: Operation }>)) {
      // A chain's own files: this demo publication's chain.
      const url = path.slice(1).replace("{chainId}", String(readJson(out, "meta.json").chainId));
      const response = await fetch(new URL(url, `${serve.url}/`));
      expect(response.status, path).toBe(200);
      const content = item.get.responses["200"]?.content ?? {};
      // The feed (SPEC.md 1.3) is XML, served with its own type; every other file is JSON with a schema.
      if (content["application/atom+xml"]) {
        expect(response.headers.get("content-type")).toBe("application/atom+xml; charset=utf-8");
        continue;
      }
      const ref = content["application/json"]?.schema.$ref ?? "";
      const schema = await fetch(new URL(ref, documentUrl));
      expect(schema.status, ref).toBe(200);
      expect(((await schema.json()) as { $id: string }).$id).toBe(ref.replace("./schemas/", ""));
    }
  });

  test("behavior: the typed client fetches and validates every file through serve", async () => {
    const api = createThroughputClient(serve.url);
    expect(await api.summary()).toEqual(readJson(out, "summary.json"));
    for (const bucket of ["hourly", "daily", "monthly"] as const)
      expect(await api.rollup(bucket)).toEqual(readJson(out, `rollup/${bucket}.json`));
    expect(await api.byModelDaily()).toEqual(readJson(out, "rollup/by-model-daily.json"));
    expect(await api.byProviderDaily()).toEqual(readJson(out, "rollup/by-provider-daily.json"));
    expect(await api.stuckSessions()).toEqual(readJson(out, "stuck-sessions.json"));
    expect((await api.meta()).asOf).toBe(Date.UTC(2026, 10, 20, 12) / 1000);
    const missing = await api
      .get("rollup/weekly.json" as "rollup/daily.json")
      .catch((error: unknown) => error);
    expect(missing).toBeInstanceOf(ThroughputClientError);
    expect(missing).toMatchObject({ status: 404, url: `${serve.url}/api/throughput/rollup/weekly.json` });
  });

  test("error: the typed client refuses a file that breaks its schema", async () => {
    const tampered = join(dir, "tampered");
    cpSync(join(out, "current"), tampered, { recursive: true, dereference: true });
    const summary = readJson(out, "summary.json");
    summary["24h"].tokens = -1;
    delete summary.all;
    writeFileSync(join(tampered, "api/throughput/summary.json"), JSON.stringify(summary));
    const server = createStaticServer(tampered).listen(0, "127.0.0.1");
    await once(server, "listening");
    try {
      const address = server.address() as { port: number };
      const error = await createThroughputClient(`http://127.0.0.1:${address.port}`)
        .summary()
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ThroughputClientError);
      expect((error as ThroughputClientError).problems).toEqual([
        "/ must have required property 'all' (missingProperty: all)",
        "/24h/tokens must be >= 0 (comparison: >=, limit: 0)",
      ]);
      // Without validation the same file is handed over as it is.
      const unchecked = await createThroughputClient(`http://127.0.0.1:${address.port}`, {
        validate: false,
      }).summary();
      expect(unchecked["24h"].tokens).toBe(-1);
    } finally {
      server.close();
    }
  });

  test("behavior: a consumer installs the package and gets typed data in three lines", async () => {
    const consumer = join(dir, "consumer");
    mkdirSync(join(consumer, "node_modules"), { recursive: true });
    symlinkSync(packageRoot(), join(consumer, "node_modules", "mor-throughput"), "dir");
    writeFileSync(join(consumer, "package.json"), JSON.stringify({ type: "module" }));
    const source = [
      'import { createThroughputClient, type Summary } from "mor-throughput";',
      "const api = createThroughputClient(process.argv[2] as string);",
      "const summary: Summary = await api.summary();",
      'const tokens: number = summary["24h"].tokens;',
      "// @ts-expect-error sessions is a number, not a string: the types are real, not any",
      'const wrong: string = summary["7d"].sessions;',
      "console.log(JSON.stringify({ tokens, wrong }));",
      "",
    ].join("\n");
    writeFileSync(join(consumer, "index.ts"), source);
    writeFileSync(
      join(consumer, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: {
          target: "ES2022",
          module: "nodenext",
          strict: true,
          types: ["node"],
          noEmit: true,
          skipLibCheck: false,
        },
        include: ["index.ts"],
      }),
    );
    symlinkSync(
      join(packageRoot(), "node_modules", "@types"),
      join(consumer, "node_modules", "@types"),
      "dir",
    );
    const tsc = join(packageRoot(), "node_modules", "typescript", "bin", "tsc");
    execFileSync(process.execPath, [tsc, "-p", join(consumer, "tsconfig.json")], { encoding: "utf8" });
    // The same three lines at run time, through the package's exports.
    writeFileSync(
      join(consumer, "run.mjs"),
      'import { createThroughputClient } from "mor-throughput";\n' +
        "const summary = await createThroughputClient(process.argv[2]).summary();\n" +
        'console.log(JSON.stringify(summary["24h"]));\n',
    );
    const printed = execFileSync(process.execPath, [join(consumer, "run.mjs"), serve.url], {
      encoding: "utf8",
      cwd: consumer,
    });
    expect(JSON.parse(printed)).toEqual(readJson(out, "summary.json")["24h"]);
  });
});
