import type { History } from "../../src/devchain/history.js";
import { expectedPublication } from "./expected/expectedPublication.js";

/** Anvil's chain id, which the single-chain suites' dev chains report. */
export const devChainId = 31337;

/**
 * The files SPEC.md says a publication of one dev chain holds (expectedPublication), for the
 * common case: the chain indexed up to `asOf` (every log, or the `indexed` ones), and the
 * contract's counters read at the same block (they count what the index holds, plus silent closes
 * when every log is indexed).
 */
export function expectedFor(
  history: History,
  options: {
    asOf: number;
    indexed?: { opened: Iterable<string>; closed: Iterable<string> };
    chainId?: number;
    grace?: number;
  },
): Record<string, unknown> {
  const closed = options.indexed ? [...options.indexed.closed] : undefined;
  return expectedPublication(
    [
      {
        chainId: options.chainId ?? devChainId,
        history,
        asOf: options.asOf,
        ...(options.indexed && closed ? { indexed: options.indexed, contractClosed: closed } : {}),
      },
    ],
    options.grace === undefined ? {} : { grace: options.grace },
  );
}
