import { afterAll, beforeAll } from "vitest";

/**
 * Registers a beforeAll that starts something and an afterAll that stops it, in the suite this is
 * called in (the file, or a describe block), and returns it: usable in the tests and in hooks
 * registered after this call (beforeAll hooks run in the order they were registered, afterAll
 * hooks in reverse, so what starts later stops first). Read before its beforeAll ran (at
 * collection time) or after its afterAll, it throws rather than handing out `undefined`.
 */
export function useStarted<T extends object>(
  what: string,
  start: () => Promise<T> | T,
  stop: (value: T) => Promise<void> | void,
): T {
  let current: T | undefined;
  beforeAll(async () => {
    current = await start();
  });
  afterAll(async () => {
    const value = current;
    current = undefined;
    if (value !== undefined) await stop(value);
  });
  const started = (): T => {
    if (current === undefined) {
      throw new Error(`${what} is not running: use it in a test, or in a hook registered after it`);
    }
    return current;
  };
  return new Proxy({} as T, {
    get: (_, key) => Reflect.get(started(), key),
    set: (_, key, value) => Reflect.set(started(), key, value),
    has: (_, key) => Reflect.has(started(), key),
    ownKeys: () => Reflect.ownKeys(started()),
    getOwnPropertyDescriptor: (_, key) => Reflect.getOwnPropertyDescriptor(started(), key),
  });
}
