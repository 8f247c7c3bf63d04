/**
 * What everyone sees and hears of a cast (§5.6; VB6 `InfoHechizo`, `DecirPalabrasMagicas`,
 * `CastOnUser`, `CastOnNpc`, `CastOnTerrain`): the magic words over the caster, the spell's FX
 * or travelling particle on the target, its sound, and the console macros the client expands.
 * Values named after the packets; the map fills in char indexes and positions.
 */
import type { SpellData } from "./spell-data.ts";

/** Where a visual goes: the caster's area, the target's area, the caster or the target alone. */
export type VisualAudience = "caster_area" | "target_area" | "caster" | "target";

export type SpellVisual =
  /** `ChatOverHead("PMAG*<id>", caster, cyan, isSpell)`; an invisible caster's words use the `[EXTRA]` display times. */
  | { readonly to: "caster_area"; readonly packet: "ChatOverHead"; readonly text: string; readonly casterInvisible: boolean }
  /** A particle travelling from the caster to the target, carrying the sound (`withFx` = 1 for `FXgrh`, 0 for `Particle`). */
  | {
      readonly to: "target_area";
      readonly packet: "ParticleFXWithDestino";
      readonly travelParticle: number;
      readonly finalParticle: number;
      readonly time: number;
      readonly wave: number;
      readonly withFx: 0 | 1;
    }
  /** The same towards a tile (a target that died meanwhile). */
  | {
      readonly to: "target_area";
      readonly packet: "ParticleFXWithDestinoXY";
      readonly travelParticle: number;
      readonly finalParticle: number;
      readonly time: number;
      readonly wave: number;
      readonly withFx: 0 | 1;
    }
  | { readonly to: "target_area"; readonly packet: "CreateFX"; readonly fx: number; readonly loops: number }
  | { readonly to: "target_area"; readonly packet: "ParticleFX"; readonly particle: number; readonly time: number }
  /** FX on the clicked (or the dead NPC's) tile. */
  | { readonly to: "target_area"; readonly packet: "Fxpiso"; readonly grh: number }
  | { readonly to: "caster_area"; readonly packet: "ParticleFXToFloor"; readonly particle: number; readonly time: number }
  | { readonly to: "caster_area" | "target_area"; readonly packet: "PlayWave"; readonly wave: number }
  /** `ConsoleMsg` macros the client expands: `ProMSG*<id>` (on oneself), `HecMSGU*<id>*<target>`, `HecMSGA*<id>*<caster>`. */
  | { readonly to: "caster" | "target"; readonly packet: "ConsoleMsg"; readonly text: string };

/** The spell's FX fields. */
export type SpellLook = Pick<SpellData, "id" | "wav" | "fxGrh" | "loops" | "particle" | "travelParticle" | "particleTime">;

/** `DecirPalabrasMagicas`: the words over the caster (their text is the client's, `PMAG*<id>`). */
export function magicWords(spell: Pick<SpellData, "id">, casterInvisible = false): SpellVisual {
  return { to: "caster_area", packet: "ChatOverHead", text: `PMAG*${spell.id}`, casterInvisible };
}

/** `CastOnUser` (after the words): FX or travelling particle, particle, sound when nothing travels, console macros. */
export function visualsOnUser(spell: SpellLook, names: { readonly self: boolean; readonly casterName: string; readonly targetName: string }): SpellVisual[] {
  const out: SpellVisual[] = [];
  if (spell.fxGrh > 0) {
    if (spell.travelParticle > 0) out.push(travel(spell, spell.fxGrh, 1));
    else out.push({ to: "target_area", packet: "CreateFX", fx: spell.fxGrh, loops: spell.loops });
  }
  if (spell.particle > 0) {
    if (spell.travelParticle > 0) out.push(travel(spell, spell.particle, 0));
    else out.push({ to: "target_area", packet: "ParticleFX", particle: spell.particle, time: spell.particleTime });
  }
  if (spell.travelParticle === 0) out.push({ to: "target_area", packet: "PlayWave", wave: spell.wav });
  if (names.self) out.push({ to: "caster", packet: "ConsoleMsg", text: `ProMSG*${spell.id}` });
  else {
    out.push({ to: "caster", packet: "ConsoleMsg", text: `HecMSGU*${spell.id}*${names.targetName}` });
    out.push({ to: "target", packet: "ConsoleMsg", text: `HecMSGA*${spell.id}*${names.casterName}` });
  }
  return out;
}

/**
 * `CastOnNpc`: on a living NPC the FX or travelling particle and the particle; on one the spell
 * just killed, the same aimed at its tile (`ParticleFXWithDestinoXY`, or `Fxpiso`); the sound
 * when nothing travels. §5.6, §10 (c) 6.
 */
export function visualsOnNpc(spell: SpellLook, npcDead: boolean): SpellVisual[] {
  const out: SpellVisual[] = [];
  if (spell.fxGrh > 0) {
    if (spell.travelParticle > 0) out.push(npcDead ? { ...travel(spell, spell.fxGrh, 1), packet: "ParticleFXWithDestinoXY" } : travel(spell, spell.fxGrh, 1));
    else out.push(npcDead ? { to: "target_area", packet: "Fxpiso", grh: spell.fxGrh } : { to: "target_area", packet: "CreateFX", fx: spell.fxGrh, loops: spell.loops });
  }
  if (spell.particle > 0) {
    if (npcDead) out.push({ ...travel(spell, spell.particle, 0), packet: "ParticleFXWithDestinoXY" });
    else if (spell.travelParticle > 0) out.push(travel(spell, spell.particle, 0));
    else out.push({ to: "target_area", packet: "ParticleFX", particle: spell.particle, time: spell.particleTime });
  }
  if (spell.travelParticle === 0) out.push({ to: "target_area", packet: "PlayWave", wave: spell.wav });
  return out;
}

/** `CastOnTerrain`: FX on the clicked tile, a particle on the floor, the sound. */
export function visualsOnTerrain(spell: SpellLook): SpellVisual[] {
  const out: SpellVisual[] = [];
  if (spell.fxGrh > 0) out.push({ to: "target_area", packet: "Fxpiso", grh: spell.fxGrh });
  if (spell.particle > 0) out.push({ to: "caster_area", packet: "ParticleFXToFloor", particle: spell.particle, time: spell.particleTime });
  if (spell.wav !== 0) out.push({ to: "caster_area", packet: "PlayWave", wave: spell.wav });
  return out;
}

function travel(spell: SpellLook, finalParticle: number, withFx: 0 | 1): SpellVisual & { packet: "ParticleFXWithDestino" } {
  return { to: "target_area", packet: "ParticleFXWithDestino", travelParticle: spell.travelParticle, finalParticle, time: spell.particleTime, wave: spell.wav, withFx };
}
