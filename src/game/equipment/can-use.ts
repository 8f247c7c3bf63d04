/**
 * Who may equip or use an object (items-and-economy §4.2): VB6 `CanUseObject`
 * (`Codigo/WorldActions.bas`) with `ClasePuedeUsarItem`, `SexoPuedeUsarItem`,
 * `RazaPuedeUsarItem`, `FaccionPuedeUsarItem`, `JerarquiaPuedeUsarItem` and `ObtenerRopaje`
 * (`Codigo/InvUsuario.bas`). The answer is the code the client's `canUse` byte carries in
 * `ChangeInventorySlot`: 0 usable, otherwise the first rule that failed.
 */
import { FactionStatus, Gender, ObjectType, Race, SKILL_NAMES, isNewbieLevel, type ItemTemplate } from "../items/index.ts";

/** The `canUse` codes, in the order the rules are checked (first failure wins). */
export const CanUse = {
  Usable: 0,
  Gender: 1,
  Class: 2,
  Faction: 3,
  Skill: 4,
  Race: 5,
  Level: 6,
  Newbie: 7,
} as const;
export type CanUseCode = (typeof CanUse)[keyof typeof CanUse];

/** A character's faction standing (`t_Facciones`): status and the rank rewards of each side. */
export interface FactionStanding {
  /** `FactionStatus` (`e_Facciones`). */
  readonly status: number;
  readonly royalRewards: number;
  readonly chaosRewards: number;
}

/** A citizen with no rank: what a character is until the faction system exists. */
export const CITIZEN: FactionStanding = Object.freeze({ status: FactionStatus.Citizen, royalRewards: 0, chaosRewards: 0 });

/** What the use rules read of a character. */
export interface Wearer {
  readonly level: number;
  /** `e_Class` 1…12. */
  readonly class: number;
  /** `e_Raza` 1…6. */
  readonly race: number;
  /** `e_Genero` 1 male, 2 female. */
  readonly gender: number;
  /** Skill points, index 0 = skill 1 (`e_Skill`). */
  readonly skills: readonly number[];
  /** Defaults to `CITIZEN`. */
  readonly faction?: FactionStanding;
  /** Game masters pass every rule. */
  readonly gm?: boolean;
}

/** How the use rules treat the quirks the doc leaves open. */
export interface UseRuleOptions {
  /**
   * Q7: VB6 refuses a faction item only when the hierarchy rule *passes*, so with `Jerarquia`
   * ≥ 1 and no rank rewards anyone may use it (2024 objects 1500, 1501). Default `false`: a
   * faction item is refused when the faction rule or its rank (`Jerarquia`) fails (the doc's
   * "likely fix").
   */
  readonly legacyFactionHierarchy?: boolean;
}

/**
 * `ObtenerRopaje`: the body an object gives a character. Saddles first try `RazaBajos` (gnomes,
 * dwarves) or `RazaAltos` (the rest); then the race's female key for women when > 0, the race's
 * male key when > 0; finally `NumRopaje`. 0 means "no body for this character".
 */
export function bodyFor(item: ItemTemplate, race: number, gender: number): number {
  if (item.type === ObjectType.Saddle) {
    const short = race === Race.Gnome || race === Race.Dwarf;
    const saddleBody = short ? item.bodyShort : item.bodyTall;
    if (saddleBody > 0) return saddleBody;
  }
  const female = item.bodies.female[race] ?? 0;
  const male = item.bodies.male[race] ?? 0;
  if (gender === Gender.Female && female > 0) return female;
  if (male > 0) return male;
  return item.body;
}

/** `FaccionPuedeUsarItem`: `Real=1` / `Caos=1` items need the matching army (or its council). */
export function factionAllows(item: ItemTemplate, faction: FactionStanding): boolean {
  const royalSide = faction.status === FactionStatus.Royal || faction.status === FactionStatus.RoyalCouncil;
  const chaosSide = faction.status === FactionStatus.Chaos || faction.status === FactionStatus.ChaosCouncil;
  if (item.royal === 1) return item.leadersOnly ? faction.status === FactionStatus.RoyalCouncil : royalSide;
  if (item.chaos === 1) return item.leadersOnly ? faction.status === FactionStatus.ChaosCouncil : chaosSide;
  return true;
}

