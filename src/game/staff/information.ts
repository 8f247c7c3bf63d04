/**
 * What the staff's information commands show (gm-and-moderation §2.3), as lines of the client's
 * language files where VB6 sends one (`LocaleMsg`, the text is the client's) and console lines
 * otherwise. Pure: the staff service (a target anywhere, or offline) and the map's staff system
 * (the asker's own map) build their answers here, from a character's record.
 *
 * Who may see what (decision G26, information leaks): the address of a connection is shown by
 * `/NICK2IP` and searched by `/IP2NICK` only for the targets VB6 allowed (a SemiDios sees players
 * only, Dios and Admin everyone); no command shows an account's e-mail or password hash, which
 * the records these lines read do not even carry. `/INFO` of a Dios or Admin answers nothing, as
 * in VB6. `/SLOT` (G26 fixed) bounds the slot by the target's inventory and names the object.
 */
import type { BankSlot, CharacterRecord, Position } from "../character/index.ts";
import { BASE_INVENTORY_SLOTS, SKILL_NAMES } from "../items/index.ts";
import { MESSAGES, type PlayerMessage } from "../messages/index.ts";
import { FontIndex } from "../../protocol/index.ts";
import { rankLevel, type StaffRank, type StaffStanding } from "./ranks.ts";

/** The client's lines these commands send (VB6 `modMessageIDs.bas`). */
export const INFO_TEXT = {
  /** Msg1090 "¬1" (the nick, map, x, y line of `/DONDE`). */
  locationFound: 1090,
  /** Msg540 "Usuario offline." (`/DONDE`). */
  offlineWhere: 540,
  /** Msg547 "Usuario offline." (`/BOV`, `/SLOT`). */
  offline: 547,
  /** Msg972 "No hay ningún personaje con ese nick." */
  noSuchNick: 972,
  /** Msg1295 "Estadísticas de: ¬1". */
  statsOf: 1295,
  /** Msg1857 "Nivel: ¬1  EXP: ¬2/¬3". */
  levelExp: 1857,
  /** Msg1858 "Salud: ¬1/¬2  Mana: ¬3/¬4  Vitalidad: ¬5/¬6". */
  vitals: 1858,
  /** Msg1298 "Oro: ¬1". */
  gold: 1298,
  /** Msg1307 "Pena: ¬1". */
  jail: 1307,
  /** Msg1301 "Pj: ¬1". */
  character: 1301,
  /** Msg1309 "Oro en billetera: ¬1". */
  walletGold: 1309,
  /** Msg1310 "Oro en banco: ¬1". */
  bankGold: 1310,
  /** Msg1612 "El usuario ¬1 tiene ¬2 en el banco". */
  hasInBank: 1612,
  /** Msg1311 "Tiene ¬1 objetos." (inventory). */
  inventoryCount: 1311,
  /** Msg1865 "Objeto ¬1 ¬2 Cantidad:¬3" (inventory). */
  inventoryItem: 1865,
  /** Msg1939 "Tiene ¬1 objetos." (vault). */
  bankCount: 1939,
  /** Msg1940 "Objeto ¬1 ¬2 Cantidad:¬3" (vault). */
  bankItem: 1940,
  /** Msg1312 "SkillLibres:¬1". */
  freeSkills: 1312,
  /** Msg1515 "Objeto ¬1) ¬2 Cantidad:¬3". */
  slotItem: 1515,
  /** Msg1000 "No hay objeto en el slot seleccionado". */
  slotEmpty: 1000,
  /** Msg1001 "Slot inválido.". */
  slotInvalid: 1001,
  /** Msg963 "No hay GMs Online." */
  noStaffOnline: 963,
  /** Msg1491 "Usuarios en el mapa: ¬1". */
  usersOnMap: 1491,
  /** Msg1494 "El ip de ¬1 es ¬2". */
  addressOf: 1494,
  /** Msg1495 "Los personajes con ip ¬1 son: ¬2". */
  charactersOnAddress: 1495,
  /** Msg1496 the same, for `/IP2NICK`. */
  charactersOnAddressSearched: 1496,
  /** Msg736 "NPCs hostiles en mapa:", Msg737 none, Msg738 "Otros NPCs en mapa:", Msg739 none. */
  hostileNpcs: 736,
  noHostileNpcs: 737,
  otherNpcs: 738,
  noOtherNpcs: 739,
} as const;

const info = (id: number, ...params: (string | number)[]) => MESSAGES.ruleLine(id, FontIndex.Info, ...params);
const talk = (id: number, ...params: (string | number)[]) => MESSAGES.ruleLine(id, FontIndex.Talk, ...params);

/** An object's name for a listing: the world's, or its number when the world has none. */
export type ObjectNamer = (objectId: number) => string | undefined;

function objectLabel(names: ObjectNamer, objectId: number): string {
  return names(objectId) ?? `#${objectId}`;
}

