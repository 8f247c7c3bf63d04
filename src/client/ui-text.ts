/**
 * Words the client shows: texts for the server's numbered messages, console tones and the
 * logout countdown as the server words it. One table, so a translation touches one file. Pure.
 */
import { SKILL_NAMES as GAME_SKILL_NAMES, MAX_GOLD_PER_DROP } from "../game/items/index.ts";
import { LocaleId, wordLocaleMessage } from "../game/messages/index.ts";
import { FontIndex, LocaleMessageId, WorkSkill } from "../protocol/index.ts";
import { MAX_ITEMS_PER_DROP, MAX_UNITS_PER_DEAL } from "./constants.ts";
import type { ConsoleTone } from "./game-state.ts";
import type { BankRefusal } from "./bank-rules.ts";
import type { InventoryRefusal } from "./inventory-rules.ts";
import type { ShopRefusal } from "./shop-rules.ts";
import type { AttackRefusal } from "./combat-rules.ts";
import { BAR_ACTION_HOME } from "./action-bars.ts";
import type { SkillRefusal } from "./skills-rules.ts";
import type { SpellRefusal } from "./spell-rules.ts";
import type { StatusMarkKind } from "./altered-states.ts";
import type { TradeRefusal } from "./trade-rules.ts";

/**
 * `ShowMessageBox` ids the server uses (docs/ao20-protocol.md §5.1; the stock client takes the
 * text from its language files, which this client does not have).
 */
export const MESSAGE_BOX_TEXT: Readonly<Record<number, string>> = {
  [LocaleMessageId.InvalidName]: "Ese nombre no es válido o no está permitido. Usá de 3 a 18 letras, sin números ni símbolos.",
  [LocaleMessageId.CharacterExists]: "Ya existe un personaje con ese nombre. Elegí otro.",
  [LocaleMessageId.CharacterLoadFailed]: "No se pudo cargar el personaje. Probá de nuevo en un momento.",
  [LocaleMessageId.TooManyCharacters]: "Se alcanzó el máximo de personajes.",
  [LocaleMessageId.NoFreeUserSlot]: "El servidor está lleno.",
  1755: "Se te prohibió la entrada al juego por: ¬1. Lo decidió ¬2.",
  1759: "El servidor está lleno. Probá más tarde.",
  1760: "El servidor sólo admite administradores en este momento.",
  1764: "Esta cuenta ya está conectada.",
  1765: "Se alcanzó el límite de cuentas conectadas.",
  1766: "Hubo un error con el personaje.",
  1778: "Ese nombre está reservado.",
  1785: "Fuiste baneado del servidor. Motivo: ¬1",
};

/** Readable text of a `ShowMessageBox`; `extra` holds ¬-separated parameters. */
export function messageBoxText(messageId: number, extra: string): string {
  const known = MESSAGE_BOX_TEXT[messageId];
  const params = extra.split("\u00ac").filter((part) => part.length > 0);
  if (known !== undefined) return fillHoles(known, extra);
  const suffix = params.length > 0 ? `: ${params.join(", ")}` : ".";
  return `El servidor rechazó la operación (mensaje ${messageId})${suffix}`;
}

/**
 * Locale messages (`LocaleMsg`, `LocaleChatOverHead`) this client words itself, on top of the
 * server's catalogue; `¬1`, `¬2`, … are filled from the params. Others show their number.
 */
