import type { ChainPool, EndpointView, PoolMember } from "../ChainView.js";

/**
 * The pool of a chain served by one endpoint: every range goes to it, its failures are the run's,
 * and nothing is confirmed (no request more than without a pool).
 */
export function poolOfOne(view: EndpointView): ChainPool {
  const member: PoolMember = { view, safeUrl: view.safeUrl, index: 0 };
  return {
    members: [member],
    pick: () => member,
    lastBlockOf: () => Number.POSITIVE_INFINITY,
    serve: async (work) => ({ result: await work(member), by: member }),
    confirm: async () => {},
  };
}
