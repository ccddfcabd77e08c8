import { UserError } from "../errors/BaseError.js";

/**
 * A reorganisation deeper than the block hashes the index keeps: no common ancestor can be found, so
 * a person decides (exit 1): re-index, or keep more hashes.
 */
export class ReorgTooDeepError extends UserError {
  override name = "ReorgTooDeepError";
}