const LOCALE_TEXT: Readonly<Record<number, string>> = {
  [LocaleMessageId.ThanksForPlaying]: "¡Gracias por jugar Argentum Online!",
  // The banker's answers to gold deposits and withdrawals (items-and-economy §8.5).
  1418: "Tenés ¬1 monedas de oro en tu cuenta.",
  1419: "No tenés esa cantidad de oro para depositar.",
  1395: "No tenés esa cantidad de oro en tu cuenta.",
  // Combat, death and the priest (combat-and-progression §3, §6.7, §8).
  [LocaleId.TooFar]: "Estás demasiado lejos.",
  // Doors and keys (map/systems/doors.ts).
  77: "¡¡Estás muerto!!",
  83: "El sacerdote te ha curado.",
  93: "Estás muy cansado para luchar.",
  184: "¡Has matado a la criatura!",
  382: "¡Le has quitado ¬1 puntos de vida a la criatura!",
  [LocaleId.HomeHint]: "Escribí /HOGAR si querés volver rápido a tu hogar.",
  585: "¡Has sido resucitado!",
  1041: "No podés atacar mascotas en zonas seguras.",
  1042: "No podés atacar a esta criatura.",
  1043: "¡Fallaste el golpe!",
  1045: "No podés atacar a un espíritu.",
  1062: "Este es un mapa seguro: acá no se pelea.",
  1063: "No podés pelear en una zona segura.",
  1125: "No podés usarlo así.",
  1930: "¡¬1 te atacó y falló!",
  // Shots, the safe and faction status (combat-and-progression §4, §8.2).
  696: "Solo los ciudadanos pueden cambiar el seguro.",
  709: "No tenés municiones.",
  710: "No podés atacarte a vos mismo.",
  1055: "Los soldados del Ejército Real no pueden atacarse entre sí.",
  1056: "Los soldados del Ejército Real no pueden atacar ciudadanos.",
  1057: "Para atacar ciudadanos tenés que quitarte el seguro (/SEG).",
  1058: "Para atacar al Ejército Real tenés que quitarte el seguro (/SEG).",
  1128: "Estás muy cansado para luchar.",
  2129: "¡Estoy muy cansado!",
  // Spells, altered states and meditation (combat-and-progression §5, §9).
  7: "Tu objetivo está muerto.",
  32: "¬1 te curó ¬2 puntos de vida.",
  33: "Te curaste ¬1 puntos de vida.",
  34: "¡¬1 te quitó ¬2 puntos de vida!",
  47: "Estás envenenado: curate o vas a morir.",
  54: "No podés moverte.",
  222: "No tenés suficiente maná.",
  307: "Volviste a ser visible.",
  380: "No podés atacarte a vos mismo.",
  381: "La criatura es inmune a este hechizo.",
  388: "Le curaste a ¬1 ¬2 puntos de vida.",
  389: "¡Le quitaste a ¬1 ¬2 puntos de vida!",
  390: "El veneno te quitó ¬1 puntos de vida.",
  391: "El fuego te quitó ¬1 puntos de vida.",
  392: "¡Te estás quemando! Curate o vas a morir.",
  525: "Ya conocés ese hechizo.",
  587: "Primero elegí un hechizo.",
  666: "El hechizo no tiene efecto.",
  670: "No podés mover el hechizo hacia ese lado.",
  756: "No podés meditar montado.",
  777: "No tenés lugar para más hechizos.",
  781: "Necesitás un báculo para lanzar este hechizo.",
  782: "Tu báculo no es lo bastante poderoso para este hechizo.",
  790: "Este hechizo sólo afecta a personajes.",
  791: "Este hechizo sólo afecta a criaturas.",
  792: "Ese no es un objetivo válido.",
  821: "La criatura no tiene heridas.",
  1123: "¡Estás paralizado!",
  1627: "¬1 te quitó ¬2 puntos de vida.",
  1635: "Tenés que esperar ¬1 segundos para volver a lanzar este hechizo.",
  1636: "Te falta habilidad en Magia: necesitás ¬1 puntos.",
  1870: "¬1 ya está envenenado.",
  1871: "¬1 no está envenenado.",
  1906: "¬1 no tiene heridas.",
  1920: "Te curaste ¬1 puntos de vida.",
  1921: "Le quitaste ¬1 puntos de vida a ¬2.",
};

/** `text` with its `¬n` holes filled from ¬-separated `params`. */
function fillHoles(text: string, params: string): string {
  const values = params.split("\u00ac");
  return text.replace(/\u00ac(\d+)/g, (_hole, index: string) => values[Number(index) - 1] ?? "");
}

export function localeMessageText(messageId: number, params: string): string {
  const own = LOCALE_TEXT[messageId];
  const known = own !== undefined ? fillHoles(own, params) : wordLocaleMessage(messageId, params);
  if (known !== undefined) return known;
  const parts = params.split("\u00ac").filter((part) => part.length > 0);
  return parts.length > 0 ? `[${messageId}] ${parts.join(" ")}` : `[${messageId}]`;
}

/** Console colour class for a `ConsoleMsg` font index. */
export function toneOfFont(fontIndex: number): ConsoleTone {
  switch (fontIndex) {
    case FontIndex.Talk:
      return "talk";
    case FontIndex.Fight:
    case FontIndex.Poison:
      return "fight";
    case FontIndex.Warning:
      return "warning";
    case FontIndex.Server:
    case FontIndex.Execution:
      return "server";
    default:
      return "info";
  }
}

