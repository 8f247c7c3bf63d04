/**
 * How every server role runs from the command line: start, then serve until SIGINT or SIGTERM,
 * then stop within a fixed deadline. A start-up failure is one line on stderr (exit 1); the JSON
 * log is for what happens after a successful start.
 */
import type { Logger } from "../log/index.ts";
import { StartupError } from "../server/index.ts";
import type { CliIo } from "./command.ts";

/**
 * Every stop gets this long to save and close before the process gives up. Fixed, and under the
 * 10 s that `docker stop` and Docker Compose allow by default between SIGTERM and SIGKILL: a
 * deadline that grew with the saves still queued would be cut short by that SIGKILL, which loses
 * the saves all the same and the log line saying how many. The saves are made to fit instead:
 * departures and the stop's own states go out in statements of up to SAVE_BATCH_LIMIT
 * (session/character-saves.ts); 5,000 characters leaving at once were all on disk within a
 * second of the signal on a loaded two-core machine. Platforms that allow longer (Kubernetes:
 * 30 s) gain nothing from waiting longer on a database that does not answer.
 */
export const SHUTDOWN_DEADLINE_MS = 9_000;

export interface RunningRole {
  stop(reason: string): Promise<void>;
  /** What a stop cut short by the deadline leaves unsaved, for its log line. */
  unsaved(): { finalStates: number; inWorld: number };
}

/** Starts the role, then runs until SIGINT or SIGTERM and stops within SHUTDOWN_DEADLINE_MS; resolves to the exit code. */
export async function runUntilSignal(io: CliIo, logger: Logger, start: () => Promise<RunningRole>): Promise<number> {
  let running: RunningRole;
  try {
    running = await start();
  } catch (error) {
    const message = error instanceof StartupError ? error.message : `unexpected start-up failure: ${(error as Error).stack ?? error}`;
    io.err(`argentum: ${message}\n`);
    return 1;
  }
  return new Promise<number>((resolve) => {
    let stopping = false;
    const stop = (signal: string) => {
      if (stopping) return;
      stopping = true;
      const deadline = setTimeout(() => {
        const { finalStates, inWorld } = running.unsaved();
        logger.error(
          { signal, deadlineMs: SHUTDOWN_DEADLINE_MS, notSaved: finalStates + inWorld, finalStates, inWorld },
          "shutdown deadline passed; exiting without a clean stop, characters not saved",
        );
        resolve(1);
      }, SHUTDOWN_DEADLINE_MS);
      running
        .stop(`signal ${signal}`)
        .then(() => {
          clearTimeout(deadline);
          resolve(0);
        })
        .catch((error: unknown) => {
          clearTimeout(deadline);
          logger.error({ err: error }, "shutdown failed");
          resolve(1);
        });
    };
    process.on("SIGINT", () => stop("SIGINT"));
    process.on("SIGTERM", () => stop("SIGTERM"));
  });
}
