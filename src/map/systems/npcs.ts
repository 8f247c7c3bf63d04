/**
 * NPCs alive on the map: spawning (map data, respawns), the AI loop, becoming hostile when
 * attacked, dying and coming back (combat-and-progression §6). The rules are pure
 * (`game/npc-ai`); this system runs them and applies their decisions through the store and the
 * view.
 *
 * The loop is ONE repeating timer per map on the AI tick (150 ms), running only while the map
 * has players and NPCs that think: a quiet map costs nothing. NPCs are filed in a ring of
 * per-tick buckets by the tick of their next think, so a tick visits only the NPCs due then.
 */
import type { NpcTemplate } from "../../content/index.ts";
import {
  AI_TICK_MS,
  decideNpc,
  findRespawnTile,
  nearestTile,
  newPathMemory,
  nextThinkAt,
  npcAiProfile,
  npcMayStand,
  npcMayBePlaced,
  npcThinks,
  NpcEnterRule,
  NpcMovement,
  PathFinder,
  RESPAWN_RETRY_SECONDS,
  RESPAWN_TICK_MS,
  respawnDelayMs,
  rollRespawnSeconds,
  tickOfDeadline,
  type AiPlayer,
  type NpcAiProfile,
  type NpcDecision,
  type NpcGround,
  type NpcThink,
} from "../../game/npc-ai/index.ts";
import { HEADING_SOUTH, isHeading, stepX, stepY } from "../../game/movement/index.ts";
import { canMove, hasEffect, NO_STATUS_EFFECTS } from "../../game/spells/index.ts";
import type { TimerId, TimerScheduler } from "../../time/index.ts";
import type { NpcEntity, PlayerEntity } from "../entity-store.ts";
import type { MapContext } from "../map-context.ts";
import type { NpcDefinition } from "../map-definition.ts";
import { NpcAiStats } from "../npc-ai-stats.ts";
import { npcTemplate } from "../npc-templates.ts";
import { shopFor } from "./shops.ts";

/**
 * What an NPC's blow does to a player: the map's NPC-on-player melee (hit roll, damage, packets,
 * death). The AI decides only who and when, and calls this.
 */
export type NpcAttackHook = (ctx: MapContext, npc: NpcEntity, player: PlayerEntity) => void;

/** Until combat wires its NPC melee in, a blow lands nowhere. */
export const NPC_ATTACK_NOT_WIRED: NpcAttackHook = () => {};

/**
 * What an NPC's blow does to another NPC (VB6 `NpcAtacaNpc`: a pet on its master's prey, the prey
 * hitting back): the map's NPC-on-NPC melee. The AI decides only who and when, and calls this.
 */
export type NpcOnNpcHook = (ctx: MapContext, attacker: NpcEntity, victim: NpcEntity) => void;

/** Until combat wires it in, a blow on an NPC lands nowhere. */
export const NPC_ON_NPC_NOT_WIRED: NpcOnNpcHook = () => {};

/** Heading an NPC faces when its spawn does not say: south, towards the viewer. */
const DEFAULT_NPC_HEADING = HEADING_SOUTH;
/** Buckets in the think ring: 256 ticks, 38.4 s; longer waits go round and are re-filed. */
const THINK_RING_TICKS = 256;
const NOT_FILED = -1;

const profiles = new WeakMap<NpcTemplate, NpcAiProfile>();

/** One AI profile per npcs.dat entry, shared by every NPC of that kind. */
function profileOf(template: NpcTemplate | null): NpcAiProfile {
  if (template === null) return npcAiProfile(null);
  let profile = profiles.get(template);
  if (profile === undefined) {
    profile = npcAiProfile(template);
    profiles.set(template, profile);
  }
  return profile;
}

/** A player as the AI reads it, refreshed each tick into a reused object. */
interface PooledPlayer {
  ref: PlayerEntity;
  charIndex: number;
  x: number;
  y: number;
  level: number;
  status: number;
  alive: boolean;
  hidden: boolean;
  shielded: boolean;
}

/** A player the AI goes for: alive (VB6 `Muerto = 0`; a ghost has 0 HP in its record). */
function isAlive(player: PlayerEntity): boolean {
  return player.record.vitals.hp > 0;
}

