import { describeSettings, loadConfig } from "../config/index.ts";
import { createLogger } from "../log/index.ts";
import { startServer, StartupError } from "../server/index.ts";
import type { Command } from "./command.ts";

/** Every stop gets this long to save and close before the process gives up. */
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
          logger.error({ signal }, "shutdown deadline passed; exiting without a clean stop");
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
