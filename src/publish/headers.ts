/**
 * The HTTP headers the API is served with, by hosting and by `serve` alike: dashboards fetch
 * cross-origin, and the data changes hourly.
 */
export const cacheControl = "public, max-age=300, stale-while-revalidate=3600";

const contentTypes: Record<string, string> = {
  ".json": "application/json; charset=utf-8",
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".txt": "text/plain; charset=utf-8",
};

export function contentTypeFor(path: string): string {
  const dot = path.lastIndexOf(".");
  return (dot >= 0 && contentTypes[path.slice(dot).toLowerCase()]) || "application/octet-stream";
}

export function headersFor(path: string): Record<string, string> {
  return {
    "Content-Type": contentTypeFor(path),
    "Access-Control-Allow-Origin": "*",
    "Cache-Control": cacheControl,
    "X-Content-Type-Options": "nosniff",
  };
}
