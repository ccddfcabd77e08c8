import { afterAll, describe, expect, test } from "vitest";
import { useStarted } from "./useStarted.js";

const events: string[] = [];
/** What reading `read` throws, or "" (called at collection time, before any hook ran). */
const thrown = (read: () => unknown): string => {
  try {
    read();
    return "";
  } catch (error) {
    return (error as Error).message;
  }
};

describe("useStarted", () => {
  const thing = useStarted(
    "the thing",
    async () => {
      events.push("start");
      const value = {
        count: 1,
        get double(): number {
          return value.count * 2;
        },
      };
      return value;
    },
    async (value) => {
      events.push(`stop at ${value.count}`);
    },
  );
  const beforeStart = thrown(() => thing.count);

  test("default: started once before the tests, its properties and getters read through", () => {
    expect(events).toEqual(["start"]);
    expect(thing.count).toBe(1);
    expect(thing.double).toBe(2);
    expect({ ...thing }).toEqual({ count: 1, double: 2 });
    expect("count" in thing).toBe(true);
  });

  test("behavior: writes reach the started value", () => {
    thing.count = 5;
    expect(thing.double).toBe(10);
  });

  test("error: read before its beforeAll ran, it throws and says so", () => {
    expect(beforeStart).toBe("the thing is not running: use it in a test, or in a hook registered after it");
  });
});

// The file's afterAll runs after the describe block's: the value was stopped, once.
afterAll(() => {
  expect(events).toEqual(["start", "stop at 5"]);
});
