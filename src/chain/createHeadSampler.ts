import { getHeadNumber } from "./getBlockHeader.js";
import type { RpcClient } from "./rpc/createRpcClient.js";

export type HeadSampler = {
  /**
   * Asks eth_blockNumber now, riding along with the other calls of this tick (one request): the
   * run's first requests each carry one, so that the head costs no request of its own. Once per
   * tick: samples of one request come from one backend.
   */
  sample(): void;
  /** The highest of at least `count` answers, each from a request of its own (asking more as needed). */
  head(count: number): Promise<number>;
};

/**
 * The head as the highest of several eth_blockNumber answers: behind a load balancer one backend
 * may lag behind the others, and taking the highest keeps a run from publishing an older head.
 */
export function createHeadSampler(client: RpcClient): HeadSampler {
  const samples: Array<Promise<number>> = [];
  let sampledThisTick = false;
  const sample = () => {
    if (sampledThisTick) return;
    sampledThisTick = true;
    setImmediate(() => {
      sampledThisTick = false;
    });
    const answer = getHeadNumber(client);
    answer.catch(() => {}); // awaited in head(); no unhandled rejection meanwhile
    samples.push(answer);
  };
  return {
    sample,
    async head(count) {
      let head = -1;
      for (const answer of await Promise.all(samples)) head = Math.max(head, answer);
      for (let asked = samples.length; asked < count; asked++) {
        const answer = getHeadNumber(client);
        samples.push(answer);
        head = Math.max(head, await answer);
      }
      return head;
    },
  };
}
