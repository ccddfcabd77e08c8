/** How many calls go in one JSON-RPC batch, as learned from the endpoint. */
export type BatchLimits = {
  /** Calls per batch now. */
  size: number;
  /** The largest batch the endpoint accepts as far as we know: a refusal lowers it for good. */
  cap: number;
  /** Batches answered whole since the last shrink: every tenth doubles the size, up to the cap. */
  answeredSinceShrink: number;
};

export type BatchEvent =
  /** A request of `calls` calls was refused for its size. */
  | { kind: "refused"; calls: number }
  /** A request of `calls` calls was answered only in part: `served` answers came back. */
  | { kind: "answered-in-part"; calls: number; served: number }
  /** A request of `calls` calls timed out; `again`: some of them had timed out before. */
  | { kind: "timed-out"; calls: number; again: boolean }
  /** A request was answered whole. */
  | { kind: "answered" };

/**
 * Batch sizes after what just happened: a refusal halves them (or lowers them to what the
 * endpoint served) and learns that as the cap; calls that time out again halve them until
 * answers grow them back, never past the cap.
 */
export function batchLimitsAfter(limits: BatchLimits, event: BatchEvent): BatchLimits {
  const shrink = (to: number, refused: boolean): BatchLimits => {
    const smaller = Math.max(1, to);
    return {
      size: Math.min(limits.size, smaller),
      cap: refused ? Math.min(limits.cap, smaller) : limits.cap,
      answeredSinceShrink: 0,
    };
  };
  switch (event.kind) {
    case "refused":
      return shrink(Math.floor(event.calls / 2), true);
    case "answered-in-part":
      return shrink(Math.min(event.served, event.calls - 1) || Math.floor(event.calls / 2), true);
    case "timed-out":
      // A first timeout may be bad luck, and smaller batches mean more requests to be unlucky
      // with. Calls that time out again may be too much work for the node in one batch: half as
      // much as now (the batch that timed out may have been a small one).
      if (!event.again || event.calls <= 1) return limits;
      return shrink(Math.floor(limits.size / 2), false);
    case "answered": {
      if (limits.size >= limits.cap) return limits;
      const answeredSinceShrink = limits.answeredSinceShrink + 1;
      if (answeredSinceShrink < 10) return { ...limits, answeredSinceShrink };
      return { size: Math.min(limits.cap, limits.size * 2), cap: limits.cap, answeredSinceShrink: 0 };
    }
  }
}
