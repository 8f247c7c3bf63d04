/**
 * Creatures that serve a player on a map (combat-and-progression §5.4, §6.8): tamed creatures
 * (`WorkLeftClick` with skill Domar, VB6 `HandleWorkLeftClick` → `DoDomar` in
 * `Codigo/Trabajo.bas`), the summoned creatures of `HechizoInvocacion` (`Codigo/modHechizos.bas`)
 * with their lifetime (`TiempoInvocacion`, `Codigo/General.bas`), how pets fight
 * (`AllMascotasAtacanNPC`, `AllMascotasAtacanUser`, `Codigo/SistemaCombate.bas`) and what becomes
 * of them when their master changes maps (`WarpMascotas`, `Codigo/Modulo_UsUaRiOs.bas`), dies or
 * leaves.
 *
 * A pet is an ordinary NPC of the map with a master (`NpcEntity.master`, VB6 `MaestroUser`) and a
 * pet's AI profile: it follows its master (`SigueAmo`, game/npc-ai), is never hostile on its own
 * and never respawns. A summoned creature also has a lifetime timer (`NpcEntity.lifetime`, 60 s);
 * a tamed one has none. Killed, a pet gives no gold, drops or experience (kernel/npc-damage.ts). Its
 * master's client draws it as "its own" (`CharacterCreate` isNpc 2, map-view.ts).
 *
 * Taming, in VB6's order: `LookatTile` on the click; no creature → 719; `Domable` 0 → 718; the
 * click farther than 4 tiles → 8; a creature a player fought in the last 15 s
 * (`GetOwnedBy`, `IntervaloNpcOwner`) → 717; then `DoDomar`: already the tamer's → 655; three pets
 * → 660; someone else's → 656; below `MinTameLevel` → 1321; the roll `RandomNumber(1, 5) = 1` with
 * `Domable ≤ CHA × Domar / 6` (a Druid; `/ 118` anyone else) (game/spells `attemptTaming`). Tamed:
 * the creature follows its new master, a fresh copy of it comes back on the map by its respawn
 * rules at once (`ReSpawnNpc`), 657. Failed: 659 (not repeated within 3 s, VB6 `UltimoMensaje`).
 * Either way Domar may rise (`SubirSkill`).
 *
 * Pets fight: when their master attacks an NPC (a blow, a shot, a spell) or an NPC attacks their
 * master, each pet without a prey goes for that NPC (movement `NpcAtacaNpc`, `targetNpc`); the
 * blows are the combat system's `npcMeleeOnNpc`, and a pet's damage and kill count as its
 * master's. Players who attack the master or whom the master attacks are fought too. All of this
 * is this system's reaction to the kernel's hooks (`npcAttacked`, `userAttackedByNpc`,
 * `playersFought`, `died`, `leaving`, `arrived`) and its `handOver`.
 *
 * A map change (`WarpMascotas`): summoned creatures are lost (584 on the next map); tamed pets
 * leave the old map and come back on the new one next to their master, with their HP and their
 * altered states (VB6 keeps only the HP; the states ride the same hand-over as the master's), or
 * 583 when the new map has no room for them. Death (`HandleUserPetsOnDeath`): every pet in the
 * world dies and is no longer owned (the Druid's elven-wood instrument that would store them
 * instead needs `MaderaElfica` items, which this server does not read: not modelled).
 *
 * Kept pets (VB6 `MascotasType`, the `pet` table): the record's `tamedPets` lists the tamed pets
 * the character owns, saved with every save. Taming adds one; a pet that dies or is let go
 * (`/LIBERAR`, kernel `killNpc`) leaves it; logout, a map change and the Druid's storing take the
 * pets out of the world and keep them. At login (and after a recovery) each kept pet comes back
 * next to its master with its npcs.dat HP, as VB6 `ConnectUser` spawns `MascotasType`; after a
 * map change the carried ones keep their HP and states and any other kept one comes fresh
 * (VB6 `WarpMascotas` spawns every `MascotasType`).
 *
 * The Druid's stored pets (`Invoca=2`, AO20 spell 9 "Invocar Mascotas", VB6 `HechizoInvocacion`
 * case 2, decided: built): the cast stores every tamed pet in the world (`flags.MascotasGuardadas`,
 * the record's `petsStored`), or, when they are stored, brings the kept ones that are not in the
 * world back next to the clicked tile. Stored pets do not come back at login nor follow a map
 * change (VB6 checks `MascotasGuardadas` in both), still count for the limit of three, and outlive
 * their master's death. The spell is paid only when a pet moved.
 */