/** One map's NPC AI: the loop, the think ring, the path finder, the pending respawns. */
export class NpcAiLoop {
  private timer: TimerId | null = null;
  /** The map's timers, kept when the loop starts so stopping needs no context. */
  private scheduler: TimerScheduler | null = null;
  private originMs = 0;
  private tick = 0;
  /** NPCs whose AI has a movement type that thinks (the loop runs only if there are some). */
  private thinking = 0;
  private readonly ring: NpcEntity[][] = Array.from({ length: THINK_RING_TICKS }, () => []);
  private spare: NpcEntity[] = [];
  private readonly pool: PooledPlayer[] = [];
  private readonly players: AiPlayer<PlayerEntity>[] = [];
  private ground: NpcGround | null = null;
  private finder: PathFinder | null = null;
  private readonly respawns = new Set<TimerId>();
  private think: (NpcThink<PlayerEntity> & { nowMs: number }) | null = null;

  constructor(
    /** The blow of an NPC on a player (combat's NPC melee). */
    readonly attack: NpcAttackHook = NPC_ATTACK_NOT_WIRED,
    /** Where ticks, their lateness and CPU, thinks and their outcomes are counted (one per worker). */
    readonly stats: NpcAiStats = new NpcAiStats(),
    /** The blow of an NPC on another NPC (combat's NPC-on-NPC melee). */
    readonly attackNpc: NpcOnNpcHook = NPC_ON_NPC_NOT_WIRED,
  ) {}

  /** True while the AI timer runs. */
  get running(): boolean {
    return this.timer !== null;
  }

  /** NPCs with a movement type that thinks (alive on the map), whether or not the loop runs. */
  get thinkingNpcs(): number {
    return this.thinking;
  }

  /** Starts or stops the loop after players or thinking NPCs came or went. */
  sync(ctx: MapContext): void {
    const wanted = ctx.store.playerCount > 0 && this.thinking > 0;
    if (wanted && this.timer === null) this.start(ctx);
    else if (!wanted && this.timer !== null) this.stop();
  }

  /** A new NPC on the map: it thinks from the next tick if the loop runs. */
  adopt(ctx: MapContext, npc: NpcEntity): void {
    if (!npcThinks(npc.ai.movement)) return;
    this.thinking++;
    if (this.timer !== null) this.file(npc, npc.nextThinkAt);
    else this.sync(ctx);
  }

  /** An NPC left the map (killed): it drops out of the ring when its bucket comes. */
  release(ctx: MapContext, npc: NpcEntity): void {
    npc.thinkTick = NOT_FILED;
    if (!npcThinks(npc.ai.movement)) return;
    this.thinking--;
    this.sync(ctx);
  }

  /** The map is going away: no more thinking, no respawn left behind. */
  dispose(ctx: MapContext): void {
    this.stop();
    for (const id of this.respawns) ctx.timers.cancel(id);
    this.respawns.clear();
  }

  /** Queues a respawn `delayMs` from now (0: at once). */
  respawnLater(ctx: MapContext, dead: NpcEntity, delayMs: number): void {
    if (delayMs <= 0) {
      respawn(ctx, dead);
      return;
    }
    const id = ctx.timers.after(delayMs, onRespawnTimer, { ctx, dead });
    this.respawns.add(id);
  }

  /** A respawn timer fired: it is no longer pending. */
  respawnFired(id: TimerId): void {
    this.respawns.delete(id);
  }

  /** The map's ground as the AI reads it (built on first use). */
  groundOf(ctx: MapContext): NpcGround {
    if (this.ground === null) {
      const { width, height } = ctx.terrain;
      const exits = new Uint8Array(width * height);
      for (const exit of ctx.definition.exits) {
        if (exit.x >= 1 && exit.y >= 1 && exit.x <= width && exit.y <= height) exits[(exit.y - 1) * width + (exit.x - 1)] = 1;
      }
      const store = ctx.store;
      this.ground = {
        width,
        height,
        collision: ctx.terrain.collision,
        triggers: ctx.terrain.triggers,
        isExit: (index) => exits[index] === 1,
        occupantOf: (index) => store.occupantOf(index),
      };
    }
    return this.ground;
  }

