/**
 * What others see of a character (items-and-economy §4.5): the `CharacterChange` fields a VB6
 * server ends up with after `EquiparInvItem` / `Desequipar` / `EquiparBarco` / `DoMontar`
 * (`Codigo/InvUsuario.bas`, `Codigo/Trabajo.bas`), computed in one go from the character, its
 * inventory and the objects instead of being patched field by field. Skins, transformations and
 * death (ghost bodies) are not modelled yet.
 */
import { AO20_NAKED_BODIES, type BodiesByRace as NakedBodies, type GenderId, type RaceId } from "../character-creation/index.ts";
import { FactionStatus, HELMET_SUBTYPE_FULL_HEAD, MagicEffect, NO_ANIMATION, PATRON_HEAD_FIRST, type ItemCatalog, type ItemTemplate } from "../items/index.ts";
import { slotAt, type Inventory } from "../inventory/index.ts";
import { bodyFor } from "./can-use.ts";

/** The appearance fields of `CharacterCreate` / `CharacterChange`. */
export interface Look {
  readonly body: number;
  readonly head: number;
  readonly weapon: number;
  readonly shield: number;
  readonly helmet: number;
  readonly cart: number;
  readonly backpack: number;
}

/** The character's own look: race, gender and the head it was created with (`OrigChar.head`). */
export interface LookBase {
  readonly race: number;
  readonly gender: number;
  readonly head: number;
  /** Faction status (`FactionStatus`): ships are painted by side. Defaults to citizen. */
  readonly factionStatus?: number;
}

export interface LookOptions {
  /** Sailing the ship the `ship` pointer names (`flags.Navegando`). */
  readonly sailing?: boolean;
  /** Riding the saddle the `saddle` pointer names (`flags.Montado`). */
  readonly mounted?: boolean;
  /** Bodies without armour; default `AO20_NAKED_BODIES` (`DarCuerpo`, what the 2024 client draws). */
  readonly nakedBodies?: NakedBodies;
}

/**
 * `SetNakedBody` of the 2026 server: bodies 3000…3011, which the 2024 client's `cuerpos.dat`
 * (1400 bodies) does not have. Pass as `nakedBodies` for a newer client.
 */
export const AO20_2026_NAKED_BODIES: NakedBodies = {
  1: { male: 3000, female: 3006 },
  2: { male: 3002, female: 3008 },
  3: { male: 3001, female: 3007 },
  4: { male: 3003, female: 3009 },
  5: { male: 3004, female: 3010 },
  6: { male: 3005, female: 3011 },
};

/** Swimsuit bodies (`iTraje`, `iTrajeAltoNw`, `iTrajeBajoNw`): the head stays visible. */
const SWIMSUIT_BODIES: ReadonlySet<number> = new Set([694, 1295, 1296]);

/** `EquiparBarco`: boat bodies by side — [royal, chaos, criminal, citizen] per `NumRopaje`. */
const SHIP_BODIES: Readonly<Record<number, readonly [number, number, number, number]>> = {
  84: [1273, 1274, 1266, 1265], // barca
  85: [1271, 1272, 1268, 1267], // galera
  86: [1264, 1263, 1270, 1269], // galeón
};

function equippedItem(inventory: Inventory, kind: keyof Inventory["equipped"], catalog: ItemCatalog): ItemTemplate | undefined {
  const slot = inventory.equipped[kind];
  return slot === 0 ? undefined : catalog.get(slotAt(inventory, slot).objectId);
}

function nakedBody(base: LookBase, bodies: NakedBodies): number {
  const pair = bodies[base.race as RaceId] ?? bodies[1];
  return (base.gender as GenderId) === 2 ? pair.female : pair.male;
}

/** The body a ship shows (`EquiparBarco` for a living sailor). */
function shipBody(ship: ItemTemplate, factionStatus: number): number {
  const sides = SHIP_BODIES[ship.body];
  if (sides === undefined) return ship.body;
  if (factionStatus === FactionStatus.Royal || factionStatus === FactionStatus.RoyalCouncil) return sides[0];
  if (factionStatus === FactionStatus.Chaos || factionStatus === FactionStatus.ChaosCouncil) return sides[1];
  return factionStatus === FactionStatus.Criminal ? sides[2] : sides[3];
}

/** The look of a living character with this inventory. */
export function appearance(base: LookBase, inventory: Inventory, catalog: ItemCatalog, options: LookOptions = {}): Look {
  const armor = equippedItem(inventory, "armor", catalog);
  const helmet = equippedItem(inventory, "helmet", catalog);
  const weapon = equippedItem(inventory, "weapon", catalog) ?? equippedItem(inventory, "tool", catalog);
  const shield = equippedItem(inventory, "shield", catalog);
  const amulet = equippedItem(inventory, "amulet", catalog);
  const backpack = equippedItem(inventory, "backpack", catalog);
  const ship = options.sailing === true ? equippedItem(inventory, "ship", catalog) : undefined;
  const saddle = options.mounted === true && ship === undefined ? equippedItem(inventory, "saddle", catalog) : undefined;

  const armorBody = armor === undefined ? 0 : bodyFor(armor, base.race, base.gender);
  let body = armorBody > 0 ? armorBody : nakedBody(base, options.nakedBodies ?? AO20_NAKED_BODIES);
  let head = base.head;
  let helmetAnim: number = NO_ANIMATION;
  if (helmet !== undefined) {
    if (helmet.subType === HELMET_SUBTYPE_FULL_HEAD) {
      head = helmet.anim;
      helmetAnim = helmet.anim;
    } else if (base.head < PATRON_HEAD_FIRST) {
      helmetAnim = helmet.anim;
    }
  }
  let weaponAnim = weapon?.anim ?? NO_ANIMATION;
  let shieldAnim = shield?.anim ?? NO_ANIMATION;
  let cart = amulet?.magicEffect === MagicEffect.ProtectedResources && amulet.body > 0 ? amulet.body : NO_ANIMATION;
  let backpackAnim = backpack === undefined ? NO_ANIMATION : bodyFor(backpack, base.race, base.gender) || NO_ANIMATION;

  if (ship !== undefined) {
    weaponAnim = NO_ANIMATION;
    shieldAnim = NO_ANIMATION;
    backpackAnim = NO_ANIMATION;
    if (SWIMSUIT_BODIES.has(ship.body)) {
      body = ship.body;
      head = base.head;
    } else {
      body = shipBody(ship, base.factionStatus ?? FactionStatus.Citizen);
      head = 0;
      helmetAnim = NO_ANIMATION;
    }
  } else if (saddle !== undefined) {
    body = bodyFor(saddle, base.race, base.gender);
    weaponAnim = NO_ANIMATION;
    shieldAnim = NO_ANIMATION;
    cart = NO_ANIMATION;
    backpackAnim = NO_ANIMATION;
  }
  return { body, head, weapon: weaponAnim, shield: shieldAnim, helmet: helmetAnim, cart, backpack: backpackAnim };
}
