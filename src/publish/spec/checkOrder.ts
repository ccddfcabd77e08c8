/**
 * Items sorted by `keys`, ascending, strings compared in lowercase (SPEC.md: `0xa…` before
 * `0xB…`), and no two alike: the first item out of order, if any.
 */
export function checkOrder<T>(
  where: string,
  items: readonly T[],
  keys: ReadonlyArray<(item: T) => string | number>,
): string[] {
  for (let k = 1; k < items.length; k++) {
    const order = compare(items[k - 1] as T, items[k] as T, keys);
    if (order >= 0) {
      const shown = keys.map((key) => String(key(items[k] as T))).join(", ");
      return [
        order === 0
          ? `${where}/${k} (${shown}) appears twice`
          : `${where}/${k} (${shown}) is out of order: sorted ascending, lowercase, expected`,
      ];
    }
  }
  return [];
}

function compare<T>(a: T, b: T, keys: ReadonlyArray<(item: T) => string | number>): number {
  for (const key of keys) {
    const x = normalise(key(a));
    const y = normalise(key(b));
    if (x < y) return -1;
    if (x > y) return 1;
  }
  return 0;
}

function normalise(value: string | number): string | number {
  return typeof value === "string" ? value.toLowerCase() : value;
}
