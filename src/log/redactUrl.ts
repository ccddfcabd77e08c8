/**
 * An RPC URL fit for a log line or an error: no user info, no query string, and no path
 * segment that could be an API key (providers put keys in paths: /v2/<key>, /<token>): every
 * segment of 8 characters or more is hidden, whatever it looks like.
 */
export function redactUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return "<invalid url>";
  }
  const path = parsed.pathname
    .split("/")
    .map((segment) => (mayBeSecret(segment) ? "***" : segment))
    .join("/");
  const auth = parsed.username || parsed.password ? "***@" : "";
  const query = parsed.search ? "?***" : "";
  return `${parsed.protocol}//${auth}${parsed.host}${path}${query}`;
}

function mayBeSecret(segment: string): boolean {
  return segment.length >= 8;
}

/** Replaces every occurrence of the URLs (and their secret parts) in a message. */
export function redactSecrets(text: string, urls: string | readonly string[] | undefined): string {
  if (urls === undefined) return text;
  if (typeof urls !== "string") return urls.reduce((result, url) => redactSecrets(result, url), text);
  const url = urls;
  // Only a URL with its scheme: a value without one (host:port) would parse as a scheme and a
  // path, and its "redacted form" replace readable text. Such a value is never quoted.
  if (!hasScheme(url)) return text;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return text;
  }
  // The whole URL is replaced by its redacted form first (unless there is nothing to hide: the
  // URL would then be a prefix of its own redacted form), then any secret part left elsewhere.
  const secrets = [parsed.username, parsed.password, parsed.search.slice(1)]
    .concat(parsed.pathname.split("/").filter(mayBeSecret))
    .filter((secret) => secret.length >= 4)
    .sort((a, b) => b.length - a.length);
  const redacted = redactUrl(url);
  let result = redacted === parsed.href ? text : text.split(url).join(redacted);
  for (const secret of secrets) result = result.split(secret).join("***");
  return result;
}

/** A URL's scheme and the slashes after it: `https://`. */
const scheme = "[a-z][a-z\\d+.-]*:\\/\\/";

/** Whether a value starts with a scheme (`https://...`); `host:8545` or a bare key does not. */
export function hasScheme(value: string): boolean {
  return new RegExp(`^${scheme}`, "i").test(value);
}

/** Every URL with a scheme in a free text (a message quoting what was typed), redacted. */
export function redactUrlsIn(text: string): string {
  return text.replace(new RegExp(`${scheme}[^\\s'"\`]+`, "gi"), (url) => redactUrl(url));
}
