import type { Logger } from "../../log/createLogger.js";
import { type Backoff, backoffDelay } from "../../util/backoffDelay.js";
import type { ChainPool, EndpointView, PoolMember, Served } from "../ChainView.js";
import type { HeadSampler } from "../createHeadSampler.js";
import { type BlockHeader, getHeadNumber } from "../getBlockHeader.js";
import type { RpcClient } from "../rpc/createRpcClient.js";
import { createAgreement } from "./createAgreement.js";
import { isEndpointFailure } from "./isEndpointFailure.js";
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
import { describeFailure, noEndpointServes } from "./poolErrors.js";
import { rangesPerEndpoint } from "./rangesPerEndpoint.js";

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
  const picks = { last: undefined as number | undefined };
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
      { ...options, ...(picks.last !== undefined ? { avoid: picks.last } : {}) },
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

  const agreement = createAgreement({
    chainId,
    choose,
    headOf: (member) => stateOf(member).head,
    resample: (member) => resample(stateOf(member)),
    failed: (member, error) => failed(stateOf(member), error),
    serve,
  });

  return {
    members,
    pick: createPick(states, choose, picks, now),
    lastBlockOf: (member) => stateOf(member).head,
    serve,
    confirm: (range, by, seen) =>
      states.length > 1 ? agreement.confirm(range, by, seen) : Promise.resolve(),
    serving: () => states.filter((state) => isServing(state.health, now())).map((state) => state.member),
    sampleHeads() {
      const at = now();
      for (const state of states) if (isServing(state.health, at)) state.endpoint.heads.sample();
    },
    head: () => highestHead(states, failed, now, chainId),
    agreedHeader: (number) => agreement.agreedHeader(number),
  };
}

/**
 * The endpoint the next block range from `from` goes to. Ranges started in one tick travel in one
 * request when they go to one endpoint: as many as its batches hold (a range's request is three
 * calls), up to its share of the ranges in flight, go to the same one; then `choose` picks.
 */
function createPick(
  states: readonly State[],
  choose: (options: { from: number; evenIfOut?: boolean }) => PoolMember | undefined,
  picks: { last: number | undefined },
  now: () => number,
): (from: number) => PoolMember {
  /** Ranges given to `picks.last` in this tick. */
  let pickedThisTick = 0;
  let tickScheduled = false;
  const perTick = (state: State) =>
    Math.max(
      1,
      Math.min(rangesPerEndpoint, Math.floor(state.endpoint.client.learned.batchSize / callsPerRange)),
    );
  return (from) => {
    const last = picks.last === undefined ? undefined : states[picks.last];
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
    const member = choose({ from }) ?? choose({ from, evenIfOut: true }) ?? (states[0] as State).member;
    picks.last = member.index;
    pickedThisTick = 1;
    if (!tickScheduled) {
      tickScheduled = true;
      setImmediate(() => {
        tickScheduled = false;
        pickedThisTick = 0;
      });
    }
    return member;
  };
}

/** The highest head of the serving endpoints, each one's learned on the way; one that fails is left out. */
async function highestHead(
  states: readonly State[],
  failed: (state: State, error: unknown) => void,
  now: () => number,
  chainId: number,
): Promise<number> {
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
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