import { MESSAGES, REPEATED_LINE_INTERVAL_MS } from "../../game/messages/index.ts";
import { NpcMovement, nearestTile, npcMayStand, type NpcAiProfile } from "../../game/npc-ai/index.ts";
import { attemptTaming, handOverEffects, takeOverEffects, type PetSlot, type SummonPlan, type TamingTarget } from "../../game/spells/index.ts";
import { SKILL, type SkillId } from "../../game/progression/index.ts";
import { HEADING_SOUTH } from "../../game/movement/index.ts";
import { FontIndex } from "../../protocol/index.ts";
import { MAX_KEPT_PETS, tamedPetsOf } from "../../game/character/index.ts";
import {
  killNpc,
  lookAtTile,
  npcTemplate,
  raiseSkillByUse,
  requestTargetCursor,
  setStatus,
  spawnNpc,
  type Arrival,
  type Departure,
  type MapContext,
  type MapSystem,
  type NpcEntity,
  type PetHandOver,
  type PlayerEntity,
} from "../kernel/index.ts";

/** `e_Skill.Domar`: the skill of the client's target cursor for taming (`Work`, `WorkLeftClick`). */
export const TAMING_SKILL = SKILL.Taming;
/** How far from the clicked tile a summoned creature may appear (VB6 `ClosestLegalPos` looks this many rings). */
export const SUMMON_SEARCH_RADIUS = 12;
/** `IntervaloNpcOwner` (intervalos.ini): a creature a player hit this recently is theirs to fight, not to tame. */
export const NPC_OWNER_MS = 15_000;
/** `UserAtributos(Carisma)` in the record's attribute order (STR, AGI, INT, CHA, CON). */
const CHARISMA = 3;

/** The player's pet slots as the summon and taming rules read them (`MascotasIndex` with each summon's time left). */
export function petSlots(ctx: MapContext, player: PlayerEntity): PetSlot[] {
  const now = ctx.clock.now();
  const live = player.pets.map((pet): PetSlot => {
    if (pet.lifetime === null) return { kind: "tamed", npc: pet.npcNumber };
    return { kind: "summoned", npc: pet.npcNumber, remainingMs: Math.max(0, pet.lifetime.endsAt - now) };
  });
  // Kept pets out of the world (stored by the Druid, or left where there was no room) hold their slot too.
  const away = petsAway(player).map((npc): PetSlot => ({ kind: "stored", npc }));
  return [...live, ...away];
}

/** The kept tamed pets that are not in the world now (each live tamed pet matches one of its number). */
export function petsAway(player: PlayerEntity): number[] {
  const away = [...tamedPetsOf(player.record)];
  for (const pet of player.pets) {
    if (pet.lifetime !== null) continue;
    const at = away.indexOf(pet.npcNumber);
    if (at >= 0) away.splice(at, 1);
  }
  return away;
}

/** Writes the kept tamed pets (absent when none, as a record that never had one). */
function keepPets(player: PlayerEntity, kept: readonly number[]): void {
  if (kept.length > 0) player.record.tamedPets = kept.slice(0, MAX_KEPT_PETS);
  else delete player.record.tamedPets;
}

// ------------------------------------------------------------------ taming

/**
 * `WorkLeftClick(x, y, Domar)` once the checks every skill shares passed (systems/cursor.ts): the
 * look at the tile, then one taming attempt on the creature there.
 */
export function tameAtClick(ctx: MapContext, player: PlayerEntity, x: number, y: number): void {
  lookAtTile(ctx, player, x, y);
  const npc = player.targetNpc;
  const now = ctx.clock.now();
  const target: TamingTarget =
    npc === null || !npc.alive
      ? { kind: "none" }
      : {
          kind: "npc",
          tameDifficulty: npc.template?.tameDifficulty ?? 0,
          // npcs.dat `MinTameLevel` is not read yet; VB6's default of 1 refuses nobody.
          minTameLevel: 0,
          master: npc.master === null ? "none" : npc.master === player ? "tamer" : "other",
          ownedByPlayer: ownedByPlayer(ctx, npc, now),
          distance: Math.abs(player.x - x) + Math.abs(player.y - y),
        };
  const { record } = player;
  const outcome = attemptTaming(ctx.random, { classId: record.class, level: record.level, charisma: record.attributes[CHARISMA] ?? 0, skills: record.skills, pets: petSlots(ctx, player) }, target);
  switch (outcome.kind) {
    case "refused":
      if (outcome.message !== null) ctx.tell(player, MESSAGES.ruleLine(outcome.message, FontIndex.Info, outcome.param ?? ""));
      return;
    case "tamed":
      becomePet(ctx, player, npc!);
      for (const message of outcome.messages) ctx.tell(player, MESSAGES.ruleLine(message, FontIndex.Info));
      break;
    case "failed":
      if (now - player.tamingFailedToldAt >= REPEATED_LINE_INTERVAL_MS) {
        player.tamingFailedToldAt = now;
        for (const message of outcome.messages) ctx.tell(player, MESSAGES.ruleLine(message, FontIndex.Info));
      }
      break;
  }
  for (const use of outcome.skillUses) raiseSkillByUse(ctx, player, use.skill as SkillId);
}