/** "Cerrando en 10 segundos..." → 10; the server words its logout countdown this way. */
const QUIT_COUNTDOWN = /^Cerrando en (\d{1,3}) segundos?/;
/** Lines that end a countdown without closing (walking or `CancelarExit`). */
const QUIT_CANCELLED = /cancelad[ao]/i;

/** What a console line means for the logout countdown, if anything. */
export function quitCountdownOf(text: string): { readonly secondsLeft: number } | "cancelled" | null {
  const match = QUIT_COUNTDOWN.exec(text);
  if (match) return { secondsLeft: Number(match[1]) };
  if (QUIT_CANCELLED.test(text) && /sal(ida|iste)/i.test(text)) return "cancelled";
  return null;
}

/** Text for a closed connection the player did not ask for. */
export const CONNECTION_LOST_TEXT = "Se perdió la conexión con el servidor.";
export const CONNECTION_FAILED_TEXT = "No se pudo conectar con el servidor.";
export const MAP_LOAD_FAILED_TEXT = "No se pudo cargar el mapa.";

/**
 * What the chat line answers locally (usage hints, unknown commands), never sent to the server.
 * `usage` gets the command as the player typed it, so `/TRADE` is answered with `/TRADE`.
 */
export const CHAT_TEXT = {
  /** The stock client's phrase for a command it does not know. */
  unknownCommand: "El comando es inválido.",
  whisperUsage: "Para susurrar escribí \\nombre y el mensaje, por ejemplo: \\Ana hola.",
  usage: (command: string, args: string): string => `Uso: /${command} ${args}`,
  args: {
    message: "<mensaje>",
    name: "<nombre>",
    amount: "<cantidad> (un número entero mayor que cero)",
    room: "[sala] [contraseña] (la sala es un número)",
    castle: "ADD <nombre> o REMOVE <nombre>",
    none: "(sin argumentos)",
    nameAndReason: "<nombre>@<motivo>",
    nameAndOptionalReason: "<nombre>[@<motivo>]",
    nameAndMinutes: "<nombre>@<minutos>",
    jail: "<nombre>@<motivo>@<minutos>",
    editPunishment: "<nombre>@<número>@<texto>",
    // staff information and server control (gm-info)
    nameAndSlot: "<nombre>@<slot> (un número de 1 a 255)",
    rename: "<nombre>@<nombre nuevo>",
    ip: "<a.b.c.d> (cuatro números de 0 a 255)",
    map: "<mapa> (un número)",
    // -- staff sounds
    byte: "<número de 0 a 255>",
    midiToMap: "<música 0-255> [mapa]",
    waveToMap: "<sonido 0-255> [mapa x y]",
    nameAndMessage: "<nombre>@<mensaje>",
    rgb: "<rojo> <verde> <azul> (0 a 255 cada uno)",
    // -- staff movement and characters (gm-move)
    warp: "<nombre|YO> <mapa> [<x> <y>]",
    createItem: "<objeto> [<cantidad>]",
    giveItem: "<nombre>@<motivo>@<objeto>[@<cantidad>]",
    // -- staff on the GM's map (gm-world)
    npcNumber: "<número de criatura>",
    creatureOrNothing: "[número de criatura] (sin número abre la lista)",
    triggerOrNothing: "[trigger] (sin número pregunta el del lugar)",
    teleport: "<mapa> <x> <y> [radio] [@motivo]",
    mapInfo: "SEGURO|BACKUP|RESTRINGIR|MAGIASINEFECTO|INVISINEFECTO|RESUSINEFECTO|TERRENO|ZONA <valor>",
    // -- the GM's map's information and settings (gm-mapinfo)
    mapRestriction: "NEWBIE|SINMAGIA|SININVI|NOPKS|NOCIUD",
    mapTerrain: "BOSQUE|NIEVE|DESIERTO|CIUDAD|CAMPO|DUNGEON",
    mapSetting: "DROPITEMS|SAFEPVP|FRIENDLYFIRE <número de 0 a 255>",
    // -- a game master's own settings, /REQDEBUG (gm-self)
    debug: "[CONNECTION <nombre> | USERIDS]",
    speed: "<velocidad> (por ejemplo 1, 2, 5 o 15)",
  },
  descriptionTooLong: (max: number): string => `La descripción puede tener hasta ${max} caracteres.`,
  descriptionDash: "La descripción no puede llevar guiones (-).",
  /** Tooltip of the chat box: the syntax at a glance. */
  inputHint: "Enter para hablar. -texto grita, \\nombre texto susurra, ;texto va al canal global, /AYUDA y otros comandos.",
} as const;

