/**
 * Creatures that serve a player on a map (combat-and-progression §5.4, §6.8): the summoned
 * creatures of `HechizoInvocacion` (VB6 `Codigo/modHechizos.bas`), their lifetime
 * (`TiempoInvocacion`, `Codigo/General.bas`) and what becomes of them when their master fights,
 * dies or leaves the map.
 *
 * A summoned creature is an ordinary NPC of the map (`spawnNpc`) with a master (`NpcEntity.master`,
 * VB6 `MaestroUser`), a lifetime timer (`NpcEntity.lifetime`, 60 s) and its own AI profile: it
 * follows its master (`SigueAmo`, game/npc-ai), never wanders off, is never hostile on its own and
 * never respawns. It gives no gold, drops and experience when killed (systems/combat.ts), and a
 * citizen's spells do not hurt its own pets (systems/spells.ts; melee does not check it yet).
 *
 * What VB6 does and this server does not yet: pets fight NPCs (the master's target, NPCs that
 * attack the master: `AllMascotasAtacanNPC`, NPC-on-NPC combat), tamed pets, stored pets and the
 * `Invoca=2` spell, the master's view of its pets as "its own" (`CharacterCreate` isNpc 2),
 * `AdjustNpcStatWithCasterLevel`.
 */
import { NpcMovement, nearestTile, npcMayStand, type NpcAiProfile } from "../../game/npc-ai/index.ts";
import type { PetSlot, SummonPlan } from "../../game/spells/index.ts";
import { HEADING_SOUTH } from "../../game/movement/index.ts";
import type { NpcEntity, PlayerEntity } from "../entity-store.ts";
import type { MapContext } from "../map-context.ts";
import { npcTemplate } from "../npc-templates.ts";
import { killNpc, spawnNpc } from "./npcs.ts";

/** How far from the clicked tile a summoned creature may appear (VB6 `ClosestLegalPos` looks this many rings). */
export const SUMMON_SEARCH_RADIUS = 12;

/** The player's pet slots as the summon rules read them (`MascotasIndex` with each summon's time left). */
export function petSlots(ctx: MapContext, player: PlayerEntity): PetSlot[] {
  const now = ctx.clock.now();
  return player.pets.map((pet): PetSlot => {
    if (pet.lifetime === null) return { kind: "tamed", npc: pet.npcNumber };
    return { kind: "summoned", npc: pet.npcNumber, remainingMs: Math.max(0, pet.lifetime.endsAt - now) };
  });
}

/**
 * `HechizoInvocacion` (`Invoca=1`) once the spell is accepted: the summons in `plan.dismiss`
 * (1-based, in `petSlots` order) go away, then `plan.spawn` creatures of `npcNumber` appear on the
 * free tiles nearest (x, y), each serving `player` for `lifetimeMs`. Returns how many appeared
 * (fewer when the map has no room: VB6 then ends the cast unpaid).
 */
export function summonCreatures(ctx: MapContext, player: PlayerEntity, npcNumber: number, plan: SummonPlan, lifetimeMs: number, x: number, y: number): number {
  const dismissed = plan.dismiss.map((slot) => player.pets[slot - 1]).filter((pet): pet is NpcEntity => pet !== undefined);
  for (const pet of dismissed) killNpc(ctx, pet, null);
  const template = npcTemplate(ctx.tables, npcNumber);
  if (template === null) return 0;
  const spawn = { npc: npcNumber, name: template.name, body: template.body, head: template.head, heading: template.heading || HEADING_SOUTH, x, y };
  const ground = ctx.npcAi.groundOf(ctx);
  let spawned = 0;
  for (let i = 0; i < plan.spawn; i++) {
    const feet = { waterAllowed: template.waterAllowed, landForbidden: template.landForbidden };
    const tile = nearestTile(ground.width, ground.height, x, y, SUMMON_SEARCH_RADIUS, (tx, ty) => npcMayStand(ground, (ty - 1) * ground.width + (tx - 1), feet));
    if (tile === null) break;
    const pet = spawnNpc(ctx, { ...spawn, x: tile.x, y: tile.y }, tile.x, tile.y, tile, petProfile);
    if (pet === null) break;
    pet.master = player;
    pet.lifetime = { endsAt: ctx.clock.now() + lifetimeMs, timer: ctx.timers.after(lifetimeMs, onLifetimeOver, { ctx, pet }) };
    player.pets = [...player.pets, pet];
    spawned++;
  }
  return spawned;
}

/** A pet's AI: follows its master, hostile only to who attacks (VB6 `FollowAmo`), never comes back once dead. */
function petProfile(loaded: NpcAiProfile): NpcAiProfile {
  return { ...loaded, movement: NpcMovement.followMaster, hostile: false, respawns: false };
}

/** `TiempoInvocacion` reached 0: the creature dies (`MuereNpc` with no killer: no rewards, no sound). */
function onLifetimeOver(_plannedMs: number, arg: { ctx: MapContext; pet: NpcEntity }): void {
  const { ctx, pet } = arg;
  pet.lifetime = null;
  killNpc(ctx, pet, null);
}

/**
 * Every pet of the player goes away (its master died or left the map: VB6 kills summoned
 * creatures then, `UserDie` / `WarpMascotas` / `QuitarMascotas`).
 */
export function dismissPets(ctx: MapContext, player: PlayerEntity): void {
  for (const pet of [...player.pets]) killNpc(ctx, pet, null);
  player.pets = [];
}

/**
 * `AllMascotasAtacanUser`: the master's pets go for `victim` (a player who attacked the master, or
 * whom the master attacked).
 */
export function petsAttackUser(master: PlayerEntity, victim: PlayerEntity): void {
  for (const pet of master.pets) {
    if (!pet.alive || victim === master) continue;
    pet.target = victim;
    pet.attackedBy = victim;
  }
}
