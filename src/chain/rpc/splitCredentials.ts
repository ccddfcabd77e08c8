/**
 * fetch refuses a URL with user info ("Request cannot be constructed from a URL that includes
 * credentials"): endpoints given as https://user:pass@host are called with the credentials in an
 * Authorization header instead, as curl and browsers do.
 */
export function splitCredentials(url: string): { fetchUrl: string; headers: Record<string, string> } {
  const parsed = new URL(url);
  if (!parsed.username && !parsed.password) return { fetchUrl: url, headers: {} };
  const credentials = `${decodeURIComponent(parsed.username)}:${decodeURIComponent(parsed.password)}`;
  parsed.username = "";
  parsed.password = "";
  return {
    fetchUrl: parsed.href,
    headers: { authorization: `Basic ${Buffer.from(credentials).toString("base64")}` },
  };
}
