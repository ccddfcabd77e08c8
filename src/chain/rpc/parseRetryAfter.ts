/**
 * The wait a Retry-After header asks for, in ms: seconds or an HTTP date, at least 0 and at most
 * `maxMs`; undefined when there is none or it does not parse.
 */
export function parseRetryAfter(value: string | null, maxMs: number, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(value) - now;
  if (!Number.isFinite(ms)) return undefined;
  return Math.min(Math.max(ms, 0), maxMs);
}
