/** How many calls go in one JSON-RPC batch, as learned from the endpoint. */
export type BatchLimits = {
  /** Calls per batch now (above the cap only while a size between the cap and a refusal is tried). */
  size: number;
  /** The largest batch the endpoint accepts as far as we know: a refusal lowers it for good. */
  cap: number;
  /** Batches answered whole since the last change of size: every tenth doubles the size, up to the cap. */
  answeredSinceShrink: number;
  /** The smallest batch the endpoint refused for its size: its cap is below. Absent: none refused. */
  refused?: number;
  /**
   * Set while `cap` is one remembered from the chain's last run and not yet met in this one: the
   * configured maximum. After `probeAfter` batches answered whole at the cap, the size doubles
   * once towards it, so that a long run finds an endpoint that takes more, and a short one (an
   * hourly run) never pays a refused batch for it.
   */
  probeUpTo?: number;
};

/** Batches answered whole at a remembered cap before the size is tried above it, once. */
export const probeAfter = 100;

export type BatchEvent =
  /** A request of `calls` calls was refused for its size. */
  | { kind: "refused"; calls: number }
  /** A request of `calls` calls was answered only in part: `served` answers came back. */
  | { kind: "answered-in-part"; calls: number; served: number }
  /** A request of `calls` calls timed out; `again`: some of them had timed out before. */
  | { kind: "timed-out"; calls: number; again: boolean }
  /** A request of `calls` calls was answered whole. */
  | { kind: "answered"; calls: number };

/** The limits a client starts with: the configured maximum, or a cap the chain's last run learned below it. */
export function initialBatchLimits(maxBatchSize: number, remembered?: number): BatchLimits {
  if (remembered === undefined || remembered >= maxBatchSize)
    return { size: maxBatchSize, cap: maxBatchSize, answeredSinceShrink: 0 };
  const cap = Math.max(1, Math.floor(remembered));
  return { size: cap, cap, answeredSinceShrink: 0, probeUpTo: maxBatchSize };
}

/** The cap worth remembering for the chain's next run: one below the configured maximum. */
export function learnedCap(limits: BatchLimits, maxBatchSize: number): number | undefined {
  return limits.cap < maxBatchSize ? limits.cap : undefined;
}

/**
 * The size to try between the cap and the smallest refusal: halfway, while the two are more
 * than an eighth of the cap apart (a refusal halves the size: the cap may be well above it).
 */
function probeSize(cap: number, refused: number | undefined): number | undefined {
  if (refused === undefined || refused - 1 - cap <= cap / 8) return undefined;
  return Math.floor((cap + refused) / 2);
}

/**
 * Batch sizes after what just happened: a refusal halves them (or lowers them to what the
 * endpoint served) and learns that as the cap, then sizes between it and the refusal are tried
 * (a refused try costs one request, an answered one raises the cap); calls that time out again
 * halve them until answers grow them back, never past the cap.
 */
export function batchLimitsAfter(limits: BatchLimits, event: BatchEvent): BatchLimits {
  const { probeUpTo: _, ...known } = limits;
  switch (event.kind) {
    case "refused": {
      const refused = Math.min(limits.refused ?? Number.POSITIVE_INFINITY, event.calls);
      // Above the cap: a try, or a batch sent before the size came down (requests in flight
      // together). The cap stands; only the refusal is news.
      if (event.calls > limits.cap)
        return { ...known, size: Math.min(limits.size, limits.cap), answeredSinceShrink: 0, refused };
      const smaller = Math.max(1, Math.floor(event.calls / 2));
      return { size: Math.min(limits.size, smaller), cap: smaller, answeredSinceShrink: 0, refused };
    }
    case "answered-in-part": {
      // The endpoint served what it takes (one fewer when it served as many as were sent).
      const served = Math.max(1, Math.min(event.served, event.calls - 1) || Math.floor(event.calls / 2));
      const cap = Math.min(limits.cap, served);
      return { size: Math.min(limits.size, cap), cap, answeredSinceShrink: 0, refused: cap + 1 };
    }
    case "timed-out":
      // A first timeout may be bad luck, and smaller batches mean more requests to be unlucky
      // with. Calls that time out again may be too much work for the node in one batch: half as
      // much as now (the batch that timed out may have been a small one).
      if (!event.again || event.calls <= 1) return limits;
      return { ...limits, size: Math.max(1, Math.floor(limits.size / 2)), answeredSinceShrink: 0 };
    case "answered": {
      if (event.calls > limits.cap) {
        // Above a remembered cap, with nothing refused in this run: the endpoint takes more now.
        if (limits.refused === undefined && limits.probeUpTo !== undefined)
          return { size: event.calls, cap: limits.probeUpTo, answeredSinceShrink: 0 };
        // A try between the cap and a refusal answered: the cap is at least this; on towards it.
        const cap = event.calls;
        return { ...known, size: probeSize(cap, limits.refused) ?? cap, cap, answeredSinceShrink: 0 };
      }
      const answeredSinceShrink = limits.answeredSinceShrink + 1;
      if (limits.size >= limits.cap) {
        const probe = probeSize(limits.cap, limits.refused);
        if (probe !== undefined) return { ...limits, size: probe, answeredSinceShrink: 0 };
        const { probeUpTo } = limits;
        if (probeUpTo === undefined) return limits;
        if (answeredSinceShrink < probeAfter) return { ...limits, answeredSinceShrink };
        return { ...limits, size: Math.min(probeUpTo, limits.cap * 2), answeredSinceShrink: 0 };
      }
      if (answeredSinceShrink < 10) return { ...limits, answeredSinceShrink };
      return { ...limits, size: Math.min(limits.cap, limits.size * 2), answeredSinceShrink: 0 };
    }
  }
}
