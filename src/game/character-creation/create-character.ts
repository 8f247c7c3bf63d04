/**
 * `createCharacter`: the VB6 `ConnectNewUser` steps 4–12 (character-creation.md §1) as one pure
 * function from a request and the rules to a `NewCharacter` or a refusal.
 */
import { EMPTY_EQUIPMENT, SKILL_COUNT, SPELL_SLOT_COUNT, type InventorySlot, type NewCharacter } from "../character/index.ts";
import { armorBody, isValidHead, nakedBody } from "./appearance.ts";
import { isClassId, isGenderId, isRaceId } from "./ids.ts";
import { isNameForbidden, validateCharacterName, type NameProblem } from "./name-rules.ts";
import { CreationRulesError, cityPosition, isValidCreationCity, type CreationRules } from "./rules.ts";
import { KIT_MAX_SLOT, resolveStartingKit } from "./starting-kit.ts";
import {
  AGILITY,
  CONSTITUTION,
  INTELLIGENCE,
  MAX_FOOD,
  MAX_WATER,
  STARTING_FREE_SKILL_POINTS,
  STARTING_HEADING,
  STARTING_LEVEL,
  maxStaminaAtLevel,
  rollStartingStamina,
  startingAttributes,
  startingHp,
  startingMana,
} from "./stats.ts";
import type { RandomSource } from "../vb-math/index.ts";

/** Characters an account may hold (`MAX_PERSONAJES`); checked by the session with a DB count. */
export const MAX_CHARACTERS_PER_ACCOUNT = 10;

/** What the client sends in `eLoginNewChar` (PYMMO=0), plus the logged-in account. */
export interface CharacterCreationRequest {
  readonly accountId: number;
  /** As typed; stored as typed if accepted. */
  readonly name: string;
  readonly race: number;
  readonly gender: number;
  readonly class: number;
  readonly head: number;
  /** Hogar. */
  readonly homeCity: number;
}

/** Everything outside the rules that creation needs; injected so the function stays pure. */
export interface CharacterCreationDeps {
  /**
   * VB6 `Rnd`: the stamina roll draws one number, then each kit entry with several objects one
   * (the 2024 clothes, `RandomNumber(463, 465)`), in that order.
   */
  readonly rng: RandomSource;
  /**
   * Optional spawn search (§6.2) provided by the map side, e.g. built on `resolveSpawnTile`:
   * returns the tile to store, or `null` to keep the city tile. VB6 stores the city tile and
   * searches only at the login that follows; without this callback we do the same.
   */
  readonly findFreeTile?: (map: number, x: number, y: number) => { readonly x: number; readonly y: number } | null;
  /**
   * Optional staff-name guard (§2.3 security note, decision §11.9): true when `name` belongs to
   * configured staff and `accountId` is not theirs. AO20 PYMMO=0 has no such check.
   */
  readonly isReservedName?: (name: string, accountId: number) => boolean;
}

/**
 * Why creation was refused. Those produced by `createCharacter`: `bad_name`, `forbidden_name`,
 * `reserved_name`, `bad_race`, `bad_gender`, `bad_city`, `bad_head`, `bad_class`. The session
 * and database produce the others with `creationFailure`: `name_taken` (unique name, case-
 * insensitive over every row, §2.3) and `too_many_characters` (≥ MAX_CHARACTERS_PER_ACCOUNT).
 */
export type CreationFailureReason =
  | "bad_name"
  | "forbidden_name"
  | "reserved_name"
  | "name_taken"
  | "too_many_characters"
  | "bad_race"
  | "bad_gender"
  | "bad_city"
  | "bad_head"
  | "bad_class";

/**
 * `eShowMessageBox` ids sent before the close (§8.1); reasons missing here close silently.
 * 1768 "El nombre no está permitido.", 1769 "Ya existe el personaje.", 1778 the PYMMO=1
 * `MSG_USERNAME_ALREADY_TAKEN` used for a staff name from another account.
 */
export const CREATION_MESSAGE_IDS: Readonly<Partial<Record<CreationFailureReason, number>>> = {
  forbidden_name: 1768,
  name_taken: 1769,
  reserved_name: 1778,
};

/** Other §8.1 message ids the session layer needs around creation. */
export const MESSAGE_TOO_MANY_CHARACTERS_FROM_IP = 1781;
export const MESSAGE_SERVER_FULL = 1759;
export const MESSAGE_ACCOUNT_ALREADY_ONLINE = 1764;
export const MESSAGE_ACCOUNT_ONLINE_LIMIT = 1765;
export const MESSAGE_SERVER_STAFF_ONLY = 1760;
export const MESSAGE_CANNOT_LOAD_CHARACTER = 1773;
export const MESSAGE_CHARACTER_ERROR = 1766;
/** Locale message (not a box) welcoming a level-1 character at its first login. */
export const MESSAGE_WELCOME_NEW_CHARACTER = 522;

export interface CreationFailure {
  readonly ok: false;
  readonly reason: CreationFailureReason;
  /** Box to send before closing; absent = close with no message. */
  readonly messageId?: number;
  /** For logs: which syntax rule a `bad_name` broke. */
  readonly nameProblem?: NameProblem;
}

export type CreationOutcome = { readonly ok: true; readonly character: NewCharacter } | CreationFailure;

/** A refusal with its message id from `CREATION_MESSAGE_IDS`. */
export function creationFailure(reason: CreationFailureReason, nameProblem?: NameProblem): CreationFailure {
  const messageId = CREATION_MESSAGE_IDS[reason];
  return {
    ok: false,
    reason,
    ...(messageId === undefined ? {} : { messageId }),
    ...(nameProblem === undefined ? {} : { nameProblem }),
  };
}

