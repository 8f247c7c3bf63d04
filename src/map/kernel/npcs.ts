/**
 * NPCs alive on the map (combat-and-progression §6): spawning (map data, respawns, pets), becoming
 * hostile when attacked, dying and coming back. The rules are pure (`game/npc-ai`); the AI loop
 * that runs their decisions is kernel/npc-ai-loop.ts, and the blows themselves are the combat
 * system's (`npcBlows` in its manifest).
 */
import type { NpcTemplate } from "../../content/index.ts";
import { openShopStock, type ShopTemplate } from "../../game/commerce/index.ts";
import {
  findRespawnTile,
  nearestTile,
  newPathMemory,
  npcAiProfile,
  npcMayStand,
  npcMayBePlaced,
  NpcMovement,
  RESPAWN_RETRY_SECONDS,
  RESPAWN_TICK_MS,
  respawnDelayMs,
  rollRespawnSeconds,
  type NpcAiProfile,
} from "../../game/npc-ai/index.ts";
import { HEADING_SOUTH, isHeading } from "../../game/movement/index.ts";
import { NO_STATUS_EFFECTS } from "../../game/spells/index.ts";
import type { NpcEntity, NpcShop, PlayerEntity } from "../entity-store.ts";
import type { MapContext } from "../map-context.ts";
import type { NpcDefinition } from "../map-definition.ts";
import { npcTemplate } from "../npc-templates.ts";

/** Heading an NPC faces when its spawn does not say: south, towards the viewer. */
const DEFAULT_NPC_HEADING = HEADING_SOUTH;
/** `NpcEntity.thinkTick` of an NPC the AI loop has not filed. */
export const NOT_FILED = -1;

const profiles = new WeakMap<NpcTemplate, NpcAiProfile>();

/** One AI profile per npcs.dat entry, shared by every NPC of that kind. */
export function profileOf(template: NpcTemplate | null): NpcAiProfile {
  if (template === null) return npcAiProfile(null);
  let profile = profiles.get(template);
  if (profile === undefined) {
    profile = npcAiProfile(template);
    profiles.set(template, profile);
  }
  return profile;
}

// ------------------------------------------------------------------ spawning

/** The shop of an NPC whose template trades (`Comercia=1`), with its stock from `npcs.dat`. */
export function shopFor(template: NpcTemplate | null): NpcShop | null {
  if (template === null || !template.trades) return null;
  const shopTemplate: ShopTemplate = {
    lines: template.inventory.map((line) => ({ objectId: line.objIndex, amount: line.amount })),
    buysType: template.tradeItemType,
    noRestock: template.inventoryRespawn,
  };
  return { template: shopTemplate, stock: openShopStock(shopTemplate) };
}

/**
 * Puts a new NPC of map-data entry `spawn` on tile (x, y) (free: the caller checked), with its
 * npcs.dat HP (it appears with `MinHP`), experience to give, AI state and respawn delay; viewers
 * draw it; the AI adopts it. `origin` is the tile it wanders around (default: where it appears).
 * Null when the map has no char index left. `aiOf` adjusts the AI profile of this one NPC (a
 * pet follows its master and never respawns: systems/pets.ts); `serving` makes it a player's pet
 * before anyone sees it (its master's client draws it as its own), with `hp` instead of its
 * npcs.dat HP (a pet following its master from another map).
 */
export function spawnNpc(
  ctx: MapContext,
  spawn: NpcDefinition,
  x: number,
  y: number,
  origin: { x: number; y: number } = { x, y },
  aiOf?: (loaded: NpcAiProfile) => NpcAiProfile,
  serving?: { readonly master: PlayerEntity; readonly hp?: number | undefined },
): NpcEntity | null {
  const { store } = ctx;
  const charIndex = store.allocateCharIndex();
  if (charIndex === 0) return null;
  // The NPC keeps its npcs.dat entry; a trader gets its own stock (one per NPC on this map).
  const template = npcTemplate(ctx.tables, spawn.npc);
  const ai = aiOf === undefined ? profileOf(template) : aiOf(profileOf(template));
  const loadedHp = template?.minHp ?? 0;
  // A few 2024 entries say MaxHP 0 below their MinHP: the bar needs a maximum.
  const maxHp = Math.max(template?.maxHp ?? 0, loadedHp);
  const carried = serving?.hp;
  const hp = carried !== undefined && Number.isFinite(carried) && carried > 0 ? Math.min(maxHp, Math.trunc(carried)) : loadedHp;
  const npc: NpcEntity = {
    kind: "npc",
    template,
    shop: shopFor(template),
    ai,
    spawn,
    origX: origin.x,
    origY: origin.y,
    alive: true,
    expLeft: template?.giveExp ?? 0,
    respawnSeconds: template !== null ? rollRespawnSeconds(ai, ctx.random) : 0,
    hostile: ai.hostile,
    movement: ai.movement,
    target: null,
    targetNpc: null,
    attackedBy: null,
    attackedAt: Number.NEGATIVE_INFINITY,
    nextThinkAt: Number.NEGATIVE_INFINITY,
    nextAttackAt: Number.NEGATIVE_INFINITY,
    path: newPathMemory(ai.pathRange),
    thinkTick: NOT_FILED,
    statusEffects: NO_STATUS_EFFECTS,
    statusTimer: null,
    master: serving?.master ?? null,
    lifetime: null,
    weapon: 0,
    shield: 0,
    helmet: 0,
    charIndex,
    body: spawn.body,
    head: spawn.head,
    heading: isHeading(spawn.heading) ? spawn.heading : DEFAULT_NPC_HEADING,
    x,
    y,
    name: spawn.name,
    status: 0,
    privileges: 0,
    isNpc: 1,
    npcNumber: spawn.npc,
    minHp: hp,
    maxHp,
    minMana: 0,
    maxMana: 0,
  };
  store.addNpc(npc);
  ctx.view.npcAppeared(npc);
  ctx.stats.npcs = store.npcCount;
  ctx.npcAi.adopt(ctx, npc);
  return npc;
}