/** `GetOwnedBy`: a player on the map attacked it less than `IntervaloNpcOwner` ago. */
function ownedByPlayer(ctx: MapContext, npc: NpcEntity, now: number): boolean {
  const attacker = npc.attackedBy;
  return attacker !== null && now - npc.attackedAt <= NPC_OWNER_MS && ctx.store.player(attacker.session) === attacker;
}

/**
 * `DoDomar` succeeded: a fresh copy of the creature comes back by its respawn rules
 * (`ReSpawnNpc`: at once, on its original tile with `OrigPos`, else on a random one nobody sees),
 * and the creature itself now serves `player` (`FollowAmo`).
 */
function becomePet(ctx: MapContext, player: PlayerEntity, npc: NpcEntity): void {
  if (npc.ai.respawns) ctx.npcAi.respawnLater(ctx, npc, 0);
  // Its AI changes kind: out of the loop with the old profile, back in with a pet's.
  ctx.npcAi.release(ctx, npc);
  npc.ai = petProfile(npc.ai);
  npc.master = player;
  followMaster(npc);
  npc.attackedBy = null;
  npc.attackedAt = Number.NEGATIVE_INFINITY;
  ctx.npcAi.adopt(ctx, npc);
  player.pets = [...player.pets, npc];
  keepPets(player, [...tamedPetsOf(player.record), npc.npcNumber]);
}

/** `FollowAmo`: back to following its master, no target, not hostile. */
export function followMaster(pet: NpcEntity): void {
  pet.movement = NpcMovement.followMaster;
  pet.hostile = false;
  pet.target = null;
  pet.targetNpc = null;
}

/** A pet's AI: follows its master, hostile only to who attacks (VB6 `FollowAmo`), never comes back once dead. */
function petProfile(loaded: NpcAiProfile): NpcAiProfile {
  return { ...loaded, movement: NpcMovement.followMaster, hostile: false, respawns: false };
}

// ------------------------------------------------------------------ summoning

/**
 * `HechizoInvocacion` (`Invoca=1`) once the spell is accepted: the summons in `plan.dismiss`
 * (1-based, in `petSlots` order) go away, then `plan.spawn` creatures of `npcNumber` appear on the
 * free tiles nearest (x, y), each serving `player` for `lifetimeMs`. Returns how many appeared
 * (fewer when the map has no room: VB6 then ends the cast unpaid).
 */
export function summonCreatures(ctx: MapContext, player: PlayerEntity, npcNumber: number, plan: SummonPlan, lifetimeMs: number, x: number, y: number): number {
  const dismissed = plan.dismiss.map((slot) => player.pets[slot - 1]).filter((pet): pet is NpcEntity => pet !== undefined);
  for (const pet of dismissed) killNpc(ctx, pet, null);
  let spawned = 0;
  for (let i = 0; i < plan.spawn; i++) {
    const pet = spawnPet(ctx, player, npcNumber, x, y);
    if (pet === null) break;
    pet.lifetime = { endsAt: ctx.clock.now() + lifetimeMs, timer: ctx.timers.after(lifetimeMs, onLifetimeOver, { ctx, pet }) };
    spawned++;
  }
  return spawned;
}

/**
 * A creature of `npcNumber` serving `player` (with `hp` when given), on the free tile nearest
 * (x, y); null when there is none (or no such NPC).
 */