/** `JerarquiaPuedeUsarItem`: either side's rewards reach `Jerarquia` (always true for 0). */
export function hierarchyAllows(item: ItemTemplate, faction: FactionStanding): boolean {
  return faction.chaosRewards >= item.hierarchy || faction.royalRewards >= item.hierarchy;
}

/** `RazaPuedeUsarItem`: not listed in `RP*`, in the `Raza*` allow-list if any, and armour must have a body. */
export function raceAllows(item: ItemTemplate, race: number, gender: number): boolean {
  if (item.forbiddenRaces.includes(race)) return false;
  if (item.allowedRaces.length > 0 && !item.allowedRaces.includes(race)) return false;
  if (item.type === ObjectType.Armor && bodyFor(item, race, gender) === 0) return false;
  return true;
}

/** `SexoPuedeUsarItem`: `Mujer=1` refuses men; otherwise `Hombre=1` refuses women. */
export function genderAllows(item: ItemTemplate, gender: number): boolean {
  if (item.femaleOnly) return gender !== Gender.Male;
  if (item.maleOnly) return gender !== Gender.Female;
  return true;
}

/** `CanUseObject`: 0 when the character may use the object, else the first failing rule's code. */
export function canUseObject(wearer: Wearer, item: ItemTemplate, options: UseRuleOptions = {}): CanUseCode {
  if (wearer.gm === true) return CanUse.Usable;
  const faction = wearer.faction ?? CITIZEN;
  if (item.newbie && !isNewbieLevel(wearer.level)) return CanUse.Newbie;
  if (wearer.level < item.minLevel) return CanUse.Level;
  if (item.maxLevel > 0 && wearer.level > item.maxLevel) return CanUse.Level;
  const factionOk = factionAllows(item, faction);
  const hierarchyOk = hierarchyAllows(item, faction);
  const factionItem = item.royal === 1 || item.chaos === 1;
  const factionRefuses = options.legacyFactionHierarchy === true ? !factionOk && hierarchyOk : !factionOk || (factionItem && !hierarchyOk);
  if (factionRefuses) return CanUse.Faction;
  if (item.forbiddenClasses.includes(wearer.class)) return CanUse.Class;
  if (!genderAllows(item, wearer.gender)) return CanUse.Gender;
  if (!raceAllows(item, wearer.race, wearer.gender)) return CanUse.Race;
  const required = item.requiredSkill;
  if (required !== null && (wearer.skills[required.skill - 1] ?? 0) < required.points) return CanUse.Skill;
  return CanUse.Usable;
}

/** The console line `CanUseObject` writes for a refusal: a LocaleMsg id (or key) and its params. */
export interface CanUseMessage {
  readonly id: number | "NEED_SKILL_POINTS";
  readonly params: readonly (string | number)[];
}

/** The message VB6 sends with a refusal code (null for `CanUse.Usable`). */
export function canUseMessage(code: CanUseCode, wearer: Wearer, item: ItemTemplate): CanUseMessage | null {
  switch (code) {
    case CanUse.Usable:
      return null;
    case CanUse.Newbie:
      return { id: 679, params: [] };
    case CanUse.Level:
      return wearer.level < item.minLevel ? { id: 1926, params: [item.minLevel] } : { id: 1982, params: [item.maxLevel] };
    case CanUse.Faction:
      return { id: 416, params: [] };
    case CanUse.Class:
      return { id: 265, params: [] };
    case CanUse.Gender:
      return { id: 267, params: [] };
    case CanUse.Race:
      return { id: 266, params: [] };
    case CanUse.Skill: {
      const required = item.requiredSkill!;
      return { id: "NEED_SKILL_POINTS", params: [required.points, SKILL_NAMES[required.skill - 1] ?? ""] };
    }
  }
}
