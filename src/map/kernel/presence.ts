/**
 * Presence: a player arriving on the map (login, transfer, recovery), leaving it (logout, an exit
 * to another map, a warp on this one), and the spawn search. What the systems keep of a player
 * comes from their manifests (`playerState`), what they do on the way in and out from the hooks
 * (`arrived`, `leaving`), what they take to the next map from their `handOver`, and the map-wide
 * sweeps they run while players are here from their `sweep`.
 */
import type { CharacterRecord } from "../../game/character/index.ts";
import { FRESH_COMBAT_CLOCKS } from "../../game/combat/index.ts";
import { FactionStatus, safeModeAtLogin } from "../../game/faction/index.ts";
import { inventoryFromRecord } from "../../game/inventory/index.ts";
import { NO_TIMERS } from "../../game/item-use/index.ts";
import { BLOCKED_ALL, isWaterForWalker } from "../../game/movement/index.ts";
import { handOverEffects, takeOverEffects } from "../../game/spells/index.ts";
import { PLAYER, privilegesOf } from "../../game/staff/index.ts";
import type { EntityStore, Place, PlayerEntity } from "../entity-store.ts";
import type { Arrival, Departure, MapContext, MapTerrain, SystemRoutes } from "../map-context.ts";
import type { EnterRequest, MapHandOver } from "../map-events.ts";
import { applyLook, inventoryFrames, spellBindable } from "./inventory.ts";
import { stopExit } from "./interrupts.ts";
import { setStatus } from "./status-clock.ts";
import { statusLeavesMap } from "./status.ts";

/**
 * The VB6 spawn search looks 12 rings around the wanted tile and gives up after that (the
 * player is refused). We keep searching outwards over the whole map, so a crowded home city
 * (a login storm) spills into the streets instead of refusing logins.
 */
export const SPAWN_SEARCH_RADIUS = 12;

export function enter(ctx: MapContext, request: EnterRequest): void {
  const { session, record } = request;
  const mapId = ctx.definition.id;
  const present = ctx.store.player(session);
  if (present) {
    if (request.kind === "recover") resync(ctx, present);
    else ctx.emit({ t: "enter_failed", session, map: mapId, reason: "already_here" });
    return;
  }
  const spot = findFreeTile(ctx.terrain, ctx.store, record.position.x, record.position.y);
  if (!spot) {
    ctx.emit({ t: "enter_failed", session, map: mapId, reason: "no_free_tile" });
    return;
  }
  const charIndex = ctx.store.allocateCharIndex();
  if (charIndex === 0) {
    ctx.emit({ t: "enter_failed", session, map: mapId, reason: "map_full" });
    return;
  }
  const state: CharacterRecord = structuredClone(record);
  state.position = { map: mapId, x: spot.x, y: spot.y, heading: state.position.heading };
  // The safe is session state (VB6 `flags.Seguro`): a login starts it from the status again.
  if (request.kind === "login") delete state.safeMode;
  const arrival: Arrival = { kind: request.kind, handOver: request.handOver };
  const player = newPlayer(ctx, session, state, charIndex, request, arrival);
  const { packets, view } = ctx;
  if (request.kind === "login") {
    const inventory = inventoryFrames(ctx.items, player);
    for (const frame of packets.loginBurstBeforeArea(state, inventory, request.userSlot, mapId, ctx.timeOfDayMs(), (spellId) => spellBindable(ctx, spellId))) view.send(player, frame);
  } else {
    view.send(player, packets.changeMap(mapId));
  }
  ctx.store.addPlayer(player);
  ctx.stats.players = ctx.store.playerCount;
  startSweeps(ctx);
  ctx.npcAi.sync(ctx);
  view.playerAppeared(player);
  view.send(player, packets.userCharIndexInServer(charIndex));
  // The states it arrived with (already on the entity, so viewers drew an invisible player as
  // such) run on this map's clock from now: their timer, and nothing new for the client.
  if (request.handOver !== undefined) setStatus(ctx, player, player.statusEffects, []);
  ctx.hooks.arrived(ctx, player, arrival);
  if (request.kind === "login") {
    for (const frame of packets.loginBurstAfterArea(state, ctx.onlineCount(), ctx.rules.motd)) view.send(player, frame);
  }
  ctx.emit({ t: "entered", session, map: mapId, x: spot.x, y: spot.y });
}

