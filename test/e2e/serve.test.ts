import { randomBytes } from "node:crypto";
import { symlinkSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { publishRelease } from "../../src/publish/publishRelease.js";
import { startServe } from "../support/startServe.js";
import { useTempDir } from "../support/useTempDir.js";

/**
 * `serve` against a real publication, with a secret beside it and symlinks that lead to it,
 * attacked with raw bytes over a socket (no client library to normalise the request line).
 */

type RawResponse = { status: number | undefined; head: string; body: string; raw: string };

/** Sends exact bytes, reads until the server closes the connection (or 10 s pass). */
function rawRequest(port: number, request: string | Buffer): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    const chunks: Buffer[] = [];
    const finish = () => {
      clearTimeout(timer);
      const raw = Buffer.concat(chunks).toString("latin1");
      const split = raw.indexOf("\r\n\r\n");
      const head = split >= 0 ? raw.slice(0, split) : raw;
      const status = /^HTTP\/1\.[01] (\d{3})/.exec(raw)?.[1];
      resolve({
        status: status ? Number(status) : undefined,
        head,
        body: split >= 0 ? raw.slice(split + 4) : "",
        raw,
      });
    };
    const timer = setTimeout(() => socket.destroy(), 10_000);
    socket.on("data", (chunk) => chunks.push(chunk));
    socket.on("close", finish);
    socket.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code !== "ECONNRESET" && error.code !== "EPIPE") reject(error);
    });
    socket.write(request);
  });
}

const get = (target: string, method = "GET") =>
  `${method} ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`;

describe("serve: published files only, never a byte from outside", () => {
  const dir = useTempDir("mor-serve-");
  const out = join(dir, "out");
  let secret: string;
  let server: Awaited<ReturnType<typeof startServe>>;
  let port: number;
  let releaseId: string;
  const summary = `${JSON.stringify({ all: { tokens: 1, sessions: 1 } })}\n`;

  beforeAll(async () => {
    secret = `SECRET-${randomBytes(12).toString("hex")}`;
    writeFileSync(join(dir, "secret.txt"), `${secret}\n`);
    writeFileSync(join(dir, "secret.json"), JSON.stringify({ secret }));
    ({ releaseId } = publishRelease(
      out,
      new Map([
        ["api/throughput/summary.json", summary],
        ["api/throughput/rollup/daily.json", `${JSON.stringify({ bucket: "daily", series: [] })}\n`],
      ]),
    ));
    // Symlinks out of the directory: a file, a folder, and one inside the release itself.
    symlinkSync(join(dir, "secret.json"), join(out, "leak.json"));
    symlinkSync(dir, join(out, "parent"));
    symlinkSync(
      join(dir, "secret.json"),
      join(out, ".releases", releaseId, "api", "throughput", "evil.json"),
    );

    server = await startServe(out);
    port = Number(new URL(server.url).port);
  });
  afterAll(async () => {
    await server?.stop();
  });

  test("default: GET and HEAD of a published file", async () => {
    const full = await rawRequest(port, get("/api/throughput/summary.json"));
    expect(full.status).toBe(200);
    expect(full.head).toMatch(/^content-type: application\/json; charset=utf-8$/im);
    expect(full.head).toMatch(/^access-control-allow-origin: \*$/im);
    expect(full.body).toBe(summary);
    const head = await rawRequest(port, get("/api/throughput/summary.json", "HEAD"));
    expect(head.status).toBe(200);
    expect(head.head).toMatch(new RegExp(`^content-length: ${Buffer.byteLength(summary)}$`, "im"));
    expect(head.body).toBe("");
    // Through `current` too: it is what a deploy uploads.
    expect((await rawRequest(port, get("/current/api/throughput/summary.json"))).body).toBe(summary);
  });

  test("error: traversal, symlinks out, hidden entries, other methods and oversized requests get a 4xx", async () => {
    const attacks: Array<[string, string | Buffer]> = [
      ["plain ..", get("/../secret.txt")],
      ["nested ..", get("/api/throughput/../../../secret.txt")],
      ["dot segments", get("/api/./../../secret.txt")],
      ["encoded dots", get("/%2e%2e/secret.txt")],
      ["encoded slash", get("/%2e%2e%2fsecret.txt")],
      ["encoded uppercase", get("/api/throughput/%2E%2E%2F%2E%2E%2F%2E%2E%2Fsecret.txt")],
      ["double-encoded", get("/%252e%252e%252fsecret.txt")],
      ["double-encoded nested", get("/api/throughput/%252e%252e/%252e%252e/%252e%252e/secret.txt")],
      ["backslashes", get("/..\\secret.txt")],
      ["encoded backslashes", get("/api/..%5c..%5csecret.txt")],
      ["overlong utf-8 dot", get("/%c0%ae%c0%ae/secret.txt")],
      ["absolute path", get(`/${join(dir, "secret.txt")}`)],
      ["absolute-form target", get(`http://127.0.0.1:${port}/../secret.txt`)],
      ["NUL", get("/api/throughput/summary.json%00.txt")],
      ["raw NUL", Buffer.from(get("/api/throughput/summary.json\0"), "latin1")],
      ["symlinked file", get("/leak.json")],
      ["symlinked folder", get("/parent/secret.txt")],
      ["symlink inside the release", get("/api/throughput/evil.json")],
      ["hidden release folder", get(`/.releases/${releaseId}/api/throughput/summary.json`)],
      ["lock file", get("/.lock")],
      ["bucket not published", get("/api/throughput/rollup/weekly.json")],
      ["very long URL", get(`/${"a".repeat(10_000)}`)],
      [
        "huge headers",
        `GET /api/throughput/summary.json HTTP/1.1\r\nHost: x\r\nX-Big: ${"b".repeat(20_000)}\r\n\r\n`,
      ],
      ["no HTTP version", "GET /../secret.txt\r\n\r\n"],
      ...["POST", "PUT", "DELETE", "PATCH", "TRACE"].map((method): [string, string] => [
        method,
        get("/api/throughput/summary.json", method),
      ]),
      ["CONNECT", `CONNECT 127.0.0.1:${port} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`],
      [
        "upgrade",
        `GET /../secret.txt HTTP/1.1\r\nHost: x\r\nConnection: Upgrade, close\r\nUpgrade: websocket\r\n\r\n`,
      ],
    ];
    const responses = await Promise.all(attacks.map(([, request]) => rawRequest(port, request)));
    const answered = attacks.map(([name], k) => [name, responses[k]?.status]);
    expect(
      answered.filter(([, status]) => !(typeof status === "number" && status >= 400 && status < 500)),
    ).toEqual([]);
    for (const response of responses) expect(response.raw).not.toContain(secret);
    // And the server still serves after all that.
    expect((await rawRequest(port, get("/api/throughput/summary.json"))).status).toBe(200);
  });
});
