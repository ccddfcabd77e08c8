import { describe, expect, test, vi } from "vitest";
import { type RetryFailure, withRetry } from "./withRetry.js";

/** What `withRetry` waited, by attempt, as told to onRetry (no clock read). */
const recorder = <T>() => {
  const waits: Array<[number, number]> = [];
  return {
    waits,
    onRetry: (attempt: number, _: RetryFailure<T>, delayMs: number) => waits.push([attempt, delayMs]),
  };
};

describe("withRetry", () => {
  test("default: the first good answer, without waiting", async () => {
    const { waits, onRetry } = recorder<string>();
    expect(
      await withRetry(async () => "ok", { attempts: 3, delay: { baseMs: 1, growth: "linear" }, onRetry }),
    ).toBe("ok");
    expect(waits).toEqual([]);
  });

  test("behavior: errors worth a retry are retried, waiting as the policy says", async () => {
    const { waits, onRetry } = recorder<string>();
    const answer = await withRetry(
      async (attempt) => {
        if (attempt < 4) throw new Error(`refused ${attempt}`);
        return `answered at ${attempt}`;
      },
      { attempts: 5, delay: { baseMs: 2, growth: "exponential" }, retryError: () => true, onRetry },
    );
    expect(answer).toBe("answered at 4");
    expect(waits).toEqual([
      [1, 2],
      [2, 4],
      [3, 8],
    ]);
  });

  test("behavior: answers not good yet are asked for again, and the last one is returned", async () => {
    const { waits, onRetry } = recorder<string | null>();
    let asked = 0;
    const answer = await withRetry(async () => (++asked === 3 ? "block" : null), {
      attempts: 5,
      delay: { baseMs: 1, growth: "linear" },
      retryAnswer: (answer) => answer === null,
      onRetry,
    });
    expect([answer, asked]).toEqual(["block", 3]);
    expect(waits).toEqual([
      [1, 1],
      [2, 2],
    ]);
    asked = 0;
    const never = await withRetry(
      async () => {
        asked++;
        return null;
      },
      { attempts: 4, delay: { baseMs: 1, growth: "linear" }, retryAnswer: (answer) => answer === null },
    );
    expect([never, asked]).toEqual([null, 4]);
  });

  test("behavior: a run that narrows what it asks for (re-reads of what still lags)", async () => {
    // As the sync re-reads sessions whose state lags behind their log: each attempt reads what is
    // left, keeps what is good, and gives up on the rest on its last attempt.
    const goodFrom = new Map([
      ["a", 1],
      ["b", 2],
      ["c", 9],
    ]);
    const read: string[][] = [];
    const attempts = 3;
    let pending = ["a", "b", "c"];
    const givenUp: string[] = [];
    await withRetry(
      async (attempt) => {
        read.push(pending);
        const lagging = pending.filter((id) => (goodFrom.get(id) ?? 0) > attempt);
        if (attempt === attempts) givenUp.push(...lagging);
        pending = lagging;
        return lagging;
      },
      { attempts, delay: { baseMs: 1, growth: "exponential" }, retryAnswer: (lagging) => lagging.length > 0 },
    );
    expect(read).toEqual([["a", "b", "c"], ["b", "c"], ["c"]]);
    expect(givenUp).toEqual(["c"]);
  });

  test("behavior: a delay function reads the failure (a wait the endpoint asked for)", async () => {
    const { waits, onRetry } = recorder<string>();
    class Wait extends Error {
      constructor(readonly ms: number) {
        super("wait");
      }
    }
    await withRetry(
      async (attempt) => {
        if (attempt === 1) throw new Wait(7);
        return "ok";
      },
      {
        attempts: 2,
        delay: (_, failure) =>
          failure.kind === "error" && failure.error instanceof Wait ? failure.error.ms : 0,
        retryError: (error) => error instanceof Wait,
        onRetry,
      },
    );
    expect(waits).toEqual([[1, 7]]);
  });

  test("behavior: a sleep of the caller's: attempts waiting on one wake-up go again together", async () => {
    let wakeUp = () => {};
    const shared = new Promise<void>((resolve) => {
      wakeUp = resolve;
    });
    const attempts: string[] = [];
    const retried = ["a", "b"].map((name) =>
      withRetry(
        async (attempt) => {
          attempts.push(`${name}${attempt}`);
          if (attempt === 1) throw new Error("refused");
          return name;
        },
        {
          attempts: 2,
          delay: { baseMs: 60_000, growth: "linear" },
          retryError: () => true,
          sleep: () => shared,
        },
      ),
    );
    await new Promise((resolve) => setImmediate(resolve));
    expect(attempts).toEqual(["a1", "b1"]);
    wakeUp();
    expect(await Promise.all(retried)).toEqual(["a", "b"]);
    expect(attempts).toEqual(["a1", "b1", "a2", "b2"]);
  });

  test("behavior: the default wait is the global timer: a caller's policy can be checked in fake time", async () => {
    vi.useFakeTimers();
    try {
      let runs = 0;
      const answer = withRetry(async () => ++runs, {
        attempts: 3,
        delay: { baseMs: 500, growth: "exponential" },
        retryAnswer: (n) => n < 3,
      });
      await vi.advanceTimersByTimeAsync(499);
      expect(runs).toBe(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(runs).toBe(2);
      await vi.advanceTimersByTimeAsync(1000);
      expect(await answer).toBe(3);
    } finally {
      vi.useRealTimers();
    }
  });

  test("error: an error not worth a retry is thrown at once", async () => {
    let runs = 0;
    const failure = withRetry(
      async () => {
        runs++;
        throw new TypeError("a bug");
      },
      {
        attempts: 5,
        delay: { baseMs: 1, growth: "linear" },
        retryError: (error) => !(error instanceof TypeError),
      },
    );
    await expect(failure).rejects.toThrow("a bug");
    expect(runs).toBe(1);
  });

  test("error: the last error once the attempts run out", async () => {
    let runs = 0;
    const failure = withRetry(
      async (attempt) => {
        runs++;
        throw new Error(`refused ${attempt}`);
      },
      { attempts: 3, delay: { baseMs: 1, growth: "linear" }, retryError: () => true },
    );
    await expect(failure).rejects.toThrow("refused 3");
    expect(runs).toBe(3);
  });
});