// ------------------------------------------------------------------ attacked, forgotten, killed

/**
 * Every NPC of the map forgets `player` as target and aggressor (VB6 `UserDie` and leaving a
 * map clear those references); formerly passive NPCs then calm down on their next think.
 */
export function npcsForgetPlayer(ctx: MapContext, player: PlayerEntity): void {
  for (const npc of ctx.store.npcs()) {
    if (npc.target === player) npc.target = null;
    if (npc.attackedBy === player) npc.attackedBy = null;
  }
}

/**
 * A player attacked the NPC (VB6 `NPCAtacado`): the systems hear of it (the attacker's pets go
 * for it), then it turns hostile, goes for the attacker and remembers it as its aggressor. Static NPCs (`Movement=1`) ignore it. A formerly passive NPC
 * then chases only that player and calms down when it loses sight of them (game/npc-ai).
 */
export function npcAttacked(ctx: MapContext, npc: NpcEntity, attacker: PlayerEntity): void {
  // `AllMascotasAtacanNPC` and whoever else reacts (the `npcAttacked` hook), before it turns.
  ctx.hooks.npcAttacked(ctx, npc, attacker);
  if (!npc.alive || npc.movement === NpcMovement.static) return;
  npc.target = attacker;
  npc.hostile = true;
  npc.attackedBy = attacker;
  npc.attackedAt = ctx.clock.now();
}

/**
 * Whether a dead NPC comes back: `by_rules` as its npcs.dat says (`ReSpawn`, after the rolled
 * delay); `never` (VB6 `QuitarNPC`: a GM's `/MATA`, `/MASSKILL`); `at_once` when npcs.dat says it
 * comes back, without the delay (a GM's `/RMATA`: `QuitarNPC` then `ReSpawnNpc`).
 */
export type NpcComeback = "by_rules" | "never" | "at_once";

/**
 * The NPC dies (VB6 `MuereNpc`, the part that is not rewards): viewers fade it out, it leaves the
 * store, and unless `ReSpawn=1` the same map-data entry comes back after its rolled delay (at
 * once when 0); `comeback` overrides that for a GM's removal. Experience, gold and drops are
 * combat's, before this call. A second call for the same NPC does nothing.
 */
export function killNpc(ctx: MapContext, npc: NpcEntity, killer: PlayerEntity | null, comeback: NpcComeback = "by_rules"): void {
  if (!npc.alive || ctx.store.npc(npc.charIndex) !== npc) return;
  npc.alive = false;
  ctx.view.npcDisappeared(npc);
  ctx.store.removeNpc(npc);
  ctx.stats.npcs = ctx.store.npcCount;
  npc.target = null;
  npc.attackedBy = null;
  if (killer !== null && killer.targetNpc === npc) killer.targetNpc = null;
  ctx.npcAi.release(ctx, npc);
  // Its altered states die with it (kernel/status.ts): no expiry timer left behind.
  if (npc.statusTimer !== null) ctx.timers.cancel(npc.statusTimer.id);
  npc.statusTimer = null;
  // A pet leaves its master's list and a summon's lifetime timer goes (systems/pets.ts); `master` stays, so the killer's rewards know it was one.
  if (npc.lifetime !== null) ctx.timers.cancel(npc.lifetime.timer);
  if (npc.master !== null) {
    npc.master.pets = npc.master.pets.filter((pet) => pet !== npc);
    // A tamed pet that dies is no longer owned (VB6 `QuitarMascota`); one taken away on purpose (logout, a map change, the Druid's storing) keeps its place: systems/pets.ts puts it back.
    if (npc.lifetime === null) forgetTamedPet(npc.master, npc.npcNumber);
  }
  if (comeback === "never" || !npc.ai.respawns) return;
  ctx.npcAi.respawnLater(ctx, npc, comeback === "at_once" ? 0 : respawnDelayMs(npc.respawnSeconds));
}

