/**
 * The chat line's syntax, read the way the stock AO20 client reads it: `-text` yells,
 * `\name text` whispers, `;text` speaks on the global channel, `/COMMAND args` sends that
 * command's packet, and anything else is said out loud. Pure and table-driven: one table maps
 * each command (with its aliases) to its packet and to the reader of its arguments. The outcome
 * is a value; sending it, or showing a local answer, is the session's job.
 */
import type { ClientPacketFields } from "../protocol/index.ts";
import { MAX_CHAT_INPUT_CHARS } from "./constants.ts";
import { CHAT_TEXT } from "./ui-text.ts";

/**
 * Packets a typed `/command` can turn into: the player commands of the stock client, and the
 * staff commands whose effect the server has (the server alone decides who may use them).
 */
export type ChatCommandPacket =
  | "GMMessage"
  | "ServerMessage"
  | "Comment"
  | "Kick"
  | "BanChar"
  | "BanCuenta"
  | "UnbanChar"
  | "UnbanCuenta"
  | "Silence"
  | "Jail"
  | "WarnUser"
  | "RemovePunishment"
  // staff information and server control (gm-info)
  | "Where"
  | "RequestCharInfo"
  | "RequestCharStats"
  | "RequestCharGold"
  | "RequestCharInventory"
  | "RequestCharBank"
  | "RequestCharSkills"
  | "CheckSlot"
  | "OnlineGM"
  | "OnlineMap"
  | "NickToIP"
  | "IPToNick"
  | "CreaturesInMap"
  | "ItemsInTheFloor"
  | "AskTrigger"
  | "ServerOpenToUsersToggle"
  | "SystemMessage"
  | "ChangeMOTD"
  | "GlobalOnOff"
  | "SaveChars"
  | "TalkAsNPC"
  | "MensajeUser"
  | "GMPanel"
  | "ForceMIDIAll"
  | "ForceWAVEAll"
  | "ForceMIDIToMap"
  | "ForceWAVEToMap"
  | "AntiMacroMessage"
  | "CuentaRegresiva"
  | "Ignored"
  | "ChatColor"
  // -- staff movement and characters (gm-move)
  | "WarpChar"
  | "WarpMeToTarget"
  | "GoToChar"
  | "SummonChar"
  | "GoNearby"
  | "Invisible"
  | "CreateItem"
  | "GiveItem"
  | "ReviveChar"
  | "Execute"
  | "MakeDumb"
  | "MakeDumbNoMore"
  // -- staff on the GM's map (gm-world)
  | "KillNPC"
  | "KillNPCNoRespawn"
  | "KillAllNearbyNPCs"
  | "SpawnListRequest"
  | "SpawnCreature"
  | "CreateNPC"
  | "CreateNPCWithRespawn"
  | "ResetNPCInventory"
  | "DestroyItems"
  | "DestroyAllItemsInArea"
  | "CleanWorld"
  | "ItemsInTheFloor"
  | "SetTrigger"
  | "AskTrigger"
  | "TileBlockedToggle"
  | "KickAllChars"
  | "TeleportCreate"
  | "TeleportDestroy"
  | "ChangeMapInfoPK"
  // `/ANAME`
  | "AlterName"
  | "SafeToggle"
  | "Online"
  | "Quit"
  | "GuildLeave"
  | "RequestAccountState"
  | "PetStand"
  | "PetFollow"
  | "PetFollowAll"
  | "PetLeave"
  | "PetLeaveAll"
  | "TrainList"
  | "Rest"
  | "Meditate"
  | "Resucitate"
  | "Heal"
  | "RequestStats"
  | "Promedio"
  | "Help"
  | "SubastaInfo"
  | "EventoInfo"
  | "CommerceStart"
  | "BankStart"
  | "Information"
  | "Reward"
  | "RequestMOTD"
  | "UpTime"
  | "GuildOnline"
  | "MapPriceEntrance"
  | "LeaveFaction"
  | "Home"
  | "CancelDuel"
  | "QuitDuel"
  | "GuildMessage"
  | "GrupoMsg"
  | "CouncilMessage"
  | "FactionMessage"
  | "RoleMasterRequest"
  | "GlobalMessage"
  | "ChangeDescription"
  | "GuildVote"
  | "Punishments"
  | "Denounce"
  | "Casarse"
  | "AcceptDuel"
  | "OfertaInicial"
  | "OfertaDeSubasta"
  | "Gamble"
  | "BankExtractGold"
  | "BankDepositGold"
  | "DonateGold"
  | "Participar"
  | "ModifyCastleWhiteList"
  // -- reports (gm-and-moderation §2.1): `/GM texto`
  | "QuestionGM"
  // -- the GM's map's information and settings (gm-mapinfo): `/MODMAPINFO opción v`, `/MAPSETTING`
  | "ChangeMapInfoBackup"
  | "ChangeMapInfoRestricted"
  | "ChangeMapInfoNoMagic"
  | "ChangeMapInfoNoInvi"
  | "ChangeMapInfoNoResu"
  | "ChangeMapInfoLand"
  | "ChangeMapInfoZone"
  | "ChangeMapSetting"
  // -- a game master's own settings, consultations, the GM mark, /REQDEBUG (gm-self)
  | "ShowName"
  | "Genio"
  | "Working"
  | "Hiding"
  | "NPCFollow"
  | "SetCharDescription"
  | "Consulta"
  | "RequestDebug"
  | "SetSpeed"
  | "MarcaDeGMPack";

/** A command's fields without the sequence counter, which the outbox fills in when sending. */
export type ChatCommandFields<N extends ChatCommandPacket> = Omit<ClientPacketFields<N>, "counter">;

export type ChatCommandIntent = {
  [N in ChatCommandPacket]: { readonly kind: "command"; readonly packet: N; readonly fields: ChatCommandFields<N> };
}[ChatCommandPacket];

