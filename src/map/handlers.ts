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
 * table. A packet that is not listed is ignored, as the VB6 server ignores what it has no handler
 * for in a given state.
 *
 * Adding a system (or a packet to one): docs/architecture.md, "Adding a system".
 */
import { BUS_MESSAGE_KINDS } from "./cross-map-bus.ts";
import { buildSystemTables, type BusHandlerTable, type PacketHandlerTable, type ServiceAnswerTable, type SystemTables } from "./kernel/index.ts";
import { SERVICE_NAMES } from "./service-protocol.ts";
import { SYSTEMS } from "./systems/index.ts";

export type { BusHandler, PacketHandler, PacketHandlerTable, ServiceAnswerHandler, ServiceAnswerTable } from "./kernel/index.ts";

/** Everything built from the manifests (once per worker: this module is loaded once per thread). */
export const SYSTEM_TABLES: SystemTables = buildSystemTables(SYSTEMS, BUS_MESSAGE_KINDS, SERVICE_NAMES);

/** THE table from client packet to handler. */
export const PACKET_HANDLERS: PacketHandlerTable = SYSTEM_TABLES.packets;

/** What each map does with a bus message (every map of the world receives every message). */
export const BUS_HANDLERS: BusHandlerTable = SYSTEM_TABLES.bus;

/** By service: which system hears what the main-thread service tells a player's map. */
export const SERVICE_ANSWERS: ServiceAnswerTable = SYSTEM_TABLES.fromWorld;
