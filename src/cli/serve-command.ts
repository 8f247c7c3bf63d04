import { describeSettings, loadConfig } from "../config/index.ts";
import { createLogger } from "../log/index.ts";
import { startServer } from "../server/index.ts";
import { runUntilSignal } from "./run-until-signal.ts";
import type { Command } from "./command.ts";

export { SHUTDOWN_DEADLINE_MS } from "./run-until-signal.ts";

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
    const config = loaded.config;
    return runUntilSignal(io, logger, async () => {
      const server = await startServer(config, logger);
      return {
        stop: (reason) => server.stop(reason),
        // Final states not written yet, and players the world still held (their last autosave stands).
        unsaved: () => ({ finalStates: server.gateway.unsavedCount, inWorld: server.world.onlineCount }),
      };
    });
  },
};
