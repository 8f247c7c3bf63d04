import { describeSettings, loadConfig } from "../config/index.ts";
import { createLogger } from "../log/index.ts";
import { startServer, StartupError } from "../server/index.ts";
import type { Command } from "./command.ts";

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

export const serveCommand: Command = {
  name: "serve",
  summary: "run the game server (default)",
  usage: `usage: argentum serve [options]

Starts the game server: TCP for the stock AO20 client, HTTP + WebSocket for browsers, health and
metrics. Every option can also be given as an environment variable; a flag wins.

options:
${describeSettings()}
`,
  async run(argv, io) {
    const loaded = loadConfig(argv, process.env);
    if (!loaded.ok) {
      io.err(`argentum: ${loaded.error.message}\n`);
      return 2;
    }
    const logger = createLogger(loaded.config.logLevel);
    let server;
    try {
      server = await startServer(loaded.config, logger);
    } catch (error) {
      // Printed once, as one line for the operator on stderr (exit 1, as documented); the
      // JSON log stays for what happens after a successful start.
      const message = error instanceof StartupError ? error.message : `unexpected start-up failure: ${(error as Error).stack ?? error}`;
      io.err(`argentum: ${message}\n`);
      return 1;
    }
    const running = server;
    return new Promise<number>((resolve) => {
      let stopping = false;
      const stop = (signal: string) => {
        if (stopping) return;
        stopping = true;
        const deadline = setTimeout(() => {
          // Final states not written yet, and players the world still held (their last autosave stands).
          const finalStates = running.gateway.unsavedCount;
          const inWorld = running.world.onlineCount;
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
  },
};