/**
 * A recovery of a player who is still here (a cluster gateway lost track of messages to or from
 * this map and places its players again): the player keeps everything and gets the map-enter
 * packets of a warp, so its client redraws the map as it is now.
 */
function resync(ctx: MapContext, player: PlayerEntity): void {
  const mapId = ctx.definition.id;
  ctx.view.send(player, ctx.packets.changeMap(mapId));
  ctx.view.playerWarped(player, player.x, player.y);
  ctx.view.send(player, ctx.packets.userCharIndexInServer(player.charIndex));
  ctx.emit({ t: "entered", session: player.session, map: mapId, x: player.x, y: player.y });
}

/** Takes a player off the map (logout, disconnect, replaced session) and reports its final state. */
export function leave(ctx: MapContext, player: PlayerEntity, reason: string): void {
  removeFromMap(ctx, player, "logout");
  ctx.emit({ t: "left", session: player.session, state: ctx.store.recordOf(player), reason });
}

/** An exit: a free tile near `dest` on this map, or a hand-over to the gateway for another map. */
export function sendTo(ctx: MapContext, player: PlayerEntity, dest: Place): void {
  const mapId = ctx.definition.id;
  if (dest.map === mapId) {
    const spot = findFreeTile(ctx.terrain, ctx.store, dest.x, dest.y);
    if (!spot) return;
    ctx.hooks.leaving(ctx, player, "warp");
    const fromX = player.x;
    const fromY = player.y;
    ctx.store.move(player, spot.x, spot.y);
    ctx.view.playerWarped(player, fromX, fromY);
    ctx.view.send(player, ctx.packets.userCharIndexInServer(player.charIndex));
    return;
  }
  const here = { map: mapId, x: player.x, y: player.y };
  // The altered states go on on the next map (VB6 keeps its counters through `WarpUserChar`).
  const status = handOverEffects(player.statusEffects, ctx.clock.now());
  removeFromMap(ctx, player, "transfer");
  // After the player is gone: its client is about to draw a new map anyway (its pets leave now).
  const pieces = ctx.routes.handOver(ctx, player);
  ctx.view.send(player, ctx.packets.removeDialogs());
  const state = ctx.store.recordOf(player);
  state.position = { map: dest.map, x: dest.x, y: dest.y, heading: state.position.heading };
  const handOver = { ...pieces, status } as MapHandOver;
  ctx.emit({ t: "transfer", session: player.session, state, dest: { map: dest.map, x: dest.x, y: dest.y }, cameFrom: here, handOver });
}

/**
 * The free, enterable tile nearest to (x, y), searching square rings outwards; a tile blocked
 * from every direction is a wall, water is not for walkers, an exit tile is skipped so nobody
 * spawns into a transfer.
 */
export function findFreeTile(terrain: MapTerrain, store: EntityStore, x: number, y: number): { x: number; y: number } | undefined {
  const { width, height } = terrain;
  const cx = Math.min(width, Math.max(1, Math.round(x) || 1));
  const cy = Math.min(height, Math.max(1, Math.round(y) || 1));
  const maxRadius = Math.max(SPAWN_SEARCH_RADIUS, width, height);
  for (let radius = 0; radius <= maxRadius; radius++) {
    for (let dy = -radius; dy <= radius; dy++) {
      for (let dx = -radius; dx <= radius; dx++) {
        if (Math.max(Math.abs(dx), Math.abs(dy)) !== radius) continue;
        const tx = cx + dx;
        const ty = cy + dy;
        if (tx < 1 || ty < 1 || tx > width || ty > height) continue;
        const index = store.tile(tx, ty);
        const collision = terrain.collision[index]!;
        if ((collision & BLOCKED_ALL) === BLOCKED_ALL) continue;
        if (isWaterForWalker(collision, terrain.triggers[index]!)) continue;
        if (store.occupantOf(index) !== 0 || terrain.exitAt(tx, ty)) continue;
        return { x: tx, y: ty };
      }
    }
  }
  return undefined;
}

