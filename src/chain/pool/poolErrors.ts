import { BaseError, TransientError, UserError } from "../../errors/BaseError.js";
import type { BlockHeader } from "../getBlockHeader.js";

/** Where a pool's message names an endpoint: its URL without credentials. */
type Named = { safeUrl: string };

/** What an endpoint's failure says in one line: the error, and the last error it retried. */
export function describeFailure(error: unknown): string {
  if (!(error instanceof BaseError)) return error instanceof Error ? error.message : String(error);
  const last = /Last error: (.*?)\.(?: |$)/.exec(error.details ?? "")?.[1];
  return last ? `${error.shortMessage} (${last})` : error.shortMessage;
}

/**
 * Two endpoints of one chain answer different hashes for a block the run was about to commit (as
 * deep as the confirmations, or deeper): one of them is on another chain or fork. No retry helps
 * while the configuration stays as it is: exit 1.
 */
export function endpointsDisagree(
  chainId: number,
  block: number,
  answers: ReadonlyArray<{ by: Named; header: BlockHeader }>,
  from?: number,
): UserError {
  const said = answers.map(({ by, header }) => `${by.safeUrl} answers ${header.hash}`).join(", ");
  const kept =
    from === undefined
      ? "Nothing was changed."
      : `Nothing from block ${from} on was committed; what was committed before stays.`;
  return new UserError(`The endpoints of chain ${chainId} disagree on block ${block}`, {
    details: `${said}. ${kept} One of them serves another chain or fork (or a node that lost its way): check each one, and remove the wrong one from --rpc-url (RPC_URL_${chainId}).`,
  });
}

/**
 * The other endpoints of the chain do not have a block that one of them served, deeper than the
 * confirmations below the head: they lag far behind, or the one that served it is ahead on a
 * chain of its own. A later run may find them caught up: exit 75.
 */
export function endpointsLag(
  chainId: number,
  block: number,
  by: Named,
  lagging: ReadonlyArray<{ by: Named; head: number }>,
  from: number,
): TransientError {
  const behind = lagging
    .map(({ by: other, head }) =>
      head < 0
        ? `${other.safeUrl} does not return it`
        : `${other.safeUrl} has not reached it (its head is ${head})`,
    )
    .join(", ");
  return new TransientError(`The endpoints of chain ${chainId} disagree on block ${block}`, {
    details: `${by.safeUrl} serves it, ${behind}: no other endpoint confirms it. Nothing from block ${from} on was committed; what was committed before stays. Retry later, when they have caught up, or remove the lagging endpoint from --rpc-url (RPC_URL_${chainId}).`,
  });
}

/** Every endpoint of the chain failed the same work, or is left out, after all the retries: exit 75. */
export function noEndpointServes(
  chainId: number,
  failures: ReadonlyArray<{ by: Named; error: unknown }>,
  what: string,
): TransientError {
  const each = failures.map(({ by, error }) => `${by.safeUrl}: ${describeFailure(error)}`);
  return new TransientError(`No endpoint of chain ${chainId} can serve ${what}`, {
    details: `${[...new Set(each)].join("; ")}. Nothing past the last committed range was written. Retry later, or add another endpoint (--rpc-url, RPC_URL_${chainId}).`,
  });
}
