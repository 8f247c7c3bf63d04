/**
 * Spells cast on a tile (`HandleHechizoTerreno`, §5.4): summons (`HechizoInvocacion`),
 * materialising an object, revealing the invisible around (`RemueveInvisibilidadParcial`), and
 * area spells (the tiles and who they reach; the per-victim damage is `areaSpellDamageOn…`).
 * A terrain spell costs mana and stamina but never `RequiredHP`; Magia may rise.
 */
import { SKILL } from "../progression/index.ts";
import { AreaAffects, MAX_PETS, SPELL_MESSAGE, SUMMON_LIFETIME_MS, SpellType, SummonMode } from "./constants.ts";
import type { SpellRefusal, SpellSkillUse } from "./outcome.ts";
import { areaSpellTiles } from "./spell-damage.ts";
import type { SpellData } from "./spell-data.ts";

/** One of the player's pet slots (`MascotasIndex` / `MascotasType`). */
export type PetSlot =
  | { readonly kind: "empty" }
  /** A tamed pet kept out of the world (stored, or waiting outside a safe zone). */
  | { readonly kind: "stored"; readonly npc: number }
  | { readonly kind: "tamed"; readonly npc: number }
  /** A summoned creature with the time it has left. */
  | { readonly kind: "summoned"; readonly npc: number; readonly remainingMs: number };

/** What a summon does to the pet slots: creatures to dismiss first (oldest summons), then how many to spawn. */
export interface SummonPlan {
  /** Pet slots (1-based) whose summoned creature goes away to make room, in order. */
  readonly dismiss: readonly number[];
  /** New creatures to spawn (each gets the first empty slot). */
  readonly spawn: number;
}

/**
 * `HechizoInvocacion` with `Invoca=1`, creature by creature: when every slot is taken, the
 * summon with the least time left (and not a fresh one) goes away; then, if fewer than
 * `MAXMASCOTAS` pets remain, one more is spawned. A tamed or stored pet is never dismissed.
 */
export function planSummon(pets: readonly PetSlot[], count: number): SummonPlan {
  const slots: PetSlot[] = Array.from({ length: MAX_PETS }, (_, index) => pets[index] ?? { kind: "empty" });
  const dismiss: number[] = [];
  let spawn = 0;
  for (let i = 0; i < count; i++) {
    let victim = -1;
    let least = SUMMON_LIFETIME_MS;
    for (let j = 0; j < MAX_PETS; j++) {
      const slot = slots[j]!;
      if (slot.kind === "summoned") {
        if (slot.remainingMs > 0 && slot.remainingMs < least) {
          victim = j;
          least = slot.remainingMs;
        }
      } else if (slot.kind === "empty") {
        // An empty slot anywhere means there is room: nobody is dismissed.
        victim = -1;
        least = 0;
      }
    }
    if (victim >= 0) {
      slots[victim] = { kind: "empty" };
      dismiss.push(victim + 1);
    }
    const pets = slots.filter((slot) => slot.kind !== "empty").length;
    if (pets >= MAX_PETS) break;
    const free = slots.findIndex((slot) => slot.kind === "empty");
    slots[free] = { kind: "summoned", npc: 0, remainingMs: SUMMON_LIFETIME_MS };
    spawn++;
  }
  return { dismiss, spawn };
}

/** Where the spell was cast and what stands there. */
export interface TerrainContext {
  readonly x: number;
  readonly y: number;
  /** The map forbids pets (`NoMascotas`). */
  readonly noPets: boolean;
  /** The clicked tile holds an object or is blocked (materialising needs a free tile). */
  readonly tileTaken: boolean;
  readonly pets: readonly PetSlot[];
  /** `flags.MascotasGuardadas`: the tamed pets are stored now. */
  readonly petsStored: boolean;
}

interface TerrainBase {
  readonly skillUses: readonly SpellSkillUse[];
}

