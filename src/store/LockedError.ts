import { TransientError } from "../errors/BaseError.js";

/** Another run holds the lock: nothing is wrong, try again later (exit 75, what a cron retries). */
export class LockedError extends TransientError {
  override name = "LockedError";
}
