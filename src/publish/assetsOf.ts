/**
 * The assets a dashboard page loads: every `src` or `href` of index.html below assets/, as paths
 * of the release (`assets/dashboard-….js`).
 */
export function assetsOf(html: string): string[] {
  return [...html.matchAll(/(?:src|href)="(?:\.\/)?(assets\/[^"]+)"/g)].map((match) => match[1] as string);
}
