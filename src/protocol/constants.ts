import type { SafeArrayInt8 } from "./safe-array.ts";

/**
 * Wire constants of the AO20 protocol as spoken by the stock client built with PYMMO=0
 * (reference: docs/ao20-protocol.md §0, §1, §3).
 */

/** Bytes of the little-endian u16 body length that prefixes every TCP frame (§1.2). */
export const FRAME_HEADER_BYTES = 2;

/** Largest body a frame can carry: the u16 length field (§1.2). */
export const MAX_FRAME_BODY_BYTES = 65_535;

/** Bytes of the little-endian i16 packet id at the start of every body (§1.2). */
export const PACKET_ID_BYTES = 2;

/** Longest LEB128 value the Aurora reader accepts (§1.3). */
export const MAX_VARINT_BYTES = 10;

/** Real server→client packets with PYMMO=0: ids 1..202 (§3.2). */
export const SERVER_PACKET_COUNT = 202;

/** Real client→server packets as the server defines them with PYMMO=0: ids 1..312 (§3.2). */
export const CLIENT_PACKET_COUNT = 312;

/**
 * VB6 `e_Skill` (`Codigo/Declares.bas`) as the protocol carries it: the `skill` byte of `Work`,
 * `WorkLeftClick` and `WorkRequestTarget`, and the order of the skills in `SendSkills` and
 * `ModifySkills` (skill n at index n - 1). Ids 1…24 are the game's skills (the VB6 name in the
 * comment); the others only name what a target cursor or a click is for. `None` (0) in a
 * `WorkRequestTarget` puts the plain cursor back.
 */
export const WorkSkill = {
  None: 0,
  Magic: 1, // Magia
  Steal: 2, // Robar
  Tactics: 3, // Tacticas: evading
  Weapons: 4, // Armas: melee with weapons
  Meditate: 5, // Meditar
  Stab: 6, // Apuñalar
  Hide: 7, // Ocultarse
  Survival: 8, // Supervivencia
  Trade: 9, // Comerciar
  ShieldDefense: 10, // Defensa
  Leadership: 11, // liderazgo
  Projectiles: 12, // Proyectiles: a shot or a throw
  Wrestling: 13, // Wrestling: unarmed
  Navigation: 14, // Navegacion
  Riding: 15, // equitacion
  MagicResistance: 16, // Resistencia
  Woodcutting: 17, // Talar
  Fishing: 18, // Pescar
  Mining: 19, // Mineria
  Smithing: 20, // Herreria
  Carpentry: 21, // Carpinteria
  Alchemy: 22, // Alquimia
  Tailoring: 23, // Sastreria
  Taming: 24, // Domar
  /** `TargetableItem`: the cursor of an item used on a target. */
  TargetableItem: 25,
  /** `Smelting`: the cursor of smelting ore at a forge. */
  Smelting: 26,
  /** `Grupo`: the cursor of a party invitation. */
  Group: 90,
  /** `MarcaDeClan`: the cursor of a clan mark. */
  ClanMark: 91,
  /** `MarcaDeGM`: the cursor of a game master's mark. */
  GmMark: 92,
} as const;

/** Skills in the game (`NUMSKILLS`, `e_Skill` 1…24); `SendSkills` and `ModifySkills` carry one u8 per skill (§4.6). */
export const SKILL_COUNT = WorkSkill.Taming;

/** Slots of one side of a player-to-player trade offer in `ChangeUserTradeSlot` (§4.7). */
export const TRADE_OFFER_SLOTS = 6;

/** Octets of the IPv4 address in the client's `IPToNick` GM command. */
export const IPV4_OCTETS = 4;

/** Characters the stock client keeps from `AccountCharacterList` (`MAX_PERSONAJES_EN_CUENTA`, §4.1). */
export const MAX_ACCOUNT_CHARACTERS = 10;

/** `e_DebugCommands.eConnectionState`: the only `RequestDebug` type that carries a string. */
export const DEBUG_COMMAND_CONNECTION_STATE = 1;

/**
 * The `eConnected` payload of a DEBUGGING=1 server (§1.5): a one-dimensional SafeArrayInt8 with
 * lower bound 1 holding the bytes 1..10. A DEBUGGING=1 client (the repo default) dereferences a
 * null pointer when it is missing, a release client ignores it, so a server should always send it.
 */
