import { afterAll, beforeAll } from "vitest";
import type { History } from "../../src/devchain/history.js";
import { type DevChain, startDevChain } from "../../tooling/devchain/startDevChain.js";
import { lateBound } from "./lateBound.js";

/** What startDevChain takes: the history, and its options. */
export type DevChainSpec = [history: History, options?: Parameters<typeof startDevChain>[1]];

/**
 * Several dev chains for this file (or describe block), started side by side before its first
 * test and stopped after its last (useDevChain for one). The record holds each chain by name,
 * usable as soon as the hooks ran: `const { base, arbitrum } = useDevChains({ ... })` works at
 * collection time. When one fails to start, those that did are stopped.
 */
export function useDevChains<Name extends string>(specs: Record<Name, DevChainSpec>): Record<Name, DevChain> {
  const names = Object.keys(specs) as Name[];
  let running: Partial<Record<Name, DevChain>> = {};
  beforeAll(async () => {
    const started = await Promise.allSettled(
      names.map((name) => {
        const [history, options] = specs[name];
        return startDevChain(history, options);
      }),
    );
    started.forEach((result, k) => {
      if (result.status === "fulfilled") running[names[k] as Name] = result.value;
    });
    const failed = started.find((result) => result.status === "rejected");
    if (failed) throw failed.reason;
  });
  afterAll(async () => {
    const chains: DevChain[] = Object.values(running);
    running = {};
    await Promise.all(chains.map((chain) => chain.stop()));
  });
  return Object.fromEntries(
    names.map((name) => [name, lateBound(`the dev chain "${name}"`, () => running[name])]),
  ) as Record<Name, DevChain>;
}
