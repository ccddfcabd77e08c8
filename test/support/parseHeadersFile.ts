export type HeadersFileRule = { pattern: string; headers: Array<[string, string]> };

/** A `_headers` file read the way Cloudflare Pages and Netlify read it: a URL pattern, then indented headers. */
export function parseHeadersFile(text: string): HeadersFileRule[] {
  const rules: HeadersFileRule[] = [];
  for (const line of text.split("\n")) {
    if (line.trim() === "" || line.trimStart().startsWith("#")) continue;
    if (!/^\s/.test(line)) {
      rules.push({ pattern: line.trim(), headers: [] });
      continue;
    }
    const colon = line.indexOf(":");
    const rule = rules.at(-1);
    if (colon < 0 || !rule) throw new Error(`_headers: cannot read ${JSON.stringify(line)}`);
    rule.headers.push([line.slice(0, colon).trim(), line.slice(colon + 1).trim()]);
  }
  return rules;
}

/** The headers every rule matching `urlPath` sets, in file order (`*` matches anything). */
export function headersFromFile(rules: HeadersFileRule[], urlPath: string): Array<[string, string]> {
  return rules
    .filter((rule) =>
      new RegExp(
        `^${rule.pattern
          .split("*")
          .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&"))
          .join(".*")}$`,
      ).test(urlPath),
    )
    .flatMap((rule) => rule.headers);
}