/** Labels of the vitals bars in the side panel. */
export const VITALS_TEXT = {
  hp: "Salud",
  mana: "Maná",
  stamina: "Energía",
  exp: "Exp",
  expTitle: "Experiencia",
  food: "Comida",
  water: "Agua",
} as const;

/** The 24 skills by id (`e_Skill` 1…24 at index 0…23), as the stock client names them: the item rules' list. */
export const SKILL_NAMES: readonly string[] = GAME_SKILL_NAMES;

/** Where a hit landed (`NPCHitUser`, `UserHitted*` body part: VB6 `PartesCuerpo`). */
const BODY_PART_TEXT: Readonly<Record<number, string>> = {
  1: "en la cabeza",
  2: "en la pierna izquierda",
  3: "en la pierna derecha",
  4: "en el brazo derecho",
  5: "en el brazo izquierdo",
  6: "en el torso",
};

function bodyPart(part: number): string {
  return BODY_PART_TEXT[part] ?? "";
}

function hitLine(subject: string, part: number, damage: number): string {
  const where = bodyPart(part);
  return `${subject}${where ? ` ${where}` : ""} por ${damage}!`;
}

/** What combat says: over the chars, in the console, and why an attack was not sent. */
export const COMBAT_TEXT = {
  /** `CharSwing` over our own char (the stock client's "Fallas") … */
  ownMiss: "Fallas",
  /** … and over anyone else's ("Falló"). */
  otherMiss: "Falló",
  /** `NPCHitUser`: a creature hit us. */
  npcHitUs: (part: number, damage: number): string => hitLine("¡La criatura te pegó", part, damage),
  /** `UserHittedUser`: we hit a player. */
  weHitPlayer: (name: string, part: number, damage: number): string => hitLine(`¡Le pegaste a ${name || "alguien"}`, part, damage),
  /** `UserHittedByUser`: a player hit us. */
  playerHitUs: (name: string, part: number, damage: number): string => hitLine(`¡${name || "Alguien"} te pegó`, part, damage),
  /** `NPCKillUser`. */
  npcKilledUs: "¡La criatura te ha matado!",
  /** Tooltip of the attack hint. */
  attackHint: "Ctrl: atacar al que tenés enfrente (girá con las flechas contra él)",
  refusals: {
    not_playing: "Todavía no estás en el juego.",
    dead: "¡¡Estás muerto!! Los muertos no pueden atacar.",
    too_soon: "Todavía no podés volver a atacar.",
    resting: "Estás descansando.",
  } satisfies Record<AttackRefusal, string>,
} as const;

/** Aiming a shot (`WorkRequestTarget`): the hint over the map while the crosshair is on. */
export const TARGET_TEXT = {
  /** The hint over the map while aiming; `spellName` names the spell a magic click casts. */
  hint: (skill: number, spellName = ""): string =>
    skill === WorkSkill.Projectiles ? "Apuntando: hacé clic sobre tu blanco para disparar." : spellName ? `Lanzar ${spellName}: hacé clic sobre tu objetivo.` : "Hacé clic sobre tu objetivo.",
  cancelHint: "Escape cancela.",
  cancelled: "Dejaste de apuntar.",
} as const;

/** The safe toggle ("seguro", `/SEG`) in the HUD and the console. */
export const STAFF_TEXT = {
  label: "GM",
  title: "Entraste como miembro del staff: /GMSG, /RMSG, /REM, /ONLINE, /ECHAR, /BAN, /BANCUENTA, /UNBAN y /UNBANCUENTA. Cada comando queda registrado.",
} as const;

export const SAFE_TEXT = {
  label: (on: boolean): string => `Seguro: ${on ? "sí" : "no"}`,
  title: "Con el seguro puesto no podés atacar a ciudadanos; /SEG lo pone o lo quita.",
  turnedOn: "Seguro activado: no vas a atacar a ciudadanos.",
  turnedOff: "Seguro desactivado: si atacás a un ciudadano te volvés criminal.",
} as const;

/** Progress bars over chars (`BarFx`), for the list that mirrors them. */
export const ACTION_BAR_TEXT = {
  action: (action: number): string => (action === BAR_ACTION_HOME ? "Volviendo al hogar" : "Esperando"),
  left: (seconds: number): string => `${seconds} s`,
} as const;

