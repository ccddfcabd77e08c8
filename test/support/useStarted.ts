import { afterAll, beforeAll } from "vitest";
import { lateBound } from "./lateBound.js";

/**
 * Registers a beforeAll that starts something and an afterAll that stops it, in the suite this is
 * called in (the file, or a describe block), and returns it: usable in the tests and in hooks
 * registered after this call (beforeAll hooks run in the order they were registered, afterAll
 * hooks in reverse, so what starts later stops first). Read before its beforeAll ran (at
 * collection time) or after its afterAll, it throws (lateBound).
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
  return lateBound(what, () => current);
}