/** What one typed line means. */
export type ChatIntent =
  | { readonly kind: "talk"; readonly text: string }
  | { readonly kind: "yell"; readonly text: string }
  | { readonly kind: "whisper"; readonly target: string; readonly text: string }
  | ChatCommandIntent
  /** Answered by the client itself (usage hints, unknown commands); nothing is sent. */
  | { readonly kind: "local"; readonly message: string }
  | { readonly kind: "nothing" };

/** Longest description `/DESC` accepts (the stock client's limit). */
export const MAX_DESCRIPTION_CHARS = 50;
const I16_MAX = 32_767;
const I32_MAX = 2_147_483_647;
/** `Participar` with this room joins whatever event is open (what the stock client sends bare). */
const CURRENT_EVENT_ROOM = -1;

type Reading<F> = { readonly ok: true; readonly fields: F } | { readonly ok: false; readonly message: string };
/** Reads a command's arguments (trimmed, "" when none); `typed` is the command as typed, upper-cased. */
type Reader<F> = (args: string, typed: string) => Reading<F>;

export interface ChatCommandSpec {
  /** Upper-case names without the slash: the Spanish one first, then the aliases. */
  readonly names: readonly string[];
  readonly packet: ChatCommandPacket;
  readonly read: Reader<object>;
  /** The command typed with no arguments at all sends this one instead (`/TRIGGER` asks, `/TRIGGER n` sets). */
  readonly bare?: ChatCommandSpec;
  /**
   * The first word of the arguments, upper-cased, picks the spec that reads the rest instead
   * (`/MODMAPINFO BACKUP 1`); a word not listed is read by this spec.
   */
  readonly options?: ReadonlyMap<string, ChatCommandSpec>;
}

const ok = <F>(fields: F): Reading<F> => ({ ok: true, fields });
const refuse = (message: string): Reading<never> => ({ ok: false, message });

// Type-checks each reader's fields against the packet's layout.
function spec<N extends ChatCommandPacket>(names: readonly string[], packet: N, read: NoInfer<Reader<ChatCommandFields<N>>>): ChatCommandSpec {
  return { names, packet, read };
}

/** No arguments; extra words are ignored, as the stock client ignores them (`/SALIR ya` quits). */
const noArgs: Reader<Record<never, never>> = () => ok({});

/** No arguments, and any given are refused: for a drastic command a typo should not trigger. */
const strictlyNoArgs: Reader<Record<never, never>> = (args, typed) => (args === "" ? ok({}) : refuse(CHAT_TEXT.usage(typed, CHAT_TEXT.args.none)));

function words<F extends string>(field: F, hint: string, clean: (text: string) => string = (text) => text): Reader<Record<F, string>> {
  return (args, typed) => {
    const value = clean(args).trim();
    return value === "" ? refuse(CHAT_TEXT.usage(typed, hint)) : ok({ [field]: value } as Record<F, string>);
  };
}

/** A message: the rest of the line. */
const message = <F extends string>(field: F, clean?: (text: string) => string) => words(field, CHAT_TEXT.args.message, clean);
/** A character name: the rest of the line (names may have spaces). */
const characterName = <F extends string>(field: F) => words(field, CHAT_TEXT.args.name);

/** Plain decimal digits only: VB's `IsNumeric` also took "1e3" or "&H10", which nobody means. */
const DECIMAL = /^\+?\d{1,10}$/;

function positiveInteger(text: string, max: number): number | null {
  if (!DECIMAL.test(text)) return null;
  const value = Number(text);
  return value >= 1 && value <= max ? value : null;
}

/** A whole amount of gold (or a bet) between 1 and `max`. */
function amount<F extends string>(field: F, max: number): Reader<Record<F, number>> {
  return (args, typed) => {
    const value = positiveInteger(args, max);
    return value === null ? refuse(CHAT_TEXT.usage(typed, CHAT_TEXT.args.amount)) : ok({ [field]: value } as Record<F, number>);
  };
}

/**
 * `~` is stripped from global lines, as the stock client does: in AO20 console text it starts the
 * colour fields, so a player could restyle or cut the line everyone else sees.
 */
const withoutTildes = (text: string): string => text.replaceAll("~", "");

/** An empty description is allowed: it clears the current one. */
const description: Reader<ChatCommandFields<"ChangeDescription">> = (args) => {
  if (args.length > MAX_DESCRIPTION_CHARS) return refuse(CHAT_TEXT.descriptionTooLong(MAX_DESCRIPTION_CHARS));
  // The stock client refuses dashes here; keeping its rule makes both clients accept the same lines.
  if (args.includes("-")) return refuse(CHAT_TEXT.descriptionDash);
  return ok({ description: args });
};

const ROOM = /^\d{1,5}$/;

/** `/PARTICIPAR [room [password]]`: bare joins the open event. */
const participate: Reader<ChatCommandFields<"Participar">> = (args, typed) => {
  if (args === "") return ok({ roomId: CURRENT_EVENT_ROOM, password: "" });
  const [room = "", password = ""] = args.split(/\s+/);
  if (!ROOM.test(room) || Number(room) > I16_MAX) return refuse(CHAT_TEXT.usage(typed, CHAT_TEXT.args.room));
  return ok({ roomId: Number(room), password });
};

/** `/CASTLE ADD name` or `/CASTLE REMOVE name`: one word each, sent as one normalised string. */
const castle: Reader<ChatCommandFields<"ModifyCastleWhiteList">> = (args, typed) => {
  const parts = args.split(/\s+/).filter((part) => part !== "");
  const action = parts[0]?.toUpperCase();
  if (parts.length !== 2 || (action !== "ADD" && action !== "REMOVE")) return refuse(CHAT_TEXT.usage(typed, CHAT_TEXT.args.castle));
  return ok({ command: `${action} ${parts[1]}` });
};

