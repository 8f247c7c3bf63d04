/**
 * Presence: a player arriving on the map (login, transfer, recovery), leaving it, and moving to
 * another place through an exit; NPC placement at load; the spawn search.
 */
import type { CharacterRecord } from "../../game/character/index.ts";
import type { NpcDefinition } from "../map-definition.ts";
import type { EnterRequest } from "../map-events.ts";
import type { Place, PlayerEntity } from "../entity-store.ts";
import type { MapContext, MapTerrain } from "../map-context.ts";
import type { VisibleChar } from "../map-packets.ts";
import { BLOCKED_ALL, isWaterForWalker } from "../../game/movement/index.ts";
import type { EntityStore } from "../entity-store.ts";
import { inventoryFromRecord } from "../../game/inventory/index.ts";
import { vaultFromRecord } from "../../game/bank/index.ts";
import { NO_TIMERS } from "../../game/item-use/index.ts";
import { FRESH_COMBAT_CLOCKS } from "../../game/combat/index.ts";
import { FactionStatus, safeModeAtLogin } from "../../game/faction/index.ts";
import { handOverEffects, takeOverEffects } from "../../game/spells/index.ts";
import { applyLook, inventoryFrames } from "./items.ts";
import { stopCountdown } from "./logout.ts";
import { stopHomeTravel } from "./home.ts";
import { stopTrading } from "./shops.ts";
import { endPeerTrade } from "./trade.ts";
import { npcAiPlayersChanged, npcSpawnTile, spawnNpc } from "./npcs.ts";
import { dismissPets, petsArrive, petsLeave } from "./pets.ts";
import { arrivingNeeds, leavingNeeds, playerArrived, playerLeft } from "./vitals.ts";
import { setStatus, statusLeavesMap } from "./status.ts";

/**
 * The VB6 spawn search looks 12 rings around the wanted tile and gives up after that (the
 * player is refused). We keep searching outwards over the whole map, so a crowded home city
 * (a login storm) spills into the streets instead of refusing logins.
 */
export const SPAWN_SEARCH_RADIUS = 12;
/** Privilege bit of an ordinary user (CharacterCreate field 16). */
const PRIVILEGE_USER = 1;

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
  const player = newPlayer(session, state, charIndex, request, ctx);
  const { packets, view } = ctx;
  if (request.kind === "login") {
    const inventory = inventoryFrames(ctx.items, player);
    for (const frame of packets.loginBurstBeforeArea(state, inventory, request.userSlot, mapId, ctx.timeOfDayMs())) view.send(player, frame);
  } else {
    view.send(player, packets.changeMap(mapId));
  }
  ctx.store.addPlayer(player);
  ctx.stats.players = ctx.store.playerCount;
  playerArrived(ctx);
  npcAiPlayersChanged(ctx);
  view.playerAppeared(player);
  view.send(player, packets.userCharIndexInServer(charIndex));
  const handOver = request.handOver;
  if (handOver !== undefined) {
    // The states it arrived with (already on the entity, so viewers drew an invisible player as
    // such) run on this map's clock from now: their timer, and nothing new for the client.
    setStatus(ctx, player, player.statusEffects, []);
    petsArrive(ctx, player, { pets: handOver.pets ?? [], summonsLost: handOver.summonsLost === true });
  }
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
  removeFromMap(ctx, player, false);
  ctx.emit({ t: "left", session: player.session, state: ctx.store.recordOf(player), reason });
}

/** An exit: a free tile near `dest` on this map, or a hand-over to the gateway for another map. */
export function sendTo(ctx: MapContext, player: PlayerEntity, dest: Place): void {
  const mapId = ctx.definition.id;
  if (dest.map === mapId) {
    const spot = findFreeTile(ctx.terrain, ctx.store, dest.x, dest.y);
    if (!spot) return;
    stopTrading(ctx, player, true);
    endPeerTrade(ctx, player, true, "left");
    const fromX = player.x;
    const fromY = player.y;
    ctx.store.move(player, spot.x, spot.y);
    ctx.view.playerWarped(player, fromX, fromY);
    ctx.view.send(player, ctx.packets.userCharIndexInServer(player.charIndex));
    return;
  }
  const here = { map: mapId, x: player.x, y: player.y };
  const needs = leavingNeeds(ctx, player);
  // The altered states go on on the next map (VB6 keeps its counters through `WarpUserChar`).
  const status = handOverEffects(player.statusEffects, ctx.clock.now());
  removeFromMap(ctx, player, true);
  // After the master is gone: its client is about to draw a new map anyway.
  const pets = petsLeave(ctx, player);
  ctx.view.send(player, ctx.packets.removeDialogs());
  const state = ctx.store.recordOf(player);
  state.position = { map: dest.map, x: dest.x, y: dest.y, heading: state.position.heading };
  const handOver = { needs, status, pets: pets.pets, summonsLost: pets.summonsLost };
  ctx.emit({ t: "transfer", session: player.session, state, dest: { map: dest.map, x: dest.x, y: dest.y }, cameFrom: here, handOver });
}

