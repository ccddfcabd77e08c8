import type { ChainView } from "../ChainView.js";
import type { EndpointPool } from "./createEndpointPool.js";

/**
 * One chain served by several endpoints (a pool), as the sync stage sees a chain: each read goes
 * to one endpoint (another one when it fails), the head is the highest the endpoints show, and a
 * block's header is asked of two endpoints, so that no rollback happens on one endpoint's word.
 * The follower reads block ranges through `pool` (docs/endpoints.md).
 */
export function createPooledChainView(pool: EndpointPool): ChainView {
  const served = async <T>(read: (view: ChainView) => Promise<T>): Promise<T> =>
    (await pool.serve((member) => read(member.view))).result;
  return {
    safeUrl: pool.members.map((member) => member.safeUrl).join(" and "),
    pool,
    sampleHead: () => pool.sampleHeads(),
    async resolveTarget(toBlock, confirmations) {
      const head = await pool.head();
      const deepest = head - confirmations;
      const requested =
        typeof toBlock === "number"
          ? toBlock
          : toBlock === "latest"
            ? deepest
            : (await served((view) => view.resolveTarget(toBlock, 0))).target;
      return { head, target: Math.min(requested, deepest) };
    },
    blockHeader: (number) => served((view) => view.blockHeader(number)),
    blockHeaderOrNull: (number) => pool.agreedHeader(number),
    readSessions: (ids) => served((view) => view.readSessions(ids)),
    readBids: (ids) => served((view) => view.readBids(ids)),
    readModelNames: (ids) => served((view) => view.readModelNames(ids)),
    readPairStats: (pairs, block) => served((view) => view.readPairStats(pairs, block)),
    readModelBooks: (modelIds, block) => served((view) => view.readModelBooks(modelIds, block)),
    readRouterDetails: (request, block) => served((view) => view.readRouterDetails(request, block)),
    findCreationBlock: (head) => served((view) => view.findCreationBlock(head)),
  };
}
