import {
  paidEndpoint,
  publicEndpoint,
  type VirtualLimits,
} from "../../../tooling/virtualChain/virtualLimits.js";

/** The bench's limit sets by name (--limits, --side-limits). */
export const limitSets: Record<string, VirtualLimits> = {
  none: {},
  paid: paidEndpoint,
  public: publicEndpoint,
};

/** A limit set in words, from its values: what the page says it was. */
export function describeLimits(limits: VirtualLimits): string {
  const parts: string[] = [];
  const n = (value: number) => value.toLocaleString("en-US");
  if (limits.rangeCap !== undefined) parts.push(`${n(limits.rangeCap)}-block log ranges`);
  if (limits.resultCap !== undefined) parts.push(`${n(limits.resultCap)} logs a response`);
  if (limits.batchCap !== undefined) parts.push(`${n(limits.batchCap)} calls a batch`);
  if (limits.requestsPerSecond !== undefined)
    parts.push(
      `${n(limits.requestsPerSecond)} requests a second${limits.perCall ? " (each call counted)" : ""}`,
    );
  if (limits.stateHistory !== undefined)
    parts.push(`state of the last ${n(limits.stateHistory)} blocks only`);
  if (limits.latencyMs !== undefined) parts.push(`${n(limits.latencyMs)} ms a request`);
  return parts.length === 0 ? "no limits" : parts.join(", ");
}
