import { redactSecrets } from "./redactUrl.js";

export type LogLevel = "debug" | "info" | "warn" | "error";
export type LogFormat = "text" | "json";

export type Logger = {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
};

export type LoggerOptions = {
  format?: LogFormat;
  /** Only warnings and errors. */
  quiet?: boolean;
  verbose?: boolean;
  /** Scrubbed from every line: RPC URLs may carry credentials. */
  secretUrls?: readonly string[] | undefined;
  /** Where each line goes (a command's: its stderr, through the progress writer). */
  write: (line: string) => void;
};

const rank: Record<LogLevel, number> = { debug: 0, info: 1, warn: 2, error: 3 };

/** Log lines, written where `write` puts them: a command's stderr, so that stdout carries data only (`--json`). */
export function createLogger(options: LoggerOptions): Logger {
  const format = options.format ?? "text";
  const minimum: LogLevel = options.quiet ? "warn" : options.verbose ? "debug" : "info";
  const { write } = options;
  const emit = (level: LogLevel, message: string, fields: Record<string, unknown> = {}) => {
    if (rank[level] < rank[minimum]) return;
    let line: string;
    if (format === "json") {
      line = JSON.stringify(
        { time: new Date().toISOString(), level, msg: message, ...fields },
        (_key, value) => (typeof value === "bigint" ? value.toString() : value),
      );
    } else {
      const extra = Object.entries(fields)
        .map(([key, value]) => `${key}=${typeof value === "string" ? value : JSON.stringify(value)}`)
        .join(" ");
      const prefix = level === "info" ? "" : `${level}: `;
      line = `${prefix}${message}${extra ? ` ${extra}` : ""}`;
    }
    write(`${redactSecrets(line, options.secretUrls)}\n`);
  };
  return {
    debug: (message, fields) => emit("debug", message, fields),
    info: (message, fields) => emit("info", message, fields),
    warn: (message, fields) => emit("warn", message, fields),
    error: (message, fields) => emit("error", message, fields),
  };
}

/** A logger that drops everything: for library use and unit tests. */
export const silentLogger: Logger = createLogger({ write: () => {} });