  /** One AI tick at `nowMs`: every NPC filed under this tick thinks once. */
  runTick(ctx: MapContext, nowMs: number): void {
    this.tick++;
    const tick = this.tick;
    const slot = tick % THINK_RING_TICKS;
    const due = this.ring[slot]!;
    if (due.length === 0) return;
    this.ring[slot] = this.spare;
    this.refreshPlayers(ctx);
    const think = this.thinkAt(ctx, nowMs);
    const finder = think.finder;
    const searchesBefore = finder.searchesTotal;
    const expansionsBefore = finder.expansionsTotal;
    let thinks = 0;
    for (const npc of due) {
      if (this.timer === null) break; // the loop stopped under us (the last player left)
      if (!npc.alive) continue;
      if (npc.thinkTick !== tick) {
        // Filed for a later lap of the ring: keep it in this bucket.
        if (npc.thinkTick > tick && npc.thinkTick % THINK_RING_TICKS === slot) this.ring[slot]!.push(npc);
        continue;
      }
      npc.thinkTick = NOT_FILED;
      npc.nextThinkAt = nextThinkAt(nowMs, npc.ai.moveIntervalMs);
      // A paralysed NPC neither steps, turns nor strikes (VB6 `CanMove`, `CanAttack`): it skips its think.
      if (!hasEffect(npc.statusEffects, "paralyzed", nowMs)) {
        thinks++;
        this.apply(ctx, npc, decideNpc(npc, think));
      }
      if (npc.alive && npc.thinkTick === NOT_FILED && this.timer !== null) this.file(npc, npc.nextThinkAt);
    }
    due.length = 0;
    this.spare = due;
    const counts = this.stats.current;
    counts.thinks += thinks;
    counts.pathSearches += finder.searchesTotal - searchesBefore;
    counts.pathExpansions += finder.expansionsTotal - expansionsBefore;
  }

  private start(ctx: MapContext): void {
    this.originMs = ctx.clock.now();
    this.tick = 0;
    for (const npc of ctx.store.npcs()) if (npc.alive && npcThinks(npc.ai.movement)) this.file(npc, npc.nextThinkAt);
    this.scheduler = ctx.timers;
    this.timer = ctx.timers.every(this.originMs + AI_TICK_MS, onAiTick, ctx, aiTickInterval);
  }

  private stop(): void {
    if (this.timer === null) return;
    this.scheduler?.cancel(this.timer);
    this.timer = null;
    for (const bucket of this.ring) {
      for (const npc of bucket) npc.thinkTick = NOT_FILED;
      bucket.length = 0;
    }
  }

  /** Files an NPC under the first tick at or after `deadlineMs` (never the current one). */
  private file(npc: NpcEntity, deadlineMs: number): void {
    const tick = Math.max(this.tick + 1, tickOfDeadline(deadlineMs, this.originMs));
    npc.thinkTick = tick;
    this.ring[tick % THINK_RING_TICKS]!.push(npc);
  }

  private thinkAt(ctx: MapContext, nowMs: number): NpcThink<PlayerEntity> & { nowMs: number } {
    if (this.think === null) {
      const ground = this.groundOf(ctx);
      this.finder ??= new PathFinder(ground.width, ground.height);
      this.think = { nowMs, random: ctx.random, players: this.players, ground, finder: this.finder, enter: new NpcEnterRule(ground) };
    }
    this.think.nowMs = nowMs;
    return this.think;
  }

  private refreshPlayers(ctx: MapContext): void {
    const { pool, players } = this;
    players.length = 0;
    for (const player of ctx.store.players()) {
      let entry = pool[players.length];
      if (entry === undefined) {
        entry = { ref: player, charIndex: 0, x: 0, y: 0, level: 0, status: 0, alive: false, hidden: false, shielded: false };
        pool.push(entry);
      }
      readPlayer(entry, player);
      players.push(entry);
    }
  }

  private apply(ctx: MapContext, npc: NpcEntity, decision: NpcDecision<PlayerEntity>): void {
    switch (decision.kind) {
      case "idle":
        return;
      case "step": {
        // An immobilised NPC still turns and strikes, but does not step (VB6 `CanMove`).
        if (!canMove(npc.statusEffects, this.think!.nowMs)) return;
        this.stats.current.steps++;
        const oldX = npc.x;
        const oldY = npc.y;
        npc.heading = decision.heading;
        ctx.store.move(npc, oldX + stepX(decision.heading), oldY + stepY(decision.heading));
        ctx.view.npcMoved(npc, oldX, oldY);
        return;
      }
      case "face":
        this.stats.current.faces++;
        npc.heading = decision.heading;
        ctx.view.npcChanged(npc);
        return;
      case "attack": {
        this.stats.current.attacks++;
        if (npc.heading !== decision.heading) {
          npc.heading = decision.heading;
          ctx.view.npcChanged(npc);
        }
        const player = decision.target;
        this.attack(ctx, npc, player);
        // The blow may have killed or moved the player: the NPCs after this one must see it.
        const entry = this.players.find((candidate) => candidate.ref === player) as PooledPlayer | undefined;
        if (entry !== undefined) {
          if (ctx.store.player(player.session) === player) readPlayer(entry, player);
          else entry.alive = false;
        }
        return;
      }
      case "attackNpc": {
        const victim = npc.targetNpc;
        if (victim === null || !victim.alive) return;
        this.stats.current.attacks++;
        if (npc.heading !== decision.heading) {
          npc.heading = decision.heading;
          ctx.view.npcChanged(npc);
        }
        this.attackNpc(ctx, npc, victim);
        // A pet's kill may have levelled its master up: the NPCs after this one read the new level.
        const master = npc.master;
        const entry = master === null ? undefined : (this.players.find((candidate) => candidate.ref === master) as PooledPlayer | undefined);
        if (entry !== undefined && master !== null && ctx.store.player(master.session) === master) readPlayer(entry, master);
        return;
      }
    }
  }
}