function spawnPet(ctx: MapContext, player: PlayerEntity, npcNumber: number, x: number, y: number, hp?: number): NpcEntity | null {
  const template = npcTemplate(ctx.tables, npcNumber);
  if (template === null) return null;
  const ground = ctx.npcAi.groundOf(ctx);
  const feet = { waterAllowed: template.waterAllowed, landForbidden: template.landForbidden };
  const tile = nearestTile(ground.width, ground.height, x, y, SUMMON_SEARCH_RADIUS, (tx, ty) => npcMayStand(ground, (ty - 1) * ground.width + (tx - 1), feet));
  if (tile === null) return null;
  const spawn = { npc: npcNumber, name: template.name, body: template.body, head: template.head, heading: template.heading || HEADING_SOUTH, x: tile.x, y: tile.y };
  const pet = spawnNpc(ctx, spawn, tile.x, tile.y, tile, petProfile, { master: player, hp });
  if (pet !== null) player.pets = [...player.pets, pet];
  return pet;
}

/** `TiempoInvocacion` reached 0: the creature dies (`MuereNpc` with no killer: no rewards, no sound). */
function onLifetimeOver(_plannedMs: number, arg: { ctx: MapContext; pet: NpcEntity }): void {
  const { ctx, pet } = arg;
  pet.lifetime = null;
  killNpc(ctx, pet, null);
}

// ------------------------------------------------------------------ fighting

/**
 * `AllMascotasAtacanNPC`: the master attacked `npc`, or `npc` attacked the master. Each of the
 * master's pets without a prey (other than `npc` itself) goes for it, and `npc` counts the master
 * as its attacker (`AttackedBy`, `AttackedTime`). The caller checked the master may attack it.
 */
