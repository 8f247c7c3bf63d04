/**
 * The structured logger bots see: the pino method shapes (`log.info({ actor: 3 }, "connected")`),
 * so the CLI can pass a pino child, and tests a recording logger. No pino import here: the bot
 * core stays free of I/O.
 */

export type LogLevel = "debug" | "info" | "warn" | "error";

export interface BotLogger {
  debug(fields: object, message?: string): void;
  info(fields: object, message?: string): void;
  warn(fields: object, message?: string): void;
  error(fields: object, message?: string): void;
  child(bindings: object): BotLogger;
}

export interface LogRecord {
  readonly level: LogLevel;
  readonly fields: Readonly<Record<string, unknown>>;
  readonly message: string | undefined;
}

/** Drops everything. */
export const silentBotLogger: BotLogger = {
  debug() {},
  info() {},
  warn() {},
  error() {},
  child() {
    return silentBotLogger;
  },
};

/** Keeps records in memory (bindings of children merged in), for tests. */
export function recordingLogger(records: LogRecord[] = [], bindings: object = {}): BotLogger & { readonly records: LogRecord[] } {
  const write = (level: LogLevel) => (fields: object, message?: string) => {
    records.push({ level, fields: { ...bindings, ...fields }, message });
  };
  return {
    records,
    debug: write("debug"),
    info: write("info"),
    warn: write("warn"),
    error: write("error"),
    child: (more) => recordingLogger(records, { ...bindings, ...more }),
  };
}