/** `nick@motivo` (`/BAN`, `/BANCUENTA`): split at the first `@`, as the stock client splits it; both parts needed. */
const nameAndReason: Reader<{ userName: string; reason: string }> = (args, typed) => {
  const at = args.indexOf("@");
  const userName = at < 0 ? "" : args.slice(0, at).trim();
  const reason = at < 0 ? "" : args.slice(at + 1).trim();
  return userName === "" || reason === "" ? refuse(CHAT_TEXT.usage(typed, CHAT_TEXT.args.nameAndReason)) : ok({ userName, reason });
};

/** `nick@minutos` (`/SILENCIAR`): minutes a whole number, negative or 0 to unmute. */
const nameAndMinutes: Reader<{ userName: string; minutes: number }> = (args, typed) => {
  const [userName = "", minutes = ""] = args.split("@").map((part) => part.trim());
  return userName === "" || !/^-?\d{1,5}$/.test(minutes) || Math.abs(Number(minutes)) > I16_MAX
    ? refuse(CHAT_TEXT.usage(typed, CHAT_TEXT.args.nameAndMinutes))
    : ok({ userName, minutes: Number(minutes) });
};

/** `nick@motivo@minutos` (`/CARCEL`): exactly three parts, as the stock client requires. */
const jailArgs: Reader<{ userName: string; reason: string; time: number }> = (args, typed) => {
  const parts = args.split("@").map((part) => part.trim());
  const [userName = "", reason = "", minutes = ""] = parts;
  return parts.length !== 3 || userName === "" || reason === "" || !/^-?\d{1,9}$/.test(minutes)
    ? refuse(CHAT_TEXT.usage(typed, CHAT_TEXT.args.jail))
    : ok({ userName, reason, time: Number(minutes) });
};

/** `nick@número@texto` (`/BORRARPENA`). */
const editPunishmentArgs: Reader<{ userName: string; punishment: number; newText: string }> = (args, typed) => {
  const [userName = "", number = "", ...text] = args.split("@");
  return userName.trim() === "" || !/^\d{1,3}$/.test(number.trim()) || Number(number) > 255
    ? refuse(CHAT_TEXT.usage(typed, CHAT_TEXT.args.editPunishment))
    : ok({ userName: userName.trim(), punishment: Number(number), newText: text.join("@").trim() });
};

// -- staff information and server control (gm-info)
/** `nick@slot` (`/SLOT`): the slot a whole number 1…255. */
const nameAndSlot: Reader<{ userName: string; slot: number }> = (args, typed) => {
  const [userName = "", slot = ""] = args.split("@").map((part) => part.trim());
  return userName === "" || !/^\d{1,3}$/.test(slot) || Number(slot) < 1 || Number(slot) > 255
    ? refuse(CHAT_TEXT.usage(typed, CHAT_TEXT.args.nameAndSlot))
    : ok({ userName, slot: Number(slot) });
};

/** `viejo@nuevo` (`/ANAME`): both parts non-empty; the new name as typed (the server checks its form). */
const renameArgs: Reader<{ userName: string; newName: string }> = (args, typed) => {
  const at = args.indexOf("@");
  const userName = at < 0 ? "" : args.slice(0, at).trim();
  const newName = at < 0 ? "" : args.slice(at + 1).trim();
  return userName === "" || newName === "" ? refuse(CHAT_TEXT.usage(typed, CHAT_TEXT.args.rename)) : ok({ userName, newName });
};

/** `a.b.c.d` (`/IP2NICK`): four octets 0…255. */
const ipv4: Reader<{ ip: number[] }> = (args, typed) => {
  const octets = args.split(".");
  const valid = octets.length === 4 && octets.every((octet) => /^\d{1,3}$/.test(octet) && Number(octet) <= 255);
  return valid ? ok({ ip: octets.map(Number) }) : refuse(CHAT_TEXT.usage(typed, CHAT_TEXT.args.ip));
};

/** `mapa` (`/NENE`): a map number. */
const mapNumber: Reader<{ map: number }> = (args, typed) => {
  const value = positiveInteger(args, I16_MAX);
  return value === null ? refuse(CHAT_TEXT.usage(typed, CHAT_TEXT.args.map)) : ok({ map: value });
};

// -- staff sounds and the anti-macro note (as the stock client's ProtocolCmdParse reads them)
const BYTE = /^\d{1,3}$/;
const INTEGER = /^-?\d{1,5}$/;
const isByte = (text: string | undefined): text is string => text !== undefined && BYTE.test(text) && Number(text) <= 255;
const isInteger = (text: string | undefined): text is string => text !== undefined && INTEGER.test(text) && Math.abs(Number(text)) <= I16_MAX;
const numbersOf = (args: string) => args.split(/\s+/).filter((word) => word !== "");

/** One number 0…255 (`/FORCEMIDI`, `/FORCEWAV`). */
function byteArg<F extends string>(field: F): Reader<Record<F, number>> {
  return (args, typed) => {
    const [value, extra] = numbersOf(args);
    return isByte(value) && extra === undefined ? ok({ [field]: Number(value) } as Record<F, number>) : refuse(CHAT_TEXT.usage(typed, CHAT_TEXT.args.byte));
  };
}

/** `/FORCEMIDIMAP midi [mapa]`: no map sends 0, the server's "this map". */
const midiToMap: Reader<ChatCommandFields<"ForceMIDIToMap">> = (args, typed) => {
  const [midi, map, extra] = numbersOf(args);
  if (!isByte(midi) || extra !== undefined || (map !== undefined && !isInteger(map))) return refuse(CHAT_TEXT.usage(typed, CHAT_TEXT.args.midiToMap));
  return ok({ midi: Number(midi), map: map === undefined ? 0 : Number(map) });
};

