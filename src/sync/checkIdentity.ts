import { UserError } from "../errors/BaseError.js";

export type IndexIdentity = { chainId: number; contract: string; fromBlock: number };

/** A database indexes one chain, one contract, from one start block: another run is refused. */
export function checkIdentity(
  stored: IndexIdentity,
  wanted: IndexIdentity,
  fromBlockExplicit: boolean,
): void {
  const mismatches: string[] = [];
  if (stored.chainId !== wanted.chainId)
    mismatches.push(`chain ${stored.chainId} (this run: ${wanted.chainId})`);
  if (stored.contract !== wanted.contract)
    mismatches.push(`contract ${stored.contract} (this run: ${wanted.contract})`);
  if (fromBlockExplicit && stored.fromBlock !== wanted.fromBlock) {
    mismatches.push(`start block ${stored.fromBlock} (this run: --from-block ${wanted.fromBlock})`);
  }
  if (mismatches.length > 0) {
    throw new UserError("The database was indexed with other settings", {
      details: `It holds ${mismatches.join(", ")}. Use another --db for another chain, contract or start block.`,
    });
  }
}
