/**
 * The tables every map works from, built once per worker from the system manifests
 * (`systems/index.ts`): client packet name → handler, bus message kind → handler, service → the
 * system that hears it, the routes of
 * the multiplexed packets (`Work`, `WorkLeftClick`, a left click on an NPC), the hooks in
 * registry order, and the NPC AI's blows. Building them refuses, at start, a packet, a skill or a
 * bus message claimed twice (kernel/systems.ts).
 *
 * The gateway keeps what belongs to the connection (framing, flood limits, `TS_*` counters, login)
 * and forwards every in-world packet body to the map that owns the player; the map decodes it and
 * calls the handler listed here under the packet's name, with the fields typed from the protocol
 * table. Every client packet is listed: by the system that handles it, or by the `decisions`
 * system from its line in systems/decisions/table.ts (disabled, ignored, planned); the login
 * packets are the gateway's. A packet that still reaches a map unlisted is counted and logged
 * (`argentum_unhandled_packets_total`). {@link protocolCoverage} is that, packet by packet
 * (docs/protocol-coverage.md is generated from it).
 *
 * Adding a system (or a packet to one): docs/architecture.md, "Adding a system".
 */
import { CLIENT_PACKETS, type ClientPacketName } from "../protocol/index.ts";
import { BUS_MESSAGE_KINDS } from "./cross-map-bus.ts";
import { buildSystemTables, type BusHandlerTable, type PacketHandlerTable, type ServiceAnswerTable, type SystemTables } from "./kernel/index.ts";
import { SERVICE_NAMES } from "./service-protocol.ts";
import { GATEWAY_PACKETS, PACKET_DECISIONS, type PacketDecision, type PlannedArea } from "./systems/decisions/index.ts";
import { SYSTEMS } from "./systems/index.ts";

export { GATEWAY_PACKETS, PACKET_DECISIONS, type PacketDecision, type PlannedArea };

export type { BusHandler, PacketHandler, PacketHandlerTable, ServiceAnswerHandler, ServiceAnswerTable } from "./kernel/index.ts";

/** Everything built from the manifests (once per worker: this module is loaded once per thread). */
export const SYSTEM_TABLES: SystemTables = buildSystemTables(SYSTEMS, BUS_MESSAGE_KINDS, SERVICE_NAMES);

/** THE table from client packet to handler. */
export const PACKET_HANDLERS: PacketHandlerTable = SYSTEM_TABLES.packets;

/** What each map does with a bus message (every map of the world receives every message). */
export const BUS_HANDLERS: BusHandlerTable = SYSTEM_TABLES.bus;

/** By service: which system hears what the main-thread service tells a player's map. */
export const SERVICE_ANSWERS: ServiceAnswerTable = SYSTEM_TABLES.fromWorld;

/** What the server does with one client packet, as docs/protocol-coverage.md lists it. */
export interface PacketCoverage {
  readonly id: number;
  readonly name: ClientPacketName;
  /** `handled` by a system; `gateway`: the login steps; otherwise its decision's state. */
  readonly state: "handled" | "gateway" | PacketDecision["state"];
  /** The system that handles it, the planned feature's area, or `gateway`; empty for disabled and ignored. */
  readonly owner: string;
  readonly reason: string;
  /** A planned packet answered with nothing (the client sends it by itself). */
  readonly quiet: boolean;
}

/**
 * Every client packet, by id: who handles it (a system of the manifests, the gateway) or what its
 * decision is. A packet with two answers or none is `conflicts` (the coverage test keeps it empty).
 */
export function protocolCoverage(): { rows: PacketCoverage[]; conflicts: string[] } {
  const owners = SYSTEM_TABLES.owners.packets;
  const rows: PacketCoverage[] = [];
  const conflicts: string[] = [];
  const entries = Object.entries(CLIENT_PACKETS) as [ClientPacketName, { id: number }][];
  for (const [name, def] of entries.sort((a, b) => a[1].id - b[1].id)) {
    const owner = owners.get(name);
    const decision = PACKET_DECISIONS[name];
    const gateway = GATEWAY_PACKETS[name];
    const realOwner = owner !== undefined && owner !== "decisions" ? owner : undefined;
    const answers = [realOwner && `system ${realOwner}`, decision && "a decision", gateway && "the gateway"].filter((answer): answer is string => typeof answer === "string");
    if (answers.length !== 1) conflicts.push(`${name}: ${answers.length === 0 ? "no system, decision or gateway step" : answers.join(" and ")}`);
    if (realOwner !== undefined) rows.push({ id: def.id, name, state: "handled", owner: realOwner, reason: "", quiet: false });
    else if (decision) rows.push({ id: def.id, name, state: decision.state, owner: decision.state === "planned" ? decision.area : "", reason: decision.reason, quiet: decision.state === "planned" && decision.quiet === true });
    else if (gateway) rows.push({ id: def.id, name, state: "gateway", owner: "gateway", reason: gateway, quiet: false });
    else rows.push({ id: def.id, name, state: "ignored", owner: "", reason: "NO DECISION", quiet: false });
  }
  return { rows, conflicts };
}