/** `/FORCEWAVMAP wav [mapa x y]`: one number or all four; none of the place sends 0 0 0, "where I stand". */
const waveToMap: Reader<ChatCommandFields<"ForceWAVEToMap">> = (args, typed) => {
  const parts = numbersOf(args);
  const [wave, map, x, y] = parts;
  if (parts.length === 1 && isByte(wave)) return ok({ wave: Number(wave), map: 0, x: 0, y: 0 });
  if (parts.length === 4 && isByte(wave) && isInteger(map) && isByte(x) && isByte(y)) return ok({ wave: Number(wave), map: Number(map), x: Number(x), y: Number(y) });
  return refuse(CHAT_TEXT.usage(typed, CHAT_TEXT.args.waveToMap));
};

/** `/CHATCOLOR r g b`, each 0…255; bare goes back to the stock client's default, 0 255 0. */
const chatColourArgs: Reader<ChatCommandFields<"ChatColor">> = (args, typed) => {
  const parts = numbersOf(args);
  if (parts.length === 0) return ok({ red: 0, green: 255, blue: 0 });
  const [red, green, blue] = parts;
  return parts.length >= 3 && isByte(red) && isByte(green) && isByte(blue) ? ok({ red: Number(red), green: Number(green), blue: Number(blue) }) : refuse(CHAT_TEXT.usage(typed, CHAT_TEXT.args.rgb));
};

/** `nick@mensaje` (`/MENSAJEANTIMACRO`, `/MENSAJEINFORMACION`): split at the first `@`; both parts needed. */
const nameAndMessage: Reader<{ userName: string; message: string }> = (args, typed) => {
  const at = args.indexOf("@");
  const userName = at < 0 ? "" : args.slice(0, at).trim();
  const text = at < 0 ? "" : args.slice(at + 1).trim();
  return userName === "" || text === "" ? refuse(CHAT_TEXT.usage(typed, CHAT_TEXT.args.nameAndMessage)) : ok({ userName, message: text });
};

// -- reports (gm-and-moderation §2.1, §3.8)
/** The stock `/GM` form's first category; the typed `/GM texto` has no form to pick another. */
const TYPED_SOS_CATEGORY = "Consulta regular";

/** `/GM texto`: a help request to the staff, in the form's first category. */
const questionGm: Reader<ChatCommandFields<"QuestionGM">> = (args, typed) =>
  args.trim() === "" ? refuse(CHAT_TEXT.usage(typed, CHAT_TEXT.args.message)) : ok({ question: args.trim(), questionType: TYPED_SOS_CATEGORY });

/**
 * `/DENUNCIAR nick[@motivo]`: the stock client sends the name alone; a reason typed here rides in
 * the same field after an `@` (a name never has one), and the server keeps it with the report.
 */
const denounceArgs: Reader<ChatCommandFields<"Denounce">> = (args, typed) => {
  const at = args.indexOf("@");
  const name = (at < 0 ? args : args.slice(0, at)).trim();
  const reason = at < 0 ? "" : args.slice(at + 1).trim();
  if (name === "") return refuse(CHAT_TEXT.usage(typed, CHAT_TEXT.args.nameAndOptionalReason));
  return ok({ name: reason === "" ? name : `${name}@${reason}` });
};
// -- staff movement and characters (gm-move): the stock client's formats (ProtocolCmdParse.bas)

/** A whole number of the i16 range (VB `ent_Integer`), signs allowed: the server judges the value (G28). */
function i16(text: string): number | null {
  if (!/^-?\d{1,5}$/.test(text)) return null;
  const value = Number(text);
  return Math.abs(value) <= I16_MAX ? value : null;
}

/** A tile coordinate (VB `ent_Byte`, 1…255: 0 is off every map). */
function coordinate(text: string): number | null {
  const value = /^\d{1,3}$/.test(text) ? Number(text) : 0;
  return value >= 1 && value <= 255 ? value : null;
}

/** `/TELEP nick mapa x y`, or `/TELEP nick mapa` (to 50, 50); the nick one word (`+` for a space, `YO` for oneself). */
const warpArgs: Reader<ChatCommandFields<"WarpChar">> = (args, typed) => {
  const parts = args.split(/\s+/).filter((part) => part !== "");
  const [userName = "", map = "", x = "50", y = "50"] = parts;
  const fields = { userName, map: i16(map), x: coordinate(x), y: coordinate(y) };
  return (parts.length === 2 || parts.length === 4) && fields.map !== null && fields.map >= 1 && fields.x !== null && fields.y !== null
    ? ok({ userName, map: fields.map, x: fields.x, y: fields.y })
    : refuse(CHAT_TEXT.usage(typed, CHAT_TEXT.args.warp));
};

/** `/IRA [nick]`, `/SUM [nick]`: no name means the character last clicked. */
const nameOrClicked: Reader<{ userName: string }> = (args) => ok({ userName: args.trim() });

/** `/CI obj [cantidad]` (1 unit by default). */
const createItemArgs: Reader<ChatCommandFields<"CreateItem">> = (args, typed) => {
  const parts = args.split(/\s+/).filter((part) => part !== "");
  const objIndex = i16(parts[0] ?? "");
  const amount = parts.length >= 2 ? i16(parts[1]!) : 1;
  return objIndex === null || amount === null ? refuse(CHAT_TEXT.usage(typed, CHAT_TEXT.args.createItem)) : ok({ objIndex, amount });
};

/** `/DAR nick@motivo@obj[@cantidad]` (1 unit by default): name and reason needed. */
const giveItemArgs: Reader<ChatCommandFields<"GiveItem">> = (args, typed) => {
  const parts = args.split("@").map((part) => part.trim());
  const [userName = "", reason = "", obj = "", units = "1"] = parts;
  const objIndex = i16(obj);
  const amount = i16(units);
  return parts.length < 3 || parts.length > 4 || userName === "" || reason === "" || objIndex === null || amount === null
    ? refuse(CHAT_TEXT.usage(typed, CHAT_TEXT.args.giveItem))
    : ok({ userName, objIndex, amount, reason });
};