/** Places a map's NPC where its spawn says (or the nearest free tile); returns false when it cannot. */
export function placeNpc(ctx: MapContext, spawn: NpcDefinition): boolean {
  const { store } = ctx;
  if (!store.isInside(spawn.x, spawn.y)) return false;
  // The NPC's own ground: a sea creature on water, the others on land (npcs.ts).
  const spot = npcSpawnTile(ctx, spawn);
  if (!spot) return false;
  return spawnNpc(ctx, spawn, spot.x, spot.y) !== null;
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

function removeFromMap(ctx: MapContext, player: PlayerEntity, wasWarp: boolean): void {
  stopCountdown(ctx, player);
  stopHomeTravel(ctx, player);
  // A transfer keeps the connection: its client closes the shop window. A logout needs nothing.
  stopTrading(ctx, player, wasWarp);
  endPeerTrade(ctx, player, wasWarp, "left");
  // Logging out lets every pet go (`CloseUser`); a transfer takes the tamed ones along (sendTo).
  if (!wasWarp) dismissPets(ctx, player);
  statusLeavesMap(ctx, player);
  ctx.view.playerDisappeared(player, wasWarp);
  ctx.store.removePlayer(player);
  ctx.stats.players = ctx.store.playerCount;
  playerLeft(ctx);
  npcAiPlayersChanged(ctx);
}

function newPlayer(session: number, record: CharacterRecord, charIndex: number, request: EnterRequest, ctx: MapContext): PlayerEntity {
  const player: PlayerEntity = {
    kind: "player",
    session,
    record,
    pacing: { nextStepAt: 0 },
    quit: null,
    cameFrom: request.cameFrom,
    lastGlobalChatAt: Number.NEGATIVE_INFINITY,
    inventory: inventoryFromRecord(record, ctx.items),
    useTimers: NO_TIMERS,
    cooldowns: {},
    lastDropAt: null,
    targetNpc: null,
    targetUser: null,
    trading: null,
    bank: record.bank !== undefined ? vaultFromRecord(record.bank) : null,
    bankLoading: false,
    banking: null,
    peerTrade: null,
    inCombatUntil: Number.NEGATIVE_INFINITY,
    combatClocks: FRESH_COMBAT_CLOCKS,
    safeMode: record.safeMode ?? safeModeAtLogin(record.factionStatus ?? FactionStatus.citizen),
    needs: arrivingNeeds(ctx, request.handOver?.needs),
    homeTravel: null,
    statusEffects: takeOverEffects(request.handOver?.status, ctx.clock.now()),
    statusTimer: null,
    meditation: null,
    heldWalkToldAt: Number.NEGATIVE_INFINITY,
    selectedSpellSlot: 0,
    spellCastAt: {},
    resurrectionSafe: true,
    pets: [],
    tamingFailedToldAt: Number.NEGATIVE_INFINITY,
    ...hiddenGear(),
    charIndex,
    body: record.body,
    head: record.head,
    heading: record.position.heading,
    x: record.position.x,
    y: record.position.y,
    name: record.name,
    status: record.factionStatus ?? FactionStatus.citizen,
    privileges: PRIVILEGE_USER,
    isNpc: 0,
    npcNumber: 0,
    minHp: record.vitals.hp,
    maxHp: record.vitals.maxHp,
    minMana: record.vitals.mana,
    maxMana: record.vitals.maxMana,
  };
  applyLook(ctx.items, ctx.nakedBodies, player);
  return player;
}

/** Weapon, shield and helmet graphics: none until equipment is shown (items issue). */
function hiddenGear(): Pick<VisibleChar, "weapon" | "shield" | "helmet"> {
  return { weapon: 0, shield: 0, helmet: 0 };
}
