/** Differences reported at most: enough to see what went wrong. */
const limit = 20;

/**
 * The differences between published files (`actual`: parsed JSON keyed by path below
 * out/api/throughput, e.g. the values of readPublished(out) through JSON.parse) and
 * expectedPublication(...): [] when they match. Values compare exactly (numbers with ===), objects by
 * key order too (the files must be byte-identical across runs). Files in `actual` that are not
 * expected (meta.json, schemas) are ignored.
 */
export function diffFiles(actual: Record<string, unknown>, expected: Record<string, unknown>): string[] {
  const differences: string[] = [];
  const report = (path: string, message: string): void => {
    if (differences.length < limit) differences.push(`${path}: ${message}`);
  };
  const walk = (path: string, a: unknown, e: unknown): void => {
    if (differences.length >= limit) return;
    if (Array.isArray(e)) {
      if (!Array.isArray(a)) {
        report(path, `expected an array, got ${show(a)}`);
        return;
      }
      if (a.length !== e.length) report(path, `expected ${e.length} items, got ${a.length}`);
      for (let k = 0; k < Math.min(a.length, e.length); k++) walk(`${path}[${k}]`, a[k], e[k]);
      return;
    }
    if (e !== null && typeof e === "object") {
      if (a === null || typeof a !== "object" || Array.isArray(a)) {
        report(path, `expected an object, got ${show(a)}`);
        return;
      }
      const expectedKeys = Object.keys(e);
      const actualKeys = Object.keys(a);
      const missing = expectedKeys.filter((k) => !(k in a));
      const extra = actualKeys.filter((k) => !(k in e));
      if (missing.length > 0) report(path, `missing keys ${missing.join(", ")}`);
      if (extra.length > 0) report(path, `unexpected keys ${extra.join(", ")}`);
      const order = actualKeys.filter((k) => k in e);
      if (missing.length === 0 && order.join() !== expectedKeys.join()) {
        report(path, `key order ${order.join(", ")}, expected ${expectedKeys.join(", ")}`);
      }
      for (const key of expectedKeys) {
        if (key in a)
          walk(`${path}.${key}`, (a as Record<string, unknown>)[key], (e as Record<string, unknown>)[key]);
      }
      return;
    }
    if (a !== e) report(path, `expected ${show(e)}, got ${show(a)}`);
  };
  for (const [file, value] of Object.entries(expected)) {
    if (!(file in actual)) report(file, "missing file");
    else walk(file, actual[file], value);
  }
  return differences;
}

function show(value: unknown): string {
  const text = JSON.stringify(value);
  return text === undefined ? String(value) : text.length > 80 ? `${text.slice(0, 77)}...` : text;
}
