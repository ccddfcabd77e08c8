import { describe, expect, test } from "vitest";
import { createLogger } from "../../log/createLogger.js";
import type { FollowProgress as SyncProgress } from "../../sync/followChain.js";
import { createProgressWriter, type ProgressMode, progressMode } from "./createProgressWriter.js";

const esc = String.fromCharCode(27);
/** Back to the start of the line and clear it: how a terminal line is redrawn. */
const clearLine = `\r${esc}[2K`;
const at = (synced: number): SyncProgress => ({
  chainId: 8453,
  from: 0,
  to: 999,
  synced,
  logs: 0,
  opened: synced,
  closed: 0,
});

/** A writer on a stream that keeps what it is given, a clock the test moves, and a logger through the writer. */
function setup(mode: ProgressMode, format: "text" | "json" = "text") {
  let time = 0;
  const written: string[] = [];
  const stream = { write: (text: string) => written.push(text), columns: 120 };
  const writer = createProgressWriter({
    mode,
    stream,
    now: () => time,
    intervalMs: 1000,
    logger: () => logger,
  });
  const logger = createLogger({ format, write: (line) => writer.writeLog(line) });
  return { writer, logger, written, tick: (ms: number) => (time += ms) };
}

describe("createProgressWriter", () => {
  test("default: on a terminal, one line redrawn in place, closed by done()", () => {
    const { writer, written, tick } = setup("tty");
    writer.update(at(99));
    tick(500);
    writer.update(at(199)); // too soon: held back
    tick(1500);
    writer.update(at(499));
    writer.done();
    expect(written).toHaveLength(3);
    expect(written[0]?.startsWith(`${clearLine}sync 10.0% · block 99/999 ·`)).toBe(true);
    expect(written[1]?.startsWith(`${clearLine}sync 50.0% · block 499/999 ·`)).toBe(true);
    expect(written[1]?.endsWith(" · 250 blocks/s · ETA 2s")).toBe(true);
    expect(written[2]).toBe("\n");
  });

  test("behavior: the terminal line is cut to the terminal's width, so it never wraps", () => {
    let written = "";
    const writer = createProgressWriter({
      mode: "tty",
      stream: { write: (text: string) => (written = text), columns: 30 },
    });
    writer.update(at(99));
    expect(written).toBe("\r\x1b[2Ksync 10.0% · block 99/999 · 9");
  });

  test("behavior: a log line on a terminal clears the progress line and redraws it below", () => {
    const { writer, logger, written } = setup("tty");
    writer.update(at(99));
    logger.warn("slow endpoint");
    expect(written[1]?.startsWith(`${clearLine}warn: slow endpoint\nsync 10.0%`)).toBe(true);
  });

  test("behavior: not a terminal, plain lines at most once an interval, and the last state at the end", () => {
    const { writer, written, tick } = setup("lines");
    writer.update(at(99));
    tick(10);
    writer.update(at(199));
    writer.update(at(999));
    writer.done();
    expect(written).toHaveLength(2);
    expect(written[0]).toMatch(/^sync 10\.0% · block 99\/999 · 99 sessions opened/);
    expect(written[1]).toMatch(/^sync 100\.0% · block 999\/999 · 999 sessions opened/);
    for (const line of written) expect(line.includes("\r") || line.includes(esc)).toBe(false);
  });

  test("behavior: --log-format json writes JSON lines with the same facts", () => {
    const { writer, written, tick } = setup("json", "json");
    writer.update(at(99));
    tick(2000);
    writer.update(at(499));
    expect(written.map((line) => JSON.parse(line))).toEqual([
      expect.objectContaining({
        level: "info",
        msg: "sync progress",
        block: 99,
        percent: 10,
        sessionsOpened: 99,
      }),
      expect.objectContaining({ msg: "sync progress", block: 499, blocksPerSecond: 250, etaSeconds: 2 }),
    ]);
  });

  test("behavior: --quiet writes no progress at all", () => {
    const { writer, written } = setup("off");
    writer.update(at(99));
    writer.done();
    expect(written).toEqual([]);
  });

  test("behavior: the mode follows --quiet, then --log-format, then whether stderr is a terminal", () => {
    expect(progressMode({ quiet: true, logFormat: "json", isTTY: true })).toBe("off");
    expect(progressMode({ quiet: false, logFormat: "json", isTTY: true })).toBe("json");
    expect(progressMode({ quiet: false, logFormat: "text", isTTY: true })).toBe("tty");
    expect(progressMode({ quiet: false, logFormat: "text", isTTY: false })).toBe("lines");
  });
});
