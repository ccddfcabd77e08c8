import { indexedFunctions } from "../chain/abi.js";
import type { ChainView } from "../chain/ChainView.js";
import type { CutLog } from "../chain/parseCutLog.js";
import { TransientError, UserError } from "../errors/BaseError.js";
import type { Logger } from "../log/createLogger.js";
import { type CutChanges, classifyCuts } from "./classifyCuts.js";
import { firstBlockReadThrough } from "./firstBlockReadThrough.js";
import type { SyncStore, UpgradeRow } from "./SyncStore.js";
import { type UpgradeCheck, verifyUpgrade } from "./verifyUpgrade.js";

/** Sessions (open, closed) read back from each end of the stored history after an upgrade. */
const samplePerEnd = 4;
/** Problems named in the message of a halt (all of them under --json). */
const shownProblems = 5;

export type CutReviewer = {
  /**
   * The rows to commit with a range for its DiamondCut logs, in order; throws (exit 1) at the
   * first cut the index cannot read through, after rolling back what was read through it.
   */
  review(cuts: readonly CutLog[]): Promise<UpgradeRow[]>;
};

export type CutReviewerParts = {
  chainId: number;
  /** The first block indexed: rolling back below it forgets the chain. */
  fromBlock: number;
  store: Pick<SyncStore, "upgradeSample" | "syncRuns" | "rollbackTo" | "storedBlocks" | "checkpoint">;
  chain: Pick<ChainView, "readSessions" | "readBids" | "readModelNames" | "blockHeader">;
  /** Blocks of upgrades whose different values the operator accepted (--accept-upgrade). */
  accepted: ReadonlySet<number>;
  logger: Logger;
};

/**
 * What the sync does when the contract's code changes under it (docs/upgrades.md). A cut that
 * replaces or removes none of the functions the index depends on is noted. One that does is
 * checked: a sample of the stored sessions, closes and bids (and the models they name) is read
 * back through the contract's code at the latest block and compared with what was stored. All equal:
 * a warning, and the run goes on. A difference the operator accepted: the same. Else the run
 * stops: everything read through the new code is rolled back (the sync reads at the latest block,
 * so that is everything the runs wrote after the cut was mined: firstBlockReadThrough.ts), nothing
 * after the cut is committed, and the error names the block, the facet and the function.
 *
 * The check is made once per run: every cut of the run is read back through the same code.
 */
