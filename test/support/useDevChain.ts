import type { History } from "../../src/devchain/history.js";
import { type DevChain, startDevChain } from "../../tooling/devchain/startDevChain.js";
import { useStarted } from "./useStarted.js";

/**
 * A dev chain for this file (or describe block): before its first test, anvil on a free port,
 * the test marketplace deployed and `history` written (startDevChain, with its options); after
 * its last test, the node stopped. Hooks registered after this call see the chain started.
 */
export function useDevChain(history: History, options: Parameters<typeof startDevChain>[1] = {}): DevChain {
  return useStarted(
    "the dev chain",
    () => startDevChain(history, options),
    (chain) => chain.stop(),
  );
}
