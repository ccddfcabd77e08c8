/** Ascending by the lowercase strings, in UTF-16 code unit order (`0xa…` before `0xB…`). */
export function compareLowercase(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  return x < y ? -1 : x > y ? 1 : 0;
}

/** `items` grouped by `key` (items whose key is undefined are left out), keys sorted by compareLowercase. */
export function groupSorted<T>(
  items: readonly T[],
  key: (item: T) => string | undefined,
): Array<[string, T[]]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    if (k === undefined) continue;
    const list = groups.get(k);
    if (list) list.push(item);
    else groups.set(k, [item]);
  }
  return [...groups.entries()].sort(([a], [b]) => compareLowercase(a, b));
}