/** The ghost's banner while dead (HP 0). */
export const DEATH_TEXT = {
  title: "Estás muerto",
  hint: "Buscá un sacerdote y hacé clic sobre él, a 5 pasos o menos, para resucitar. Como fantasma podés caminar, pero no atacar ni agarrar cosas.",
} as const;

/** The level-up banner. */
export const LEVEL_UP_TEXT = {
  reached: (level: number): string => `¡Subiste al nivel ${level}!`,
  points: (free: number): string => (free > 0 ? `Tenés ${free} puntos de habilidad para repartir (K).` : ""),
} as const;

/** Everything the skills window says. */
export const SKILLS_TEXT = {
  title: "Habilidades",
  button: "Habilidades (K)",
  buttonTitle: "Ver tus habilidades y repartir los puntos libres (K)",
  close: "Cerrar",
  assign: "Asignar",
  raise: (name: string): string => `Sumar un punto a ${name}`,
  lower: (name: string): string => `Quitar un punto de ${name}`,
  use: "Usar",
  useTitle: (name: string): string => `Usar ${name}`,
  free: (free: number): string => `Puntos libres: ${free}`,
  /** A skill the server has not told yet. */
  unknownValue: "?",
  assigned: (points: number): string => `Asignaste ${points} ${points === 1 ? "punto" : "puntos"} de habilidad.`,
  hint: "+ y − reparten los puntos libres (hasta 100 por habilidad); «Asignar» los confirma. Escape cierra.",
  refusals: {
    not_playing: "Todavía no estás en el juego.",
    nothing_to_assign: "No repartiste ningún punto.",
    bad_points: "Los puntos tienen que ser números enteros, sin negativos.",
    more_than_free: "No tenés tantos puntos libres.",
    over_max: "Ninguna habilidad puede pasar de 100.",
  } satisfies Record<SkillRefusal, string>,
} as const;

/** Why the server says an item is not for this character (`ChangeInventorySlot.canUse`, §4.2). */
const CAN_USE_TEXT: Readonly<Record<number, string>> = {
  1: "no es para tu género",
  2: "tu clase no puede usarlo",
  3: "es de otra facción",
  4: "te falta habilidad",
  5: "tu raza no puede usarlo",
  6: "no tenés el nivel necesario",
  7: "es sólo para novatos",
};

/** Everything the inventory panel says: labels, prompts, and why a request was not sent. */
export const INVENTORY_TEXT = {
  title: "Inventario",
  gold: (gold: number): string => `Oro ${gold}`,
  unknownObject: (objIndex: number): string => `Objeto ${objIndex}`,
  equipped: "equipado",
  emptySlot: (slot: number): string => `Casillero ${slot} vacío`,
  /** Spoken name of a slot (screen readers, tooltips). */
  slotLabel: (slot: number, name: string, amount: number, equipped: boolean): string =>
    `Casillero ${slot}: ${name}${amount > 1 ? ` × ${amount}` : ""}${equipped ? " (equipado)" : ""}`,
  cannotUse: (code: number): string => `No podés usarlo: ${CAN_USE_TEXT[code] ?? `motivo ${code}`}.`,
  actions: {
    use: "Usar",
    equip: "Equipar",
    drop: "Tirar",
    pickUp: "Agarrar",
    destroy: "Destruir",
    dropGold: "Tirar oro",
    all: "Todo",
    cancel: "Cancelar",
    confirmDestroy: "Sí, destruir",
  },
  /** What the keys do, shown under the grid. */
  keysHint: "Doble clic o Enter: usar/equipar · U usar · E equipar · T tirar (Mayús+T: todo) · A agarrar · arrastrá para mover",
  askAmount: (name: string, max: number): string => `¿Cuántos «${name}» tirar? (1 a ${max})`,
  askGold: (max: number): string => `¿Cuánto oro tirar? (1 a ${max})`,
  confirmDestroy: (name: string): string => `¿Destruir «${name}»? No se puede deshacer.`,
  pickedUp: (amount: number, name: string): string => `Agarraste ${amount} × ${name}`,
  noSelection: "Elegí primero un objeto del inventario.",
  refusals: {
    not_playing: "Todavía no estás en el juego.",
    bad_slot: "Ese casillero del inventario no existe.",
    empty_slot: "No hay nada en ese casillero.",
    bad_amount: "La cantidad tiene que ser un número entero mayor que cero.",
    more_than_held: "No tenés tantos.",
    too_many_items: `No podés tirar más de ${MAX_ITEMS_PER_DROP} por vez.`,
    too_much_gold: `No podés tirar más de ${MAX_GOLD_PER_DROP} monedas de oro por vez.`,
    not_enough_gold: "No tenés tanto oro.",
    same_slot: "El objeto ya está en ese casillero.",
    equipped: "No podés destruir un objeto equipado: desequipalo primero.",
  } satisfies Record<InventoryRefusal, string>,
} as const;