/** `/GO mapa` is `/TELEP YO mapa 50 50`; `/GO nick` is `/IRA nick` (the stock client's shortcut). */
const goToMap = spec(["GO"], "WarpChar", (args, typed) => {
  const map = i16(args);
  return map !== null && map >= 1 ? ok({ userName: "YO", map, x: 50, y: 50 }) : refuse(CHAT_TEXT.usage(typed, CHAT_TEXT.args.warp));
});
const goToCharacter = spec(["GO"], "GoToChar", nameOrClicked);
const goCommand = (args: string): ChatCommandSpec => (/^\d+$/.test(args.trim()) ? goToMap : goToCharacter);

const globalMessage = spec(["CONSOLA"], "GlobalMessage", message("text", withoutTildes));

// -- staff on the GM's map (gm-world)
/** An NPC number of npcs.dat (an i16 above 0; the server refuses one its world lacks). */
function npcNumber<F extends string>(field: F, hint: string = CHAT_TEXT.args.npcNumber): Reader<Record<F, number>> {
  return (args, typed) => {
    const value = positiveInteger(args, I16_MAX);
    return value === null ? refuse(CHAT_TEXT.usage(typed, hint)) : ok({ [field]: value } as Record<F, number>);
  };
}

/** `/TRIGGER n`: a byte (the server says which triggers a GM may write). */
const triggerNumber: Reader<ChatCommandFields<"SetTrigger">> = (args, typed) =>
  /^\d{1,3}$/.test(args) && Number(args) <= 255 ? ok({ trigger: Number(args) }) : refuse(CHAT_TEXT.usage(typed, CHAT_TEXT.args.triggerOrNothing));

/** `/CT mapa x y [radio] [@motivo]`: the destination as numbers (the server checks the map and the tile); radio 1 by default. */
const teleportArgs: Reader<ChatCommandFields<"TeleportCreate">> = (args, typed) => {
  const at = args.indexOf("@");
  const reason = at < 0 ? "" : args.slice(at + 1).trim();
  const [map = "", x = "", y = "", radius = "1", ...rest] = (at < 0 ? args : args.slice(0, at)).split(/\s+/).filter((word) => word !== "");
  const mapNumber = positiveInteger(map, I16_MAX);
  return mapNumber === null || !isByte(x) || !isByte(y) || !isByte(radius) || rest.length > 0
    ? refuse(CHAT_TEXT.usage(typed, CHAT_TEXT.args.teleport))
    : ok({ map: mapNumber, x: Number(x), y: Number(y), radius: Number(radius), reason });
};

// -- the GM's map's information and settings (gm-mapinfo). `/MODMAPINFO opción valor` as the
// stock client reads it: the option picks the packet, the value is one word (extra words refused).
/** One word of the arguments, or null when there is none or more than one. */
const oneWord = (args: string): string | null => (args !== "" && !/\s/.test(args) ? args : null);

/** `/MODMAPINFO SEGURO|BACKUP|MAGIASINEFECTO|… 0|1`: the stock client sends true for "1" (here: only 0 or 1). */
function mapInfoBool<F extends string>(field: F): Reader<Record<F, boolean>> {
  return (args, typed) => (args === "0" || args === "1" ? ok({ [field]: args === "1" } as Record<F, boolean>) : refuse(CHAT_TEXT.usage(typed, "0|1")));
}

/** `/MODMAPINFO RESTRINGIR|TERRENO|ZONA palabra`: the word as typed (the server checks it and lists the words it takes). */
function mapInfoWord<F extends string>(field: F, hint: string): Reader<Record<F, string>> {
  return (args, typed) => {
    const word = oneWord(args);
    return word === null ? refuse(CHAT_TEXT.usage(typed, hint)) : ok({ [field]: word } as Record<F, string>);
  };
}

/** `/MODMAPINFO` with no option it knows: the options. */
const mapInfoOptions: Reader<ChatCommandFields<"ChangeMapInfoPK">> = (_args, typed) => refuse(CHAT_TEXT.usage(typed, CHAT_TEXT.args.mapInfo));

const MAP_INFO_OPTIONS: ReadonlyMap<string, ChatCommandSpec> = new Map([
  ["SEGURO", spec(["MODMAPINFO"], "ChangeMapInfoPK", mapInfoBool("isPk"))],
  ["BACKUP", spec(["MODMAPINFO"], "ChangeMapInfoBackup", mapInfoBool("backup"))],
  ["RESTRINGIR", spec(["MODMAPINFO"], "ChangeMapInfoRestricted", mapInfoWord("restriction", CHAT_TEXT.args.mapRestriction))],
  ["MAGIASINEFECTO", spec(["MODMAPINFO"], "ChangeMapInfoNoMagic", mapInfoBool("noMagic"))],
  ["INVISINEFECTO", spec(["MODMAPINFO"], "ChangeMapInfoNoInvi", mapInfoBool("noInvisibility"))],
  ["RESUSINEFECTO", spec(["MODMAPINFO"], "ChangeMapInfoNoResu", mapInfoBool("noResurrection"))],
  ["TERRENO", spec(["MODMAPINFO"], "ChangeMapInfoLand", mapInfoWord("land", CHAT_TEXT.args.mapTerrain))],
  ["ZONA", spec(["MODMAPINFO"], "ChangeMapInfoZone", mapInfoWord("zone", CHAT_TEXT.args.mapTerrain))],
]);

/** `e_MapSetting` by the stock client's words (DROPITEMS 0, SAFEPVP 1); FRIENDLYFIRE (2) is ours: the server has it, the stock client no word for it. */
const MAP_SETTINGS: Readonly<Record<string, number>> = { DROPITEMS: 0, SAFEPVP: 1, FRIENDLYFIRE: 2 };

