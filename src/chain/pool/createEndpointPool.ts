import { TransientError } from "../../errors/BaseError.js";
import type { Logger } from "../../log/createLogger.js";
import { type Backoff, backoffDelay } from "../../util/backoffDelay.js";
import { withRetry } from "../../util/withRetry.js";
import { askUntilKnown } from "../askUntilKnown.js";
import type { EndpointView } from "../ChainView.js";
import type { HeadSampler } from "../createHeadSampler.js";
import { type BlockHeader, getHeadNumber } from "../getBlockHeader.js";
import { retryPolicies } from "../retryPolicies.js";
import type { RpcClient } from "../rpc/createRpcClient.js";
import { RpcResponseError } from "../rpc/RpcError.js";
import { type ChainPool, type PoolMember, rangesPerEndpoint, type Served } from "./ChainPool.js";
import {
  type Cooldown,
  defaultCooldown,
  healthAfterFailure,
  healthAfterSuccess,
  healthy,
  isServing,
  type MemberHealth,
} from "./memberHealth.js";
import { pickMember } from "./pickMember.js";
import { describeFailure, endpointsDisagree, endpointsLag, noEndpointServes } from "./poolErrors.js";

/** An endpoint of the pool: its view, its client (what it has learned) and its head samples. */
export type PoolEndpoint = { view: EndpointView; client: RpcClient; heads: HeadSampler };

export type EndpointPoolOptions = {
  chainId: number;
  logger: Logger;
  /** Rounds over the endpoints (each after a backoff) before a piece of work gives up: --rpc-retries. */
  retries: number;
  backoff?: Backoff;
  cooldown?: Cooldown;
  now?: () => number;
};

/** What the pooled chain view needs beyond the follower's ChainPool. */
export type EndpointPool = ChainPool & {
  /** The endpoints serving now (none left out). */
  serving(): PoolMember[];
  /** Asks every serving endpoint for its head along with its calls of this tick. */
  sampleHeads(): void;
  /** The highest head of the serving endpoints, each one's head learned on the way. */
  head(): Promise<number>;
  /** A block's header as two endpoints answer it (one when only one serves); throws when they differ. */
  agreedHeader(number: number): Promise<BlockHeader | null>;
};

/** Calls in a block range's first request: its logs, its last block, the block before it. */
const callsPerRange = 3;

type State = { member: PoolMember; endpoint: PoolEndpoint; health: MemberHealth; busy: number; head: number };

/**
 * Several endpoints of one chain as one: work goes to the least busy for what each has learned it
 * can carry; an endpoint that fails is left out for a while (5 s, doubling while it keeps
 * failing, at most 5 min) and the work goes to another one; clients are set to fail fast, so that
 * a dead endpoint costs one failed request, not its retries. docs/endpoints.md.
 */