/** Everything the NPC shop window says. */
export const SHOP_TEXT = {
  title: (npcName: string): string => (npcName ? `Comercio: ${npcName}` : "Comercio"),
  close: "Cerrar",
  buy: "Comprar",
  sell: "Vender",
  amount: "Cantidad",
  gold: (gold: number): string => `Tu oro: ${gold}`,
  emptySlot: (slot: number): string => `Casillero ${slot} del comerciante vacío`,
  slotLabel: (slot: number, name: string, amount: number, price: number): string => `Casillero ${slot}: ${name}, ${amount} en venta, ${price} de oro cada uno`,
  price: (price: number): string => `${price} o.`,
  /** The chosen shop slot, for the buy line. */
  buyLine: (name: string, price: number, stock: number): string => `${name}: ${price} de oro cada uno (quedan ${stock})`,
  /** The chosen inventory slot, for the sell line. */
  sellLine: (name: string, salePrice: number, amount: number): string => `${name}: te paga ${salePrice} de oro cada uno (tenés ${amount})`,
  noBuySelection: "Elegí un objeto del comerciante para comprar.",
  noSellSelection: "Elegí un objeto de tu inventario para vender.",
  opened: (npcName: string): string => `Comerciando con ${npcName}. Escape o «Cerrar» para terminar.`,
  /** Said when an arrow is pressed while the shop is open (the server would not move us). */
  walkBlocked: "No podés caminar mientras comerciás: cerrá el comercio (Escape) primero.",
  hint: "Clic en un objeto del comerciante y «Comprar»; clic en uno de tu inventario y «Vender». Escape cierra.",
  refusals: {
    not_trading: "No estás comerciando.",
    no_shop_slot: "Elegí primero un objeto del comerciante.",
    empty_shop_slot: "El comerciante no tiene nada en ese casillero.",
    no_inventory_slot: "Elegí primero un objeto de tu inventario.",
    empty_inventory_slot: "No hay nada en ese casillero del inventario.",
    bad_amount: "La cantidad tiene que ser un número entero mayor que cero.",
    too_many: `No podés comerciar más de ${MAX_UNITS_PER_DEAL} por vez.`,
    more_than_stock: "El comerciante no tiene tantos.",
    more_than_held: "No tenés tantos.",
  } satisfies Record<ShopRefusal, string>,
} as const;

/** Everything the bank vault window says. */
export const BANK_TEXT = {
  title: "Bóveda",
  close: "Cerrar",
  deposit: "Depositar",
  withdraw: "Retirar",
  depositGold: "Depositar oro",
  withdrawGold: "Retirar oro",
  amount: "Cantidad",
  goldAmount: "Oro",
  /** The vault's gold; null = the server has not said yet. */
  vaultGold: (gold: number | null): string => (gold === null ? "Oro en la bóveda: ? (se ve al mover oro)" : `Oro en la bóveda: ${gold}`),
  wallet: (gold: number): string => `Tu oro: ${gold}`,
  emptySlot: (slot: number): string => `Casillero ${slot} de la bóveda vacío`,
  slotLabel: (slot: number, name: string, amount: number): string => `Casillero ${slot} de la bóveda: ${name}${amount > 1 ? ` × ${amount}` : ""}`,
  /** The chosen vault slot, for the withdraw line. */
  withdrawLine: (name: string, amount: number): string => `${name}: hay ${amount} en la bóveda`,
  /** The chosen inventory slot, for the deposit line. */
  depositLine: (name: string, amount: number): string => `${name}: tenés ${amount}`,
  noWithdrawSelection: "Elegí un objeto de la bóveda para retirar.",
  noDepositSelection: "Elegí un objeto de tu inventario para depositar.",
  opened: "Bóveda abierta. Escape o «Cerrar» para terminar.",
  walkBlocked: "No podés caminar con la bóveda abierta: cerrala (Escape) primero.",
  hint: "Clic en un objeto de tu inventario y «Depositar»; clic en uno de la bóveda y «Retirar». Escape cierra.",
  refusals: {
    not_banking: "La bóveda no está abierta.",
    no_inventory_slot: "Elegí primero un objeto de tu inventario.",
    empty_inventory_slot: "No hay nada en ese casillero del inventario.",
    no_vault_slot: "Elegí primero un objeto de la bóveda.",
    empty_vault_slot: "No hay nada en ese casillero de la bóveda.",
    bad_amount: "La cantidad tiene que ser un número entero mayor que cero.",
    too_many: `No podés mover más de ${MAX_UNITS_PER_DEAL} por vez.`,
    more_than_held: "No tenés tantos.",
    more_than_stored: "No hay tantos en la bóveda.",
    vault_full: "No hay más lugar en la bóveda.",
    inventory_full: "No tenés lugar en el inventario.",
    not_enough_gold: "No tenés tanto oro.",
    not_enough_in_vault: "No hay tanto oro en la bóveda.",
    too_much_gold: "No podés llevar tanto oro encima.",
  } satisfies Record<BankRefusal, string>,
} as const;