/** `/MAPSETTING DROPITEMS|SAFEPVP|FRIENDLYFIRE n`: the setting by name, the value a byte (the server: 0 off, anything else on). */
const mapSettingArgs: Reader<ChatCommandFields<"ChangeMapSetting">> = (args, typed) => {
  const [name = "", value, ...rest] = args.split(/\s+/).filter((word) => word !== "");
  const setting = Object.hasOwn(MAP_SETTINGS, name.toUpperCase()) ? MAP_SETTINGS[name.toUpperCase()] : undefined;
  return setting === undefined || !isByte(value) || rest.length > 0 ? refuse(CHAT_TEXT.usage(typed, CHAT_TEXT.args.mapSetting)) : ok({ setting, value: Number(value) });
};

// -- a game master's own settings, consultations, /REQDEBUG (gm-self)
/** `/SETDESC texto`: the rest of the line as typed (`ArgumentosRaw`); empty clears the description. */
const roleplayDescription: Reader<ChatCommandFields<"SetCharDescription">> = (args) => ok({ description: args });

/** `/CONSULTA [nick]`: no nick means the clicked player (the server picks it). */
const consultationNick: Reader<ChatCommandFields<"Consulta">> = (args) => ok({ nick: args.trim() });

/** `/REQDEBUG` (the last logs), `/REQDEBUG CONNECTION nick` (its words joined by one space), `/REQDEBUG USERIDS`: `HandleReqDebugCmd`. */
const debugRequest: Reader<ChatCommandFields<"RequestDebug">> = (args, typed) => {
  const [kind = "", ...rest] = args.split(/\s+/).filter((word) => word !== "");
  if (kind === "") return ok({ debugType: 0 });
  if (kind.toUpperCase() === "CONNECTION") return ok({ debugType: 1, argument: rest.join(" ") });
  if (kind.toUpperCase() === "USERIDS" && rest.length === 0) return ok({ debugType: 2 });
  return refuse(CHAT_TEXT.usage(typed, CHAT_TEXT.args.debug));
};

/** `/VELOCIDAD n` (the browser's form of the GM panel's speed buttons): a decimal number; the server says which it takes. */
const speedArg: Reader<ChatCommandFields<"SetSpeed">> = (args, typed) =>
  /^\d{1,3}([.,]\d{1,2})?$/.test(args) ? ok({ speed: Number(args.replace(",", ".")) }) : refuse(CHAT_TEXT.usage(typed, CHAT_TEXT.args.speed));

/** With a spec to send when the command comes with no arguments. */
const orBare = (command: ChatCommandSpec, bare: ChatCommandSpec): ChatCommandSpec => ({ ...command, bare });

/**
 * The commands of the stock client whose packets this protocol has, with its aliases (English
 * ones included). Ñ-less spellings are extra: many keyboards have no Ñ.
 */
