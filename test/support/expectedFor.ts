import type { Address } from "viem";
import type { History } from "../../src/devchain/history.js";
import { expectedPublication } from "./expected/expectedPublication.js";
import { withRouter } from "./expected/withRouter.js";

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

/**
 * expectedFor, with each market.json model's router order read from the dev chain itself at its
 * last synced block (`block`, default its last block): withRouter.
 */
export async function expectedOn(
  chain: RouterChainOf,
  history: History,
  options: Parameters<typeof expectedFor>[1] & { block?: number },
): Promise<Record<string, unknown>> {
  const { block, ...rest } = options;
  return withRouter(expectedFor(history, rest), [
    { rpcUrl: chain.rpcUrl, contract: chain.contract, block: block ?? chain.lastBlock },
  ]);
}

/** What expectedOn needs of a dev chain. */
export type RouterChainOf = { rpcUrl: string; contract: Address; lastBlock: number };
