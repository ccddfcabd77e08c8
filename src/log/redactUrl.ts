/**
 * An RPC URL fit for a log line or an error: no user info, no query string, and no path
 * segment that looks like an API key (providers put keys in paths: /v2/<key>, /<token>).
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
    .map((segment) => (looksLikeSecret(segment) ? "***" : segment))
    .join("/");
  const auth = parsed.username || parsed.password ? "***@" : "";
  const query = parsed.search ? "?***" : "";
  return `${parsed.protocol}//${auth}${parsed.host}${path}${query}`;
}

function looksLikeSecret(segment: string): boolean {
  return segment.length >= 16 && /[0-9]/.test(segment) && /^[A-Za-z0-9_-]+$/.test(segment);
}

/** Replaces every occurrence of the URL (and its secret parts) in a message. */
export function redactSecrets(text: string, url: string | undefined): string {
  if (!url) return text;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return text;
  }
  const secrets = [parsed.username, parsed.password, parsed.search.slice(1)]
    .concat(parsed.pathname.split("/").filter(looksLikeSecret))
    .filter((secret) => secret.length > 0);
  // Nothing secret in the URL: it stays readable (its redacted form names the endpoint).
  if (secrets.length === 0) return text;
  let result = text.split(url).join(redactUrl(url));
  for (const secret of secrets.filter((s) => s.length >= 4).sort((a, b) => b.length - a.length)) {
    result = result.split(secret).join("***");
  }
  return result;
}