/**
 * Validates a creation request and builds the new character, in the VB6 order of checks
 * (first failure wins): name syntax, forbidden list, [staff names], race 1..6, gender 1..2,
 * creation city, head for race/gender, class 1..12.
 *
 * Not done here: the per-account character count and the name uniqueness check, which need the
 * database. VB6 checks uniqueness right after the forbidden list; the only observable difference
 * is for a request that is both a taken name and otherwise invalid (a hacked client), which gets
 * a silent close here instead of box 1769. A session that wants VB6's exact order calls
 * `validateCharacterName`/`isNameForbidden`, then the database, then this function.
 *
 * Decisions (§11): class > 12 is refused (`bad_class`) instead of becoming Bandit (§11.3);
 * the stamina roll is kept (stored `stamina` 40 or 60) while `maxStamina` is the value every
 * login recomputes (60 at level 1), as the player sees it (§11.4). The world's kit
 * (`rules.startingKit`) puts each item in the slot it names, after the stamina roll as in VB6
 * `ConnectNewUser` → `RellenarInventario`; a worn item is the armor: amount 1, equipped, the
 * equipment's armor and the body from its armor graphics (§4.3). The kit's gold goes to the
 * wallet and its spells to the spell slots.
 *
 * @throws CreationRulesError when the rules cannot build a character (a kit slot out of range or
 *   filled twice, a worn object without armor bodies); `checkCreationRules` catches these at boot.
 */
export function createCharacter(request: CharacterCreationRequest, rules: CreationRules, deps: CharacterCreationDeps): CreationOutcome {
  const { name, race, gender, head, homeCity } = request;
  const nameCheck = validateCharacterName(name);
  if (!nameCheck.ok) return creationFailure("bad_name", nameCheck.problem);
  if (isNameForbidden(name, rules.forbiddenNames)) return creationFailure("forbidden_name");
  if (deps.isReservedName?.(name, request.accountId)) return creationFailure("reserved_name");
  if (!isRaceId(race)) return creationFailure("bad_race");
  if (!isGenderId(gender)) return creationFailure("bad_gender");
  if (!isValidCreationCity(rules, homeCity)) return creationFailure("bad_city");
  if (!isValidHead(race, gender, head, rules.heads)) return creationFailure("bad_head");
  const classId = request.class;
  if (!isClassId(classId)) return creationFailure("bad_class");

  const cls = rules.balance.classes[classId];
  const attributes = startingAttributes(rules.balance.raceModifiers[race]);
  const hp = startingHp(attributes[CONSTITUTION]);
  const mana = startingMana(attributes[INTELLIGENCE], cls);
  const stamina = rollStartingStamina(attributes[AGILITY], deps.rng);

  const kit = resolveStartingKit(rules.startingKit, classId, race, gender, deps.rng);
  if (kit === null) throw new CreationRulesError({ code: "bad_kit", message: `the class ${classId} kit fills a slot twice (or names no object) for race ${race} gender ${gender}` });
  let body = nakedBody(race, gender, rules.nakedBodies);
  let armorObject = 0;
  const inventory: InventorySlot[] = [];
  for (const item of kit.items) {
    if (item.slot < 1 || item.slot > KIT_MAX_SLOT) {
      throw new CreationRulesError({ code: "kit_too_large", message: `class ${classId} kit fills slot ${item.slot}; a new character has ${KIT_MAX_SLOT}` });
    }
    inventory.push({ slot: item.slot, objectId: item.objectId, amount: item.amount, equipped: item.equipped });
    if (!item.equipped) continue;
    const bodies = rules.armorBodies.get(item.objectId);
    const armorGraphic = bodies === undefined ? 0 : armorBody(bodies, race, gender);
    if (armorGraphic <= 0) {
      throw new CreationRulesError({ code: "unknown_armor", message: `kit object ${item.objectId} is worn but has no body for race ${race} gender ${gender}` });
    }
    armorObject = item.objectId;
    body = armorGraphic;
  }

  if (kit.spells.length > SPELL_SLOT_COUNT) {
    throw new CreationRulesError({ code: "too_many_spells", message: `class ${classId} kit has ${kit.spells.length} spells for ${SPELL_SLOT_COUNT} slots` });
  }
  const spells = [...kit.spells];

  // Validated above by isValidCreationCity.
  const city = cityPosition(rules, homeCity)!;
  const spawn = deps.findFreeTile?.(city.map, city.x, city.y) ?? null;

  const character: NewCharacter = {
    accountId: request.accountId,
    name,
    race,
    gender,
    class: classId,
    head,
    body,
    homeCity,
    level: STARTING_LEVEL,
    exp: 0,
    freeSkillPoints: STARTING_FREE_SKILL_POINTS,
    position: { map: city.map, x: spawn?.x ?? city.x, y: spawn?.y ?? city.y, heading: STARTING_HEADING },
    vitals: {
      hp,
      maxHp: hp,
      mana,
      maxMana: mana,
      stamina,
      maxStamina: maxStaminaAtLevel(STARTING_LEVEL, cls),
      food: MAX_FOOD,
      water: MAX_WATER,
    },
    gold: kit.gold,
    bankGold: 0,
    attributes,
    skills: new Array<number>(SKILL_COUNT).fill(0),
    inventory,
    equipment: { ...EMPTY_EQUIPMENT, armor: armorObject },
    spells,
  };
  return { ok: true, character };
}
