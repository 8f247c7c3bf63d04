/**
 * Trainers (`e_NPCType.Entrenador`, npcs.dat `NpcType=3`): NPCs that bring practice creatures to
 * fight (VB6 `HandleTrainList`, `HandleTrain` in `Codigo/Protocol.bas`, `WriteTrainerCreatureList`;
 * the creatures are the trainer's `NroCriaturas` and `CI<n>` / `CN<n>` lines, content/dat/npcs.ts
 * `trainerCreatures`).
 *
 * - `/ENTRENAR` (`TrainList`), on the NPC last clicked: a ghost hears 77; nothing targeted, 757;
 *   farther than 10 tiles (Manhattan), 8; an NPC that is no trainer, nothing. Otherwise the stock
 *   client's train window opens: `TrainerCreatureList`, the `CN<n>` names joined with NUL.
 * - `Train(creature)` (the window's choice, 1-based): a targeted trainer with fewer than seven of
 *   its creatures alive (`MAXMASCOTASENTRENADOR`) summons creature `CI<creature>` on the free
 *   tile nearest itself (`SpawnNpc(…, FX = True, Respawn = False)`: the warp sound 3 and the
 *   `ModernGmWarp` FX 30 for the area); a number outside the list, nothing. At the limit the
 *   trainer says 2082 over its head (its words say five; VB6's limit is seven: reproduced).
 *   A creature is an ordinary one of its kind (its AI, its rewards when killed) that never
 *   respawns; each one that dies or is removed frees its place (`QuitarMascotaNpc`).
 *
 * Quirk TRAIN-CHECKS (fixed): VB6 `HandleTrain` checks only that a trainer is targeted, so a
 * ghost, or a player who walked away with the window open, still summons. Here `Train` asks what
 * `/ENTRENAR` asks (alive: 77; within 10 tiles: 8) before it summons: the stock client sends
 * `Train` only from the window `TrainList` opened, so a player who stayed sees no difference.
 */
import { NpcType } from "../../content/index.ts";
import { HEADING_SOUTH } from "../../game/movement/index.ts";
import { MESSAGES, LocaleId } from "../../game/messages/index.ts";
import { nearestTile, npcMayStand } from "../../game/npc-ai/index.ts";
import type { ClientPacketFields } from "../../protocol/index.ts";
import { COLOUR_WHITE, isDead, manhattan, npcTemplate, spawnNpc, targetNpcOf, type MapContext, type MapSystem, type NpcEntity, type PlayerEntity } from "../kernel/index.ts";

/** `/ENTRENAR` and `Train` reach the trainer this far (VB6 `Distancia(...) > 10`). */
export const TRAINER_RANGE = 10;
/** `MAXMASCOTASENTRENADOR`: creatures of one trainer alive at once. */
export const MAX_TRAINER_CREATURES = 7;
/** `SND_WARP` and `e_GraphicEffects.ModernGmWarp`: what `SpawnNpc` shows of a creature that appears. */
export const SPAWN_SOUND = 3;
export const SPAWN_FX = 30;
/** How far from the trainer a creature may appear (VB6 `ClosestLegalPos` looks this many rings). */
const SPAWN_SEARCH_RADIUS = 12;

/** Each trainer's creatures (VB6 `Mascotas` counts them; a creature that died is no longer `alive`). */
const creaturesOf = new WeakMap<NpcEntity, NpcEntity[]>();

/** The trainer's creatures alive now. */
export function trainerCreatures(trainer: NpcEntity): readonly NpcEntity[] {
  const alive = (creaturesOf.get(trainer) ?? []).filter((creature) => creature.alive);
  creaturesOf.set(trainer, alive);
  return alive;
}

/**
 * The checks `/ENTRENAR` makes (and, TRAIN-CHECKS, `Train`): alive (77), an NPC targeted (757),
 * within reach (8), a trainer (silent). The trainer, or null when refused.
 */
function targetedTrainer(ctx: MapContext, player: PlayerEntity): NpcEntity | null {
  if (isDead(player)) {
    ctx.tell(player, MESSAGES.item("dead"));
    return null;
  }
  const npc = targetNpcOf(ctx, player);
  if (npc === null || !npc.alive) {
    ctx.tell(player, MESSAGES.selectNpcFirst());
    return null;
  }
  if (manhattan(npc, player) > TRAINER_RANGE) {
    ctx.tell(player, MESSAGES.tooFar());
    return null;
  }
  return npc.template?.npcType === NpcType.Trainer ? npc : null;
}

/** `/ENTRENAR` (`TrainList`): the train window with the trainer's creatures. */
export function trainList(ctx: MapContext, player: PlayerEntity): void {
  const trainer = targetedTrainer(ctx, player);
  if (trainer === null) return;
  const names = (trainer.template?.trainerCreatures ?? []).map((creature) => creature.name);
  ctx.view.send(player, ctx.packets.trainerCreatureList(names));
}

/** `Train(creature)`: the trainer summons its creature number `creature` (1-based), up to seven at once. */
export function train(ctx: MapContext, player: PlayerEntity, fields: ClientPacketFields<"Train">): void {
  const trainer = targetedTrainer(ctx, player);
  if (trainer === null) return;
  if (trainerCreatures(trainer).length >= MAX_TRAINER_CREATURES) {
    ctx.view.around(player.x, player.y, ctx.packets.localeChatOverHead(LocaleId.TrainerCreatureLimit, "", trainer.charIndex, COLOUR_WHITE, trainer.x, trainer.y));
    return;
  }
  const list = trainer.template?.trainerCreatures ?? [];
  const chosen = list[fields.creature - 1];
  if (fields.creature < 1 || chosen === undefined) return;
  const creature = summonCreature(ctx, trainer, chosen.npcIndex);
  if (creature === null) return;
  creaturesOf.set(trainer, [...trainerCreatures(trainer), creature]);
}

/** `SpawnNpc(CI<n>, trainer's tile, FX = True, Respawn = False)`: null when the NPC is unknown or there is no room. */
function summonCreature(ctx: MapContext, trainer: NpcEntity, npcNumber: number): NpcEntity | null {
  const template = npcTemplate(ctx.tables, npcNumber);
  if (template === null) return null;
  const ground = ctx.npcAi.groundOf(ctx);
  const feet = { waterAllowed: template.waterAllowed, landForbidden: template.landForbidden };
  const tile = nearestTile(ground.width, ground.height, trainer.x, trainer.y, SPAWN_SEARCH_RADIUS, (x, y) => npcMayStand(ground, (y - 1) * ground.width + (x - 1), feet));
  if (tile === null) return null;
  const spawn = { npc: npcNumber, name: template.name, body: template.body, head: template.head, heading: template.heading || HEADING_SOUTH, x: tile.x, y: tile.y };
  const creature = spawnNpc(ctx, spawn, tile.x, tile.y, tile, (loaded) => ({ ...loaded, respawns: false }));
  if (creature === null) return null;
  ctx.view.around(creature.x, creature.y, ctx.packets.playWave(SPAWN_SOUND, creature.x, creature.y));
  ctx.view.around(creature.x, creature.y, ctx.packets.createFx(creature.charIndex, SPAWN_FX, 0));
  return creature;
}

export const trainers: MapSystem = {
  name: "trainers",
  packets: { TrainList: trainList, Train: train },
};