/** Everything the player trade window says. */
export const TRADE_TEXT = {
  title: (partner: string): string => (partner ? `Comercio con ${partner}` : "Comercio con otro jugador"),
  mine: "Tu oferta",
  theirs: (partner: string): string => (partner ? `Oferta de ${partner}` : "Su oferta"),
  offer: "Ofrecer",
  offerGold: "Ofrecer oro",
  accept: "Aceptar",
  reject: "Rechazar",
  close: "Cerrar",
  amount: "Cantidad",
  goldAmount: "Oro",
  gold: (gold: number): string => `Oro: ${gold}`,
  emptySlot: "Vacío",
  slotLabel: (name: string, amount: number): string => `${name}${amount > 1 ? ` × ${amount}` : ""}`,
  /** The chosen inventory slot, for the offer line. */
  offerLine: (name: string, left: number): string => `${name}: podés ofrecer ${left}`,
  noOfferSelection: "Elegí un objeto de tu inventario para ofrecer.",
  accepted: "Aceptaste. Esperando que el otro acepte…",
  notAccepted: "Cuando las dos ofertas te parezcan bien, «Aceptar». Si el otro cambia la suya, tenés que aceptar de nuevo.",
  opened: (partner: string): string => `Comerciando con ${partner || "otro jugador"}. Lo ofrecido no se puede retirar: para cambiarlo, cerrá el comercio.`,
  walkBlocked: "No podés caminar mientras comerciás: cerrá el comercio (Escape) primero.",
  hint: "Clic en un objeto de tu inventario y «Ofrecer». Lo ofrecido no se retira. Escape cierra.",
  chatLabel: "Charla del comercio",
  chatPlaceholder: "Escribe un mensaje...",
  chatSend: "Enviar",
  refusals: {
    not_trading: "No estás comerciando.",
    no_inventory_slot: "Elegí primero un objeto de tu inventario.",
    empty_inventory_slot: "No hay nada en ese casillero del inventario.",
    bad_amount: "La cantidad tiene que ser un número entero mayor que cero.",
    more_than_held: "No tenés tantos (contando lo que ya ofreciste).",
    offer_full: "No hay más lugar en tu oferta.",
    not_enough_gold: "No tenés tanto oro (contando lo que ya ofreciste).",
    already_accepted: "Ya aceptaste: esperá al otro.",
  } satisfies Record<TradeRefusal, string>,
} as const;

/** The hotkey bar (the stock client's `HotkeyList`). */
const keyOf = (slot: number): string => String((slot + 1) % 10);
export const HOTKEY_TEXT = {
  title: "Atajos",
  emptyTitle: (slot: number): string => `Atajo ${keyOf(slot)}: arrastrá un hechizo aquí (o, en la lista de hechizos, tocá ${keyOf(slot)})`,
  spellTitle: (slot: number, name: string): string => `Atajo ${keyOf(slot)}: ${name} (clic derecho lo quita)`,
} as const;

/** The trainer's window (`frmEntrenador`). */
export const TRAINER_TEXT = {
  title: "Entrenador",
  fight: "Luchar",
  leave: "Salir",
  close: "Cerrar",
  hint: "Elegí una criatura y «Luchar» (o doble clic): el entrenador la trae a tu lado.",
  empty: "Este entrenador no tiene criaturas para ofrecer.",
  unnamed: (n: number): string => `Criatura ${n}`,
} as const;

/** `ShowPregunta` messages this client words (`¬1` filled with the parameter). */
const QUESTION_TEXT: Readonly<Record<number, string>> = {
  1594: "¬1 quiere comerciar con vos. ¿Aceptás?",
};

