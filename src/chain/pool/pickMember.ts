/** A pool's endpoint as the choice of the next piece of work sees it. */
export type Candidate = {
  serving: boolean;
  /** Pieces of work (block ranges, reads) it is doing now. */
  busy: number;
  /** Requests it may keep in flight, as learned (halved on rate limits). */
  concurrency: number;
  /** The newest block it is known to have. */
  head: number;
  /** Until when it is left out (0: serving). */
  outUntil: number;
};

export type PickOptions = {
  /** Only endpoints that have this block, when some serving one has it. */
  from?: number;
  /** Indexes not to choose (tried already). */
  exclude?: ReadonlySet<number>;
  /** Chosen second when as free as another one: the endpoint of the last range. */
  avoid?: number;
  /** When none serves: the one soonest back (after a wait), instead of none. */
  evenIfOut?: boolean;
};

/**
 * The index of the endpoint the next piece of work goes to: among those serving (and having
 * block `from`, if any does), the least busy for what it can carry (busy / concurrency); ties go
 * to an endpoint other than `avoid`, then to the first configured. Undefined when none may take
 * it; with `evenIfOut`, the endpoint left out that comes back first.
 */
export function pickMember(candidates: readonly Candidate[], options: PickOptions = {}): number | undefined {
  const open = candidates
    .map((candidate, index) => ({ candidate, index }))
    .filter(({ index }) => !options.exclude?.has(index));
  const serving = open.filter(({ candidate }) => candidate.serving);
  if (serving.length === 0) {
    if (!options.evenIfOut || open.length === 0) return undefined;
    return open.reduce((best, next) => (next.candidate.outUntil < best.candidate.outUntil ? next : best))
      .index;
  }
  const { from } = options;
  const having = from === undefined ? serving : serving.filter(({ candidate }) => candidate.head >= from);
  const pool = having.length > 0 ? having : serving;
  const load = ({ candidate }: { candidate: Candidate }) =>
    (candidate.busy + 1) / Math.max(1, candidate.concurrency);
  let best = pool[0] as (typeof pool)[number];
  for (const next of pool.slice(1)) {
    const [a, b] = [load(next), load(best)];
    if (a < b || (a === b && best.index === options.avoid && next.index !== options.avoid)) best = next;
  }
  return best.index;
}