export const CHAT_COMMANDS: readonly ChatCommandSpec[] = [
  spec(["SEG"], "SafeToggle", noArgs),
  spec(["ONLINE"], "Online", noArgs),
  spec(["SALIR", "EXIT"], "Quit", noArgs),
  spec(["SALIRCLAN", "EXITRCLAN"], "GuildLeave", noArgs),
  spec(["BALANCE"], "RequestAccountState", noArgs),
  spec(["QUIETO", "STILL"], "PetStand", noArgs),
  spec(["ACOMPAÑAR", "ACOMPANAR", "ACCOMPANY"], "PetFollow", noArgs),
  spec(["ACOMPAÑARTODOS", "ACOMPANARTODOS", "ACCOMPANYALL"], "PetFollowAll", noArgs),
  spec(["LIBERAR", "RELEASE"], "PetLeave", noArgs),
  spec(["LIBERARTODOS", "LIBERARTODAS", "LIBERARTALL"], "PetLeaveAll", noArgs),
  spec(["ENTRENAR", "TRAIN"], "TrainList", noArgs),
  spec(["DESCANSAR", "REST"], "Rest", noArgs),
  spec(["MEDITAR", "MEDITATE"], "Meditate", noArgs),
  spec(["RESUCITAR", "RESURRECT"], "Resucitate", noArgs),
  spec(["CURAR", "CURE"], "Heal", noArgs),
  spec(["EST"], "RequestStats", noArgs),
  spec(["PROMEDIO", "AVERAGE"], "Promedio", noArgs),
  spec(["AYUDA", "HELP"], "Help", noArgs),
  spec(["SUBASTA", "AUCTION"], "SubastaInfo", noArgs),
  spec(["EVENTO", "EVENT"], "EventoInfo", noArgs),
  spec(["COMERCIAR", "TRADE"], "CommerceStart", noArgs),
  spec(["BOVEDA", "VAULT"], "BankStart", noArgs),
  spec(["INFORMACION", "INFORMATION"], "Information", noArgs),
  spec(["RECOMPENSA", "REWARD"], "Reward", noArgs),
  spec(["MOTD"], "RequestMOTD", noArgs),
  spec(["UPTIME"], "UpTime", noArgs),
  spec(["ONLINECLAN"], "GuildOnline", noArgs),
  spec(["ARENA"], "MapPriceEntrance", noArgs),
  spec(["RETIRARFACCION", "REMOVEFACTION"], "LeaveFaction", strictlyNoArgs),
  spec(["HOGAR", "HOME"], "Home", noArgs),
  spec(["CANCELAR", "CANCEL"], "CancelDuel", noArgs),
  spec(["ABANDONAR", "ABANDON"], "QuitDuel", noArgs),
  spec(["CMSG"], "GuildMessage", message("text")),
  spec(["GRUPO", "CLUSTER"], "GrupoMsg", message("text")),
  spec(["BMSG"], "CouncilMessage", message("text")),
  spec(["FMSG"], "FactionMessage", message("text")),
  spec(["ROL"], "RoleMasterRequest", message("text")),
  globalMessage,
  spec(["DESC"], "ChangeDescription", description),
  spec(["VOTO", "VOTE"], "GuildVote", characterName("userName")),
  spec(["PENAS", "SENTENCE"], "Punishments", characterName("userName")),
  spec(["DENUNCIAR", "REPORT"], "Denounce", denounceArgs),
  spec(["GM"], "QuestionGM", questionGm),
  spec(["PROPONER", "PROPOSE"], "Casarse", characterName("userName")),
  spec(["ACEPTAR", "ACCEPT"], "AcceptDuel", characterName("offerer")),
  spec(["OFERTAINICIAL", "INITIALOFFER"], "OfertaInicial", amount("offer", I32_MAX)),
  spec(["OFERTAR", "OFFER"], "OfertaDeSubasta", amount("bid", I32_MAX)),
  spec(["APOSTAR", "BET"], "Gamble", amount("amount", I16_MAX)),
  spec(["RETIRAR", "WITHDRAW"], "BankExtractGold", amount("amount", I32_MAX)),
  spec(["DEPOSITAR", "DEPOSIT"], "BankDepositGold", amount("amount", I32_MAX)),
  spec(["DONAR", "DONATE"], "DonateGold", amount("gold", I32_MAX)),
  spec(["PARTICIPAR", "PARTICIPATE"], "Participar", participate),
  spec(["CASTLE"], "ModifyCastleWhiteList", castle),
  // Staff commands (ProtocolCmdParse.bas sends them whoever types them; the server checks the rank).
  spec(["GMSG"], "GMMessage", message("text")),
  spec(["RMSG"], "ServerMessage", message("text")),
  spec(["REM", "LOG", "ANOTAR"], "Comment", message("text")),
  spec(["ECHAR", "THROW"], "Kick", characterName("userName")),
  spec(["BAN"], "BanChar", nameAndReason),
  spec(["BANCUENTA"], "BanCuenta", nameAndReason),
  spec(["UNBAN"], "UnbanChar", characterName("userName")),
  spec(["UNBANCUENTA"], "UnbanCuenta", characterName("userName")),
  spec(["SILENCIAR"], "Silence", nameAndMinutes),
  spec(["CARCEL"], "Jail", jailArgs),
  spec(["ADVERTENCIA"], "WarnUser", nameAndReason),
  spec(["BORRARPENA"], "RemovePunishment", editPunishmentArgs),
  // Staff information and server control (gm-info).
  spec(["DONDE", "WHERE"], "Where", characterName("userName")),
  spec(["INFO"], "RequestCharInfo", characterName("userName")),
  spec(["STAT"], "RequestCharStats", characterName("userName")),
  spec(["BAL"], "RequestCharGold", characterName("userName")),
  spec(["INV"], "RequestCharInventory", characterName("userName")),
  spec(["BOV"], "RequestCharBank", characterName("userName")),
  spec(["SKILLS"], "RequestCharSkills", characterName("userName")),
  spec(["SLOT"], "CheckSlot", nameAndSlot),
  spec(["ONLINEGM"], "OnlineGM", noArgs),
  spec(["ONLINEMAP"], "OnlineMap", noArgs),
  spec(["NICK2IP"], "NickToIP", characterName("userName")),
  spec(["IP2NICK"], "IPToNick", ipv4),
  spec(["NENE"], "CreaturesInMap", mapNumber),
  spec(["HABILITAR"], "ServerOpenToUsersToggle", strictlyNoArgs),
  spec(["SMSG"], "SystemMessage", message("text")),
  spec(["MOTDCAMBIA"], "ChangeMOTD", noArgs),
  spec(["GLOBAL"], "GlobalOnOff", strictlyNoArgs),
  spec(["GRABAR"], "SaveChars", strictlyNoArgs),
  spec(["TALKAS"], "TalkAsNPC", message("text")),
  spec(["MENSAJEINFORMACION"], "MensajeUser", nameAndMessage),
  spec(["PANELGM"], "GMPanel", noArgs),
  // -- staff sounds and the anti-macro note
  spec(["FORCEMIDI"], "ForceMIDIAll", byteArg("midi")),
  spec(["FORCEWAV"], "ForceWAVEAll", byteArg("wave")),
  spec(["FORCEMIDIMAP"], "ForceMIDIToMap", midiToMap),
  spec(["FORCEWAVMAP"], "ForceWAVEToMap", waveToMap),
  spec(["MENSAJEANTIMACRO", "ANTIMACROMESSAGE"], "AntiMacroMessage", nameAndMessage),
  spec(["CR"], "CuentaRegresiva", byteArg("seconds")),
  spec(["IGNORADO", "IGNORED"], "Ignored", noArgs),
  spec(["CHATCOLOR"], "ChatColor", chatColourArgs),
  // -- staff movement and characters (gm-move)
  spec(["TELEP"], "WarpChar", warpArgs),
  spec(["TELEPLOC"], "WarpMeToTarget", noArgs),
  spec(["IRA"], "GoToChar", nameOrClicked),
  spec(["SUM"], "SummonChar", nameOrClicked),
  spec(["IRCERCA"], "GoNearby", characterName("userName")),
  spec(["INVISIBLE"], "Invisible", noArgs),
  spec(["CI"], "CreateItem", createItemArgs),
  spec(["DAR", "GIVE"], "GiveItem", giveItemArgs),
  spec(["REVIVIR", "REVIVE"], "ReviveChar", characterName("userName")),
  spec(["EJECUTAR", "EXECUTE"], "Execute", characterName("userName")),
  spec(["ESTUPIDO", "IDIOT"], "MakeDumb", characterName("userName")),
  spec(["NOESTUPIDO", "NOTSTUDIED"], "MakeDumbNoMore", characterName("userName")),
  // -- staff on the GM's map (gm-world). The browser has no spawn window: `/CC n` picks creature n
  // at once (what the stock client's window sends); bare `/CC` asks for the window, as the stock client.
  spec(["RMATA"], "KillNPC", noArgs),
  spec(["MATA"], "KillNPCNoRespawn", noArgs),
  spec(["MASSKILL"], "KillAllNearbyNPCs", strictlyNoArgs),
  orBare(spec(["CC"], "SpawnCreature", npcNumber("creatureIndex", CHAT_TEXT.args.creatureOrNothing)), spec(["CC"], "SpawnListRequest", noArgs)),
  spec(["ACC"], "CreateNPC", npcNumber("npcIndex")),
  spec(["RACC"], "CreateNPCWithRespawn", npcNumber("npcIndex")),
  spec(["RESETINV"], "ResetNPCInventory", noArgs),
  spec(["DEST"], "DestroyItems", noArgs),
  spec(["MASSDEST"], "DestroyAllItemsInArea", strictlyNoArgs),
  spec(["LIMPIAR"], "CleanWorld", strictlyNoArgs),
  spec(["PISO"], "ItemsInTheFloor", noArgs),
  orBare(spec(["TRIGGER"], "SetTrigger", triggerNumber), spec(["TRIGGER"], "AskTrigger", noArgs)),
  spec(["BLOQ"], "TileBlockedToggle", noArgs),
  spec(["CT"], "TeleportCreate", teleportArgs),
  spec(["DT"], "TeleportDestroy", noArgs),
  { ...spec(["MODMAPINFO"], "ChangeMapInfoPK", mapInfoOptions), options: MAP_INFO_OPTIONS },
  spec(["ECHARTODOSPJS"], "KickAllChars", strictlyNoArgs),
  spec(["ANAME"], "AlterName", renameArgs),
  // -- the GM's map's information and settings (gm-mapinfo)
  spec(["MAPSETTING"], "ChangeMapSetting", mapSettingArgs),
  // -- a game master's own settings, consultations, /REQDEBUG (gm-self). `/VELOCIDAD` and `/MARCAGM`
  // are the browser's forms of GM-panel buttons (the stock client has no slash command for them).
  spec(["SHOWNAME"], "ShowName", noArgs),
  spec(["GENIO", "GENIUS"], "Genio", noArgs),
  spec(["TRABAJANDO", "WORKING"], "Working", noArgs),
  spec(["OCULTANDO", "HIDING"], "Hiding", noArgs),
  spec(["SEGUIR", "FOLLOW"], "NPCFollow", noArgs),
  spec(["SETDESC"], "SetCharDescription", roleplayDescription),
  spec(["CONSULTA", "CONSULTATION"], "Consulta", consultationNick),
  spec(["REQDEBUG"], "RequestDebug", debugRequest),
  spec(["VELOCIDAD", "SPEED"], "SetSpeed", speedArg),
  spec(["MARCAGM"], "MarcaDeGMPack", noArgs),
];