/** `/DONDE`: "nick: map, x, y." in the fight font, as VB6 writes it. */
export function whereLines(name: string, position: Position): PlayerMessage[] {
  return [MESSAGES.ruleLine(INFO_TEXT.locationFound, FontIndex.Fight, `${name}: ${position.map}, ${position.x}, ${position.y}.`)];
}

/**
 * Whether `viewer` may look at `target` with `/DONDE`, `/INFO` (VB6: a target of equal or lower
 * standing; `/INFO` never of a Dios or Admin).
 */
export function mayLocate(viewer: StaffStanding, target: StaffStanding): boolean {
  return rankLevel(viewer.rank) >= rankLevel(target.rank);
}

export function mayReadFullSheet(target: StaffStanding): boolean {
  return rankLevel(target.rank) < rankLevel("dios");
}

/** `/INFO nick` (`SendUserStatsTxt`): name, level and experience, vitals, gold, jail. */
export function fullSheetLines(record: CharacterRecord, expToNextLevel: number | undefined): PlayerMessage[] {
  const v = record.vitals;
  return [
    info(INFO_TEXT.statsOf, record.name),
    info(INFO_TEXT.levelExp, record.level, record.exp, expToNextLevel ?? "-"),
    info(INFO_TEXT.vitals, v.hp, v.maxHp, v.mana, v.maxMana, v.stamina, v.maxStamina),
    info(INFO_TEXT.gold, record.gold),
    info(INFO_TEXT.jail, record.penalties?.jailMinutesLeft ?? 0),
  ];
}

/** `/STAT nick` (`SendUserMiniStatsTxt`): name, jail, wallet and bank gold. */
export function miniSheetLines(record: CharacterRecord): PlayerMessage[] {
  return [
    info(INFO_TEXT.character, record.name),
    info(INFO_TEXT.jail, record.penalties?.jailMinutesLeft ?? 0),
    info(INFO_TEXT.walletGold, record.gold),
    info(INFO_TEXT.bankGold, record.bankGold),
  ];
}

/** `/BAL nick`: Msg1612 with the bank gold. */
export function bankGoldLines(record: CharacterRecord): PlayerMessage[] {
  return [MESSAGES.ruleLine(INFO_TEXT.hasInBank, FontIndex.Talk, record.name, record.bankGold)];
}

/** `/INV nick` (`SendUserInvTxt`): the name, how many slots hold something, one line per slot. */
export function inventoryLines(record: CharacterRecord, names: ObjectNamer): PlayerMessage[] {
  const slots = [...record.inventory].sort((a, b) => a.slot - b.slot);
  return [
    MESSAGES.staffListLine(record.name),
    info(INFO_TEXT.inventoryCount, slots.length),
    ...slots.map((slot) => info(INFO_TEXT.inventoryItem, slot.slot, objectLabel(names, slot.objectId), slot.amount)),
  ];
}

/** `/BOV nick` (`SendUserBovedaTxt`): the name, how many vault slots hold something, one line each. */
export function vaultLines(name: string, vault: readonly BankSlot[], names: ObjectNamer): PlayerMessage[] {
  const slots = [...vault].sort((a, b) => a.slot - b.slot);
  return [
    MESSAGES.staffListLine(name),
    info(INFO_TEXT.bankCount, slots.length),
    ...slots.map((slot) => info(INFO_TEXT.bankItem, slot.slot, objectLabel(names, slot.objectId), slot.amount)),
  ];
}

/** `/SKILLS nick` (`SendUserSkillsTxt`): the name, "skill = value" per skill, the free points. */
export function skillLines(record: CharacterRecord): PlayerMessage[] {
  return [
    MESSAGES.staffListLine(record.name),
    ...SKILL_NAMES.map((skill, index) => MESSAGES.staffListLine(`${skill} = ${record.skills[index] ?? 0}`)),
    info(INFO_TEXT.freeSkills, record.freeSkillPoints),
  ];
}

/**
 * `/SLOT nick@slot`. Decision (G26 fixed): the slot is bounded by the target's inventory (VB6
 * used the GM's slot count) and the line names the object (VB6 printed the nick there).
 */
export function slotLines(record: CharacterRecord, slot: number, names: ObjectNamer): PlayerMessage[] {
  if (!Number.isInteger(slot) || slot < 1 || slot > BASE_INVENTORY_SLOTS) return [talk(INFO_TEXT.slotInvalid)];
  const held = record.inventory.find((candidate) => candidate.slot === slot);
  if (held === undefined) return [info(INFO_TEXT.slotEmpty)];
  return [info(INFO_TEXT.slotItem, slot, objectLabel(names, held.objectId), held.amount)];
}

/** Someone online, as the lists read them. */
export interface OnlineCharacter {
  readonly name: string;
  readonly standing: StaffStanding;
  readonly address?: string;
}

