/**
 * Structured logging: pino writing JSON lines to stdout (pino transports do not work inside a
 * compiled Bun binary, plain pino does). Each context takes a child: `logger.child({ ctx: "map", map: 1 })`.
 */
import pino from "pino";
import type { Logger } from "pino";

export type { Logger } from "pino";

export function createLogger(level: string, destination: pino.DestinationStream = pino.destination(1)): Logger {
  return pino({ level, base: { pid: process.pid }, timestamp: pino.stdTimeFunctions.isoTime }, destination);
}

/** A logger that drops everything, for tests and tools. */
export function silentLogger(): Logger {
  return pino({ level: "silent" });
}