export function createCutReviewer(parts: CutReviewerParts): CutReviewer {
  const { chainId, store, chain, logger } = parts;
  let check: Promise<UpgradeCheck> | undefined;
  const verify = () => {
    // At the latest block: past every cut the run meets, and the one block whose state every
    // node keeps (a long run's target may be past a full node's state window by the time the run
    // reaches the cut).
    check ??= verifyUpgrade(store.upgradeSample(samplePerEnd), chain);
    return check;
  };

  const timeOf = async (cut: CutLog): Promise<number> => {
    if (cut.blockTimestamp !== undefined) return cut.blockTimestamp;
    const header = await chain.blockHeader(cut.blockNumber);
    if (header.hash !== cut.blockHash) {
      throw new TransientError(`The chain reorganised during the sync (block ${cut.blockNumber} changed)`, {
        details: "Nothing past the last committed range was written; the next run re-checks and continues.",
      });
    }
    return header.timestamp;
  };

  const review = async (cut: CutLog, changes: CutChanges): Promise<UpgradeRow> => {
    const { added, replaced, removed } = changes;
    const row = { blockNumber: cut.blockNumber, logIndex: cut.logIndex, added, replaced, removed };
    const changed = replaced.length > 0 || removed.length > 0;
    if (!changed && added.length === 0) {
      const blockTimestamp = await timeOf(cut);
      logger.info(
        `the contract was upgraded at block ${cut.blockNumber}: none of the functions the index reads was replaced or removed`,
        { chain: chainId, block: cut.blockNumber },
      );
      return { ...row, blockTimestamp, status: "noted", compared: 0 };
    }
    const [blockTimestamp, result] = await Promise.all([timeOf(cut), verify()]);
    const context = {
      chain: chainId,
      block: cut.blockNumber,
      changed: describeTouched(changes).join("; "),
      compared: result.compared,
    };
    if (result.compared === 0) {
      // Nothing stored to read back: nothing the index holds can read differently. An addition
      // then is what the contract's deployment does; anything else goes unchecked, and says so.
      if (!changed) {
        logger.info(
          `the contract was upgraded at block ${cut.blockNumber}: functions the index reads were added before it stored any record`,
          context,
        );
        return { ...row, blockTimestamp, status: "noted", compared: 0 };
      }
      logger.warn(
        `the contract was upgraded at block ${cut.blockNumber} under functions the index reads, and no stored record could be read back to check it (none stored since the last accepted upgrade): going on unchecked`,
        context,
      );
      return { ...row, blockTimestamp, status: "unchecked", compared: 0 };
    }
    if (result.problems.length === 0) {
      logger.warn(
        `the contract was upgraded at block ${cut.blockNumber} under functions the index reads; ${result.compared} stored records read back equal through the new code: going on`,
        context,
      );
      return { ...row, blockTimestamp, status: "verified", compared: result.compared };
    }
    const acceptable = result.problems.every((problem) => problem.kind === "different");
    if (acceptable && parts.accepted.has(cut.blockNumber)) {
      logger.warn(
        `the contract was upgraded at block ${cut.blockNumber}; ${result.problems.length} of ${result.compared} stored records read differently through the new code, accepted (--accept-upgrade): going on`,
        { ...context, problems: result.problems.slice(0, shownProblems).map(describeProblem) },
      );
      return { ...row, blockTimestamp, status: "accepted", compared: result.compared };
    }
    throw await halt({ ...cut, blockTimestamp }, changes, result, acceptable);
  };

  /** Rolls back what was read through the new code; the error to stop the run with. */
  const halt = async (
    cut: CutLog & { blockTimestamp: number },
    changes: CutChanges,
    result: UpgradeCheck,
    acceptable: boolean,
  ): Promise<UserError> => {
    const first = await firstBlockReadThrough(
      store.syncRuns(),
      cut,
      async (block) => (await chain.blockHeader(block)).timestamp,
    );
    if (first !== undefined) {
      const ancestor = first - 1;
      if (ancestor < parts.fromBlock) store.rollbackTo(undefined);
      else {
        const [stored] = store.storedBlocks(ancestor);
        store.rollbackTo(stored ?? (await chain.blockHeader(ancestor)));
      }
    }
    const synced = store.checkpoint()?.blockNumber;
    const next = (synced ?? parts.fromBlock - 1) + 1;
    const problems = result.problems.map(describeProblem);
    const accept = `--accept-upgrade ${chainId}=${cut.blockNumber}`;
    const asked = parts.accepted.has(cut.blockNumber);
    return new UserError(
      `Chain ${chainId}: the contract was upgraded at block ${cut.blockNumber}, and the index cannot read it as before`,
      {
        details: [
          `The cut ${describeTouched(changes).join("; ")}. Read back through the contract's code at the latest block, ${result.problems.length} of ${result.compared} stored records differ:`,
          ...problems.slice(0, shownProblems).map((line) => `  ${line}`),
          ...(problems.length > shownProblems ? [`  and ${problems.length - shownProblems} more`] : []),
          `Nothing read through the new code is kept: chain ${chainId} is back at ${synced === undefined ? "its start (nothing synced)" : `block ${synced}`}, and the last publication stays as it was.`,
          `What to do: install a mor-throughput release that reads the upgraded contract, then run again; the sync continues from block ${next} (docs/upgrades.md).`,
          acceptable
            ? `If you have checked that the new values are right, run again with ${accept} instead.`
            : `${asked ? `${accept} cannot accept it` : "It cannot be accepted (--accept-upgrade)"}: records the index cannot read would be lost.`,
        ].join("\n"),
        data: {
          upgrade: {
            chainId,
            block: cut.blockNumber,
            changed: changes.touched,
            compared: result.compared,
            problems: result.problems,
            syncedBlock: synced ?? null,
            acceptable,
          },
        },
      },
    );
  };

  return {
    async review(cuts) {
      const changes = classifyCuts(cuts);
      const rows: UpgradeRow[] = [];
      for (const [index, cut] of cuts.entries()) rows.push(await review(cut, changes[index] as CutChanges));
      return rows;
    },
  };
}

/** "replaced getSession(bytes32) [0x…] with facet 0x…", "removed getModel(bytes32) [0x…]". */
function describeTouched(changes: CutChanges): string[] {
  if (changes.undecodable)
    return ["cannot be decoded (its DiamondCut log): taken as replacing every function the index reads"];
  return changes.touched.map((touched) => {
    const fn = `${indexedFunctions[touched.name]} [${touched.selector}]`;
    if (touched.action === "remove") return `removed ${fn}`;
    return `${touched.action === "add" ? "added" : "replaced"} ${fn} with facet ${touched.facet}`;
  });
}

function describeProblem(problem: UpgradeCheck["problems"][number]): string {
  return `${problem.record}: ${problem.detail}`;
}