export function createEndpointPool(
  endpoints: readonly PoolEndpoint[],
  options: EndpointPoolOptions,
): EndpointPool {
  const { chainId, logger, retries } = options;
  const now = options.now ?? Date.now;
  const cooldown = options.cooldown ?? defaultCooldown;
  const backoff: Backoff = options.backoff ?? {
    baseMs: 250,
    growth: "exponential",
    capMs: 15_000,
    jitter: 0.25,
  };
  const states: State[] = endpoints.map((endpoint, index) => {
    endpoint.client.setFailFast(endpoints.length > 1);
    return {
      member: { view: endpoint.view, safeUrl: endpoint.client.safeUrl, index },
      endpoint,
      health: healthy,
      busy: 0,
      head: Number.POSITIVE_INFINITY,
    };
  });
  const members = states.map((state) => state.member);
  const stateOf = (member: PoolMember) => states[member.index] as State;
  let lastPicked: number | undefined;
  /** Ranges given to `lastPicked` in this tick. */
  let pickedThisTick = 0;
  let tickScheduled = false;

  const choose = (options: { from?: number; exclude?: ReadonlySet<number>; evenIfOut?: boolean } = {}) => {
    const at = now();
    const index = pickMember(
      states.map((state) => ({
        serving: isServing(state.health, at),
        busy: state.busy,
        concurrency: state.endpoint.client.learned.concurrency,
        head: state.head,
        outUntil: state.health.outUntil,
      })),
      { ...options, ...(lastPicked !== undefined ? { avoid: lastPicked } : {}) },
    );
    return index === undefined ? undefined : (states[index] as State).member;
  };

  const succeeded = (state: State) => {
    state.health = healthAfterSuccess(state.health, now());
  };

  /** Leaves the endpoint out for a while; says so when it was serving. */
  const failed = (state: State, error: unknown) => {
    const at = now();
    const wasServing = isServing(state.health, at);
    state.health = healthAfterFailure(state.health, at, cooldown);
    if (!wasServing) return;
    const others = states.filter((other) => other !== state && isServing(other.health, at)).length;
    const seconds = Math.round((state.health.outUntil - at) / 1000);
    logger.warn(
      `endpoint ${state.member.safeUrl} of chain ${chainId} left out for ${seconds} s: ${describeFailure(error)}`,
      { chain: chainId, serving: others },
    );
  };

  const serve = async <T>(
    work: (member: PoolMember) => Promise<T>,
    first?: PoolMember,
  ): Promise<Served<T>> => {
    const tried = new Set<number>();
    const failures: Array<{ by: PoolMember; error: unknown }> = [];
    let member = first && isServing(stateOf(first).health, now()) ? first : choose();
    for (let round = 0; ; ) {
      if (member === undefined) {
        if (round >= retries) {
          const left =
            failures.length > 0 ? failures : states.map((state) => ({ by: state.member, error: "left out" }));
          throw noEndpointServes(chainId, left, "this run");
        }
        round++;
        await sleep(backoffDelay(round, backoff));
        tried.clear();
        member = choose({ evenIfOut: true });
        continue;
      }
      const state = stateOf(member);
      state.busy++;
      try {
        const result = await work(member);
        succeeded(state);
        return { result, by: member };
      } catch (error) {
        if (!isEndpointFailure(error) || states.length === 1) throw error;
        failed(state, error);
        tried.add(member.index);
        failures.push({ by: member, error });
      } finally {
        state.busy--;
      }
      member = choose({ exclude: tried });
    }
  };

  /** Asks `state` again for its head; undefined when it fails (then it is left out). */
  const resample = async (state: State): Promise<number | undefined> => {
    try {
      state.head = await getHeadNumber(state.endpoint.client);
      return state.head;
    } catch (error) {
      if (!isEndpointFailure(error)) throw error;
      failed(state, error);
      return undefined;
    }
  };

  /** Asks `state` for its head until it has `block` (retryPolicies.syncedBlock); undefined when it fails. */
  const catchUp = (state: State, block: number) =>
    withRetry(() => resample(state), {
      ...retryPolicies.syncedBlock,
      retryAnswer: (head) => head !== undefined && head < block,
    });

  /**
   * An endpoint behind another one is merely behind when its head block is the other's block of
   * that number; a different hash there: it is on another chain or fork. Undefined when it is
   * behind (or either cannot tell: a failure, a block the other does not return).
   */
  const forkedAtHead = async (
    lagging: State,
    ahead: PoolMember,
  ): Promise<{ number: number; answers: Array<{ by: PoolMember; header: BlockHeader }> } | undefined> => {
    const number = lagging.head;
    if (!Number.isFinite(number) || number < 0) return undefined;
    let theirs: BlockHeader | null;
    let ours: BlockHeader | null;
    try {
      [theirs, ours] = await Promise.all([
        lagging.member.view.blockHeaderOrNull(number),
        ahead.view.blockHeaderOrNull(number),
      ]);
    } catch (error) {
      if (!isEndpointFailure(error)) throw error;
      return undefined;
    }
    if (!theirs || !ours || theirs.hash === ours.hash) return undefined;
    return {
      number,
      answers: [
        { by: ahead, header: ours },
        { by: lagging.member, header: theirs },
      ],
    };
  };

  /**
   * `by` served `header`; `other` answers `seen` for the same block. Asked again, `by` now
   * answers as `other` does: the chain reorganised under the run (with few confirmations);
   * otherwise they disagree.
   */
  const settle = async (
    header: BlockHeader,
    by: PoolMember,
    seen: BlockHeader,
    other: PoolMember,
    from: number,
  ) => {
    let again: BlockHeader | null = null;
    try {
      again = await by.view.blockHeaderOrNull(header.number);
    } catch (error) {
      if (!isEndpointFailure(error)) throw error;
    }
    if (again?.hash === seen.hash) {
      throw new TransientError(`The chain reorganised during the sync (block ${header.number} changed)`, {
        details: "Nothing past the last committed range was written; the next run rolls back and continues.",
      });
    }
    throw endpointsDisagree(
      chainId,
      header.number,
      [
        { by, header },
        { by: other, header: seen },
      ],
      from,
    );
  };

  const confirm: ChainPool["confirm"] = async ({ from, end }, by, seen) => {
    if (states.length === 1) return;
    if (seen?.parent && seen.by !== by && seen.parent.number === end.number) {
      if (seen.parent.hash === end.hash) return;
      return settle(end, by, seen.parent, seen.by, from);
    }
    const asked = new Set([by.index]);
    const lacking: Array<{ by: PoolMember; head: number }> = [];
    for (;;) {
      const other = choose({ from: end.number, exclude: asked });
      if (other === undefined) break;
      asked.add(other.index);
      const state = stateOf(other);
      // A head a little behind may be a backend that has not caught up yet: asked again briefly.
      if (state.head < end.number && (await catchUp(state, end.number)) === undefined) continue;
      if (state.head < end.number) {
        const fork = await forkedAtHead(state, by);
        if (fork) throw endpointsDisagree(chainId, fork.number, fork.answers, from);
        lacking.push({ by: other, head: state.head });
        continue;
      }
      let header: BlockHeader | null;
      try {
        header = await askUntilKnown(
          () => other.view.blockHeaderOrNull(end.number),
          retryPolicies.syncedBlock,
        );
      } catch (error) {
        if (!isEndpointFailure(error)) throw error;
        failed(state, error);
        continue;
      }
      if (header === null) {
        lacking.push({ by: other, head: -1 });
        continue;
      }
      if (header.hash === end.hash) return;
      return settle(end, by, header, other, from);
    }
    // No other endpoint serves now (left out after failing): nothing to confirm with, as with one.
    if (lacking.length > 0) throw endpointsLag(chainId, end.number, by, lacking, from);
  };

  return {
    members,
    pick(from) {
      // Ranges started in one tick travel in one request when they go to one endpoint: as many
      // as its batches hold (a range's request is three calls), up to its share of the ranges
      // in flight, go to the same one.
      const last = lastPicked === undefined ? undefined : states[lastPicked];
      const perTick = (state: State) =>
        Math.max(
          1,
          Math.min(rangesPerEndpoint, Math.floor(state.endpoint.client.learned.batchSize / callsPerRange)),
        );
      if (
        last &&
        pickedThisTick > 0 &&
        pickedThisTick < perTick(last) &&
        isServing(last.health, now()) &&
        last.head >= from
      ) {
        pickedThisTick++;
        return last.member;
      }
      const member = choose({ from }) ?? choose({ from, evenIfOut: true }) ?? (members[0] as PoolMember);
      lastPicked = member.index;
      pickedThisTick = 1;
      if (!tickScheduled) {
        tickScheduled = true;
        setImmediate(() => {
          tickScheduled = false;
          pickedThisTick = 0;
        });
      }
      return member;
    },
    lastBlockOf: (member) => stateOf(member).head,
    serve,
    confirm,
    serving: () => states.filter((state) => isServing(state.health, now())).map((state) => state.member),
    sampleHeads() {
      const at = now();
      for (const state of states) if (isServing(state.health, at)) state.endpoint.heads.sample();
    },
    async head() {
      const at = now();
      const serving = states.filter((state) => isServing(state.health, at));
      const heads = await Promise.all(
        serving.map(async (state) => {
          try {
            state.head = await state.endpoint.heads.head(1);
            return state.head;
          } catch (error) {
            if (!isEndpointFailure(error)) throw error;
            failed(state, error);
            return -1;
          }
        }),
      );
      const head = Math.max(-1, ...heads);
      if (head < 0) {
        const failures = serving.map((state) => ({ by: state.member, error: "no head" }));
        throw noEndpointServes(chainId, failures, "the head");
      }
      return head;
    },
    async agreedHeader(number) {
      const first = choose({ from: number });
      const second = first && choose({ from: number, exclude: new Set([first.index]) });
      const secondRead = second
        ? second.view.blockHeaderOrNull(number).catch((error: unknown) => {
            if (!isEndpointFailure(error)) throw error;
            failed(stateOf(second), error);
            return undefined;
          })
        : Promise.resolve(undefined);
      const [answer, other] = await Promise.all([
        serve((member) => member.view.blockHeaderOrNull(number), first),
        secondRead,
      ]);
      if (!second || other === undefined || answer.by === second) return answer.result;
      if (answer.result === null && other === null) return null;
      if (answer.result === null || other === null) {
        // One of them does not have the block: behind on the same chain, or on another one.
        const [lagging, ahead] = answer.result === null ? [answer.by, second] : [second, answer.by];
        const state = stateOf(lagging);
        if ((await resample(state)) !== undefined) {
          const fork = await forkedAtHead(state, ahead);
          if (fork) throw endpointsDisagree(chainId, fork.number, fork.answers);
        }
        return answer.result ?? other;
      }
      if (answer.result.hash === other.hash) return answer.result;
      throw endpointsDisagree(chainId, number, [
        { by: answer.by, header: answer.result },
        { by: second, header: other },
      ]);
    },
  };
}

/**
 * A failure of one endpoint that another one may not have: it is down or rate-limited past its
 * retries, lags, or answers what does not decode (TransientError), or refuses a call another
 * endpoint may serve (RpcResponseError). A UserError (credentials refused, not JSON-RPC, a method
 * it does not serve) ends the run: a person must fix the configuration.
 */
function isEndpointFailure(error: unknown): boolean {
  return error instanceof TransientError || error instanceof RpcResponseError;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
