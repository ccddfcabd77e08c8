import { describe, expect, test } from "vitest";
import { createRequestQueue } from "./createRequestQueue.js";

/** Requests that run until released, counting how many run at once. */
function requests() {
  const releases: Array<() => void> = [];
  const state = { running: 0, started: 0 };
  const request = () =>
    new Promise<void>((resolve) => {
      state.running++;
      state.started++;
      releases.push(() => {
        state.running--;
        resolve();
      });
    });
  const releaseAll = async () => {
    for (const release of releases.splice(0)) release();
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { state, request, releaseAll };
}

describe("createRequestQueue", () => {
  test("default: up to the max in flight", async () => {
    const queue = createRequestQueue(3);
    const { state, request, releaseAll } = requests();
    for (let i = 0; i < 5; i++) void queue.add(request);
    expect(state.running).toBe(3);
    await releaseAll();
    expect([state.running, state.started]).toEqual([2, 5]);
    await releaseAll();
  });

  test("behavior: a rate limit halves the requests in flight", async () => {
    const queue = createRequestQueue(4);
    const { state, request, releaseAll } = requests();
    queue.rateLimited(0);
    for (let i = 0; i < 4; i++) void queue.add(request);
    expect(state.running).toBe(2);
    await releaseAll();
    await releaseAll();
    expect(state.started).toBe(4);
  });

  test("behavior: a rate limit with a wait holds every request until it is over, then lets them go", async () => {
    const queue = createRequestQueue(2);
    const { state, request, releaseAll } = requests();
    queue.rateLimited(20);
    const done = queue.add(request);
    expect(state.started).toBe(0);
    while (state.started === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    await releaseAll();
    await done;
  });
});
