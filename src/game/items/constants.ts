/**
 * The numbers of items-and-economy §1 (VB6 `Codigo/Declares.bas`, `Codigo/Comercio.bas`,
 * `Codigo/General.bas`, `Example.Configuracion.ini`), each named once. What sizes the character
 * record (inventory, bank and spell slots, units per stack, a Long's gold) is named in its
 * contract, `game/character`; the trade window's slots are the protocol's `TRADE_OFFER_SLOTS`.
 */
import { WorkSkill } from "../../protocol/index.ts";

/** `iORO`: the gold object on the ground. In a character it is the `gold` number, not a slot. */
export const GOLD_OBJECT = 12;
/** `FLAGORO` / `GOLD_SLOT`: the pseudo-slot packets use for gold (drop, trade offers). */
export const GOLD_SLOT = 200;
/** `MAXORO`: the wallet cap, applied only after an NPC sale and a theft (items-and-economy §3.2); elsewhere gold goes up to the record's `MAX_LONG`. */
export const MAX_WALLET_GOLD = 90_000_000;
/** `MAX_USERINVENTORY_SLOTS`: slots a character without a patron tier can use (4 rows of 6). */
export const BASE_INVENTORY_SLOTS = 24;
/** Usable slots per patron tier (`get_num_inv_slots_from_tier`): Aventurero, Héroe, Leyenda and up. */
export const PATRON_TIER_INVENTORY_SLOTS = { none: 24, adventurer: 30, hero: 36, legend: 42 } as const;
/** Most gold one `Drop` packet may throw (`HandleDrop`). */
export const MAX_GOLD_PER_DROP = 100_000;
/** `OroPorNivelBilletera` of the example configuration: gold per level kept on death. */
export const PROTECTED_GOLD_PER_LEVEL = 1000;
/** `REDUCTOR_PRECIOVENTA`: an NPC pays a third of `Valor`. */
export const SALE_DIVISOR = 3;
/** Best sale divisor a worker reaches (level 40) with `destroy_npc_bought_items` on. */
export const WORKER_MIN_SALE_DIVISOR = 2;
/** Sale divisor a worker loses per level (`0.25 / 10`). */
export const WORKER_SALE_DIVISOR_PER_LEVEL = 0.025;
/** `LimiteNewbie`: a character of this level or lower is a newbie (`EsNewbie`). */
export const NEWBIE_MAX_LEVEL = 12;
/** `MAX_SLOTS_CRAFTEO`: the NPC crafting grid. */
export const CRAFTING_GRID_SLOTS = 5;
/** `MAXKEYS`: the key ring. */
export const KEY_RING_SLOTS = 10;
/** "No animation" for weapon, shield, helmet, cart and backpack (`NingunArma` … `NoBackPack`). */
export const NO_ANIMATION = 2;
/** `PATREON_HEAD`: heads from this number on get no helmet overlay. */
export const PATRON_HEAD_FIRST = 900;

/** `e_Raza` (gnome is 4, dwarf 5). */
export const Race = { Human: 1, Elf: 2, Drow: 3, Gnome: 4, Dwarf: 5, Orc: 6 } as const;
/** `e_Genero`. */
export const Gender = { Male: 1, Female: 2 } as const;
/** The `e_Class` values the item rules name. */
export const CharacterClass = { Worker: 9, Pirate: 10 } as const;

/**
 * `SkillsNames` (VB6 `Codigo/General.bas`), 1-based by `e_Skill`: what `SkillRequerido=<name>-<n>`
 * names in obj.dat. Compared without accents and case, as `Tilde` does.
 */
export const SKILL_NAMES = [
  "Magia",
  "Robar",
  "Destreza en combate",
  "Combate con armas",
  "Meditar",
  "Apuñalar",
  "Ocultarse",
  "Supervivencia",
  "Comercio",
  "Defensa con escudo",
  "Liderazgo",
  "Armas a distancia",
  "Combate sin armas",
  "Navegación",
  "Equitación",
  "Resistencia mágica",
  "Tala",
  "Pesca",
  "Minería",
  "Herrería",
  "Carpintería",
  "Alquimia",
  "Sastrería",
  "Domar",
] as const;

/** `e_Facciones`: a character's faction status. */
export const FactionStatus = { Criminal: 0, Citizen: 1, Chaos: 2, Royal: 3, ChaosCouncil: 4, RoyalCouncil: 5 } as const;