export function petsAttackNpc(ctx: MapContext, master: PlayerEntity, npc: NpcEntity): void {
  if (npc.master === master) return;
  for (const pet of master.pets) {
    if (!pet.alive || pet === npc) continue;
    if (pet.targetNpc !== null && pet.targetNpc.alive) continue;
    pet.targetNpc = npc;
    pet.movement = NpcMovement.attackNpc;
    npc.attackedBy = master;
    npc.attackedAt = ctx.clock.now();
  }
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

// ------------------------------------------------------------------ death, logout, map changes

/**
 * Every pet of the player in the world dies: its master died (`HandleUserPetsOnDeath`: `MuereNpc`
 * on each). The tamed ones are no longer owned (kernel `killNpc`); stored ones are not in the world
 * and stay.
 */
export function dismissPets(ctx: MapContext, player: PlayerEntity): void {
  for (const pet of [...player.pets]) killNpc(ctx, pet, null);
  player.pets = [];
}

/**
 * Every pet leaves the world and the tamed ones stay owned (logout: `CloseUser` saves
 * `MascotasType`); summoned creatures are simply gone.
 */
function takePetsAway(ctx: MapContext, player: PlayerEntity): void {
  const kept = tamedPetsOf(player.record);
  for (const pet of [...player.pets]) killNpc(ctx, pet, null);
  player.pets = [];
  keepPets(player, kept);
}

/** What the player's pets take to the next map (`WarpMascotas`, first half). */
export interface PetsLeaving {
  readonly pets: readonly PetHandOver[];
  /** Summoned creatures were lost (584 on the next map). */
  readonly summonsLost: boolean;
}

/**
 * The master leaves for another map: every pet leaves this one; a tamed pet's number, HP and
 * states go along, a summoned creature is lost.
 */
export function petsLeave(ctx: MapContext, player: PlayerEntity): PetsLeaving {
  const now = ctx.clock.now();
  const pets: PetHandOver[] = [];
  let summonsLost = false;
  const kept = tamedPetsOf(player.record);
  for (const pet of [...player.pets]) {
    if (pet.lifetime !== null) summonsLost = true;
    else if (pet.alive) pets.push({ npc: pet.npcNumber, hp: pet.minHp, status: handOverEffects(pet.statusEffects, now) });
    killNpc(ctx, pet, null);
  }
  player.pets = [];
  keepPets(player, kept);
  return { pets, summonsLost };
}

/**
 * The master arrived (`WarpMascotas`, second half): each tamed pet appears on the free tile nearest
 * to it, with the HP and states it left with. One that finds no room is lost (583); otherwise a
 * lost summon is told (584).
 */
export function petsArrive(ctx: MapContext, player: PlayerEntity, arriving: PetsLeaving): void {
  let lost = false;
  const now = ctx.clock.now();
  for (const carried of arriving.pets) {
    const pet = spawnPet(ctx, player, carried.npc, player.x, player.y, carried.hp);
    if (pet === null) {
      lost = true;
      continue;
    }
    const status = takeOverEffects(carried.status, now);
    if (Object.keys(status).length > 0) setStatus(ctx, pet, status, []);
  }
  // Any other kept pet comes fresh (`WarpMascotas` spawns every `MascotasType`), unless stored.
  if (!bringKeptPets(ctx, player, player.x, player.y)) lost = true;
  if (lost) ctx.tell(player, MESSAGES.petsCannotFollow());
  else if (arriving.summonsLost) ctx.tell(player, MESSAGES.summonsLost());
}

/**
 * Each kept pet not in the world appears on the free tile nearest (x, y) with its npcs.dat HP
 * (VB6 `ConnectUser`, `WarpMascotas`), unless the Druid stored them; false when one found no room
 * (it stays kept, as VB6 keeps its `MascotasType`).
 */
function bringKeptPets(ctx: MapContext, player: PlayerEntity, x: number, y: number): boolean {
  if (player.record.petsStored === true) return true;
  let all = true;
  for (const npc of petsAway(player)) if (spawnPet(ctx, player, npc, x, y) === null) all = false;
  return all;
}

/**
 * The Druid's `Invoca=2` (VB6 `HechizoInvocacion` case 2) once the spell is accepted: `store` takes
 * every tamed pet out of the world, kept (`MascotasGuardadas` = 1); `recall` brings the kept ones
 * back next to (x, y) (= 0). True when a pet moved (VB6 `b`: only then is the cast shown and paid).
 */
export function storeOrRecallPets(ctx: MapContext, player: PlayerEntity, action: "store" | "recall", x: number, y: number): boolean {
  if (action === "store") {
    const tamed = player.pets.filter((pet) => pet.lifetime === null);
    const kept = tamedPetsOf(player.record);
    for (const pet of tamed) killNpc(ctx, pet, null);
    keepPets(player, kept);
    player.record.petsStored = true;
    return tamed.length > 0;
  }
  const before = player.pets.length;
  delete player.record.petsStored;
  bringKeptPets(ctx, player, x, y);
  return player.pets.length > before;
}

/** The master's pets go for the NPC it attacked (`npcAttacked`), or that struck it (`userAttackedByNpc`, unless the NPC cannot be fought or is its own). */
function onNpcAttacked(ctx: MapContext, npc: NpcEntity, attacker: PlayerEntity): void {
  petsAttackNpc(ctx, attacker, npc);
}

function onUserAttackedByNpc(ctx: MapContext, player: PlayerEntity, npc: NpcEntity): void {
  if (npc.template?.attackable === true && npc.master !== player) petsAttackNpc(ctx, player, npc);
}

/** `UsuarioAtacadoPorUsuario`'s last lines: the victim's pets, then the attacker's, go for the other. */
function onPlayersFought(_ctx: MapContext, attacker: PlayerEntity, victim: PlayerEntity): void {
  petsAttackUser(victim, attacker);
  petsAttackUser(attacker, victim);
}

/** Logging out takes every pet out of the world, the tamed ones kept (`CloseUser`); an exit takes them along (`handOver`). */
function onLeaving(ctx: MapContext, player: PlayerEntity, departure: Departure): void {
  if (departure === "logout") takePetsAway(ctx, player);
}

/** After a map change the carried pets come (`WarpMascotas`); at login or after a recovery, the kept ones (`ConnectUser`). */
function onArrived(ctx: MapContext, player: PlayerEntity, arrival: Arrival): void {
  const handOver = arrival.handOver;
  if (handOver !== undefined) petsArrive(ctx, player, { pets: handOver.pets ?? [], summonsLost: handOver.summonsLost === true });
  else bringKeptPets(ctx, player, player.x, player.y);
}

export const pets: MapSystem = {
  name: "pets",
  workCursors: { [TAMING_SKILL]: requestTargetCursor },
  workClicks: { [TAMING_SKILL]: tameAtClick },
  hooks: {
    arrived: onArrived,
    leaving: onLeaving,
    // `HandleUserPetsOnDeath`: every pet dies with its master.
    died: dismissPets,
    npcAttacked: onNpcAttacked,
    userAttackedByNpc: onUserAttackedByNpc,
    playersFought: onPlayersFought,
  },
  handOver: (ctx, player) => petsLeave(ctx, player),
  playerState: () => ({ tamingFailedToldAt: Number.NEGATIVE_INFINITY }),
};
