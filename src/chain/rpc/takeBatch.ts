/** The first units of `list` whose calls fit in `size` (always at least one unit). */
export function takeBatch<U extends { calls: readonly unknown[] }>(list: readonly U[], size: number): U[] {
  let calls = 0;
  let count = 0;
  for (const unit of list) {
    if (count > 0 && calls + unit.calls.length > size) break;
    calls += unit.calls.length;
    count++;
  }
  return list.slice(0, count);
}
