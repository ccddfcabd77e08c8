import { draw, type FaultState } from "./faultState.js";
import type { CallsPlan } from "./planCalls.js";
import { countLimitWordings } from "./providerErrors.js";
import { type Answer, type Call, hex, type Log, logRange } from "./rpcMessages.js";

/**
 * The answers to `calls` (in their order) from the plan and the node's answers to its upstream
 * batch, rewritten by the faults decided after forwarding: a lagging backend (head behind, blocks
 * past it null, logs cut at it), a stale head, null for the newest block, the result-count cap,
 * duplicated, stray and foreign logs. No I/O.
 */
export function rewriteAnswers(
  state: FaultState,
  calls: Call[],
  plan: CallsPlan,
  upstream: Answer[],
): Answer[] {
  const { config, stats } = state;
  const answers = new Map(plan.refused);
  const byId = new Map<unknown, Answer>();
  for (const answer of upstream) byId.set(answer.id, answer);
  const head = plan.needsHead ? Number(byId.get("head")?.result ?? 0) : undefined;
  const laggingHead = plan.lagging && head !== undefined ? head - (config.laggingLag ?? 3) : undefined;
  if (laggingHead !== undefined) stats.faults.laggingBackend++;

  plan.forward.forEach((call, k) => {
    const id = call.id ?? null;
    const answer: Answer = {
      ...(byId.get(k) ?? { jsonrpc: "2.0", id: k, error: { code: -32603, message: "no answer" } }),
      id,
    };
    answers.set(call, answer);
    if (answer.error) return;
    if (laggingHead !== undefined) {
      if (call.method === "eth_blockNumber") answer.result = hex(Math.max(0, laggingHead));
      if (call.method === "eth_getBlockByNumber" && answer.result) {
        const number = Number((answer.result as { number: string }).number);
        if (number > laggingHead) answer.result = null;
      }
      if (call.method === "eth_getLogs" && Array.isArray(answer.result)) {
        answer.result = (answer.result as Log[]).filter((log) => Number(log.blockNumber) <= laggingHead);
      }
    }
    if (call.method === "eth_blockNumber" && head !== undefined && draw(state, config.staleHead)) {
      stats.faults.staleHead++;
      answer.result = hex(Math.max(0, head - (config.staleLag ?? 3)));
    }
    if (call.method === "eth_getBlockByNumber" && head !== undefined && answer.result) {
      const number = Number((answer.result as { number: string }).number);
      const times = state.nulled.get(number) ?? 0;
      if (number === head && times < (config.nullNewestBlock ?? 0)) {
        state.nulled.set(number, times + 1);
        stats.faults.nullNewestBlock++;
        answer.result = null;
      }
    }
    if (call.method === "eth_getLogs" && Array.isArray(answer.result)) {
      const logs = rewriteLogs(state, call, plan, byId, answer.result as Log[]);
      if ("error" in logs) answers.set(call, { jsonrpc: "2.0", id, error: logs.error });
      else answer.result = logs.logs;
    }
  });
  return calls.map((call) => answers.get(call) as Answer);
}

/** An eth_getLogs result refused over the count cap, or with duplicated, stray and foreign logs added. */
function rewriteLogs(
  state: FaultState,
  call: Call,
  plan: CallsPlan,
  byId: Map<unknown, Answer>,
  result: Log[],
): { logs: Log[] } | { error: { code: number; message: string } } {
  const { config, stats } = state;
  let logs = result;
  const range = logRange(call);
  if (
    config.logsCountLimit !== undefined &&
    range &&
    range.to > range.from &&
    logs.length > config.logsCountLimit
  ) {
    stats.faults.logsCountLimit++;
    const fits = lastBlockThatFits(logs, config.logsCountLimit, range.from);
    const wording = countLimitWordings[
      state.turns.wording++ % countLimitWordings.length
    ] as (typeof countLimitWordings)[number];
    return { error: wording({ limit: config.logsCountLimit, from: range.from, to: range.to, fits }) };
  }
  if (logs.length > 0 && draw(state, config.duplicateLogs)) {
    stats.faults.duplicateLogs++;
    const copies = logs.filter(() => state.random() < 0.2);
    logs = [...logs, ...(copies.length > 0 ? copies : [logs[0] as Log])];
  }
  const stray = plan.strayQueries.get(call);
  if (stray !== undefined && range) {
    const outside = ((byId.get(stray)?.result ?? []) as Log[]).filter(
      (log) => Number(log.blockNumber) < range.from || Number(log.blockNumber) > range.to,
    );
    if (outside.length > 0) {
      stats.faults.strayLogs++;
      logs = [...logs, ...outside];
    }
  }
  const foreign = plan.foreignQueries.get(call);
  if (foreign !== undefined) {
    const foreignLogs = ((byId.get(foreign)?.result ?? []) as Log[]).filter(
      (log) => unitHash(`${config.seed ?? 1}:${log.blockHash}:${log.logIndex}`) < (config.foreignShare ?? 1),
    );
    if (foreignLogs.length > 0) {
      stats.faults.foreignLogs++;
      for (const log of foreignLogs) stats.foreignLogKeys.add(`${log.blockHash}:${Number(log.logIndex)}`);
      logs = [...logs, ...foreignLogs];
    }
  }
  logs.sort(
    (a, b) => Number(a.blockNumber) - Number(b.blockNumber) || Number(a.logIndex) - Number(b.logIndex),
  );
  return { logs };
}

/** The last block whose logs, from `from` on, stay within `limit` (at least `from`). */
export function lastBlockThatFits(logs: Log[], limit: number, from: number): number {
  const sorted = logs.map((log) => Number(log.blockNumber)).sort((a, b) => a - b);
  const first = sorted[limit]; // the first log past the limit
  return first === undefined ? from : Math.max(from, first - 1);
}

/** A string's FNV-1a hash as a number in [0, 1). */
export function unitHash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h / 4294967296;
}
