/** SPEC.md: sorted ascending as lowercase strings (code-unit order, not locale order). */
export function compareLowercase(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  return x < y ? -1 : x > y ? 1 : 0;
}
