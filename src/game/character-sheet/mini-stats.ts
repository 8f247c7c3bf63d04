/**
 * The stock client's statistics window (`frmStatistics`): the five attributes (`Atributes`, VB6
 * `HandleRequestAtributes` → `WriteAttributes`) and the counters of `MiniStats` (VB6
 * `HandleRequestMiniStats` → `WriteMiniStats`). The client asks for both when the window's
 * button is pressed and shows the window once both arrived. Neither request has a condition in
 * VB6 (a ghost gets the same answer) nor a rate limit of its own (`PacketRatePolicy.ini` lists
 * neither). Pure.
 */
import type { Attributes, CharacterRecord } from "../character/index.ts";
import { FactionStatus } from "../faction/index.ts";

/** The fields of `MiniStats`, in VB6's order (`WriteMiniStats`). */
export interface MiniStats {
  /** `Faccion.ciudadanosMatados`. */
  readonly citizensKilled: number;
  /** `Faccion.CriminalesMatados`. */
  readonly criminalsKilled: number;
  /** `Faccion.Status` (`e_Facciones`: 0 criminal, 1 citizen, 2 Chaos, 3 Royal Army, 4 and 5 the councils). */
  readonly factionStatus: number;
  /** `Stats.NPCsMuertos`. */
  readonly npcsKilled: number;
  readonly classId: number;
  /** `Counters.Pena`: minutes of jail left. */
  readonly jailMinutes: number;
  /** `flags.VecesQueMoriste`. */
  readonly deaths: number;
  readonly gender: number;
  /** `Stats.PuntosPesca`. */
  readonly fishingPoints: number;
  readonly race: number;
}

/**
 * `MiniStats` of a character. The counters this server does not keep are 0: kills of citizens,
 * criminals and NPCs and deaths are not counted (no counter in the record or the database), there
 * is no jail (`Pena`) and no fishing (`PuntosPesca`). The faction status is the record's
 * (`factionStatus`, citizen when never changed), which is what other players see.
 */
export function miniStatsOf(record: Pick<CharacterRecord, "class" | "gender" | "race" | "factionStatus">): MiniStats {
  return {
    citizensKilled: 0,
    criminalsKilled: 0,
    factionStatus: record.factionStatus ?? FactionStatus.citizen,
    npcsKilled: 0,
    classId: record.class,
    jailMinutes: 0,
    deaths: 0,
    gender: record.gender,
    fishingPoints: 0,
    race: record.race,
  };
}

/** A strength and agility boost in force (the map's `statusEffects.attributeBoost` fits). */
export interface AttributeBoost {
  readonly strength: number;
  readonly agility: number;
}

/**
 * The attributes `Atributes` shows, in the record's order (strength, agility, intelligence,
 * charisma, constitution). VB6 sends `UserAtributos`, which a potion or a spell raises while it
 * lasts, so a boost's strength and agility replace the record's (which keeps the base values).
 */
export function shownAttributes(base: Readonly<Attributes>, boost?: AttributeBoost | null): Attributes {
  const [strength, agility, intelligence, charisma, constitution] = base;
  return [boost?.strength ?? strength, boost?.agility ?? agility, intelligence, charisma, constitution];
}
