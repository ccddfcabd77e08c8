import { invalid, parseInteger } from "./parseValue.js";

/** A flag's value for every chain, and for some chains their own (`<chainId>=<value>`). */
export type PerChain<T> = { all: T | undefined; byChain: Map<number, T> };

/**
 * Reads a repeatable flag whose values are either plain (every chain) or `<chainId>=<value>`
 * (one chain): given twice for the same chain, or plainly twice, is an error.
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
      if (result.all !== undefined)
        throw invalid(flag, raw, `one plain value (for every chain), or <chainId>=<value> for one chain`);
      result.all = parse(raw, flag);
      continue;
    }
    const chainId = parseInteger(`${flag} ${raw}`, match[1], { min: 1 });
    if (result.byChain.has(chainId)) throw invalid(flag, raw, `one value for chain ${chainId}`);
    result.byChain.set(chainId, parse(match[2] as string, `${flag} ${chainId}=`));
  }
  return result;
}

/** The value of a per-chain flag for one chain: its own, else the plain one. */
export function valueFor<T>(perChain: PerChain<T>, chainId: number): T | undefined {
  return perChain.byChain.get(chainId) ?? perChain.all;
}
