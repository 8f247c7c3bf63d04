/**
 * `argentum gateway` and `argentum mapnode`: the two roles of a multi-node world (README,
 * "Several nodes"). A gateway holds the players' connections and logins; map nodes run the
 * maps whose leases they hold. Both need the cluster's Postgres and NATS.
 */
import { describeSettings, loadClusterConfig } from "../config/index.ts";
import { createLogger, type Logger } from "../log/index.ts";
import { defaultNodeName, StartupError, startMapNode, startServer } from "../server/index.ts";
import type { CliIo, Command } from "./command.ts";
import { SHUTDOWN_DEADLINE_MS } from "./serve-command.ts";

const CLUSTER_NOTE = `A cluster keeps its state in Postgres (--database-url is required) and its nodes talk over
NATS; --cluster prefixes every NATS subject, so several clusters can share one NATS server.`;

export const gatewayCommand: Command = {
  name: "gateway",
  summary: "run a cluster gateway: client connections and logins; maps on map nodes",
  usage: `usage: argentum gateway --database-url URL [--nats URL] [--cluster NAME] [options]

Accepts the stock AO20 client over TCP and browsers over WebSocket, logs players in and routes
them to the map nodes that own their maps. GET /api/cluster lists the map nodes and the owner of
every map. ${CLUSTER_NOTE}

options:
${describeSettings(true)}
`,
  async run(argv, io) {
    const loaded = loadClusterConfig(argv, process.env);
    if (!loaded.ok) return badUsage(io, loaded.error.message);
    const config = loaded.config;
    const logger = createLogger(config.logLevel);
    return runUntilSignal(io, logger, async () => {
      const server = await startServer(config, logger, {
        cluster: { natsUrl: config.natsUrl, cluster: config.cluster, nodeName: config.nodeId ?? defaultNodeName("gateway") },
      });
      return { stop: (reason) => server.stop(reason), unsaved: () => server.gateway.unsavedCount + server.world.onlineCount };
    });
  },
};

export const mapnodeCommand: Command = {
  name: "mapnode",
  summary: "run a cluster map node: the maps whose leases it holds",
  usage: `usage: argentum mapnode --database-url URL [--nats URL] [--cluster NAME] [--node-id ID] [options]

Runs map workers for the maps it holds by lease. Every map is leased as soon as the map nodes
start; each node takes its share, and a node that dies has its maps claimed by the others once
their leases run out (--lease-seconds). GET /health and /metrics on --http-port. ${CLUSTER_NOTE}

options:
${describeSettings(true)}
`,
  async run(argv, io) {
    const loaded = loadClusterConfig(argv, process.env);
    if (!loaded.ok) return badUsage(io, loaded.error.message);
    const config = loaded.config;
    const logger = createLogger(config.logLevel);
    return runUntilSignal(io, logger, async () => {
      const node = await startMapNode(config, logger);
      return { stop: (reason) => node.stop(reason), unsaved: () => node.node.sessionCount };
    });
  },
};

function badUsage(io: CliIo, message: string): number {
  io.err(`argentum: ${message}\n`);
  return 2;
}

interface Running {
  stop(reason: string): Promise<void>;
  /** Players whose state a stop cut short would lose (for the deadline's log line). */
  unsaved(): number;
}

/** Starts, then runs until SIGINT or SIGTERM and stops within the shutdown deadline. */
async function runUntilSignal(io: CliIo, logger: Logger, start: () => Promise<Running>): Promise<number> {
  let running: Running;
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
        logger.error({ signal, deadlineMs: SHUTDOWN_DEADLINE_MS, notSaved: running.unsaved() }, "shutdown deadline passed; exiting without a clean stop");
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
