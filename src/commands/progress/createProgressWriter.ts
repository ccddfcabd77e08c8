import type { Logger } from "../../log/createLogger.js";
import type { FollowProgress as SyncProgress } from "../../sync/followChain.js";
import { buildProgressLine } from "./buildProgressLine.js";
import { describeProgress } from "./describeProgress.js";

/** tty: one line redrawn in place; lines: a plain line now and then (CI logs); json: JSON log lines; off: --quiet. */
export type ProgressMode = "tty" | "lines" | "json" | "off";

export type ProgressWriter = {
  /** Reports the sync's state (syncChain's onProgress); written when it is time to. */
  update(progress: SyncProgress): void;
  /** Ends the report: the last state is written, a terminal line is closed. */
  done(): void;
  /** Writes a log line without tearing the progress line on a terminal. */
  writeLog(line: string): void;
};

export type ProgressWriterOptions = {
  mode: ProgressMode;
  /** Where progress and logs go (stderr). */
  stream: { write(text: string): unknown; columns?: number };
  /** The logger of plain and JSON lines (set later: the logger writes through this writer). */
  logger?: () => Logger;
  /** Milliseconds between reports: 100 on a terminal, 10 s in logs by default. */
  intervalMs?: number;
  now?: () => number;
};

export function progressMode(options: {
  quiet: boolean;
  logFormat: "text" | "json";
  isTTY: boolean;
}): ProgressMode {
  if (options.quiet) return "off";
  if (options.logFormat === "json") return "json";
  return options.isTTY ? "tty" : "lines";
}

/** Writes sync progress the way the output wants it; buildProgressLine says what. */
export function createProgressWriter(options: ProgressWriterOptions): ProgressWriter {
  const { mode, stream } = options;
  const now = options.now ?? (() => performance.now());
  const interval = options.intervalMs ?? (mode === "tty" ? 100 : 10_000);
  let started: number | undefined;
  let lastWrite = Number.NEGATIVE_INFINITY;
  let pending = false;
  let shown = ""; // the progress line on the terminal now
  // The latest state of each chain, in the order they first reported.
  const chains = new Map<number, SyncProgress>();

  const state = (progress: SyncProgress) => ({ ...progress, elapsedMs: now() - (started ?? now()) });
  const write = () => {
    lastWrite = now();
    pending = false;
    const states = [...chains.values()].map(state);
    if (mode === "tty") {
      const line = states.map((one) => buildProgressLine(one, states.length > 1)).join(" | ");
      shown = stream.columns ? line.slice(0, stream.columns - 1) : line;
      stream.write(`\r\x1b[2K${shown}`);
    } else if (mode === "lines") {
      for (const one of states) options.logger?.().info(buildProgressLine(one, states.length > 1));
    } else if (mode === "json") {
      for (const one of states)
        options.logger?.().info("sync progress", { chain: one.chainId, ...describeProgress(one) });
    }
  };

  return {
    update(progress) {
      if (mode === "off") return;
      started ??= now();
      chains.set(progress.chainId, progress);
      if (now() - lastWrite >= interval) write();
      else pending = true;
    },
    done() {
      if (pending) write();
      if (mode === "tty" && shown) stream.write("\n");
      shown = "";
    },
    writeLog(line) {
      if (mode === "tty" && shown) stream.write(`\r\x1b[2K${line}${shown}`);
      else stream.write(line);
    },
  };
}
