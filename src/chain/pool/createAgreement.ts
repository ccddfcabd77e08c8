import { TransientError } from "../../errors/BaseError.js";
import { withRetry } from "../../util/withRetry.js";
import { askUntilKnown } from "../askUntilKnown.js";
import type { ChainPool, PoolMember } from "../ChainView.js";
import type { BlockHeader } from "../getBlockHeader.js";
import { retryPolicies } from "../retryPolicies.js";
import { isEndpointFailure } from "./isEndpointFailure.js";
import { endpointsDisagree, endpointsLag } from "./poolErrors.js";

/** What the agreement of a pool's endpoints needs of the pool. */
export type AgreementParts = {
  chainId: number;
  /** The least busy serving endpoint (having block `from`, if one does), none of `exclude`. */
  choose(options: { from?: number; exclude?: ReadonlySet<number> }): PoolMember | undefined;
  /** The newest block the endpoint is known to have. */
  headOf(member: PoolMember): number;
  /** Asks the endpoint for its head again; undefined when it fails (it is then left out). */
  resample(member: PoolMember): Promise<number | undefined>;
  /** Leaves the endpoint out for a while. */
  failed(member: PoolMember, error: unknown): void;
  serve: ChainPool["serve"];
};

type Fork = { number: number; answers: Array<{ by: PoolMember; header: BlockHeader }> };

/**
 * Whether a pool's endpoints agree on block hashes: `confirm` before a range is committed (the
 * follower), `agreedHeader` for the reorg check. A lagging endpoint (its head below the block) is
 * no disagreement by itself, unless its own head block has another hash; docs/endpoints.md.
 */
export function createAgreement(parts: AgreementParts): {
  confirm: ChainPool["confirm"];
  agreedHeader(number: number): Promise<BlockHeader | null>;
} {
  const { chainId } = parts;

  /** Asks for the endpoint's head until it has `block` (retryPolicies.syncedBlock); undefined when it fails. */
  const catchUp = (member: PoolMember, block: number) =>
    withRetry(() => parts.resample(member), {
      ...retryPolicies.syncedBlock,
      retryAnswer: (head) => head !== undefined && head < block,
    });

  /**
   * An endpoint behind another one is merely behind when its head block is the other's block of
   * that number; a different hash there: it is on another chain or fork. Undefined when it is
   * behind (or either cannot tell: a failure, a block the other does not return).
   */
  const forkedAtHead = async (lagging: PoolMember, ahead: PoolMember): Promise<Fork | undefined> => {
    const number = parts.headOf(lagging);
    if (!Number.isFinite(number) || number < 0) return undefined;
    let theirs: BlockHeader | null;
    let ours: BlockHeader | null;
    try {
      [theirs, ours] = await Promise.all([
        lagging.view.blockHeaderOrNull(number),
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
        { by: lagging, header: theirs },
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
  ): Promise<never> => {
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
    if (seen?.parent && seen.by !== by && seen.parent.number === end.number) {
      if (seen.parent.hash === end.hash) return;
      return settle(end, by, seen.parent, seen.by, from);
    }
    const asked = new Set([by.index]);
    const lacking: Array<{ by: PoolMember; head: number }> = [];
    for (;;) {
      const other = parts.choose({ from: end.number, exclude: asked });
      if (other === undefined) break;
      asked.add(other.index);
      // A head a little behind may be a backend that has not caught up yet: asked again briefly.
      if (parts.headOf(other) < end.number && (await catchUp(other, end.number)) === undefined) continue;
      if (parts.headOf(other) < end.number) {
        const fork = await forkedAtHead(other, by);
        if (fork) throw endpointsDisagree(chainId, fork.number, fork.answers, from);
        lacking.push({ by: other, head: parts.headOf(other) });
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
        parts.failed(other, error);
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

  const agreedHeader = async (number: number): Promise<BlockHeader | null> => {
    const first = parts.choose({ from: number });
    const second = first && parts.choose({ from: number, exclude: new Set([first.index]) });
    const secondRead = second
      ? second.view.blockHeaderOrNull(number).catch((error: unknown) => {
          if (!isEndpointFailure(error)) throw error;
          parts.failed(second, error);
          return undefined;
        })
      : Promise.resolve(undefined);
    const [answer, other] = await Promise.all([
      parts.serve((member) => member.view.blockHeaderOrNull(number), first),
      secondRead,
    ]);
    if (!second || other === undefined || answer.by === second) return answer.result;
    if (answer.result === null && other === null) return null;
    if (answer.result === null || other === null) {
      // One of them does not have the block: behind on the same chain, or on another one.
      const [lagging, ahead] = answer.result === null ? [answer.by, second] : [second, answer.by];
      if ((await parts.resample(lagging)) !== undefined) {
        const fork = await forkedAtHead(lagging, ahead);
        if (fork) throw endpointsDisagree(chainId, fork.number, fork.answers);
      }
      return answer.result ?? other;
    }
    if (answer.result.hash === other.hash) return answer.result;
    throw endpointsDisagree(chainId, number, [
      { by: answer.by, header: answer.result },
      { by: second, header: other },
    ]);
  };

  return { confirm, agreedHeader };
}