export type TerrainSpellOutcome =
  | SpellRefusal
  /**
   * Spawn `plan.spawn` creatures `npc` next to the tile (after dismissing `plan.dismiss`), each the
   * caster's pet following it, dying after `lifetimeMs`, giving no gold. A failed spawn ends the
   * cast unpaid, as in VB6.
   */
  | (TerrainBase & { readonly kind: "summon"; readonly npc: number; readonly plan: SummonPlan; readonly lifetimeMs: number })
  /** `Invoca=2`: store the tamed pets in the world, or bring the stored ones back (the cast pays only when one moved). */
  | (TerrainBase & { readonly kind: "pets"; readonly action: "store" | "recall" })
  | (TerrainBase & { readonly kind: "materialize"; readonly objectId: number; readonly amount: number })
  /** Make visible every invisible (not `NoDetectable`) user within `radius` tiles of the click: Msg1869 to each, `SetInvisible(false)`. */
  | (TerrainBase & { readonly kind: "reveal"; readonly radius: number; readonly message: number })
  /** Hit everyone on `tiles`: users (alive) and/or attackable NPCs, with `areaSpellDamageOn…` and the spell's states. */
  | (TerrainBase & { readonly kind: "area"; readonly tiles: readonly { x: number; y: number }[]; readonly users: boolean; readonly npcs: boolean });

/** `HechizoTerrenoEstado` looks this many tiles around the click. */
export const REVEAL_RADIUS = 11;
/** Msg1869: your invisibility no longer works. */
export const REVEALED_MESSAGE = 1869;

const MAGIC: readonly SpellSkillUse[] = [{ who: "caster", skill: SKILL.Magic }];

/** Resolves a spell cast on a tile. No draws (summoned creatures are placed by the map). */
export function resolveSpellOnTerrain(spell: SpellData, at: TerrainContext): TerrainSpellOutcome {
  switch (spell.spellType) {
    case SpellType.Summon:
      return summon(spell, at);
    case SpellType.Status:
      if (spell.removesPartialInvisibility) return { kind: "reveal", radius: REVEAL_RADIUS, message: REVEALED_MESSAGE, skillUses: MAGIC };
      return { kind: "refused", reason: "no_effect", message: null };
    case SpellType.Materialize:
      if (at.tileTaken) return { kind: "refused", reason: "no_room", message: SPELL_MESSAGE.noRoomOnGround };
      return { kind: "materialize", objectId: spell.materializeObject, amount: spell.materializeAmount, skillUses: MAGIC };
    case SpellType.Area:
      return {
        kind: "area",
        tiles: areaSpellTiles(at.x, at.y, spell.areaRadius),
        users: spell.areaAffects === AreaAffects.Users || spell.areaAffects === AreaAffects.Both,
        npcs: spell.areaAffects === AreaAffects.Npcs || spell.areaAffects === AreaAffects.Both,
        skillUses: MAGIC,
      };
    default:
      return { kind: "refused", reason: "no_effect", message: null };
  }
}

function summon(spell: SpellData, at: TerrainContext): TerrainSpellOutcome {
  if (spell.summonMode === SummonMode.Creatures) {
    if (at.noPets) return { kind: "refused", reason: "no_pets_here", message: SPELL_MESSAGE.noSummonsHere };
    // With every slot held by tamed pets nothing spawns, yet VB6 counts the cast (and charges it).
    const plan = planSummon(at.pets, spell.summonCount);
    return { kind: "summon", npc: spell.summonNpc, plan, lifetimeMs: SUMMON_LIFETIME_MS, skillUses: MAGIC };
  }
  if (spell.summonMode === SummonMode.StoreOrRecallPets) {
    if (!at.pets.some((pet) => pet.kind !== "empty")) return { kind: "refused", reason: "no_pets", message: SPELL_MESSAGE.noPets };
    if (at.noPets) return { kind: "refused", reason: "no_pets_here", message: SPELL_MESSAGE.noPetsHere };
    return { kind: "pets", action: at.petsStored ? "recall" : "store", skillUses: MAGIC };
  }
  return { kind: "refused", reason: "no_effect", message: null };
}
