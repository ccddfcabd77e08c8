/**
 * An object that stands for what `get` returns once it is there: reads, writes, `in` and spreads
 * go through to it. Read while `get` returns undefined (before its hook started it, or after its
 * hook stopped it), it throws, saying so, rather than handing out `undefined` fields.
 */
export function lateBound<T extends object>(what: string, get: () => T | undefined): T {
  const current = (): T => {
    const value = get();
    if (value === undefined) {
      throw new Error(`${what} is not running: use it in a test, or in a hook registered after it`);
    }
    return value;
  };
  return new Proxy({} as T, {
    get: (_, key) => Reflect.get(current(), key),
    set: (_, key, value) => Reflect.set(current(), key, value),
    has: (_, key) => Reflect.has(current(), key),
    ownKeys: () => Reflect.ownKeys(current()),
    getOwnPropertyDescriptor: (_, key) => Reflect.getOwnPropertyDescriptor(current(), key),
  });
}