/** `npcNumber` leaves the master's kept tamed pets (the first of that number). */
function forgetTamedPet(master: PlayerEntity, npcNumber: number): void {
  const kept = master.record.tamedPets;
  if (kept === undefined) return;
  const at = kept.indexOf(npcNumber);
  if (at < 0) return;
  const rest = kept.filter((_, index) => index !== at);
  if (rest.length > 0) master.record.tamedPets = rest;
  else delete master.record.tamedPets;
}

/** Places a map's NPC where its spawn says (or the nearest tile its own feet may stand on); false when it cannot. */
export function placeNpc(ctx: MapContext, spawn: NpcDefinition): boolean {
  if (!ctx.store.isInside(spawn.x, spawn.y)) return false;
  // The NPC's own ground: a sea creature on water, the others on land.
  const spot = npcSpawnTile(ctx, spawn);
  if (!spot) return false;
  return spawnNpc(ctx, spawn, spot.x, spot.y) !== null;
}

/**
 * Where a map-data NPC first appears: its tile, or the nearest one its own feet may stand on
 * (`npcMayBePlaced`: sea creatures on water, others on land, no wall, no exit, nobody there);
 * null when the map has none.
 */
export function npcSpawnTile(ctx: MapContext, spawn: NpcDefinition): { x: number; y: number } | null {
  const ground = ctx.npcAi.groundOf(ctx);
  const { width, height } = ground;
  const feet = profileOf(npcTemplate(ctx.tables, spawn.npc));
  const legal = (x: number, y: number): boolean => npcMayBePlaced(ground, (y - 1) * width + (x - 1), feet);
  return nearestTile(width, height, spawn.x, spawn.y, Math.max(width, height), legal);
}

/**
 * Moves a living NPC of this map to the tile nearest (x, y) its own feet may stand on (VB6
 * `WarpNpcChar`, staff's `/SUM` of a clicked creature); its viewers see it go, the new ones draw
 * it. False when there is no such tile (it stays).
 */
export function warpNpc(ctx: MapContext, npc: NpcEntity, x: number, y: number): boolean {
  const ground = ctx.npcAi.groundOf(ctx);
  const { width, height } = ground;
  const feet = profileOf(npc.template);
  const legal = (tx: number, ty: number): boolean => (tx === npc.x && ty === npc.y) || npcMayBePlaced(ground, (ty - 1) * width + (tx - 1), feet);
  const spot = nearestTile(width, height, Math.min(Math.max(x, 1), width), Math.min(Math.max(y, 1), height), Math.max(width, height), legal);
  if (spot === null) return false;
  const oldX = npc.x;
  const oldY = npc.y;
  if (spot.x === oldX && spot.y === oldY) return true;
  ctx.store.move(npc, spot.x, spot.y);
  ctx.view.npcMoved(npc, oldX, oldY);
  return true;
}

/**
 * Brings a dead NPC's entry back (VB6 `CrearNPC`): on its original tile with `OrigPos` (the
 * nearest free one if taken), else on a random legal tile nobody sees; no room: again in 5 s.
 */
export function respawn(ctx: MapContext, dead: NpcEntity): void {
  const ground = ctx.npcAi.groundOf(ctx);
  const { width, height } = ground;
  const feet = dead.ai;
  const legal = (x: number, y: number): boolean => npcMayStand(ground, (y - 1) * width + (x - 1), feet);
  const tile = dead.ai.respawnAtOrigin
    ? nearestTile(width, height, dead.origX, dead.origY, Math.max(width, height), legal)
    : findRespawnTile(width, height, ctx.random, legal, (x, y) => !ctx.view.isSeen(x, y));
  if (tile === null) {
    ctx.npcAi.respawnLater(ctx, dead, RESPAWN_RETRY_SECONDS * RESPAWN_TICK_MS);
    return;
  }
  const origin = dead.ai.respawnAtOrigin ? { x: dead.origX, y: dead.origY } : tile;
  if (spawnNpc(ctx, dead.spawn, tile.x, tile.y, origin) === null) ctx.npcAi.respawnLater(ctx, dead, RESPAWN_RETRY_SECONDS * RESPAWN_TICK_MS);
}
