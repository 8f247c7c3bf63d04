/**
 * `argentum gateway` and `argentum mapnode`: the two roles of a multi-node world (README,
 * "Several nodes"). A gateway holds the players' connections and logins; map nodes run the
 * maps whose leases they hold. Both need the cluster's Postgres and NATS.
 */
import { describeSettings, loadClusterConfig } from "../config/index.ts";
import { createLogger } from "../log/index.ts";
import { defaultNodeName, startMapNode, startServer } from "../server/index.ts";
import type { CliIo, Command } from "./command.ts";
import { runUntilSignal } from "./run-until-signal.ts";

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
      return { stop: (reason) => server.stop(reason), unsaved: () => ({ finalStates: server.gateway.unsavedCount, inWorld: server.world.onlineCount }) };
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
      // A map node's players are saved by their gateways; those still on it when the deadline passes fall back to their last autosave.
      return { stop: (reason) => node.stop(reason), unsaved: () => ({ finalStates: 0, inWorld: node.node.sessionCount }) };
    });
  },
};

function badUsage(io: CliIo, message: string): number {
  io.err(`argentum: ${message}\n`);
  return 2;
}