/** The yes/no box of a `ShowPregunta`. */
export const QUESTION_BOX_TEXT = {
  yes: "Sí",
  no: "No",
  text: (messageId: number, param: string): string => {
    const known = QUESTION_TEXT[messageId];
    if (known !== undefined) return known.replace("\u00ac1", () => param);
    return param ? `¿Aceptás? (pregunta ${messageId}: ${param})` : `¿Aceptás? (pregunta ${messageId})`;
  },
} as const;

/** The buttons and keys that ask the server to open a window with whoever was clicked last. */
export const SERVICE_TEXT = {
  commerce: "Comerciar (C)",
  commerceTitle: "Comerciar con el personaje o comerciante que clickeaste (/COMERCIAR)",
  vault: "Bóveda (B)",
  vaultTitle: "Abrir tu bóveda con el banquero que clickeaste (/BOVEDA)",
} as const;

/** Everything the spell list (H) and meditation (M) say. */
export const SPELL_TEXT = {
  title: "Hechizos",
  tabInventory: "Inventario",
  tabSpells: "Hechizos (H)",
  tabSpellsTitle: "Ver tus hechizos en lugar del inventario (H)",
  cast: "Lanzar",
  up: "Subir",
  down: "Bajar",
  meditate: "Meditar (M)",
  meditateTitle: "Meditar para recuperar maná (M o /MEDITAR); caminar o atacar lo interrumpe",
  stopMeditating: "Dejar de meditar (M)",
  empty: "(vacío)",
  noSpells: "No conocés hechizos. Los magos, clérigos, druidas y bardos empiezan con algunos; otros se aprenden de pergaminos.",
  mana: (mana: number): string => `${mana} maná`,
  row: (slot: number, name: string, mana: number | null): string => `${slot}. ${name}${mana !== null ? ` (${mana} maná)` : ""}`,
  emptyRow: (slot: number): string => `${slot}. (vacío)`,
  hint: "Elegí un hechizo y «Lanzar» (o doble clic, o Enter): si necesita objetivo, hacé clic sobre él en el mapa. Escape cancela.",
  refusals: {
    not_playing: "Todavía no estás en el juego.",
    dead: "¡¡Estás muerto!!",
    bad_slot: "Ese casillero de hechizos no existe.",
    empty_slot: "No hay ningún hechizo en ese casillero.",
    at_edge: "No podés mover el hechizo más allá.",
    too_soon: "Todavía no podés lanzar otro hechizo.",
    no_mana: "Tu clase no usa maná: no tenés nada que meditar.",
    full_mana: "Tu maná está completo.",
  } satisfies Record<SpellRefusal, string>,
} as const;

/** The marks of what the player is under (status row of the sidebar). */
export const STATUS_MARK_TEXT = {
  label: (kind: StatusMarkKind, secondsLeft: number | null): string => {
    const name = STATUS_MARK_NAMES[kind];
    return secondsLeft !== null && secondsLeft > 0 ? `${name} ${secondsLeft} s` : name;
  },
  title: "Lo que te afecta ahora",
} as const;

const STATUS_MARK_NAMES: Readonly<Record<StatusMarkKind, string>> = {
  paralyzed: "Paralizado",
  immobilized: "Inmovilizado",
  blind: "Ciego",
  dumb: "Estúpido",
  invisible: "Invisible",
  poisoned: "Envenenado",
  meditating: "Meditando",
  resting: "Descansando",
  boosted: "Potenciado",
};

/** Said when an arrow is pressed while held (the server would refuse the step). */
export const HELD_TEXT = {
  paralyzed: "¡Estás paralizado! No podés moverte.",
  immobilized: "¡Estás inmovilizado! Sólo podés girar.",
} as const;

/** The marker under a pet's name. */
export const PET_TEXT = {
  marker: "mascota",
} as const;

/** The staff's forms (staff-forms-panel.ts): the MOTD editor and the SOS panel. */
export const STAFF_FORM_TEXT = {
  motdTitle: "Mensaje del día",
  save: "Guardar",
  close: "Cerrar",
  sosTitle: (count: number) => (count === 1 ? "Pedidos de ayuda (1)" : `Pedidos de ayuda (${count})`),
  noRequests: "No hay pedidos pendientes.",
  requestHead: (name: string, category: string, sentAt: string) => [name || "?", category, sentAt].filter((part) => part !== "").join(" · "),
  resolve: "Atendido",
} as const;
