/**
 * The HTTP header policy of a publication, in one place: `serve` answers with headersFor() and
 * the published `_headers` file (read by Cloudflare Pages and Netlify) is rendered from the same
 * rules, so a preview behaves like production.
 *
 * Rules follow the `_headers` format: a URL pattern (`*` matches anything, slashes included) and
 * the headers of every path it matches. The hosts apply every matching rule and join repeated
 * headers with commas, so no two rules that can match one path set the same header.
 */
type HeaderRule = { pattern: string; headers: Record<string, string> };

/**
 * The API's files. The data changes once an hour (the cron): browsers and CDNs may use a copy for
 * 5 minutes and serve it stale for up to an hour while they fetch the next one in the background.
 * That alone would let a reader of several files combine two releases; the dashboard and the
 * typed client do not rely on it: they ask for meta.json past every cache and for the other files
 * under its releaseKey (`?v=`), a URL no copy of another release is cached under
 * (docs/caching.md). Plain URLs stay cacheable for everyone else (curl, other pages).
 */
export const cacheControl = "public, max-age=300, stale-while-revalidate=3600";
/** Dashboard assets carry their content hash in their names: a name never changes content. */
export const immutableCacheControl = "public, max-age=31536000, immutable";
/**
 * The page (index.html) names the assets it loads: revalidated at every load (a 304 when
 * unchanged), so that after an upgrade no browser or CDN starts a page whose assets are gone.
 * GitHub Pages ignores `_headers` (ten minutes for every file): there the previous page's assets
 * stay published instead (previousDashboardAssets.ts).
 */
export const pageCacheControl = "no-cache";

/** The page loads only its own files and fetches only its own API. */
const contentSecurityPolicy =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; " +
  "base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

export const headerRules: readonly HeaderRule[] = [
  {
    pattern: "/*",
    headers: {
      "Access-Control-Allow-Origin": "*",
      "X-Content-Type-Options": "nosniff",
      "Referrer-Policy": "no-referrer",
    },
  },
  // Every file there is JSON but the feed: each type is set by a rule of its own (a host joins the
  // values of two rules that set one header), the JSON files' by their extension where a host
  // reads no rule for them (GitHub Pages, S3 and the like send application/json for .json).
  { pattern: "/api/throughput/*", headers: { "Cache-Control": cacheControl } },
  {
    pattern: "/api/throughput/market.atom",
    headers: { "Content-Type": "application/atom+xml; charset=utf-8" },
  },
  { pattern: "/assets/*", headers: { "Cache-Control": immutableCacheControl } },
  {
    pattern: "/",
    headers: { "Cache-Control": pageCacheControl, "Content-Security-Policy": contentSecurityPolicy },
  },
  {
    pattern: "/index.html",
    headers: { "Cache-Control": pageCacheControl, "Content-Security-Policy": contentSecurityPolicy },
  },
];

const contentTypes: Record<string, string> = {
  ".json": "application/json; charset=utf-8",
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".txt": "text/plain; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".atom": "application/atom+xml; charset=utf-8",
  ".gz": "application/gzip",
};

export function contentTypeFor(path: string): string {
  const name = path.slice(path.lastIndexOf("/") + 1);
  const dot = name.lastIndexOf(".");
  return (dot > 0 && contentTypes[name.slice(dot).toLowerCase()]) || "application/octet-stream";
}

/**
 * The headers of a response for the URL path `urlPath` (e.g. `/api/throughput/summary.json`),
 * whose file is `filePath` (its extension sets the content type unless a rule does).
 */
export function headersFor(urlPath: string, filePath: string = urlPath): Record<string, string> {
  const headers: Record<string, string> = {
    "Content-Type": contentTypeFor(filePath),
    "Cache-Control": cacheControl,
  };
  for (const rule of headerRules) if (matches(rule.pattern, urlPath)) Object.assign(headers, rule.headers);
  return headers;
}

/** The `_headers` file of a publication. */
export function renderHeadersFile(): string {
  const blocks = headerRules.map(
    (rule) =>
      `${rule.pattern}\n${Object.entries(rule.headers)
        .map(([name, value]) => `  ${name}: ${value}`)
        .join("\n")}\n`,
  );
  return `# Response headers for Cloudflare Pages and Netlify; \`mor-throughput serve\` sends the same.\n${blocks.join("\n")}`;
}

function matches(pattern: string, urlPath: string): boolean {
  const expression = pattern
    .split("*")
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&"))
    .join(".*");
  return new RegExp(`^${expression}$`).test(urlPath);
}