const COMMANDS_BY_NAME: ReadonlyMap<string, ChatCommandSpec> = new Map(CHAT_COMMANDS.flatMap((command) => command.names.map((name) => [name, command] as const)));

const NOTHING: ChatIntent = { kind: "nothing" };

const local = (message: string): ChatIntent => ({ kind: "local", message });

function run(typedCommand: ChatCommandSpec, args: string, typed: string): ChatIntent {
  const option = typedCommand.options === undefined ? undefined : firstWord(args);
  const chosen = option === undefined ? undefined : typedCommand.options?.get(option.word.toUpperCase());
  if (chosen !== undefined && option !== undefined) return run(chosen, option.rest, `${typed} ${option.word.toUpperCase()}`);
  const command = args === "" && typedCommand.bare !== undefined ? typedCommand.bare : typedCommand;
  const reading = command.read(args, typed);
  // The table's `spec` checked these fields against this packet.
  return reading.ok ? ({ kind: "command", packet: command.packet, fields: reading.fields } as ChatCommandIntent) : local(reading.message);
}

/** Cuts to `max` UTF-16 units without splitting a surrogate pair (half an emoji). */
function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const last = text.charCodeAt(max - 1);
  return text.slice(0, last >= 0xd800 && last <= 0xdbff ? max - 1 : max);
}

/** Splits at the first whitespace: the first word and the rest (trimmed). */
function firstWord(text: string): { readonly word: string; readonly rest: string } {
  const space = text.search(/\s/);
  return space < 0 ? { word: text, rest: "" } : { word: text.slice(0, space), rest: text.slice(space).trim() };
}

function parseCommand(body: string): ChatIntent {
  const { word, rest } = firstWord(body);
  // NFC so an Ñ typed as N + combining tilde still names /ACOMPAÑAR.
  const typed = word.normalize("NFC").toUpperCase();
  const command = typed === "GO" ? goCommand(rest) : COMMANDS_BY_NAME.get(typed);
  return command ? run(command, rest, typed) : local(CHAT_TEXT.unknownCommand);
}

/** `\name text`: the name is one word, as in the stock client. */
function parseWhisper(body: string): ChatIntent {
  const { word, rest } = firstWord(body);
  return word === "" || rest === "" ? local(CHAT_TEXT.whisperUsage) : { kind: "whisper", target: word, text: rest };
}

/** What a line typed in the chat box means. */
export function parseChatLine(raw: string): ChatIntent {
  // Trimmed before the cut so leading blanks do not eat the length; after it, the cut may leave some.
  const line = clip(raw.trim(), MAX_CHAT_INPUT_CHARS).trimEnd();
  if (line === "") return NOTHING;
  const body = line.slice(1).trim();
  switch (line[0]) {
    case "/":
      return parseCommand(line.slice(1));
    case "-":
      return body === "" ? NOTHING : { kind: "yell", text: body };
    case ";":
      return body === "" ? NOTHING : run(globalMessage, body, "CONSOLA");
    case "\\":
      return parseWhisper(body);
    default:
      return { kind: "talk", text: line };
  }
}