/** The ranks a viewer's lists include (VB6 `priv`): a SemiDios lists up to SemiDios, Dios and Admin everyone. */
function listedRanks(viewer: StaffStanding, base: readonly (StaffRank | null)[]): ReadonlySet<StaffRank | null> {
  const sees = rankLevel(viewer.rank) >= rankLevel("dios") ? [...base, "dios" as const, "admin" as const] : base;
  return new Set(sees);
}

/** `/ONLINEGM`: the staff online the viewer may list (a role-master player alone is never staff). */
export function onlineStaffLines(viewer: StaffStanding, online: readonly OnlineCharacter[]): PlayerMessage[] {
  const ranks = listedRanks(viewer, ["consejero", "semidios"]);
  const names = online.filter((character) => character.standing.rank !== null && ranks.has(character.standing.rank)).map((character) => character.name);
  return names.length === 0 ? [info(INFO_TEXT.noStaffOnline)] : [MESSAGES.staffListLine(`${names.join(", ")}.`)];
}

/** `/ONLINEMAP`: Msg1491 with the names on the viewer's map it may list. */
export function onlineOnMapLines(viewer: StaffStanding, online: readonly OnlineCharacter[]): PlayerMessage[] {
  const ranks = listedRanks(viewer, [null, "consejero", "semidios"]);
  return [info(INFO_TEXT.usersOnMap, online.filter((character) => ranks.has(character.standing.rank)).map((character) => character.name).join(", "))];
}

/** Whom the viewer may look up by address (decision G26: VB6's filter; a SemiDios sees players only). */
function addressVisible(viewer: StaffStanding, target: StaffStanding): boolean {
  return rankLevel(viewer.rank) >= rankLevel("dios") || target.rank === null;
}

/**
 * `/NICK2IP nick`: Msg1494 with the target's address and Msg1495 with the characters online from
 * it the viewer may see; nothing for a target it may not see; Msg972 when not online.
 */
export function nickToAddressLines(viewer: StaffStanding, target: OnlineCharacter | undefined, online: readonly OnlineCharacter[]): PlayerMessage[] {
  if (target === undefined) return [info(INFO_TEXT.noSuchNick)];
  if (!addressVisible(viewer, target.standing) || target.address === undefined) return [];
  const same = online.filter((character) => character.address === target.address && addressVisible(viewer, character.standing)).map((character) => character.name);
  return [info(INFO_TEXT.addressOf, target.name, target.address), info(INFO_TEXT.charactersOnAddress, target.address, same.join(", "))];
}

/** `/IP2NICK a.b.c.d`: Msg1496 with the characters online from that address the viewer may see. */
export function addressToNickLines(viewer: StaffStanding, address: string, online: readonly OnlineCharacter[]): PlayerMessage[] {
  const same = online.filter((character) => character.address === address && addressVisible(viewer, character.standing)).map((character) => character.name);
  return [info(INFO_TEXT.charactersOnAddressSearched, address, same.join(", "))];
}

/** The four octets of `/IP2NICK` as a dotted address (each octet masked to a byte). */
export function dottedAddress(octets: readonly number[]): string {
  return octets.map((octet) => String(octet & 0xff)).join(".");
}

/** A session's address as `/IP2NICK` compares it: "::ffff:1.2.3.4" is "1.2.3.4". */
export function plainAddress(address: string): string {
  return address.startsWith("::ffff:") ? address.slice("::ffff:".length) : address;
}

/** An NPC as `/NENE` counts it. */
export interface CountedNpc {
  readonly name: string;
  readonly x: number;
  readonly y: number;
  readonly hostile: boolean;
}

/** Groups by name, in order of first appearance: "<count> <name>: (x,y), (x,y)". */
function npcGroups(npcs: readonly CountedNpc[]): string[] {
  const groups = new Map<string, { x: number; y: number }[]>();
  for (const npc of npcs) {
    const places = groups.get(npc.name) ?? [];
    places.push({ x: npc.x, y: npc.y });
    groups.set(npc.name, places);
  }
  return [...groups].map(([name, places]) => `${places.length} ${name}: ${places.map((place) => `(${place.x},${place.y})`).join(", ")}`);
}

/** `/NENE`: the hostile NPCs of the map grouped by name, then the others. */
export function creaturesLines(npcs: readonly CountedNpc[]): PlayerMessage[] {
  const hostile = npcGroups(npcs.filter((npc) => npc.hostile));
  const others = npcGroups(npcs.filter((npc) => !npc.hostile));
  return [
    MESSAGES.ruleLine(INFO_TEXT.hostileNpcs, FontIndex.Warning),
    ...(hostile.length === 0 ? [info(INFO_TEXT.noHostileNpcs)] : hostile.map((line) => MESSAGES.staffListLine(line))),
    MESSAGES.ruleLine(INFO_TEXT.otherNpcs, FontIndex.Warning),
    ...(others.length === 0 ? [info(INFO_TEXT.noOtherNpcs)] : others.map((line) => MESSAGES.staffListLine(line))),
  ];
}

