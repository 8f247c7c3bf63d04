/**
 * One map's NPC AI loop (combat-and-progression §6): ONE repeating timer per map on the AI tick
 * (150 ms), running only while the map has players and NPCs that think, so a quiet map costs
 * nothing. NPCs are filed in a ring of per-tick buckets by the tick of their next think, so a
 * tick visits only the NPCs due then. The decisions are pure (`game/npc-ai`); the loop applies
 * them through the store and the view, and calls the combat system's blows for the attacks.
 */
import {
  AI_TICK_MS,
  decideNpc,
  nextThinkAt,
  npcThinks,
  NpcEnterRule,
  PathFinder,
  tickOfDeadline,
  type AiPlayer,
  type NpcDecision,
  type NpcGround,
  type NpcThink,
} from "../../game/npc-ai/index.ts";
import { stepX, stepY } from "../../game/movement/index.ts";
import { canMove, hasEffect } from "../../game/spells/index.ts";
import { standingOf } from "../../game/staff/index.ts";
import type { TimerId, TimerScheduler } from "../../time/index.ts";
import type { NpcEntity, PlayerEntity } from "../entity-store.ts";
import type { MapContext, NpcAi, NpcAttackHook, NpcOnNpcHook } from "../map-context.ts";
import { NpcAiStats } from "../npc-ai-stats.ts";
import { NOT_FILED, respawn } from "./npcs.ts";
import { isAlive } from "./vitals.ts";

/** Until the combat system's NPC melee is wired in, a blow lands nowhere. */
export const NPC_ATTACK_NOT_WIRED: NpcAttackHook = () => {};
/** Until the combat system's NPC-on-NPC blow is wired in, a blow on an NPC lands nowhere. */
export const NPC_ON_NPC_NOT_WIRED: NpcOnNpcHook = () => {};

/** Buckets in the think ring: 256 ticks, 38.4 s; longer waits go round and are re-filed. */
const THINK_RING_TICKS = 256;

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

/** One map's NPC AI: the loop, the think ring, the path finder, the pending respawns. */
export class NpcAiLoop implements NpcAi {
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
    const id = ctx.timers.after(delayMs, onRespawnTimer, { ctx, dead, loop: this });
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
      // The terrain's own grid: an exit a GM makes or removes (`/CT`, `/DT`) counts at once.
      const exits = ctx.terrain.exitTiles;
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
  // An invisible player is seen only from the next tile (kernel/status.ts keeps the state);
  // hiding and arrival immunity do not exist on the map yet. Staff are left alone unless they
  // asked to be chased (VB6 `EsGM And Not AdminPerseguible`), and so is a player in a consultation
  // with a GM (`EnConsulta`, `/CONSULTA`).
  entry.hidden = player.statusEffects.invisible !== undefined || player.hidden !== undefined;
  entry.shielded = (standingOf(player.privileges).rank !== null && !player.chasedByNpcs) || player.inConsultation === true;
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

function onRespawnTimer(_plannedMs: number, arg: { ctx: MapContext; dead: NpcEntity; loop: NpcAiLoop }, id: TimerId): void {
  arg.loop.respawnFired(id);
  respawn(arg.ctx, arg.dead);
}
