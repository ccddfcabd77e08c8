import {
  createFaultProxy,
  type FaultConfig,
  type FaultProxy,
} from "../../tooling/faultProxy/createFaultProxy.js";
import { useStarted } from "./useStarted.js";

/**
 * A fault proxy in front of `upstream` for this file (or describe block), opened before its first
 * test and closed after its last. Call it after useDevChain: it reads the chain's URL when it opens.
 */
export function useFaultProxy(upstream: { readonly rpcUrl: string }, faults: FaultConfig = {}): FaultProxy {
  return useStarted(
    "the fault proxy",
    () => createFaultProxy(upstream.rpcUrl, faults),
    (proxy) => proxy.close(),
  );
}
