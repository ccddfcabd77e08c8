import { createReadStream, realpathSync, statSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { join, sep } from "node:path";
import { headersFor } from "./headers.js";

const maxUrlLength = 2048;

/** What the preview answers to; a browser asks OPTIONS before a cross-origin request it must preflight. */
const allowedMethods = "GET, HEAD, OPTIONS";

/** Hosting configuration beside the published files: read by the host, never served by it. */
const hostingFiles = new Set(["_headers", "_redirects"]);

/**
 * Serves a published directory for preview: GET and HEAD of published files only, OPTIONS for
 * CORS preflights. Paths are decoded once, must stay inside the directory after symlinks are
 * resolved, and may not name hidden entries (.releases, .lock) or the hosting configuration
 * (_headers); anything else is a 4xx and never a byte from outside. Every answer, errors
 * included, carries `Access-Control-Allow-Origin: *`, as the hosts do: a dashboard on another
 * origin then sees the status rather than a CORS failure.
 */
export function createStaticServer(root: string): Server {
  const server = createServer({ maxHeaderSize: 8192 }, (request, response) => {
    const method = request.method ?? "";
    if (method === "OPTIONS") {
      const requested = request.headers["access-control-request-headers"];
      response
        .writeHead(204, {
          Allow: allowedMethods,
          "Access-Control-Allow-Origin": "*",
          "Access-Control-Allow-Methods": allowedMethods,
          ...(requested ? { "Access-Control-Allow-Headers": requested } : {}),
          "Access-Control-Max-Age": "86400",
        })
        .end();
      return;
    }
    if (method !== "GET" && method !== "HEAD") {
      response
        .writeHead(405, {
          Allow: allowedMethods,
          "Content-Type": "text/plain",
          "Access-Control-Allow-Origin": "*",
        })
        .end("method not allowed\n");
      return;
    }
    const file = resolveFile(root, request.url ?? "/");
    if (typeof file === "number") {
      response.writeHead(file, { "Content-Type": "text/plain", "Access-Control-Allow-Origin": "*" });
      response.end(file === 414 ? "URI too long\n" : file === 400 ? "bad request\n" : "not found\n");
      return;
    }
    const headers = { ...headersFor(file.urlPath, file.path), "Content-Length": String(file.size) };
    response.writeHead(200, headers);
    if (method === "HEAD") {
      response.end();
      return;
    }
    createReadStream(file.path)
      .on("error", () => response.destroy())
      .pipe(response);
  });
  // CONNECT never reaches the handler above; unanswered, the client would wait on an open socket.
  server.on("connect", (_request, socket) => {
    socket.end(
      `HTTP/1.1 405 Method Not Allowed\r\nAllow: ${allowedMethods}\r\nAccess-Control-Allow-Origin: *\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`,
    );
  });
  return server;
}

/**
 * The file a request URL names, with the URL's decoded path (what the header rules match), or
 * the status code to answer with.
 */
function resolveFile(root: string, url: string): { path: string; size: number; urlPath: string } | number {
  if (url.length > maxUrlLength) return 414;
  const rawPath = url.split("?")[0]?.split("#")[0] ?? "/";
  let path: string;
  try {
    path = decodeURIComponent(rawPath);
  } catch {
    return 400;
  }
  if (path.includes("\0") || path.includes("\\") || !path.startsWith("/")) return 400;
  const segments = path.split("/").filter((segment) => segment !== "");
  if (segments.some((segment) => segment === ".." || segment === "." || segment.startsWith("."))) return 404;
  if (segments.some((segment) => hostingFiles.has(segment))) return 404;
  let base: string;
  try {
    base = realpathSync(root);
  } catch {
    return 404;
  }
  let candidate = join(base, ...segments);
  try {
    let real = realpathSync(candidate);
    let stats = statSync(real);
    if (stats.isDirectory()) {
      candidate = join(real, "index.html");
      real = realpathSync(candidate);
      stats = statSync(real);
    }
    if (!stats.isFile()) return 404;
    if (real !== base && !real.startsWith(base + sep)) return 404;
    return { path: real, size: stats.size, urlPath: path.replace(/\/{2,}/g, "/") };
  } catch {
    return 404;
  }
}