export const CONNECTED_DEBUG_PAYLOAD: Uint8Array = Uint8Array.of(
  0x01, 0x01, 0x0a, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09, 0x0a,
);

/** The §1.5 payload as a decoded value: `writeServerPacket(w, "Connected", { debugArray: CONNECTED_DEBUG_ARRAY })`. */
export const CONNECTED_DEBUG_ARRAY: SafeArrayInt8 = Object.freeze({
  bounds: Object.freeze([Object.freeze({ lowerBound: 1, count: 10 })]),
  data: CONNECTED_DEBUG_PAYLOAD.subarray(3),
});

/**
 * The stock `intervalos.ini` values (§6.1), named like the fields of `Intervals` (S→C 158), in
 * milliseconds. Talk and left-click come from `PacketRatePolicy.ini` limits.
 */
export const STOCK_INTERVALS_MS = Object.freeze({
  attackMs: 1165,
  bowMs: 1200,
  castSpellMs: 1230,
  workExtractMs: 4000,
  workBuildMs: 500,
  walkMs: 210,
  dropMs: 400,
  useItemKeyMs: 380,
  useItemClickMs: 276,
  hitThenMagicMs: 800,
  magicThenHitMs: 800,
  hitThenUseMs: 800,
  hideMs: 110,
  talkMs: 300,
  leftClickMs: 80,
  meditateMs: 10,
});

/**
 * Localised message ids the reference names (§4.1, §5): `ShowMessageBox.messageId` and
 * `LocaleMsg.messageId` index the client's language files.
 */
export const LocaleMessageId = {
  InvalidName: 1768,
  CharacterExists: 1769,
  CharacterLoadFailed: 1773,
  TooManyCharacters: 1781,
  NoFreeUserSlot: 2094,
  ThanksForPlaying: 1020,
} as const;

/** Headings (`e_Heading`, §4): the u8 in `Walk`, `ChangeHeading`, `CharacterCreate`, ... */
export const Heading = { North: 1, East: 2, South: 3, West: 4 } as const;
export type Heading = (typeof Heading)[keyof typeof Heading];

/** Console font indexes of `ConsoleMsg`/`LocaleMsg` that a server needs most (§4.3). */
export const FontIndex = {
  Talk: 0,
  Fight: 1,
  Warning: 2,
  Info: 3,
  InfoBold: 4,
  Execution: 5,
  Party: 6,
  Poison: 7,
  Guild: 8,
  Server: 9,
  GuildMessage: 10,
  /** `FONTTYPE_CENTINELA`: the server's broadcasts (`/RMSG`). */
  Centinela: 15,
  /** `FONTTYPE_GMMSG`: the staff's own channel (`/GMSG`). */
  GmMessage: 16,
  /** `FONTTYPE_GM`: what the staff tell a player (a mute) and notices among staff. */
  Gm: 17,
  /** `FONTTYPE_DIOS`. */
  God: 18,
  Experience: 23,
  Global: 25,
  /** `FONTTYPE_INFOIAO`. */
  InfoIao: 29,
  /** `FONTTYPE_New_Naranja`. */
  Orange: 32,
  /** `FONTTYPE_New_Gris`. */
  Gray: 35,
} as const;

/** `eCharacterCreate.isNpc` values (§4.2). */
export const CharacterKind = { Player: 0, Npc: 1, Pet: 2 } as const;

/** `fxLoops` value that makes an FX loop forever on players (§4.2). */
export const FX_LOOP_FOREVER = 999;

/** VB `RGB(r, g, b)` as sent in colour fields: `R + G·256 + B·65536` (§1.3). */
export function vbRgb(red: number, green: number, blue: number): number {
  return (red & 0xff) | ((green & 0xff) << 8) | ((blue & 0xff) << 16);
}

/** White in VB `RGB()` form: the usual chat colour. */
export const COLOR_WHITE = 0xff_ff_ff;

/**
 * Client packets that carry a `TS_*` sequence counter (§6.3): strictly increasing per action
 * from 1 after `Logged`; a repeat or a decrease closes the connection.
 */
export const SEQUENCED_CLIENT_PACKETS = [
  "Walk",
  "Talk",
  "Attack",
  "Drop",
  "CastSpell",
  "LeftClick",
  "Work",
  "UseItem",
  "UseItemU",
  "WorkLeftClick",
  "EquipItem",
  "ChangeHeading",
  "GuildMessage",
  "QuestionGM",
] as const;
