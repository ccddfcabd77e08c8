import { UserError } from "../errors/BaseError.js";
import type { ChainIdentity } from "./SyncStore.js";

/**
 * A chain's index covers one contract from one start block: a run for another contract, or
 * with another --from-block, is refused.
 */
export function checkIdentity(
  stored: Pick<ChainIdentity, "chainId" | "contract" | "fromBlock">,
  wanted: { chainId: number; contract: string; fromBlock: number },
  fromBlockExplicit: boolean,
): void {
  const mismatches: string[] = [];
  if (stored.chainId !== wanted.chainId)
    mismatches.push(`chain ${stored.chainId} (this run: ${wanted.chainId})`);
  if (stored.contract !== wanted.contract)
    mismatches.push(`contract ${stored.contract} on chain ${stored.chainId} (this run: ${wanted.contract})`);
  if (fromBlockExplicit && stored.fromBlock !== wanted.fromBlock) {
    mismatches.push(
      `start block ${stored.fromBlock} on chain ${stored.chainId} (this run: --from-block ${wanted.fromBlock})`,
    );
  }
  if (mismatches.length > 0) {
    throw new UserError("The database was indexed with other settings", {
      details: `It holds ${mismatches.join(", ")}. Use another --db for another contract or start block.`,
    });
  }
}
