import { parseInteger } from "./parseValue.js";

/** A flag's value for every chain, and for some chains their own (`<chainId>=<value>`). */
export type PerChain<T> = { all: T | undefined; byChain: Map<number, T> };

/**
 * Reads a repeatable flag whose values are either plain (every chain) or `<chainId>=<value>`
 * (one chain). Given again, a value replaces the earlier one, as flags usually do.
 */
export function parsePerChain<T>(
  flag: string,
  values: readonly string[],
  parse: (value: string, source: string) => T,
): PerChain<T> {
  const result: PerChain<T> = { all: undefined, byChain: new Map() };
  for (const raw of values) {
    const match = /^\s*(\d+)\s*=(.*)$/.exec(raw);
    if (!match) {
      result.all = parse(raw, flag);
      continue;
    }
    const chainId = parseInteger(`${flag} ${raw}`, match[1], { min: 1 });
    result.byChain.set(chainId, parse(match[2] as string, `${flag} ${chainId}=`));
  }
  return result;
}

/** The value of a per-chain flag for one chain: its own, else the plain one. */
export function valueFor<T>(perChain: PerChain<T>, chainId: number): T | undefined {
  return perChain.byChain.get(chainId) ?? perChain.all;
}