function readPlayer(entry: PooledPlayer, player: PlayerEntity): void {
  entry.ref = player;
  entry.charIndex = player.charIndex;
  entry.x = player.x;
  entry.y = player.y;
  entry.level = player.record.level;
  entry.status = player.status;
  entry.alive = isAlive(player);
  // An invisible player is seen only from the next tile (systems/status.ts keeps the state);
  // hiding, arrival immunity and GM status do not exist on the map yet.
  entry.hidden = player.statusEffects.invisible !== undefined;
  entry.shielded = false;
}

/** One AI tick of a map, timed: how late it ran against its planned time, and what it cost. */
function onAiTick(plannedMs: number, ctx: MapContext): void {
  const loop = ctx.npcAi;
  const stats = loop.stats;
  const latenessMs = ctx.clock.now() - plannedMs;
  const started = stats.cpuClock();
  try {
    loop.runTick(ctx, plannedMs);
  } finally {
    stats.recordTick(latenessMs, stats.cpuClock() - started);
  }
}

function aiTickInterval(): number {
  return AI_TICK_MS;
}

function onRespawnTimer(_plannedMs: number, arg: { ctx: MapContext; dead: NpcEntity }, id: TimerId): void {
  arg.ctx.npcAi.respawnFired(id);
  respawn(arg.ctx, arg.dead);
}

// ------------------------------------------------------------------ spawning

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

/** Players came or went: the AI loop runs only while there are some. */
export function npcAiPlayersChanged(ctx: MapContext): void {
  ctx.npcAi.sync(ctx);
}

// ------------------------------------------------------------------ what combat calls

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
 * A player attacked the NPC (VB6 `NPCAtacado`): it turns hostile, goes for the attacker and
 * remembers it as its aggressor. Static NPCs (`Movement=1`) ignore it. A formerly passive NPC
 * then chases only that player and calms down when it loses sight of them (game/npc-ai).
 */
export function npcAttacked(ctx: MapContext, npc: NpcEntity, attacker: PlayerEntity): void {
  if (!npc.alive || npc.movement === NpcMovement.static) return;
  npc.target = attacker;
  npc.hostile = true;
  npc.attackedBy = attacker;
  npc.attackedAt = ctx.clock.now();
}

/**
 * The NPC dies (VB6 `MuereNpc`, the part that is not rewards): viewers fade it out, it leaves the
 * store, and unless `ReSpawn=1` the same map-data entry comes back after its rolled delay (at
 * once when 0). Experience, gold and drops are combat's, before this call. A second call for the
 * same NPC does nothing.
 */
export function killNpc(ctx: MapContext, npc: NpcEntity, killer: PlayerEntity | null): void {
  if (!npc.alive || ctx.store.npc(npc.charIndex) !== npc) return;
  npc.alive = false;
  ctx.view.npcDisappeared(npc);
  ctx.store.removeNpc(npc);
  ctx.stats.npcs = ctx.store.npcCount;
  npc.target = null;
  npc.attackedBy = null;
  if (killer !== null && killer.targetNpc === npc) killer.targetNpc = null;
  ctx.npcAi.release(ctx, npc);
  // Its altered states die with it (systems/status.ts): no expiry timer left behind.
  if (npc.statusTimer !== null) ctx.timers.cancel(npc.statusTimer.id);
  npc.statusTimer = null;
  // A pet leaves its master's list and a summon's lifetime timer goes (systems/pets.ts); `master` stays, so the killer's rewards know it was one.
  if (npc.lifetime !== null) ctx.timers.cancel(npc.lifetime.timer);
  if (npc.master !== null) npc.master.pets = npc.master.pets.filter((pet) => pet !== npc);
  if (npc.ai.respawns) ctx.npcAi.respawnLater(ctx, npc, respawnDelayMs(npc.respawnSeconds));
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
 * Brings a dead NPC's entry back (VB6 `CrearNPC`): on its original tile with `OrigPos` (the
 * nearest free one if taken), else on a random legal tile nobody sees; no room: again in 5 s.
 */
function respawn(ctx: MapContext, dead: NpcEntity): void {
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