/** The player leaves the map: the countdown, the systems' `leaving`, the states, the view, the store. */
function removeFromMap(ctx: MapContext, player: PlayerEntity, departure: Exclude<Departure, "warp">): void {
  stopExit(ctx, player);
  ctx.hooks.leaving(ctx, player, departure);
  statusLeavesMap(ctx, player);
  ctx.view.playerDisappeared(player, departure === "transfer");
  ctx.store.removePlayer(player);
  ctx.stats.players = ctx.store.playerCount;
  stopSweepsIfEmpty(ctx);
  ctx.npcAi.sync(ctx);
}

function newPlayer(ctx: MapContext, session: number, record: CharacterRecord, charIndex: number, request: EnterRequest, arrival: Arrival): PlayerEntity {
  const player = {
    kind: "player",
    session,
    record,
    cameFrom: request.cameFrom,
    inventory: inventoryFromRecord(record, ctx.items),
    useTimers: NO_TIMERS,
    cooldowns: {},
    targetNpc: null,
    targetUser: null,
    inCombatUntil: Number.NEGATIVE_INFINITY,
    combatClocks: FRESH_COMBAT_CLOCKS,
    safeMode: record.safeMode ?? safeModeAtLogin(record.factionStatus ?? FactionStatus.citizen),
    quit: null,
    statusEffects: takeOverEffects(request.handOver?.status, ctx.clock.now()),
    statusTimer: null,
    meditation: null,
    pets: [],
    ...ctx.routes.playerState(ctx, record, arrival),
    // What viewers draw (the looks come from what it wears, just below).
    weapon: 0,
    shield: 0,
    helmet: 0,
    charIndex,
    body: record.body,
    head: record.head,
    heading: record.position.heading,
    x: record.position.x,
    y: record.position.y,
    name: record.name,
    status: record.factionStatus ?? FactionStatus.citizen,
    // What viewers draw of its rank (`CharacterCreate`), from the standing the login read by its id.
    privileges: privilegesOf(record.staff ?? PLAYER),
    isNpc: 0,
    npcNumber: 0,
    minHp: record.vitals.hp,
    maxHp: record.vitals.maxHp,
    minMana: record.vitals.mana,
    maxMana: record.vitals.maxMana,
  } as PlayerEntity;
  applyLook(ctx.items, ctx.nakedBodies, player);
  return player;
}

// ------------------------------------------------------------------ map-wide sweeps

interface SweepArg {
  readonly ctx: MapContext;
  readonly sweep: SystemRoutes["sweeps"][number];
}

/** A player arrived: every system's sweep runs if it did not. */
function startSweeps(ctx: MapContext): void {
  for (const sweep of ctx.routes.sweeps) {
    if (ctx.sweeps.has(sweep.system)) continue;
    const everyMs = sweep.everyMs;
    ctx.sweeps.set(sweep.system, ctx.timers.every(ctx.clock.now() + everyMs, onSweep, { ctx, sweep }, () => everyMs));
  }
}

/** A player left: the last one stops every sweep. */
function stopSweepsIfEmpty(ctx: MapContext): void {
  if (ctx.store.playerCount > 0) return;
  for (const timer of ctx.sweeps.values()) ctx.timers.cancel(timer);
  ctx.sweeps.clear();
}

function onSweep(_plannedMs: number, { ctx, sweep }: SweepArg): void {
  try {
    sweep.run(ctx, ctx.clock.now());
  } catch (error) {
    // A throwing callback ends a recurring timer: forget it, so the next arrival starts a new one.
    ctx.sweeps.delete(sweep.system);
    throw error;
  }
}
