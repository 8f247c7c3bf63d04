/**
 * What the player is told, in one place. Game rules return outcome values; this catalogue maps
 * each outcome the player must hear about to the line the stock client shows: a `LocaleMsg`
 * (the id indexes the client's own language files, so the text is the client's) where the VB6
 * server sends one, otherwise a `ConsoleMsg` with our own Spanish text, each in the font VB6
 * sends it with. Map code never writes a console line inline: it calls
 * `tell(player, MESSAGES.x(...))`, or, for a line many players read (the global chat), sends the
 * catalogue's text. A line whose locale id a pure rule of game/* chose (a spell's refusal,
 * taming, meditation, a poison bite) is `MESSAGES.ruleLine(id, font, ...)`, or `statusNotice` and
 * `attackRefused`, which also pick the font by id as VB6 does: the rule names the line, the
 * catalogue builds it. Over-head bubbles (`LocaleChatOverHead`) are not console lines; the ids
 * the map itself names for them are in `LocaleId` too.
 *
 * Pure data and functions: used by the map workers and readable by tests and tools.
 */
import { FontIndex } from "../../protocol/index.ts";
import type { SaleRefusal } from "../commerce/index.ts";
import { ONLY_CITIZENS_TOGGLE_SAFE } from "../faction/index.ts";
import { ITEM_LOCALE_IDS, type ItemLocaleName } from "../items/index.ts";
import { formatThousands } from "../progression/index.ts";

/** `e_FontTypeNames.FONTTYPE_INFOIAO`: the font VB6 uses for command answers. */
export const FONT_INFO_IAO = 29;
/** `FONTTYPE_DIOS`: "you killed the creature". */
export const FONT_GOD = 18;
/** `FONTTYPE_New_Amarillo_Oscuro`: the curse is over (`EfectoMaldicionUser`). */
export const FONT_DARK_YELLOW = 30;
/**
 * Font of the message of the day, at login and on `/MOTD`. VB6 `SendMOTD` uses FONTTYPE_EXP;
 * our login burst has always used INFO, and both stay the same so the two never differ.
 */
export const FONT_MOTD = FontIndex.Info;
/**
 * VB6 repeats a de-duplicated line (`UltimoMensaje`: "you cannot move", "you could not tame it")
 * only once `PasarSegundo` has counted this long since it was said.
 */
export const REPEATED_LINE_INTERVAL_MS = 3_000;

/** One line for the player's console. */
export type PlayerMessage =
  | { readonly kind: "console"; readonly text: string; readonly font: number }
  /** `params` fill the `¬1`, `¬2`, … holes of the client's text, joined with `¬`. */
  | { readonly kind: "locale"; readonly id: number; readonly params: string; readonly font: number };

function consoleLine(text: string, font: number): PlayerMessage {
  return { kind: "console", text, font };
}

function localeLine(id: number, font: number, ...params: (string | number)[]): PlayerMessage {
  return { kind: "locale", id, params: params.join("¬"), font };
}

/**
 * Locale ids the server sends (VB6 `modMessageIDs.bas` names in comments). The text lives in
 * the client's language files; we only name what it says.
 */
export const LocaleId = {
  // -- what AO20 switched off (the clan relations and elections; map/systems/decisions/table.ts)
  /** MSG_NO_PUEDEN_ACTUALIZAR_RELACIONES (Msg1799), to the clan in VB6. */
  ClanRelationsCannotUpdate: 1799,
  /** MSG_RELACIONES_CLAN_DESACTIVADAS_MOMENTO (Msg1801), to the clan in VB6. */
  ClanRelationsOffToGuild: 1801,
  /** MSG_RELACIONES_CLAN_DESACTIVADAS_MOMENTO_1145 … _1151 (`HandleGuildOfferAlliance` … `HandleGuildDeclareWar`). */
  ClanRelationsOffOfferAlliance: 1145,
  ClanRelationsOffAllianceDetails: 1146,
  ClanRelationsOffPeaceDetails: 1147,
  ClanRelationsOffAlliancePropList: 1149,
  ClanRelationsOffPeacePropList: 1150,
  ClanRelationsOffDeclareWar: 1151,
  /** MSG_ELECCIONES_CLAN_DESACTIVADAS_MOMENTO (Msg1154, `HandleGuildOpenElections`). */
  ClanElectionsOff: 1154,
  /** MSG_ELECCIONES_CLAN_DESACTIVADAS_MOMENTO_1172 (`HandleGuildVote`). */
  ClanVoteOff: 1172,
  /** MSG_COMANDO_DESHABILITADO_RANGO: "the command is disabled for your rank". */
  CommandDisabledForRank: 526,
  /** MSG_NO_PUEDES_ESCRIBIR_MENSAJES_GLOBALES_TAN_RAPIDO: global chat too fast. */
  GlobalChatTooFast: 548,
  /** MSG_GLOBAL_ENCUENTRA_DESACTIVADO: global chat is switched off on this server. */
  GlobalChatDisabled: 549,
  /** Msg1470 "Server Online: ¬1" (uptime). */
  ServerUptime: 1470,
  // -- NPC commerce and looking at the map (items-and-economy §7)
  /** MSG_SACERDOTE_PUEDE_CURARTE_DEBIDO_DEMASIADO_LEJOS: VB6's "you are too far" for any NPC. */
  TooFar: 8,
  /** MSG_COMERCIANDO: "you are already trading". */
  AlreadyTrading: 759,
  /** MSG_PRIMERO_HAZ_CLICK_IZQUIERDO_SOBRE_PERSONAJE: `/COMERCIAR` with nobody targeted. */
  ClickCharacterFirst: 760,
  /** MSG_NO_PODES_VENDER_ITEMS: low GM ranks may not trade. */
  CannotTradeRank: 767,
  /** MSG_NO_SIENTO_COMERCIO_OBJETOS_NEWBIES. */
  ShopRefusesNewbieItems: 1083,
  /** MSG_NO_SIENTO_PUEDO_COMPRARTE_ESE_ITEM (skins, `Destruye`). */
  ShopCannotBuyThat: 1084,
  /** MSG_NO_SIENTO_PUEDO_COMPRARTE_ESE_ITEM_1085 (`Instransferible`). */
  ShopCannotBuyThatUntradeable: 1085,
  /** MSG_NO_SIENTO_ESTOY_INTERESADO_TIPO_OBJETOS: another type than `TipoItems`, or gold. */
  ShopNotInterestedInType: 1086,
  /** MSG_NO_VES_NADA_INTERESANTE_1114: a left click on nothing. */
  NothingInteresting: 1114,
  /** MSG_NO_COMERCIANDO_1137: buying without the shop window open. */
  NotTrading: 1137,
  /** Msg1434 "No tengo ningún interés en comerciar." (over the head of an NPC that does not trade). */
  NoInterestInTrading: 1434,
  /** MSG_NOT_INTERESTED_IN_TRADING (over the head, `LOCMSG*2084*`). */
  NotInterestedInTrading: 2084,
  // -- experience, levels and skills (combat-and-progression §7)
  /** MSG_SUBIDO_NIVEL: "you reached level ¬1". */
  LevelReached: 186,
  /** MSG_GANADO_PUNTOS_VIDA_VIDA_ACTUAL: HP gained ¬1, HP now ¬2. */
  HpGained: 197,
  /** MSG_GANADO_PUNTOS_ENERGIA_ENERGIA_ACTUAL: stamina gained ¬1, now ¬2. */
  StaminaGained: 198,
  /** MSG_GANADO_PUNTOS_MANA_MANA_ACTUAL: mana gained ¬1, now ¬2. */
  ManaGained: 199,
  /** MSG_GOLPE_MINIMO_MAXIMO_AUMENTARON_PUNTOS_TUS_DANOS_ACTUALES: hit up ¬1, now ¬2 / ¬3. */
  HitGained: 200,
  /** MSG_GANADO_SKILLPOINTS_DISPONES_PUNTOS_LIBRES_CUIDADOSO_MOMENTO_USARLOS: ¬1 points won, ¬2 free. */
  SkillPointsGained: 187,
  /** MSG_GANADO_MONEDAS_ORO: ¬1 gold for the level (newbies, `OroPorNivel`). */
  LevelGold: 1293,
  /** MSG_GANADO_PUNTOS_EXPERIENCIA: ¬1 experience. */
  ExpGained: 140,
  /** MSG_DEBIDO_NIVEL_OBTIENES_EXPERIENCIA: because of your level you get ¬1 % of the experience. */
  ExpPenalty: 1467,
  /** MSG_SKILL_IMPROVED_BY_ONE_POINT: skill ¬1 is now ¬2. */
  SkillImproved: 1626,
  // -- the body (combat-and-progression §9)
  /** MSG_SANADO: "you have healed". */
  Healed: 519,
  // -- resting and campfires (game/rest)
  /** MSG_MUERTO_SOLO_PODES_USAR_ITEMS_CUANDO_VIVO: `/DESCANSAR` while dead. */
  RestDead: 752,
  /** MSG_ACOMODAS_JUNTO_FOGATA_COMENZAS_DESCANSAR. */
  RestStarted: 753,
  /** MSG_LEVANTAS. */
  RestStoodUp: 754,
  /** MSG_NO_HAY_NINGUNA_FOGATA_JUNTO_CUAL_DESCANSAR. */
  RestNoCampfire: 755,
  /** MSG_TERMINADO_DESCANSAR: full HP and stamina. */
  RestFinished: 514,
  /** MSG_DEJADO_DESCANSAR: a step ended it. */
  RestLeft: 1121,
  /** MSG_YOU_STAND_UP: said after Msg1121. */
  RestYouStandUp: 178,
  /** MSG_NECESITAS_CLICKEAR_SOBRE_LENA_HACER_RAMITAS. */
  TwigsNotLogs: 646,
  /** MSG_NO_PODES_HACER_FOGATAS_ESTANDO_MUERTO. */
  TwigsDead: 647,
  /** MSG_NECESITAS_MENOS_TRES_TRONCOS_HACER_FOGATA. */
  TwigsTooFewLogs: 648,
  /** MSG_HECHO_RAMITAS: "Has hecho ¬1 ramitas." */
  TwigsMade: 1456,
  /** MSG_NO_LLOVIENDO_PODES_ENCENDER_FOGATA_AQUI. */
  FireRaining: 1076,
  /** MSG_NO_ZONA_SEGURA_PODES_HACER_FOGATAS. */
  FireSafeZone: 1077,
  /** MSG_DEBES_ALEJARTE_POCO_OTRA_FOGATA. */
  FireNextToFire: 1078,
  /** MSG_PRENDIDO_FOGATA. */
  FireLit: 1079,
  /** MSG_LEY_IMPIDE_REALIZAR_FOGATAS_CIUDADES. */
  FireInCity: 1080,
  /** MSG_NO_PODIDO_HACER_FUEGO. */
  FireFailed: 1081,
  // -- death and /HOGAR (combat-and-progression §8; VB6 `UserDie`, `HandleHome`, `Hogar.bas`)
  /** MSG_ESCRIBE_HOGAR_SI_DESEAS_REGRESAR_RAPIDO_HOGAR: a ghost may type /HOGAR. */
  HomeHint: 524,
  /** MSG_DEBES_ESTAR_MUERTO_UTILIZAR_COMANDO: /HOGAR is for the dead. */
  HomeOnlyDead: 1272,
  /** MSG_NO_PUEDER_VIAJAR_HOGAR_DESDE_MAPA: not from a newbie map or a jail tile. */
  HomeNotFromHere: 1273,
  /** MSG_ENCUENTRAS_HOGAR: already on the home city's map. */
  HomeAlreadyThere: 1276,
  /** MSG_HAY_VIAJE_CURSO: a trip home is under way. */
  HomeAlreadyTravelling: 1277,
  /** MSG_UTILIZAR_COMANDO_NECESITAS_MONEDAS_ORO: the fare, ¬1 gold. */
  HomeFare: 2164,
  /** MSG_VOLVERAS_HOGAR_SEGUNDOS: home in ¬1 seconds. */
  HomeIn: 1994,
  /** MSG_HAS_REGRESADO_CIUDAD_ORIGEN: arrived home. */
  HomeArrived: 1996,
  /** MSG_CANCELADO_VIAJE_CASA: the trip home was cancelled. */
  HomeCancelled: 1122,
  // -- the character sheet, `/EST` (VB6 `SendUserStatsTxt`, in the order it sends them)
  /** Msg1295: whose statistics follow (¬1 the name). */
  StatsTitle: 1295,
  /** MSG_USER_LEVEL_EXP: level ¬1, experience ¬2 of ¬3 (the ELU of the level). */
  StatsLevel: 1857,
  /** MSG_USER_HEALTH_MANA_STAMINA: HP ¬1/¬2, mana ¬3/¬4, stamina ¬5/¬6. */
  StatsVitals: 1858,
  /** MSG_USER_DAMAGE_WITH_WEAPON: hit ¬1/¬2 and the weapon's ¬3/¬4. */
  StatsHitWithWeapon: 1859,
  /** MSG_USER_DAMAGE: hit ¬1/¬2, no weapon. */
  StatsHit: 1860,
  /** MSG_USER_BODY_DEFENSE: armour plus shield, ¬1/¬2 (armour alone is a console line in VB6). */
  StatsBodyDefense: 1861,
  /** Msg1098: no armour, body defence 0. */
  StatsNoBodyDefense: 1098,
  /** MSG_USER_HEAD_DEFENSE: the helmet's ¬1/¬2. */
  StatsHeadDefense: 1862,
  /** Msg1099: no helmet, head defence 0. */
  StatsNoHeadDefense: 1099,
  /** Msg1298: gold in the wallet. */
  StatsGold: 1298,
  /** Msg1299: times the character died (`VecesQueMoriste`). */
  StatsDeaths: 1299,
  /** MsgFactionScore (`LocaleDef.bas`): the faction score. */
  StatsFactionScore: 478,
  /** Msg1300: patron (Patreon) credits. */
  StatsPatronCredits: 1300,
  /** MSG_RIDER_LEVEL_REQUIREMENT: the rider level (`JineteLevel`). */
  StatsRiderLevel: 2078,
  /** Msg1307: jail minutes left (`Counters.Pena`). */
  StatsJailMinutes: 1307,
  /** MSG_CHARACTER_HOME: the home city's name. */
  StatsHome: 2104,
  // -- fighting: blows and shots (combat-and-progression §3, §4)
  /** MSG_NO_PODES_USAR_ASI_ARMA: a melee blow with a bow in hand. */
  BowInMelee: 1125,
  /** MSG_NO_PODES_ATACAR_NPC: a blow at an NPC that cannot be attacked. */
  NpcNotAttackable: 1042,
  /** Msg1043: the attacker's blow missed its victim. */
  MissedUser: 1043,
  /** MSG_ATACO_FALLO: ¬1 attacked the victim and missed. */
  MissedByUser: 1930,
  /** MSG_NO_TENES_MUNICIONES: a shot without the ammunition it needs. */
  NoAmmunition: 709,
  /** MSG_PODES_ATACARTE_VOS_MISMO: a shot at oneself. */
  CannotAttackSelf: 710,
  /** MSG_MUY_CANSADO_LUCHAR: a shot with too little stamina. */
  TooTiredToFight: 1128,
  /** MSG_NO_ENERGY: "I am too tired", over the tired player's head (`LocaleChatOverHead`). */
  NoEnergyOverHead: 2129,
  // -- `PuedeAtacar`'s refusals (kernel/pvp.ts; the faction ones are game/faction's)
  /** Msg1045: the victim is a ghost. */
  AttackVictimDead: 1045,
  /** Msg1062: a safe map (`Seguro=1`). */
  AttackSafeMap: 1062,
  /** Msg1063: a safe zone (trigger 4). */
  AttackSafeZone: 1063,
  // -- damage to NPCs (`NPCs.DoDamageOrHeal`, `MuereNpc`)
  /** MSG_DEALT_DAMAGE_TO_CREATURE: ¬1 damage to the creature. */
  DamageToCreature: 382,
  /** MSG_YOU_KILLED_CREATURE. */
  KilledCreature: 184,
  // -- spells (combat-and-progression §5): the lines the map adds to the rules' own
  /** Msg389: the caster took ¬2 HP from ¬1 (`UserMod.DoDamageOrHeal`). */
  SpellDamageToUser: 389,
  /** Msg34: ¬1 took ¬2 HP from the victim. */
  SpellDamageFromUser: 34,
  /** MSG_TARGET_INVALIDO: an NPC that cannot be attacked, a citizen's own pet (`UserCanAttackNpc`). */
  InvalidTarget: 511,
  /** MSG_NO_ZONA_SEGURA_AQUI_PODES_ATACAR_OTROS_USUARIOS: someone's pet on a safe map. */
  SafeZoneNoAttack: 572,
  /** MSG_HAS_CAUSADO_PUNTOS_DANO: ¬1 damage to ¬2 (an area spell on an NPC). */
  AreaDamageToCreature: 1921,
  /** MSG_HAS_RESTAURADO_PUNTOS_VIDA_1922: ¬1 HP restored to ¬2 (an area heal). */
  AreaHealedOther: 1922,
  /** MSG_RESTAURADO_PUNTOS_VIDA_1923: ¬1 restored ¬2 HP to you. */
  AreaHealedBy: 1923,
  /** MSG_HAS_RESTAURADO_PUNTOS_VIDA_1920: ¬1 HP restored to oneself. */
  AreaHealedSelf: 1920,
  /** MSG_MAGIA_PERDIO_SU_EFECTO_PUEDES_ATACAR: the curse is over (game/spells `SPELL_MESSAGE.curseEnded`, the same id). */
  CurseEnded: 518,
  // -- held players, pets, priests (combat-and-progression §5.4, §5.5, §8)
  /** MSG_NO_PARALYZED: a held player tried to walk (the first of two lines). */
  Paralyzed: 1123,
  /** MSG_CANNOT_MOVE_PARALYZED: the second. */
  CannotMoveParalyzed: 54,
  /** MSG_NO_TUS_MASCOTAS_PUEDEN_TRANSITAR_MAPA: no room for the tamed pets on the new map. */
  PetsCannotFollow: 583,
  /** MSG_PIERDES_CONTROL_TUS_MASCOTAS_INVOCADAS: summoned creatures stay behind on a map change. */
  SummonsLost: 584,
  /** MSG_SIDO_RESUCITADO_585: a priest brought the ghost back. */
  Resurrected: 585,
  /** MSG_CURA_LANZA_PALABRAS_AIRE_COMIENZAS_SENTIR_COMO_CUERPO: a priest healed the player. */
  HealedByPriest: 83,
  // -- the bank (items-and-economy §8.5): the banker's bubbles (`LocaleChatOverHead`) and one line
  /** MSG_PRIMERO_TENES_SELECCIONAR_PERSONAJE_HAZ_CLICK_IZQUIERDO_SOBRE_1234: `TransFerGold` with no NPC targeted. */
  SelectCharacterFirst: 1234,
  /** Msg1418: ¬1 coins in the account. */
  BankBalance: 1418,
  /** MSG 1433: the banker's answer to `/BALANCE` (`HandleRequestAccountState`). */
  AccountBalance: 1433,
  /** MSG_PRIMERO_TENES_SELECCIONAR_PERSONAJE_HACE_CLICK_IZQUIERDO_SOBRE_1161: a command that needs a target NPC, with none. */
  SelectBankerFirst: 1161,
  /** Msg1419: a deposit of more gold than the wallet holds. */
  BankDepositNotEnough: 1419,
  /** Msg1395: a withdrawal of more gold than the account holds. */
  BankWithdrawNotEnough: 1395,
  /** Msg1408: a transfer to oneself. */
  BankTransferToSelf: 1408,
  /** Msg1409: the transfer failed (VB6: the database write). */
  BankTransferFailed: 1409,
  /** Msg1410: no such character. */
  BankTransferNoSuchUser: 1410,
  /** Msg1411: "wait a moment" (one transfer to an offline character per 10 s). */
  BankTransferTooSoon: 1411,
  /** Msg1435: the transfer went through, thanks from Finanzas Goliath. */
  BankTransferDone: 1435,
  // -- staff (gm-and-moderation §2)
  /** MSG_SERVIDOR_COMANDO_DESHABILITADO_CARGO: "Servidor » command disabled for your rank". */
  CommandDisabledForPost: 528,
  /** MSG_NUMERO_USUARIOS_CONECTADOS: "¬1 users online" (`/ONLINE`). */
  UsersOnline: 1468,
  /** MSG_RECORD_USUARIOS_SIMULTANEO: "record of users at once: ¬1". */
  UsersRecord: 1469,
  /** MSG_BROADCAST_SERVER_SENDER: "Servidor> ¬1" (`/RMSG`). */
  ServerBroadcast: 1660,
  /** MSG_COMENTARIO_SALVADO (`/REM`). */
  CommentSaved: 1185,
  /** MSG_NO_USUARIO_ONLINE. */
  UserNotOnline: 557,
  /** MSG_NO_PODES_ECHAR_ALGUIEN_JERARQUIA_MAYOR_TUYA (`/ECHAR`). */
  CannotKickHigherRank: 558,
  /** MSG_SERVIDOR_ECHO: "Servidor » ¬1 kicked ¬2." (to Dios and Admin). */
  StaffKicked: 1702,
  /** MSG_NO_PODES_BANEARTE_VOS_MISMO. */
  CannotBanSelf: 1841,
  /** MSG_PODES_BANEAR_ALGUIEN_IGUAL_MAYOR_JERARQUIA: the target is online. */
  CannotBanHigherRank: 2069,
  /** The same words, sent when the target is offline (`_2070`). */
  CannotBanHigherRankOffline: 2070,
  /** MSG_PERSONAJE_NO_EXISTE. */
  CharacterDoesNotExist: 1842,
  /** MSG_USUARIO_ENCUENTRA_BANEADO. */
  AlreadyBanned: 1843,
  /** MSG_SERVIDOR_BANEADO_DEBIDO_1699: "Servidor » ¬1 banned ¬2 for: ¬3." (to Dios and Admin). */
  StaffBanned: 1699,
  /** MSG_SERVIDOR_BANEADO_CUENTA_DEBIDO: "Servidor » ¬1 banned the account of ¬2 for: ¬3." */
  StaffBannedAccount: 1701,
  /** MSG_BANEADO_DURANTE_PROXIMOS_DIAS_MEDIDA_TOMADA: "¬1 banned for ¬2 for the next ¬3 days, by ¬4." */
  StaffBannedForDays: 1705,
  /** MSG_DESBANEADO: "¬1 unbanned." */
  Unbanned: 1613,
  /** MSG_NO_BANEADO_IMPOSIBLE_DESBANEAR. */
  NotBanned: 1614,
  /** MSG_SERVIDOR_DESBANEADO_CUENTA: "Servidor » ¬1 unbanned the account of ¬2." */
  StaffUnbannedAccount: 1703,
  // -- moderation: mutes, jail, warnings, the punishment record (gm-and-moderation §3.3–§3.5)
  /** MSG_ADMINS_MUTED_YOU: "the staff keep you from speaking for ¬1 more minute(s)". */
  MutedCannotSpeak: 110,
  /** Msg949: "you have been muted by the staff; use /GM for help". */
  Muted: 949,
  /** Msg950: "you have been unmuted". */
  Unmuted: 950,
  /** Msg1018: "your mute is over". */
  MuteEnded: 1018,
  /** MSG_NO_PUEDES_SILENCIAR_ADMINISTRADOR_MAYOR_IGUAL_RANGO. */
  CannotMuteHigherRank: 561,
  /** MSG_NO_PERSONAJE_EXISTE (`/SILENCIAR` of a name nobody has). */
  NoSuchCharacter: 560,
  /** Msg1827–Msg1830: "Administración » ¬1 muted ¬2 (offline) for ¬3 minutes", …, to the staff. */
  StaffMutedOffline: 1827,
  StaffUnmutedOffline: 1828,
  StaffMuted: 1829,
  StaffUnmuted: 1830,
  /** Msg955: the usage of `/CARCEL`. */
  JailUsage: 955,
  /** Msg956: "the user is not online". */
  JailTargetNotOnline: 956,
  /** Msg957: "you cannot jail staff". */
  CannotJailStaff: 957,
  /** Msg958: "you cannot jail for more than ¬1 minutes". */
  JailTooLong: 958,
  /** Msg1617: "¬1 jailed you: ¬2 minutes in the prison". */
  JailedBy: 1617,
  /** Msg1103: "you are free". */
  Released: 1103,
  /** Msg1274: "not in the prison" (`/HOGAR` while serving a sentence). */
  HomeNotInPrison: 1274,
  /** Msg961: the usage of `/ADVERTENCIA`. */
  WarnUsage: 961,
  /** Msg541: "you cannot warn game masters". */
  CannotWarnStaff: 541,
  /** Msg1478: "you warned ¬1". */
  YouWarned: 1478,
  /** Msg1831: "¬1 warned ¬2 for ¬3", to the staff. */
  StaffWarned: 1831,
  /** Msg1479: "¬1 warned you". */
  WarnedBy: 1479,
  /** Msg1480: "you have ¬1 warnings". */
  WarningCount: 1480,
  /** MSG_PRONTUARIO (Msg529): "a clean record". */
  NoPunishments: 529,
  /** Msg1471: "the character ¬1 does not exist". */
  NoSuchCharacterNamed: 1471,
  /** Msg981: the usage of `/BORRARPENA`. */
  EditPunishmentUsage: 981,
  /** Msg982: "punishment changed". */
  PunishmentEdited: 982,
  // -- staff sounds and the anti-macro note
  /** Msg2173: the usage of `/MENSAJEANTIMACRO`. */
  AntiMacroUsage: 2173,
  // -- the staff's countdown (`/CR`)
  /** Msg1689: "starting a countdown from ¬1 seconds". */
  CountdownStarts: 1689,
  /** Msg1655: "¬1 seconds...!". */
  CountdownSeconds: 1655,
  /** Msg1656: "go!". */
  CountdownGo: 1656,
  /** MsgCCInunity (Msg475): the target cannot be held. */
  TargetImmuneToHold: 475,
  // -- `/ANAME`
  /** Msg986: the usage of `/ANAME`. */
  RenameUsage: 986,
  /** Msg987: "that name is taken". */
  NameTaken: 987,
  /** Msg988: "done". */
  RenameDone: 988,
  /** Msg1504: "the character ¬1 does not exist". */
  RenameTargetMissing: 1504,
  /** Msg1834: "¬1 renamed ¬2 to ¬3", to the staff. */
  StaffRenamed: 1834,
  // -- reports: /GM, /DENUNCIAR, /ROL (gm-and-moderation §2.1, §3.8)
  /** Msg527: "your request was sent" (`/ROL`). */
  RequestSent: 527,
  /** Msg1825: "¬1 PREGUNTA ROL: ¬2", to the role masters online. */
  RoleQuestion: 1825,
  /** Msg531: "you cannot denounce a game master". */
  CannotDenounceStaff: 531,
  /** Msg532: "your report was received" (the target is offline: said so nobody learns who is online). */
  DenounceReceivedOffline: 532,
  /** Msg533: "that user has written nothing; invalid reports may earn a warning". */
  DenounceNothingSaid: 533,
  /** Msg534: "your report was received by the support team". */
  DenounceReceived: 534,
  /** Msg1826: "a new report from ¬1", to the staff. */
  StaffNewDenouncement: 1826,
  /** Msg552: "you may send one request every 5 minutes". */
  ReportTooSoon: 552,
  /** Msg553: "your message was received by the support team". */
  SupportMessageReceived: 553,
  /** Msg1836: "a new support message from ¬1", to the staff. */
  StaffNewSupportMessage: 1836,
  // -- staff movement and characters (gm-move: §2.4, §2.6, §3.6, §3.7)
  /** Msg535: `/IRCERCA` of someone offline. */
  UserOfflineNearby: 535,
  /** Msg537: no free tile near the target. */
  NearbyAllTaken: 537,
  /** Msg538: the target outranks the GM. */
  CannotGoNearHigherRank: 538,
  /** Msg539: a Consejero goes only near players who asked for help. */
  NearbyOnlySos: 539,
  /** Msg1319: a Consejero or SemiDios may not go to a player on an unsafe map. */
  TargetOnUnsafeMap: 1319,
  /** Msg1472: "you teleported near ¬1". */
  TeleportedNear: 1472,
  /** Msg741: a Consejero only to safe maps. */
  WarpOnlySafeMaps: 741,
  /** Msg742: a Consejero moves only himself. */
  WarpOnlySelf: 742,
  /** Msg743: `/TELEP`, `/REVIVIR` of someone offline. */
  WarpUserOffline: 743,
  /** Msg948: a SemiDios sends others only to event maps. */
  WarpOnlyEventMaps: 948,
  /** Msg562: `/IRA`, `/SUM` of someone offline. */
  PlayerNotOnline: 562,
  /** Msg1473: "¬1 was told you want to go to them". */
  AskedToGoToThem: 1473,
  /** Msg1850: "¬1 wants to come to you; /sum ¬1 brings them". */
  WantsToComeToYou: 1850,
  /** Msg1851: "¬1 came to where you are". */
  CameToYou: 1851,
  /** Msg1474: "you went to ¬1". */
  WentTo: 1474,
  /** Msg1492: "¬1 was told you want to bring them". */
  AskedToBringThem: 1492,
  /** Msg1855: "¬1 wants to bring you; /ira ¬1 goes". */
  WantsToBringYou: 1855,
  /** Msg967: a SemiDios brings players only to event maps. */
  SummonOnlyOnEventMaps: 967,
  /** Msg968: a SemiDios may not bring a ghost. */
  CannotSummonGhost: 968,
  /** Msg969: moved by an invisible GM. */
  YouWereMoved: 969,
  /** Msg1856: "¬1 moved you". */
  MovedYou: 1856,
  /** Msg1493: "you brought ¬1". */
  Brought: 1493,
  /** Msg1833: "¬1 moved ¬2 to map ¬3", to everyone (G16: only while the GM is visible). */
  MovedUserToMap: 1833,
  /** Msg962: a SemiDios revives only on a safe event map. */
  CannotReviveUnsafe: 962,
  /** Msg1853: "¬1 revived you". */
  RevivedBy: 1853,
  /** Msg1854: "¬1 healed you". */
  HealedBy: 1854,
  /** Msg559: `/EJECUTAR` of someone offline. */
  ExecuteNotOnline: 559,
  /** Msg1832: "¬1 executed ¬2", to the staff. */
  Executed: 1832,
  /** Msg977: `/ESTUPIDO` of someone offline. */
  DumbOffline: 977,
  /** Msg978: `/NOESTUPIDO` of someone offline. */
  DumbNoMoreOffline: 978,
  /** Msg1499: "you may create up to ¬1 units". */
  CreateUpTo: 1499,
  /** Msg1500: "you created ¬2 ¬1" (name, amount). */
  YouCreatedItem: 1500,
  /** Msg980: no room in the inventory for the created item. */
  NoRoomToCreate: 980,
  /** Msg1501: what did not fit was thrown on the floor (¬1 units, ¬2 our note). */
  CreatedOnFloor: 1501,
  /** Msg1502: an object that cannot be picked up, created on the floor. */
  CreatedFixedOnFloor: 1502,
  /** Msg1516: "the user ¬1 is not connected". */
  GiveTargetNotOnline: 1516,
  /** Msg1743: "¬1 gave ¬2 ¬3 ¬4: ¬5", to everyone (G16: reproduced). */
  Granted: 1743,
  /** Msg550: "the user has no room in the inventory". */
  TargetInventoryFull: 550,
  // -- staff on the GM's map: NPCs, items, tiles (gm-and-moderation §2.7; map/systems/staff/npcs.ts, world.ts)
  /** Msg1477: "RMatas (with a possible respawn) ¬1" (`/RMATA`). */
  StaffKilledNpc: 1477,
  /** Msg960: "click the NPC first". */
  ClickNpcFirst: 960,
  /** Msg970: "the NPCs available to your rank are limited" (`/CC` by a SemiDios). */
  SpawnListLimited: 970,
  /** Msg971: "the ground items were cleaned" (`/LIMPIAR`). */
  GroundCleaned: 971,
  /** Msg973: "there is an object on the floor there" (`/CT`). */
  TeleportOntoObject: 973,
  /** Msg974: "a teleport cannot lead onto another's entry" (`/CT`). */
  TeleportOntoExit: 974,
  /** Msg1498: "Trigger ¬1" (`AskTrigger`). */
  TileTrigger: 1498,
  /** Msg1506: "map ¬1 safe: ¬2" (`/MODMAPINFO SEGURO`). */
  MapSafeStatus: 1506,
  /** Msg1704: "¬1 closed the client of ¬2" (to Dios and Admin). */
  StaffClosedClient: 1704,
  /** Msg1706: "Servidor » ¬1 se conectó al juego." (a staff member entered the world; to Dios and Admin). */
  StaffConnected: 1706,
  /** Msg563: "you moved the creature" (`/SUM` of a clicked NPC). */
  CreatureMoved: 563,
  // -- the GM's map's information and settings (`/MODMAPINFO`, `/MAPSETTING`; map/systems/staff/map-info.ts)
  /** Msg1507 (MSG_MAP_BACKUP_STATUS): "map ¬1 backup: ¬2". */
  MapBackupStatus: 1507,
  /** Msg1508 (MSG_MAPA_NEWBIE): "map ¬1: Newbie = ¬2". */
  MapNewbieStatus: 1508,
  /** Msg1509 (MSG_MAPA_SINMAGIA): "map ¬1: SinMagia = ¬2". */
  MapNoMagicStatus: 1509,
  /** Msg1510 (MSG_MAPA_NOPKS): "map ¬1: NoPKs = ¬2". */
  MapNoPksStatus: 1510,
  /** Msg1511 (MSG_MAPA_NOCIUDADANOS): "map ¬1: NoCiudadanos = ¬2". */
  MapNoCitizensStatus: 1511,
  /** Msg1512 (MSG_MAPA_SININVI): "map ¬1: SinInvi = ¬2". */
  MapNoInvisibilityStatus: 1512,
  /** Msg1513 (MSG_MAPA_TERRENO): "map ¬1 terrain: ¬2". */
  MapTerrainSet: 1513,
  /** Msg1514 (MSG_MAPA_ZONA): "map ¬1 zone: ¬2". */
  MapZoneSet: 1514,
  /** Msg989: the words `/MODMAPINFO RESTRINGIR` takes. */
  MapRestrictOptions: 989,
  /** Msg990 / Msg992: the words `/MODMAPINFO TERRENO` / `ZONA` take. */
  MapTerrainOptions: 990,
  MapZoneOptions: 992,
  /** Msg991 / Msg993: which of those words has an effect (NIEVE as terrain, DUNGEON as zone). */
  MapTerrainHint: 991,
  MapZoneHint: 993,
  /** Msg994, Msg995, Msg996: "map updated" after `/MAPSETTING` DropItems, SafeFight, FriendlyFire. */
  MapDropItemsUpdated: 994,
  MapSafeFightUpdated: 995,
  MapFriendlyFireUpdated: 996,
  /** Msg997: "option not available" (`/MAPSETTING` of an unknown setting). */
  MapSettingUnknown: 997,
  // -- a game master's own settings, consultations, the GM mark (map/systems/staff/self.ts, consultation.ts)
  /** MSG_TUS_SKILLS_FUERON_EDITADOS (`/GENIO`). */
  SkillsEdited: 555,
  /** MSG_SERVIDOR_TRABAJANDO_COMANDO_DESHABILITADO_CARGO: `/TRABAJANDO` below Dios (the command row's refusal). */
  WorkingRefusedForRank: 952,
  /** MSG_NO_HAY_USUARIOS_TRABAJANDO. */
  NoUsersWorking: 953,
  /** MSG_NO_HAY_USUARIOS_OCULTANDOSE. */
  NoUsersHiding: 954,
  /** MSG_USUARIOS_OCULTANDOSE: "users hiding: ¬1". */
  UsersHiding: 1476,
  /** MSG_HAZ_CLICK_SOBRE_PERSONAJE_ANTES. */
  ClickCharacterBefore: 975,
  /** MSG_SERVIDOR_1133: "Servidor » [¬1" (the GM mark's click). */
  GmMarkName: 1133,
  /** MSG_PRIMERO_TIENES_SELECCIONAR_USUARIO_HAZ_CLICK_IZQUIERDO_SOBRE. */
  ConsultationSelectUser: 1266,
  /** MSG_NO_PUEDES_INICIAR_MODO_CONSULTA_OTRO_ADMINISTRADOR. */
  ConsultationWithStaff: 1267,
  /** MSG_TERMINADO_MODO_CONSULTA: "you ended the consultation with ¬1". */
  ConsultationEndedWith: 1268,
  /** MSG_TERMINADO_MODO_CONSULTA_1269 (to the player). */
  ConsultationEnded: 1269,
  /** MSG_INICIADO_MODO_CONSULTA: "you started a consultation with ¬1". */
  ConsultationStartedWith: 1270,
  /** MSG_INICIADO_MODO_CONSULTA_1271 (to the player). */
  ConsultationStarted: 1271,
  /** MSG_NO_USUARIO_ENCUENTRA_ZONA_INSEGURA_PUEDES_ACERCARTE: "the user ¬1 is on an unsafe zone". */
  ConsultationUnsafeMap: 2165,
  /** Msg1047: "you cannot attack users while in a consultation" (`PuedeAtacar`). */
  AttackWhileInConsultation: 1047,
  /** Msg1048: "you cannot attack users while they are in a consultation". */
  AttackPlayerInConsultation: 1048,
  // -- priests, trainers and pet orders by command (VB6 `HandleHeal`, `HandleResucitate`, `HandleTrainList`, `HandleTrain`, `HandlePet*`)
  /** MSG_PRIMERO_TENES_SELECCIONAR_PERSONAJE_HACE_CLICK_IZQUIERDO_SOBRE (Msg757): a command about an NPC with none targeted. */
  SelectNpcFirst: 757,
  /** MSG_SIDO_CURADO (Msg496): `/CURAR` healed the player. */
  HealedByCommand: 496,
  /** MSG_DEMASIADO_LEJOS_1163 / _1164: `/QUIETO`, and `/ACOMPAÑAR` (one or all), too far from the NPC. */
  PetStandTooFar: 1163,
  PetFollowTooFar: 1164,
  /** MSG_LIBERASTE_TUS_MASCOTAS (Msg1278): `/LIBERARTODOS` let at least one pet go. */
  PetsReleased: 1278,
  /** MSG_CANNOT_SUMMON_MORE_THAN_FIVE_CREATURES (Msg2082): over the trainer's head when its creatures are at the limit. */
  TrainerCreatureLimit: 2082,
  // -- the everyday windows (issue 26: map/systems/reading.ts)
  /** Msg1134 (MSG_PRIMERO_SELECCIONA_HECHIZO): `/INFO` on a slot outside the book. */
  SelectSpellFirst: 1134,
  /** Msg761: `/INFORMACION` or `/RECOMPENSA` with no NPC targeted. */
  SelectTargetFirst: 761,
  /** Msg671 (MSG_DEJADO_NEWBIE): the character left newbie status (level 13). */
  LeftNewbie: 671,
  /** Msg586: a mailbox clicked (VB6 has the mail off). */
  MailDisabled: 586,
  /** Msg1389–Msg1392: a recruiter's `/INFORMACION` answer over its head (Royal Army, Chaos Legion). */
  NotRoyalTroops: 1389,
  RoyalDuty: 1390,
  NotChaosLegion: 1391,
  ChaosDuty: 1392,
  /** Msg1393 / Msg1394: a recruiter's `/RECOMPENSA` refusal over its head. */
  RewardNotRoyalTroops: 1393,
  RewardNotChaosLegion: 1394,
  // -- doors and keys (issue 26: map/systems/doors.ts)
  /** MSG_MUERTO_SOLO_PODES_USAR_ITEMS_CUANDO_VIVO_895: a ghost uses a key. */
  KeyWhileDead: 895,
  /** MSG_LLAVES_INVENTARIO_ESTAN_DESACTIVADAS_SOLO_PERMITEN_LLAVERO: a house key used from the inventory on its door. */
  KeyRingOnly: 896,
  /** MSG_ABIERTO_PUERTA: "you opened the door" (unlocked: it is still closed). */
  DoorUnlocked: 897,
  /** MSG_NO_LLAVE_SIRVE / MSG_NO_LLAVE_SIRVE_900: the key does not fit. */
  KeyDoesNotFit: 898,
  KeyDoesNotFitUnlocked: 900,
  /** MSG_CERRADO_LLAVE_PUERTA: "you locked the door". */
  DoorLockedWithKey: 899,
  /** MSG_NO_CERRADA: the door is not closed. */
  DoorNotClosed: 901,
  /** MSG_PARECER_ALGUIEN_CERRO_PUERTA_DEBE_HABER_ALGUN_INTERRUPTOR: a locked duct hatch (a lever somewhere opens it). */
  DuctHatchLocked: 1073,
  /** MSG_PUERTA_CERRADA_LLAVE: the door is locked. */
  DoorLocked: 1074,
  /** MSG_ABIERTO_COMPUERTA_DUCTO: a duct's hatch opened. */
  DuctHatchOpened: 1075,
  // -- quests (quests.md §4–§8; map/systems/quests.ts)
  /** MSG_SKILL requirement: "you must raise ¬1 to go on" (acceptance, Msg473). */
  QuestSkillTooLow: 473,
  /** Msg494: a click-target quest finished. */
  QuestClickTargetFinished: 494,
  /** MSG_QUEST_ONLY_FOR_WORKERS (Msg1262). */
  QuestWorkersOnly: 1262,
  /** MSG_QUEST_ALREADY_IN_PROGRESS (Msg1263). */
  QuestAlreadyActive: 1263,
  /** MSG_ACEPTADO_MISION (Msg1264): "you accepted quest ¬1". */
  QuestAccepted: 1264,
  /** MSG_NO_HA_DADO_EXPERIENCIA_PORQUE_ERES_NIVEL_MAXIMO (Msg1314). */
  QuestNoExpAtMaxLevel: 1314,
  /** MSG_GANADO_MONEDAS_ORO_COMO_RECOMPENSA (Msg1315): ¬1 gold to the wallet. */
  QuestGoldToWallet: 1315,
  /** Msg1316: ¬1 gold, sent to the bank. */
  QuestGoldToBank: 1316,
  /** MSG_NO_TENES_ESPACIO_MAS_HECHIZOS_1317. */
  QuestSpellBookFull: 1317,
  /** MSG_RECIBIDO_COMO_RECOMPENSA (Msg1318): "you received ¬1 as a reward". */
  QuestObjectReward: 1318,
  /** Msg1336 (bubble): not every object asked for. */
  QuestMissingObjects: 1336,
  /** Msg1337 (bubble): not every creature killed. */
  QuestMissingKills: 1337,
  /** Msg1338 (bubble): you must learn spell ¬1. */
  QuestMissingSpell: 1338,
  /** Msg1339 (bubble): you did not visit the NPC. */
  QuestMissingClicks: 1339,
  /** Msg1340 (bubble): no room for the reward. */
  QuestNoRoom: 1340,
  /** Msg1341 (bubble): "I have no quest for you". */
  QuestNoMission: 1341,
  /** MSG_LEVEL_TOO_HIGH_FOR_MISSION (Msg1416). */
  QuestLevelTooHigh: 1416,
  /** Msg1417 (bubble): five quests in progress already. */
  QuestNoFreeSlot: 1417,
  /** MSG_MUST_COMPLETE_QUEST_TO_START_MISSION (Msg1424): finish ¬1 first. */
  QuestRequiredQuest: 1424,
  /** MSG_MUST_BE_AT_LEAST_LEVEL_TO_START_MISSION (Msg1425): level ¬1. */
  QuestLevelTooLow: 1425,
  /** MSG_QUEST_ALREADY_COMPLETED (Msg2114). */
  QuestAlreadyDone: 2114,
  /** MSG_ABANDONADO_MISION (Msg2115): "you abandoned ¬1". */
  QuestAbandoned: 2115,
  /** MSG_MATADO_TODAS_CRIATURAS_MISION_REQUERIA (Msg2160): every creature of ¬1 killed. */
  QuestAllKills: 2160,
  /** MSG_MISSION_CLASS_NOT_AVAILABLE (Msg2167). */
  QuestNotForYou: 2167,
  /** MSG_NO_MISSION_FOR_YOU (Msg2085), over the NPC (`eQuest`, QQ9). */
  QuestNoMissionOverHead: 2085,
  /** MSG_TOO_MANY_ACTIVE_MISSIONS (Msg2086), over the NPC (`eQuest`, QQ9). */
  QuestTooManyOverHead: 2086,
} as const;

/** The lines of the restrictions `/MODMAPINFO` toggles (Msg1508–Msg1512). */
export type MapRestrictionLocaleId =
  | typeof LocaleId.MapNewbieStatus
  | typeof LocaleId.MapNoMagicStatus
  | typeof LocaleId.MapNoPksStatus
  | typeof LocaleId.MapNoCitizensStatus
  | typeof LocaleId.MapNoInvisibilityStatus;

/** The "map updated" lines of `/MAPSETTING` (Msg994–Msg996). */
export type MapSettingLocaleId = typeof LocaleId.MapDropItemsUpdated | typeof LocaleId.MapSafeFightUpdated | typeof LocaleId.MapFriendlyFireUpdated;

/**
 * Fonts of the status notices the rules of game/spells name by id (`StatusNotice` "LocaleMsg",
 * sent when a state ends): FONTTYPE_INFO unless VB6 picks another here.
 */
const STATUS_NOTICE_FONTS: Readonly<Record<number, number>> = { [LocaleId.CurseEnded]: FONT_DARK_YELLOW };
/** `FONTTYPE_New_Rojo_Salmon`: what a thief took, as both sides read it. */
export const FONT_SALMON = 37;
/** The fonts of the stealth lines that are not INFO (VB6 `DoRobar`, `RobarObjeto`, `HandleWorkLeftClick`). */
const STEALTH_FONTS: Readonly<Record<number, number>> = {
  714: FontIndex.Warning,
  1028: FontIndex.Fight,
  1030: FontIndex.Fight,
  1031: FontIndex.Fight,
  1032: FontIndex.Fight,
  1037: FontIndex.Talk,
  1038: FontIndex.Talk,
  1458: FONT_SALMON,
  1460: FONT_SALMON,
  1461: FONT_SALMON,
  1530: FONT_SALMON,
  1531: FONT_SALMON,
};

/**
 * Our words for player-to-player trade (items-and-economy §9), sent as console lines: the locale
 * ids of §9 are not catalogued yet. Exported so tests can wait for a line by its text.
 */
export const TRADE_TEXT = {
  cannotTradeWithYourself: "No puedes comerciar contigo mismo.",
  otherDead: "No puedes comerciar con un muerto.",
  otherBusy: "El otro usuario está ocupado comerciando.",
  notSafeMap: "Solo puedes comerciar en zonas seguras.",
  wantsToTrade: (name: string) => `${name} quiere comerciar contigo. Haz clic en él y escribe /COMERCIAR para aceptar.`,
  requestSent: (name: string) => `Le pediste a ${name} comerciar.`,
  declined: "El usuario no desea comerciar.",
  notEnough: "No tienes esa cantidad.",
  untradeable: "No puedes comerciar ese objeto.",
  noRoomInOffer: "No hay más espacio en la oferta.",
  changedOffer: (name: string) => `${name} cambió la oferta.`,
  otherNotAccepted: "El otro usuario aún no aceptó tu oferta.",
  otherAccepted: (name: string) => `${name} aceptó la oferta.`,
  failed: "El comercio se canceló: alguno de los dos ya no tiene lo ofrecido, no tiene lugar o superaría el máximo de oro.",
  done: "¡El comercio se realizó!",
  rejectedYou: (name: string) => `${name} rechazó tu oferta.`,
  youRejected: "Rechazaste la oferta.",
  stopped: (name: string) => `${name} dejó de comerciar contigo.`,
  cancelled: "El comercio fue cancelado por el otro usuario.",
} as const;

/** Which line each refusal of a sale (items-and-economy §7.5) is answered with, and its font. */
export const SALE_REFUSAL_LINES: Readonly<Record<SaleRefusal, { readonly id: number; readonly font: number }>> = {
  skin: { id: LocaleId.ShopCannotBuyThat, font: FontIndex.Talk },
  newbie_item: { id: LocaleId.ShopRefusesNewbieItems, font: FontIndex.Talk },
  destroys: { id: LocaleId.ShopCannotBuyThat, font: FontIndex.Talk },
  untradeable: { id: LocaleId.ShopCannotBuyThatUntradeable, font: FontIndex.Talk },
  not_interested: { id: LocaleId.ShopNotInterestedInType, font: FontIndex.Talk },
  rank: { id: LocaleId.CannotTradeRank, font: FontIndex.Warning },
};

/**
 * Our wording of the locale lines this server sends, for clients without the stock client's
 * language files (the browser client). `¬1`, `¬2`, … are filled from the message's params.
 */
export const LOCALE_WORDING: Readonly<Record<number, string>> = {
  // `/PROMEDIO` (game/character-sheet/life-average.ts `LIFE_AVERAGE_MESSAGES`).
  1988: "Clase ¬1, raza ¬2, nivel ¬3.",
  1220: "Vida esperada: ¬1 (promedio por nivel ¬2).",
  1221: "Vida actual: ¬1 (tu promedio por nivel ¬2).",
  // Doors and keys (map/systems/doors.ts).
  [LocaleId.KeyWhileDead]: "¡¡Estás muerto!! Sólo podés usar objetos cuando estás vivo.",
  [LocaleId.KeyRingOnly]: "Las llaves de casa no se usan desde el inventario: van en el llavero.",
  [LocaleId.DoorUnlocked]: "Has abierto la cerradura de la puerta.",
  [LocaleId.KeyDoesNotFit]: "La llave no sirve.",
  [LocaleId.KeyDoesNotFitUnlocked]: "La llave no sirve.",
  [LocaleId.DoorLockedWithKey]: "Has cerrado la puerta con llave.",
  [LocaleId.DoorNotClosed]: "La puerta no está cerrada.",
  [LocaleId.DuctHatchLocked]: "Parece que alguien cerró esta compuerta. Debe haber un interruptor por algún lado...",
  [LocaleId.DoorLocked]: "La puerta está cerrada con llave.",
  [LocaleId.DuctHatchOpened]: "Has abierto la compuerta del ducto.",
  [LocaleId.ClanRelationsCannotUpdate]: "Las relaciones del clan no pueden cambiar.",
  [LocaleId.ClanRelationsOffToGuild]: "Las relaciones entre clanes están desactivadas por ahora.",
  [LocaleId.ClanRelationsOffOfferAlliance]: "Las relaciones entre clanes están desactivadas por ahora.",
  [LocaleId.ClanRelationsOffAllianceDetails]: "Las relaciones entre clanes están desactivadas por ahora.",
  [LocaleId.ClanRelationsOffPeaceDetails]: "Las relaciones entre clanes están desactivadas por ahora.",
  [LocaleId.ClanRelationsOffAlliancePropList]: "Las relaciones entre clanes están desactivadas por ahora.",
  [LocaleId.ClanRelationsOffPeacePropList]: "Las relaciones entre clanes están desactivadas por ahora.",
  [LocaleId.ClanRelationsOffDeclareWar]: "Las relaciones entre clanes están desactivadas por ahora.",
  [LocaleId.ClanElectionsOff]: "Las elecciones de clan están desactivadas por ahora.",
  [LocaleId.ClanVoteOff]: "Las elecciones de clan están desactivadas por ahora.",
  [ITEM_LOCALE_IDS.inventory_full]: "No tienes más espacio en el inventario.",
  [ITEM_LOCALE_IDS.slot_locked]: "Ese espacio del inventario no está desbloqueado.",
  [ITEM_LOCALE_IDS.delete_not_safe_map]: "Solo puedes eliminar objetos en zona segura.",
  [ITEM_LOCALE_IDS.delete_dead]: "No puedes eliminar objetos estando muerto.",
  [ITEM_LOCALE_IDS.deleted]: "Objeto eliminado.",
  [ITEM_LOCALE_IDS.delete_equipped]: "No puedes eliminar un objeto equipado.",
  [ITEM_LOCALE_IDS.dead]: "¡Estás muerto!",
  [ITEM_LOCALE_IDS.equip_dead]: "Solo puedes usar objetos estando vivo.",
  [ITEM_LOCALE_IDS.no_body]: "Ese objeto no tiene ropaje para tu personaje.",
  [ITEM_LOCALE_IDS.shield_removed_for_two_handed]: "No puedes usar un arma de dos manos con escudo: te quitas el escudo.",
  [ITEM_LOCALE_IDS.two_handed_removed_for_shield]: "No puedes usar escudo con un arma de dos manos: te quitas el arma.",
  [ITEM_LOCALE_IDS.safe_map_only]: "Solo puedes usar ese objeto en mapas seguros.",
  [ITEM_LOCALE_IDS.newbie_only]: "Solo los novatos pueden usar ese objeto.",
  [ITEM_LOCALE_IDS.too_tired]: "Estás muy cansado.",
  [ITEM_LOCALE_IDS.potion_too_soon]: "Debes esperar un momento para tomar otra poción.",
  [ITEM_LOCALE_IDS.no_effect]: "No tiene efecto.",
  [ITEM_LOCALE_IDS.nothing_here]: "No hay nada aquí.",
  [ITEM_LOCALE_IDS.no_space_on_ground]: "No hay espacio en el piso.",
  [ITEM_LOCALE_IDS.drop_newbie_item]: "Los novatos no pueden tirar sus objetos de novato.",
  [ITEM_LOCALE_IDS.drop_forbidden]: "No puedes hacer eso con ese objeto.",
  [ITEM_LOCALE_IDS.not_enough_gold]: "No tienes suficiente oro.",
  [ITEM_LOCALE_IDS.npc_will_not_buy]: "Lo siento, no puedo comprarte ese objeto.",
  [LocaleId.CommandDisabledForRank]: "Ese comando no está habilitado para tu rango.",
  [LocaleId.GlobalChatTooFast]: "No puedes escribir mensajes globales tan rápido.",
  [LocaleId.GlobalChatDisabled]: "El chat global está desactivado en este servidor.",
  [LocaleId.ServerUptime]: "Servidor en línea: ¬1",
  [LocaleId.TooFar]: "Estás demasiado lejos.",
  [LocaleId.AlreadyTrading]: "Ya estás comerciando.",
  [LocaleId.ClickCharacterFirst]: "Primero haz clic izquierdo sobre el personaje.",
  [LocaleId.CannotTradeRank]: "No puedes vender objetos.",
  [LocaleId.ShopRefusesNewbieItems]: "Lo siento, no comercio objetos para novatos.",
  [LocaleId.ShopCannotBuyThatUntradeable]: "Lo siento, no puedo comprarte ese objeto.",
  [LocaleId.ShopNotInterestedInType]: "Lo siento, no estoy interesado en este tipo de objetos.",
  [LocaleId.NothingInteresting]: "No ves nada interesante.",
  [LocaleId.NotTrading]: "No estás comerciando.",
  [LocaleId.NoInterestInTrading]: "No tengo ningún interés en comerciar.",
  [LocaleId.NotInterestedInTrading]: "No estoy interesado en comerciar.",
  [LocaleId.LevelReached]: "¡Llegaste al nivel ¬1!",
  [LocaleId.HpGained]: "Tu vida sube ¬1 puntos; ahora tienes ¬2.",
  [LocaleId.StaminaGained]: "Tu energía sube ¬1 puntos; ahora tienes ¬2.",
  [LocaleId.ManaGained]: "Tu maná sube ¬1 puntos; ahora tienes ¬2.",
  [LocaleId.HitGained]: "Tu golpe sube ¬1 puntos; ahora pegas entre ¬2 y ¬3.",
  [LocaleId.SkillPointsGained]: "Ganaste ¬1 puntos de habilidad y tienes ¬2 para repartir. Piénsalo bien antes de usarlos.",
  [LocaleId.LevelGold]: "Recibes ¬1 monedas de oro por tu nivel.",
  [LocaleId.ExpGained]: "Ganaste ¬1 puntos de experiencia.",
  [LocaleId.ExpPenalty]: "Por tu nivel solo recibes el ¬1% de la experiencia.",
  [LocaleId.SkillImproved]: "Tu habilidad ¬1 sube a ¬2.",
  [LocaleId.Healed]: "Te sientes mejor: recuperas algo de vida.",
  [LocaleId.RestDead]: "¡¡Estás muerto!! Solo puedes usar objetos estando vivo.",
  [LocaleId.RestStarted]: "Te acomodas junto a la fogata y comienzas a descansar.",
  [LocaleId.RestStoodUp]: "Te levantas.",
  [LocaleId.RestNoCampfire]: "No hay ninguna fogata junto a la cual descansar.",
  [LocaleId.RestFinished]: "Has terminado de descansar.",
  [LocaleId.RestLeft]: "Has dejado de descansar.",
  [LocaleId.RestYouStandUp]: "Te pones de pie.",
  [LocaleId.TwigsNotLogs]: "Necesitas hacer clic sobre la leña para hacer ramitas.",
  [LocaleId.TwigsDead]: "No puedes hacer fogatas estando muerto.",
  [LocaleId.TwigsTooFewLogs]: "Necesitas por lo menos tres troncos para hacer una fogata.",
  [LocaleId.TwigsMade]: "Has hecho ¬1 ramitas.",
  [LocaleId.FireRaining]: "Está lloviendo: no puedes encender una fogata aquí.",
  [LocaleId.FireSafeZone]: "En zona segura no puedes hacer fogatas.",
  [LocaleId.FireNextToFire]: "Debes alejarte un poco de la otra fogata.",
  [LocaleId.FireLit]: "Has prendido la fogata.",
  [LocaleId.FireInCity]: "La ley impide hacer fogatas en las ciudades.",
  [LocaleId.FireFailed]: "No has podido hacer fuego.",
  [LocaleId.HomeHint]: "Escribe /HOGAR para volver a tu ciudad.",
  [LocaleId.HomeOnlyDead]: "Solo los muertos pueden usar ese comando.",
  [LocaleId.HomeNotFromHere]: "No puedes viajar a tu hogar desde aquí.",
  [LocaleId.HomeAlreadyThere]: "Ya estás en tu hogar.",
  [LocaleId.HomeAlreadyTravelling]: "Ya estás viajando a tu hogar.",
  [LocaleId.HomeFare]: "Necesitas ¬1 monedas de oro para usar ese comando.",
  [LocaleId.HomeIn]: "Llegarás a tu hogar en ¬1 segundos.",
  [LocaleId.HomeArrived]: "Has vuelto a tu ciudad.",
  [LocaleId.HomeCancelled]: "El viaje a tu hogar se canceló.",
  [LocaleId.StatsTitle]: "Estadísticas de ¬1",
  [LocaleId.StatsLevel]: "Nivel: ¬1, experiencia: ¬2/¬3",
  [LocaleId.StatsVitals]: "Vida: ¬1/¬2, maná: ¬3/¬4, energía: ¬5/¬6",
  [LocaleId.StatsHitWithWeapon]: "Golpe mínimo/máximo: ¬1/¬2 (arma: ¬3/¬4)",
  [LocaleId.StatsHit]: "Golpe mínimo/máximo: ¬1/¬2",
  [LocaleId.StatsBodyDefense]: "Defensa del cuerpo (mín./máx.): ¬1/¬2",
  [LocaleId.StatsNoBodyDefense]: "Defensa del cuerpo (mín./máx.): 0",
  [LocaleId.StatsHeadDefense]: "Defensa de la cabeza (mín./máx.): ¬1/¬2",
  [LocaleId.StatsNoHeadDefense]: "Defensa de la cabeza (mín./máx.): 0",
  [LocaleId.StatsGold]: "Oro: ¬1",
  [LocaleId.StatsDeaths]: "Muertes: ¬1",
  [LocaleId.StatsFactionScore]: "Puntos de facción: ¬1",
  [LocaleId.StatsPatronCredits]: "Créditos de mecenas: ¬1",
  [LocaleId.StatsRiderLevel]: "Nivel de jinete: ¬1",
  [LocaleId.StatsJailMinutes]: "Condena en la cárcel: ¬1 minutos",
  [LocaleId.StatsHome]: "Hogar: ¬1",
  [LocaleId.BowInMelee]: "No puedes usar así esta arma.",
  [LocaleId.NpcNotAttackable]: "No puedes atacar a esta criatura.",
  [LocaleId.MissedUser]: "¡Fallaste el golpe!",
  [LocaleId.MissedByUser]: "¡¬1 te atacó y falló!",
  [LocaleId.NoAmmunition]: "No tienes municiones.",
  [LocaleId.CannotAttackSelf]: "No puedes atacarte a ti mismo.",
  [LocaleId.TooTiredToFight]: "Estás muy cansado para luchar.",
  [LocaleId.NoEnergyOverHead]: "¡Estoy muy cansado!",
  [LocaleId.AttackVictimDead]: "No puedes atacar a un espíritu.",
  [LocaleId.AttackSafeMap]: "Este es un mapa seguro: aquí no se pelea.",
  [LocaleId.AttackSafeZone]: "No puedes pelear en una zona segura.",
  [LocaleId.DamageToCreature]: "¡Le quitaste ¬1 puntos de vida a la criatura!",
  [LocaleId.KilledCreature]: "¡Mataste a la criatura!",
  [LocaleId.SpellDamageToUser]: "¡Le quitaste a ¬1 ¬2 puntos de vida!",
  [LocaleId.SpellDamageFromUser]: "¡¬1 te quitó ¬2 puntos de vida!",
  [LocaleId.InvalidTarget]: "Ese objetivo no es válido.",
  [LocaleId.SafeZoneNoAttack]: "Estás en una zona segura: aquí no puedes atacar.",
  [LocaleId.AreaDamageToCreature]: "Le quitaste ¬1 puntos de vida a ¬2.",
  [LocaleId.AreaHealedOther]: "Le devolviste ¬1 puntos de vida a ¬2.",
  [LocaleId.AreaHealedBy]: "¬1 te devolvió ¬2 puntos de vida.",
  [LocaleId.AreaHealedSelf]: "Recuperaste ¬1 puntos de vida.",
  [LocaleId.CurseEnded]: "La maldición perdió su efecto: ya puedes atacar.",
  [LocaleId.Paralyzed]: "¡Estás paralizado!",
  [LocaleId.CannotMoveParalyzed]: "No puedes moverte.",
  [LocaleId.PetsCannotFollow]: "Tus mascotas no pueden andar por este mapa.",
  [LocaleId.SummonsLost]: "Pierdes el control de tus criaturas invocadas.",
  [LocaleId.Resurrected]: "¡Has sido resucitado!",
  [LocaleId.HealedByPriest]: "El sacerdote pronuncia unas palabras y te sientes curado.",
  [LocaleId.SelectCharacterFirst]: "Primero selecciona un personaje: haz clic izquierdo sobre él.",
  [LocaleId.BankBalance]: "Tienes ¬1 monedas de oro en tu cuenta.",
  [LocaleId.AccountBalance]: "Tienes ¬1 monedas de oro en tu cuenta.",
  [LocaleId.SelectBankerFirst]: "Primero tenés que seleccionar un personaje, hacé click izquierdo sobre él.",
  [LocaleId.BankDepositNotEnough]: "No tienes esa cantidad de oro.",
  [LocaleId.BankWithdrawNotEnough]: "No tienes esa cantidad de oro en tu cuenta.",
  [LocaleId.BankTransferToSelf]: "¡No puedo enviarte oro a ti mismo!",
  [LocaleId.BankTransferFailed]: "Hubo un error al realizar la operación.",
  [LocaleId.BankTransferNoSuchUser]: "Ese usuario no existe.",
  [LocaleId.BankTransferTooSoon]: "Espera un momento.",
  [LocaleId.BankTransferDone]: "¡El envío se realizó! Gracias por usar los servicios de Finanzas Goliath.",
  [LocaleId.CommandDisabledForPost]: "Servidor » Comando deshabilitado para tu cargo.",
  [LocaleId.UsersOnline]: "Usuarios conectados: ¬1.",
  [LocaleId.UsersRecord]: "Récord de usuarios conectados a la vez: ¬1.",
  [LocaleId.ServerBroadcast]: "Servidor> ¬1",
  [LocaleId.CommentSaved]: "Comentario guardado.",
  [LocaleId.UserNotOnline]: "El usuario no está conectado.",
  [LocaleId.CannotKickHigherRank]: "No puedes echar a alguien de un rango igual o mayor al tuyo.",
  [LocaleId.StaffKicked]: "Servidor » ¬1 echó a ¬2.",
  [LocaleId.CannotBanSelf]: "No puedes banearte a ti mismo.",
  [LocaleId.CannotBanHigherRank]: "No puedes banear a alguien de un rango igual o mayor al tuyo.",
  [LocaleId.CannotBanHigherRankOffline]: "No puedes banear a alguien de un rango igual o mayor al tuyo.",
  [LocaleId.CharacterDoesNotExist]: "Ese personaje no existe.",
  [LocaleId.AlreadyBanned]: "Ese personaje ya está baneado.",
  [LocaleId.StaffBanned]: "Servidor » ¬1 baneó a ¬2. Motivo: ¬3.",
  [LocaleId.StaffBannedAccount]: "Servidor » ¬1 baneó la cuenta de ¬2. Motivo: ¬3.",
  [LocaleId.StaffBannedForDays]: "¬1 quedó baneado por ¬2 durante ¬3 días. Lo decidió ¬4.",
  [LocaleId.Unbanned]: "¬1 ya no está baneado.",
  [LocaleId.NotBanned]: "¬1 no está baneado.",
  [LocaleId.StaffUnbannedAccount]: "Servidor » ¬1 levantó el baneo de la cuenta de ¬2.",
  [LocaleId.MutedCannotSpeak]: "Los administradores no te dejan hablar por ¬1 minuto(s) más.",
  [LocaleId.Muted]: "Los administradores te silenciaron: nadie te oirá hasta que termine. Usa /GM si necesitas ayuda.",
  [LocaleId.Unmuted]: "Los administradores te devolvieron la palabra.",
  [LocaleId.MuteEnded]: "Se terminó tu silencio: ya puedes hablar.",
  [LocaleId.CannotMuteHigherRank]: "No puedes silenciar a alguien de un rango igual o mayor al tuyo.",
  [LocaleId.NoSuchCharacter]: "Ese personaje no existe.",
  [LocaleId.StaffMutedOffline]: "Administración » ¬1 silenció a ¬2 (desconectado) por ¬3 minutos.",
  [LocaleId.StaffUnmutedOffline]: "Administración » ¬1 le devolvió la palabra a ¬2 (desconectado).",
  [LocaleId.StaffMuted]: "Administración » ¬1 silenció a ¬2 por ¬3 minutos.",
  [LocaleId.StaffUnmuted]: "Administración » ¬1 le devolvió la palabra a ¬2.",
  [LocaleId.JailUsage]: "Usa /CARCEL nick@motivo@minutos (de 1 en adelante).",
  [LocaleId.JailTargetNotOnline]: "Ese usuario no está conectado.",
  [LocaleId.CannotJailStaff]: "No puedes encarcelar a miembros del equipo.",
  [LocaleId.JailTooLong]: "La condena no puede pasar de ¬1 minutos.",
  [LocaleId.JailedBy]: "¬1 te mandó a la cárcel: te quedan ¬2 minutos de condena.",
  [LocaleId.Released]: "Cumpliste tu condena: estás en libertad.",
  [LocaleId.HomeNotInPrison]: "No puedes usar ese comando mientras cumples una condena.",
  [LocaleId.WarnUsage]: "Usa /ADVERTENCIA nick@motivo.",
  [LocaleId.CannotWarnStaff]: "No puedes advertir a miembros del equipo.",
  [LocaleId.YouWarned]: "Advertiste a ¬1.",
  [LocaleId.StaffWarned]: "¬1 advirtió a ¬2. Motivo: ¬3.",
  [LocaleId.WarnedBy]: "¬1 te dio una advertencia.",
  [LocaleId.WarningCount]: "Llevas ¬1 advertencia(s).",
  [LocaleId.NoPunishments]: "Sin antecedentes.",
  [LocaleId.NoSuchCharacterNamed]: "No existe ningún personaje llamado ¬1.",
  [LocaleId.EditPunishmentUsage]: "Usa /BORRARPENA nick@número@texto.",
  [LocaleId.PunishmentEdited]: "Pena modificada.",
  // -- staff sounds and the anti-macro note
  [LocaleId.AntiMacroUsage]: "Usa /MENSAJEANTIMACRO nick@mensaje.",
  [LocaleId.CountdownStarts]: "¡Empieza la cuenta regresiva desde ¬1 segundos!",
  [LocaleId.CountdownSeconds]: "¬1 segundos...",
  [LocaleId.CountdownGo]: "¡Ya!",
  [LocaleId.TargetImmuneToHold]: "No puedes inmovilizarlo: es inmune.",
  [LocaleId.RenameUsage]: "Usa /ANAME nombre@nuevo.",
  [LocaleId.NameTaken]: "Ya hay un personaje con ese nombre.",
  [LocaleId.RenameDone]: "Listo: el personaje tiene su nombre nuevo.",
  [LocaleId.RenameTargetMissing]: "El personaje ¬1 no existe.",
  [LocaleId.StaffRenamed]: "Administración » ¬1 cambió el nombre de \"¬2\" por \"¬3\".",
  // -- reports
  [LocaleId.RequestSent]: "Tu pedido fue enviado.",
  [LocaleId.RoleQuestion]: "¬1 pregunta de rol: ¬2",
  [LocaleId.CannotDenounceStaff]: "No puedes denunciar a un miembro del equipo.",
  [LocaleId.DenounceReceivedOffline]: "El equipo de soporte recibió tu denuncia.",
  [LocaleId.DenounceNothingSaid]: "Ese usuario no escribió nada. Las denuncias sin motivo pueden terminar en una advertencia.",
  [LocaleId.DenounceReceived]: "El equipo de soporte recibió tu denuncia.",
  [LocaleId.StaffNewDenouncement]: "Llegó una denuncia nueva de ¬1.",
  [LocaleId.ReportTooSoon]: "Puedes enviar una consulta cada 5 minutos.",
  [LocaleId.SupportMessageReceived]: "El equipo de soporte recibió tu mensaje.",
  [LocaleId.StaffNewSupportMessage]: "Llegó un mensaje de soporte nuevo de ¬1.",
  // -- staff movement and characters (gm-move)
  [LocaleId.UserOfflineNearby]: "Usuario desconectado.",
  [LocaleId.NearbyAllTaken]: "Todos los lugares cercanos están ocupados.",
  [LocaleId.CannotGoNearHigherRank]: "No puedes ir cerca de alguien de mayor rango.",
  [LocaleId.NearbyOnlySos]: "Servidor » Solo puedes ir cerca de usuarios que pidieron ayuda.",
  [LocaleId.TargetOnUnsafeMap]: "No puedes ir ahora: el usuario está en una zona insegura. Intenta más tarde o respóndele con un mensaje.",
  [LocaleId.TeleportedNear]: "Te teletransportaste cerca de ¬1.",
  [LocaleId.WarpOnlySafeMaps]: "Solo puedes transportarte a ciudades.",
  [LocaleId.WarpOnlySelf]: "Solo puedes transportarte a ti mismo.",
  [LocaleId.WarpUserOffline]: "Usuario desconectado.",
  [LocaleId.WarpOnlyEventMaps]: "Solo puedes teletransportar gente a mapas de evento.",
  [LocaleId.PlayerNotOnline]: "El jugador no está conectado.",
  [LocaleId.AskedToGoToThem]: "Se le avisó a ¬1 que quieres ir a su posición.",
  [LocaleId.WantsToComeToYou]: "¬1 quiere transportarse a tu ubicación. Escribe /sum ¬1 para traerlo.",
  [LocaleId.CameToYou]: "¬1 se transportó hacia donde estás.",
  [LocaleId.WentTo]: "Te transportaste hacia ¬1.",
  [LocaleId.AskedToBringThem]: "Se le avisó a ¬1 que quieres traerlo a tu posición.",
  [LocaleId.WantsToBringYou]: "¬1 quiere transportarte a su ubicación. Escribe /ira ¬1 para ir.",
  [LocaleId.SummonOnlyOnEventMaps]: "Solo puedes traer usuarios a mapas de evento.",
  [LocaleId.CannotSummonGhost]: "No puedes transportar a un muerto: ellos tienen /HOGAR.",
  [LocaleId.YouWereMoved]: "Te transportaron.",
  [LocaleId.MovedYou]: "¬1 te transportó.",
  [LocaleId.Brought]: "Trajiste a ¬1.",
  [LocaleId.MovedUserToMap]: "¬1 trasladó al usuario ¬2 al mapa ¬3.",
  [LocaleId.CannotReviveUnsafe]: "Servidor » No puedes revivir en una zona insegura.",
  [LocaleId.RevivedBy]: "¬1 te resucitó.",
  [LocaleId.HealedBy]: "¬1 te curó.",
  [LocaleId.ExecuteNotOnline]: "No está conectado.",
  [LocaleId.Executed]: "¬1 ejecutó a ¬2.",
  [LocaleId.DumbOffline]: "Desconectado.",
  [LocaleId.DumbNoMoreOffline]: "Desconectado.",
  [LocaleId.CreateUpTo]: "Solo puedes crear hasta ¬1 unidades.",
  [LocaleId.YouCreatedItem]: "Creaste ¬2 ¬1.",
  [LocaleId.NoRoomToCreate]: "No tienes espacio en el inventario para crear el objeto.",
  [LocaleId.CreatedOnFloor]: "ATENCIÓN: creaste ¬1¬2",
  [LocaleId.CreatedFixedOnFloor]: "ATENCIÓN: creaste ¬1¬2",
  [LocaleId.GiveTargetNotOnline]: "El usuario ¬1 no está conectado.",
  [LocaleId.Granted]: "¬1 otorgó a ¬2 ¬3 ¬4: ¬5",
  [LocaleId.TargetInventoryFull]: "El usuario no tiene espacio en el inventario.",
  // -- staff on the GM's map
  [LocaleId.StaffKilledNpc]: "Quitaste a ¬1 (volverá si le toca).",
  [LocaleId.ClickNpcFirst]: "Primero haz clic sobre la criatura.",
  [LocaleId.SpawnListLimited]: "Tu rango solo puede invocar algunas criaturas.",
  [LocaleId.GroundCleaned]: "Se limpiaron los objetos del suelo.",
  [LocaleId.TeleportOntoObject]: "Hay un objeto en el suelo de ese lugar.",
  [LocaleId.TeleportOntoExit]: "Un portal no puede llevar a la entrada de otro.",
  [LocaleId.TileTrigger]: "Trigger ¬1",
  [LocaleId.MapSafeStatus]: "Mapa ¬1 seguro: ¬2.",
  [LocaleId.StaffClosedClient]: "¬1 cerró el cliente de ¬2.",
  [LocaleId.StaffConnected]: "Servidor » ¬1 se conectó al juego.",
  [LocaleId.CreatureMoved]: "Has desplazado a la criatura.",
  // -- the GM's map's information and settings
  [LocaleId.MapBackupStatus]: "Mapa ¬1 con backup: ¬2.",
  [LocaleId.MapNewbieStatus]: "Mapa ¬1: solo para newbies = ¬2.",
  [LocaleId.MapNoMagicStatus]: "Mapa ¬1: sin magia = ¬2.",
  [LocaleId.MapNoPksStatus]: "Mapa ¬1: sin criminales = ¬2.",
  [LocaleId.MapNoCitizensStatus]: "Mapa ¬1: sin ciudadanos = ¬2.",
  [LocaleId.MapNoInvisibilityStatus]: "Mapa ¬1: sin invisibilidad = ¬2.",
  [LocaleId.MapTerrainSet]: "Mapa ¬1, terreno: ¬2.",
  [LocaleId.MapZoneSet]: "Mapa ¬1, zona: ¬2.",
  [LocaleId.MapRestrictOptions]: "Restricciones: NEWBIE, SINMAGIA, SININVI, NOPKS, NOCIUD.",
  [LocaleId.MapTerrainOptions]: "Terrenos: BOSQUE, NIEVE, DESIERTO, CIUDAD, CAMPO, DUNGEON.",
  [LocaleId.MapZoneOptions]: "Zonas: BOSQUE, NIEVE, DESIERTO, CIUDAD, CAMPO, DUNGEON.",
  [LocaleId.MapTerrainHint]: "De todos modos, solo NIEVE cambia algo: en ese terreno se muere de frío.",
  [LocaleId.MapZoneHint]: "De todos modos, solo DUNGEON cambia algo: en esa zona no se siente la lluvia.",
  [LocaleId.MapDropItemsUpdated]: "Mapa actualizado.",
  [LocaleId.MapSafeFightUpdated]: "Mapa actualizado.",
  [LocaleId.MapFriendlyFireUpdated]: "Mapa actualizado.",
  [LocaleId.MapSettingUnknown]: "Esa opción no existe.",
  // -- a game master's own settings, consultations, the GM mark
  [LocaleId.SkillsEdited]: "Tus skills fueron editados.",
  [LocaleId.WorkingRefusedForRank]: "Servidor » /TRABAJANDO es un comando deshabilitado para tu cargo.",
  [LocaleId.NoUsersWorking]: "No hay usuarios trabajando.",
  [LocaleId.NoUsersHiding]: "No hay usuarios ocultándose.",
  [LocaleId.UsersHiding]: "Usuarios ocultándose: ¬1",
  [LocaleId.ClickCharacterBefore]: "Primero haz clic sobre un personaje.",
  [LocaleId.GmMarkName]: "Servidor » [¬1]",
  [LocaleId.ConsultationSelectUser]: "Primero tienes que seleccionar un usuario: haz clic izquierdo sobre él.",
  [LocaleId.ConsultationWithStaff]: "No puedes iniciar el modo consulta con otro miembro del equipo.",
  [LocaleId.ConsultationEndedWith]: "Terminaste el modo consulta con ¬1.",
  [LocaleId.ConsultationEnded]: "Terminó el modo consulta.",
  [LocaleId.ConsultationStartedWith]: "Iniciaste el modo consulta con ¬1.",
  [LocaleId.ConsultationStarted]: "Un miembro del equipo inició el modo consulta contigo.",
  [LocaleId.ConsultationUnsafeMap]: "¬1 está en una zona insegura: no puedes acercarte.",
  [LocaleId.AttackWhileInConsultation]: "No puedes atacar a nadie mientras estás en consulta.",
  [LocaleId.AttackPlayerInConsultation]: "No puedes atacar a alguien que está en consulta.",
  [LocaleId.SelectNpcFirst]: "Primero tienes que seleccionar un personaje: haz clic izquierdo sobre él.",
  [LocaleId.HealedByCommand]: "¡¡Has sido curado!!",
  [LocaleId.PetStandTooFar]: "Estás demasiado lejos.",
  [LocaleId.PetFollowTooFar]: "Estás demasiado lejos.",
  [LocaleId.PetsReleased]: "Liberaste a tus mascotas.",
  [LocaleId.TrainerCreatureLimit]: "No puedo traer más criaturas.",
  // -- the everyday windows
  [LocaleId.SelectSpellFirst]: "¡Primero selecciona el hechizo!",
  [LocaleId.SelectTargetFirst]: "Primero tenés que seleccionar un personaje, hacé click izquierdo sobre él.",
  [LocaleId.LeftNewbie]: "Has dejado de ser Newbie.",
  [LocaleId.MailDisabled]: "El correo está temporalmente deshabilitado.",
  [LocaleId.NotRoyalTroops]: "No perteneces a las tropas reales!!!",
  [LocaleId.RoyalDuty]: "Tu deber es combatir criminales, cada 100 criminales que derrotes te daré una recompensa.",
  [LocaleId.NotChaosLegion]: "No perteneces a la legión oscura!!!",
  [LocaleId.ChaosDuty]: "Tu deber es sembrar el caos y la desesperanza, cada 100 ciudadanos que derrotes te daré una recompensa.",
  [LocaleId.RewardNotRoyalTroops]: "No perteneces a las tropas reales!!!",
  [LocaleId.RewardNotChaosLegion]: "No perteneces a la legión oscura!!!",
  // -- quests
  [LocaleId.QuestSkillTooLow]: "Debes mejorar tu habilidad ¬1 para continuar.",
  [LocaleId.QuestClickTargetFinished]: "¡Has completado la misión!",
  [LocaleId.QuestWorkersOnly]: "Esta misión es sólo para trabajadores.",
  [LocaleId.QuestAlreadyActive]: "Ya tienes esa misión en curso.",
  [LocaleId.QuestAccepted]: "Has aceptado la misión ¬1.",
  [LocaleId.QuestNoExpAtMaxLevel]: "No recibes experiencia porque estás en el nivel máximo.",
  [LocaleId.QuestGoldToWallet]: "Has ganado ¬1 monedas de oro como recompensa.",
  [LocaleId.QuestGoldToBank]: "Has ganado ¬1 monedas de oro como recompensa; fueron depositadas en tu banco.",
  [LocaleId.QuestSpellBookFull]: "No tienes espacio para más hechizos.",
  [LocaleId.QuestObjectReward]: "Has recibido ¬1 como recompensa.",
  [LocaleId.QuestMissingObjects]: "No has conseguido todos los objetos que te pedí.",
  [LocaleId.QuestMissingKills]: "No has matado todas las criaturas que te pedí.",
  [LocaleId.QuestMissingSpell]: "Necesitas aprender el hechizo ¬1.",
  [LocaleId.QuestMissingClicks]: "No has visitado a quien te pedí.",
  [LocaleId.QuestNoRoom]: "No tienes espacio en el inventario para la recompensa. Vuelve cuando lo tengas.",
  [LocaleId.QuestNoMission]: "No tengo ninguna misión para ti.",
  [LocaleId.QuestLevelTooHigh]: "Tu nivel es demasiado alto para esta misión.",
  [LocaleId.QuestNoFreeSlot]: "Debes completar las misiones en curso para poder aceptar más.",
  [LocaleId.QuestRequiredQuest]: "Debes completar la misión ¬1 para empezar esta.",
  [LocaleId.QuestLevelTooLow]: "Debes ser al menos nivel ¬1 para empezar esta misión.",
  [LocaleId.QuestAlreadyDone]: "Ya completaste esa misión.",
  [LocaleId.QuestAbandoned]: "Has abandonado la misión ¬1.",
  [LocaleId.QuestAllKills]: "Ya mataste todas las criaturas que la misión ¬1 requería.",
  [LocaleId.QuestNotForYou]: "Esta misión no está disponible para ti.",
  [LocaleId.QuestNoMissionOverHead]: "No tengo ninguna misión para ti.",
  [LocaleId.QuestTooManyOverHead]: "Tienes demasiadas misiones activas.",
};

/** The text of a locale line in our wording, holes filled; undefined for an id we do not word. */
export function wordLocaleMessage(messageId: number, params: string): string | undefined {
  const wording = LOCALE_WORDING[messageId];
  if (wording === undefined) return undefined;
  const values = params.split("¬");
  return wording.replace(/¬(\d+)/g, (_hole, index: string) => values[Number(index) - 1] ?? "");
}

/**
 * Over-head texts the stock client words itself: `LOCMSG*<id>*<params>` (a line of its language
 * files, VB6 `PrepareLocalizedChatOverHead`) and `NPCDESC*<npc>` (the NPC's `Desc` from its own
 * NPC data, VB6 `LookatTile`).
 */
export function overHeadLocale(id: number, ...params: (string | number)[]): string {
  return `LOCMSG*${id}*${params.join("¬")}`;
}

export function overHeadNpcDescription(npcNumber: number): string {
  return `NPCDESC*${npcNumber}`;
}

/** `FormatUptime`: `1d 02:03:04` (days, then hours, minutes and seconds of two digits). */
export function welcomeUptimeText(totalSeconds: number): string {
  let rest = Math.max(0, Math.floor(totalSeconds));
  const days = Math.floor(rest / 86_400);
  rest %= 86_400;
  const two = (n: number) => String(n).padStart(2, "0");
  return `${days}d ${two(Math.floor(rest / 3600))}:${two(Math.floor((rest % 3600) / 60))}:${two(rest % 60)}`;
}

/** Cuts no words: `1 día, 2 horas, 3 minutos, 4 segundos.` as the VB6 `/UPTIME` composes it. */
export function uptimeText(totalSeconds: number): string {
  let rest = Math.max(0, Math.floor(totalSeconds));
  const seconds = rest % 60;
  rest = Math.floor(rest / 60);
  const minutes = rest % 60;
  rest = Math.floor(rest / 60);
  const hours = rest % 24;
  const days = Math.floor(rest / 24);
  return `${days} ${days === 1 ? "día" : "días"}, ${hours} horas, ${minutes} minutos, ${seconds} segundos.`;
}

/** Every line a map system sends to a player. */
export const MESSAGES = {
  // -- logout (Quit / CancelarExit)
  quitCountdown: (seconds: number) =>
    consoleLine(`Cerrando en ${seconds} ${seconds === 1 ? "segundo" : "segundos"}...`, FontIndex.Info),
  farewell: () => consoleLine("¡Gracias por jugar Argentum Online!", FontIndex.Info),
  quitCancelledByMoving: () => consoleLine("Saliste del juego cancelado: te moviste.", FontIndex.Warning),
  quitCancelled: () => consoleLine("Salida cancelada.", FontIndex.Warning),

  // -- chat
  whisperTargetNotNear: (targetName: string) => consoleLine(`${targetName} no está cerca para oír tu susurro.`, FontIndex.Info),
  globalChatDisabled: () => localeLine(LocaleId.GlobalChatDisabled, FontIndex.Global),
  globalChatTooFast: () => localeLine(LocaleId.GlobalChatTooFast, FontIndex.Warning),
  /** The line every player online reads: `[name] text` in the global font. */
  globalChatLine: (speakerName: string, text: string) => consoleLine(`[${speakerName}] ${text}`, FontIndex.Global),

  // -- information commands
  commandDisabledForRank: () => localeLine(LocaleId.CommandDisabledForRank, FONT_INFO_IAO),
  uptime: (totalSeconds: number) => localeLine(LocaleId.ServerUptime, FontIndex.Info, uptimeText(totalSeconds)),
  motdLine: (text: string) => consoleLine(text, FONT_MOTD),

  // -- items: the VB6 server's locale lines, by the rule's reason or notice name
  item: (name: ItemLocaleName, ...params: (string | number)[]) => localeLine(ITEM_LOCALE_IDS[name], FontIndex.Info, ...params),
  /** `CanUseObject` refused: the client words the reason from the code. */
  cannotUseItem: () => consoleLine("No puedes usar ese objeto.", FontIndex.Info),

  // -- NPC commerce (items-and-economy §7) and looking at the map (`LookatTile`)
  tooFar: () => localeLine(LocaleId.TooFar, FontIndex.Info),
  alreadyTrading: () => localeLine(LocaleId.AlreadyTrading, FontIndex.Info),
  clickCharacterFirst: () => localeLine(LocaleId.ClickCharacterFirst, FontIndex.Info),
  cannotTradeRank: () => localeLine(LocaleId.CannotTradeRank, FontIndex.Warning),
  notTrading: () => localeLine(LocaleId.NotTrading, FontIndex.Info),
  /** Why the NPC will not buy what the player offers (`Comercio` sell). */
  saleRefused: (reason: SaleRefusal) => localeLine(SALE_REFUSAL_LINES[reason].id, SALE_REFUSAL_LINES[reason].font),
  nothingInteresting: () => localeLine(LocaleId.NothingInteresting, FontIndex.Info),
  /**
   * A ground object looked at: `O*<obj>* - <amount> *<tags>*` (the stock client words it from
   * its object data), or `O*<obj>*` for doors, signs and mail.
   */
  objectLook: (objectId: number, amount?: number, tags = 0) =>
    consoleLine(amount === undefined ? `O*${objectId}*` : `O*${objectId}* - ${amount} *${tags}*`, FontIndex.Info),

  // -- the bank vault (items-and-economy §8)
  /** `UserDejaObj` with no slot for the deposit (the VB6 text; its locale id is not documented). */
  bankFull: () => consoleLine("No tienes más espacio en el banco.", FontIndex.Info),
  /** The database could not read the vault when the banker was opened (ours). */
  bankUnavailable: () => consoleLine("El banco no está disponible en este momento. Intenta más tarde.", FontIndex.Info),

  // -- experience, levels and skills (combat-and-progression §7)
  levelReached: (level: number) => localeLine(LocaleId.LevelReached, FontIndex.Info, level),
  hpGained: (gain: number, maxHp: number) => localeLine(LocaleId.HpGained, FontIndex.Info, gain, maxHp),
  staminaGained: (gain: number, maxStamina: number) => localeLine(LocaleId.StaminaGained, FontIndex.Info, gain, maxStamina),
  manaGained: (gain: number, maxMana: number) => localeLine(LocaleId.ManaGained, FontIndex.Info, gain, maxMana),
  hitGained: (gain: number, minHit: number, maxHit: number) => localeLine(LocaleId.HitGained, FontIndex.Info, gain, minHit, maxHit),
  skillPointsGained: (gained: number, free: number) => localeLine(LocaleId.SkillPointsGained, FontIndex.Info, gained, free),
  levelGold: (gold: number) => localeLine(LocaleId.LevelGold, FontIndex.Info, gold),
  expGained: (amount: number) => localeLine(LocaleId.ExpGained, FontIndex.Experience, amount),
  expPenalty: (percent: number) => localeLine(LocaleId.ExpPenalty, FontIndex.Warning, percent),
  /** A skill won a point by use: its name and the new value. */
  skillImproved: (skillName: string, points: number) => localeLine(LocaleId.SkillImproved, FontIndex.Info, skillName, points),
  // -- the body (combat-and-progression §9)
  healed: () => localeLine(LocaleId.Healed, FontIndex.Info),
  // -- resting and campfires (game/rest; every line in FONTTYPE_INFO as VB6 sends them)
  rest: (
    line:
      | "RestDead"
      | "RestStarted"
      | "RestStoodUp"
      | "RestNoCampfire"
      | "RestFinished"
      | "RestLeft"
      | "RestYouStandUp"
      | "TwigsNotLogs"
      | "TwigsDead"
      | "TwigsTooFewLogs"
      | "FireRaining"
      | "FireSafeZone"
      | "FireNextToFire"
      | "FireLit"
      | "FireInCity"
      | "FireFailed",
  ) => localeLine(LocaleId[line], FontIndex.Info),
  twigsMade: (amount: number) => localeLine(LocaleId.TwigsMade, FontIndex.Info, amount),
  // -- death and /HOGAR (the fonts VB6 sends each line with)
  homeHint: () => localeLine(LocaleId.HomeHint, FontIndex.Orange),
  homeOnlyDead: () => localeLine(LocaleId.HomeOnlyDead, FontIndex.Info),
  homeNotFromHere: () => localeLine(LocaleId.HomeNotFromHere, FontIndex.Info),
  homeAlreadyThere: () => localeLine(LocaleId.HomeAlreadyThere, FontIndex.Info),
  homeAlreadyTravelling: () => localeLine(LocaleId.HomeAlreadyTravelling, FontIndex.Info),
  homeFare: (gold: number) => localeLine(LocaleId.HomeFare, FontIndex.Info, gold),
  homeIn: (seconds: number) => localeLine(LocaleId.HomeIn, FontIndex.Gray, seconds),
  homeArrived: () => localeLine(LocaleId.HomeArrived, FontIndex.Warning),
  homeCancelled: () => localeLine(LocaleId.HomeCancelled, FontIndex.Info),

  // -- the character sheet, `/EST` (VB6 `SendUserStatsTxt`): every line in FONTTYPE_INFO. Where
  // VB6 writes `WriteConsoleMsg(PrepareMessageLocaleMsg(…))` (1857–1862) it sends the locale line
  // and an empty console line in one frame (protocol doc §7 quirk 13); we send the locale line.
  statsTitle: (name: string) => localeLine(LocaleId.StatsTitle, FontIndex.Info, name),
  statsLevel: (level: number, exp: number, expToLevelUp: number) => localeLine(LocaleId.StatsLevel, FontIndex.Info, level, exp, expToLevelUp),
  statsVitals: (hp: number, maxHp: number, mana: number, maxMana: number, stamina: number, maxStamina: number) =>
    localeLine(LocaleId.StatsVitals, FontIndex.Info, hp, maxHp, mana, maxMana, stamina, maxStamina),
  statsHitWithWeapon: (minHit: number, maxHit: number, weaponMinHit: number, weaponMaxHit: number) =>
    localeLine(LocaleId.StatsHitWithWeapon, FontIndex.Info, minHit, maxHit, weaponMinHit, weaponMaxHit),
  statsHit: (minHit: number, maxHit: number) => localeLine(LocaleId.StatsHit, FontIndex.Info, minHit, maxHit),
  /** Armour and shield together. */
  statsBodyDefense: (minDef: number, maxDef: number) => localeLine(LocaleId.StatsBodyDefense, FontIndex.Info, minDef, maxDef),
  /** Armour without a shield: VB6 writes a console line of its own here, not a locale id; ours says what 1861 says. */
  statsArmorDefense: (minDef: number, maxDef: number) => consoleLine(`Defensa del cuerpo (mín./máx.): ${minDef}/${maxDef}`, FontIndex.Info),
  /** No armour (a shield alone does not count, as in VB6). */
  statsNoBodyDefense: () => localeLine(LocaleId.StatsNoBodyDefense, FontIndex.Info),
  statsHeadDefense: (minDef: number, maxDef: number) => localeLine(LocaleId.StatsHeadDefense, FontIndex.Info, minDef, maxDef),
  statsNoHeadDefense: () => localeLine(LocaleId.StatsNoHeadDefense, FontIndex.Info),
  statsGold: (gold: number) => localeLine(LocaleId.StatsGold, FontIndex.Info, gold),
  statsDeaths: (deaths: number) => localeLine(LocaleId.StatsDeaths, FontIndex.Info, deaths),
  statsFactionScore: (score: number) => localeLine(LocaleId.StatsFactionScore, FontIndex.Info, score),
  statsPatronCredits: (credits: number) => localeLine(LocaleId.StatsPatronCredits, FontIndex.Info, credits),
  statsRiderLevel: (riderLevel: number) => localeLine(LocaleId.StatsRiderLevel, FontIndex.Info, riderLevel),
  statsJailMinutes: (minutes: number) => localeLine(LocaleId.StatsJailMinutes, FontIndex.Info, minutes),
  statsHome: (cityName: string) => localeLine(LocaleId.StatsHome, FontIndex.Info, cityName),

  // -- a line a rule of game/* names by its locale id
  /**
   * A line a rule of game/* names by its locale id (a spell's refusal or message, taming,
   * meditation, a poison bite, a burn): the rule chose the line, the map gives the font VB6 sends
   * it with at that call; `params` fill its holes.
   */
  ruleLine: (id: number, font: number, ...params: (string | number)[]) => localeLine(id, font, ...params),
  /** A state ended (game/spells `StatusNotice` "LocaleMsg"), in the font VB6 sends that notice with. */
  statusNotice: (id: number) => localeLine(id, STATUS_NOTICE_FONTS[id] ?? FontIndex.Info),
  /**
   * A line of stealing or hiding (game/stealth `STEAL_MESSAGE`, `HIDE_MESSAGE`), in the font VB6
   * writes that id with: the thefts in `FONTTYPE_New_Rojo_Salmon`, the refusals of `DoRobar` by
   * faction and a held victim in FIGHT, "No podés robar aquí" in WARNING, the trade cancelled in
   * TALK, the rest in INFO.
   */
  stealthLine: (id: number, ...params: (string | number)[]) => localeLine(id, STEALTH_FONTS[id] ?? FontIndex.Info, ...params),
  /**
   * `PuedeAtacar` refused (kernel/pvp.ts): one of its own ids or the faction rule's
   * (game/faction `factionAttackRefusal`). VB6 writes the ghost refusal in FONTTYPE_INFO, the
   * faction and safe-place ones in FONTTYPE_WARNING.
   */
  attackRefused: (id: number) =>
    localeLine(id, id === LocaleId.AttackVictimDead || id === LocaleId.AttackWhileInConsultation || id === LocaleId.AttackPlayerInConsultation ? FontIndex.Info : FontIndex.Warning),

  // -- fighting: blows and shots (combat-and-progression §3, §4)
  bowInMelee: () => localeLine(LocaleId.BowInMelee, FontIndex.Info),
  npcNotAttackable: () => localeLine(LocaleId.NpcNotAttackable, FontIndex.Fight),
  /** A blow that missed, to the attacker; `missedByUser` to its victim. */
  missedUser: () => localeLine(LocaleId.MissedUser, FontIndex.Fight),
  missedByUser: (attackerName: string) => localeLine(LocaleId.MissedByUser, FontIndex.Fight, attackerName),
  noAmmunition: () => localeLine(LocaleId.NoAmmunition, FontIndex.Info),
  cannotAttackSelf: () => localeLine(LocaleId.CannotAttackSelf, FontIndex.Info),
  tooTiredToFight: () => localeLine(LocaleId.TooTiredToFight, FontIndex.Info),
  // -- damage to NPCs (kernel/npc-damage.ts)
  /** The player's own damage to an NPC (its pet's is not told), thousands grouped. */
  damageToCreature: (damage: number) => localeLine(LocaleId.DamageToCreature, FontIndex.Fight, formatThousands(damage)),
  killedCreature: () => localeLine(LocaleId.KilledCreature, FONT_GOD),

  // -- spells (combat-and-progression §5)
  /** A spell's damage to a player: to the caster, and `spellDamageFromUser` to the victim (thousands grouped). */
  spellDamageToUser: (victimName: string, damage: number) => localeLine(LocaleId.SpellDamageToUser, FontIndex.Fight, victimName, formatThousands(damage)),
  spellDamageFromUser: (casterName: string, damage: number) => localeLine(LocaleId.SpellDamageFromUser, FontIndex.Fight, casterName, formatThousands(damage)),
  /** An area spell's damage to an NPC; the area lines carry their amounts as they are (no thousands grouping). */
  areaDamageToCreature: (damage: number, npcName: string) => localeLine(LocaleId.AreaDamageToCreature, FontIndex.Fight, damage, npcName),
  /** An area heal: to the healer, to the healed player, and of oneself. */
  areaHealedOther: (amount: number, targetName: string) => localeLine(LocaleId.AreaHealedOther, FontIndex.Fight, amount, targetName),
  areaHealedBy: (healerName: string, amount: number) => localeLine(LocaleId.AreaHealedBy, FontIndex.Fight, healerName, amount),
  areaHealedSelf: (amount: number) => localeLine(LocaleId.AreaHealedSelf, FontIndex.Fight, amount),
  /** A console macro the client expands (`ProMSG*`, `HecMSGU*`, `HecMSGA*`), as game/spells composes it for a cast. */
  spellMacro: (text: string) => consoleLine(text, FontIndex.Fight),

  // -- held players, pets, priests and the safe (combat-and-progression §5.4, §5.5, §8)
  /** A held player's walk: both lines, in this order (`HandleWalk`). */
  paralyzed: () => localeLine(LocaleId.Paralyzed, FontIndex.Info),
  cannotMoveParalyzed: () => localeLine(LocaleId.CannotMoveParalyzed, FontIndex.Info),
  petsCannotFollow: () => localeLine(LocaleId.PetsCannotFollow, FontIndex.Info),
  summonsLost: () => localeLine(LocaleId.SummonsLost, FontIndex.Info),
  resurrected: () => localeLine(LocaleId.Resurrected, FontIndex.Info),
  healedByPriest: () => localeLine(LocaleId.HealedByPriest, FontIndex.InfoIao),
  /** `/SEG` by someone who is not a citizen (game/faction names the id). */
  onlyCitizensToggleSafe: () => localeLine(ONLY_CITIZENS_TOGGLE_SAFE, FontIndex.Talk),

  // -- the bank's `TransFerGold` with no NPC targeted
  selectCharacterFirst: () => localeLine(LocaleId.SelectCharacterFirst, FontIndex.Info),
  selectBankerFirst: () => localeLine(LocaleId.SelectBankerFirst, FontIndex.Info),

  // -- player-to-player trade (items-and-economy §9): our words, `TRADE_TEXT`
  tradeWithYourself: () => consoleLine(TRADE_TEXT.cannotTradeWithYourself, FontIndex.Info),
  tradeWithGhost: () => consoleLine(TRADE_TEXT.otherDead, FontIndex.Info),
  tradePartnerBusy: () => consoleLine(TRADE_TEXT.otherBusy, FontIndex.Info),
  tradeNotSafeMap: () => consoleLine(TRADE_TEXT.notSafeMap, FontIndex.Info),
  /** To the player asked to trade; `tradeAsked` to the one who asked. */
  tradeWanted: (askerName: string) => consoleLine(TRADE_TEXT.wantsToTrade(askerName), FontIndex.Info),
  tradeAsked: (otherName: string) => consoleLine(TRADE_TEXT.requestSent(otherName), FontIndex.Info),
  tradeDeclined: () => consoleLine(TRADE_TEXT.declined, FontIndex.Info),
  tradeNotEnough: () => consoleLine(TRADE_TEXT.notEnough, FontIndex.Info),
  tradeUntradeable: () => consoleLine(TRADE_TEXT.untradeable, FontIndex.Info),
  tradeOfferFull: () => consoleLine(TRADE_TEXT.noRoomInOffer, FontIndex.Info),
  tradeOfferChanged: (partnerName: string) => consoleLine(TRADE_TEXT.changedOffer(partnerName), FontIndex.Info),
  tradeNotAcceptedYet: () => consoleLine(TRADE_TEXT.otherNotAccepted, FontIndex.Info),
  tradeAccepted: (partnerName: string) => consoleLine(TRADE_TEXT.otherAccepted(partnerName), FontIndex.Info),
  tradeFailed: () => consoleLine(TRADE_TEXT.failed, FontIndex.Info),
  tradeDone: () => consoleLine(TRADE_TEXT.done, FontIndex.Info),
  tradeRejectedYou: (partnerName: string) => consoleLine(TRADE_TEXT.rejectedYou(partnerName), FontIndex.Info),
  tradeYouRejected: () => consoleLine(TRADE_TEXT.youRejected, FontIndex.Info),
  tradeStopped: (partnerName: string) => consoleLine(TRADE_TEXT.stopped(partnerName), FontIndex.Info),
  tradeCancelled: () => consoleLine(TRADE_TEXT.cancelled, FontIndex.Info),

  // -- staff (gm-and-moderation §2): `/GMSG`, `/RMSG`, `/ONLINE`, `/REM`, `/ECHAR`
  /** `/GMSG`: "<name> » <text>" on the staff's own channel. */
  staffChannelLine: (name: string, text: string) => consoleLine(`${name} » ${text}`, FontIndex.GmMessage),
  serverBroadcast: (text: string) => localeLine(LocaleId.ServerBroadcast, FontIndex.Centinela, text),
  usersOnline: (count: number) => localeLine(LocaleId.UsersOnline, FONT_INFO_IAO, count),
  usersRecord: (count: number) => localeLine(LocaleId.UsersRecord, FONT_INFO_IAO, count),
  commentSaved: () => localeLine(LocaleId.CommentSaved, FontIndex.Info),
  userNotOnline: () => localeLine(LocaleId.UserNotOnline, FontIndex.Info),
  cannotKickHigherRank: () => localeLine(LocaleId.CannotKickHigherRank, FontIndex.Info),
  staffKicked: (gmName: string, targetName: string) => localeLine(LocaleId.StaffKicked, FontIndex.Info, gmName, targetName),
  cannotBanSelf: () => localeLine(LocaleId.CannotBanSelf, FontIndex.Info),
  cannotBanHigherRank: (targetOnline: boolean) => localeLine(targetOnline ? LocaleId.CannotBanHigherRank : LocaleId.CannotBanHigherRankOffline, FontIndex.Info),
  characterDoesNotExist: () => localeLine(LocaleId.CharacterDoesNotExist, FontIndex.Talk),
  alreadyBanned: () => localeLine(LocaleId.AlreadyBanned, FontIndex.Info),
  /** Decision (quirk of BanPJ): the reason goes as typed; VB6 lower-cased it. */
  staffBanned: (gmName: string, targetName: string, reason: string) => localeLine(LocaleId.StaffBanned, FontIndex.Server, gmName, targetName, reason),
  staffBannedAccount: (gmName: string, targetName: string, reason: string) => localeLine(LocaleId.StaffBannedAccount, FontIndex.Server, gmName, targetName, reason),
  staffBannedForDays: (targetName: string, reason: string, days: number, gmName: string) => localeLine(LocaleId.StaffBannedForDays, FontIndex.Server, targetName, reason, days, gmName),
  unbanned: (targetName: string) => localeLine(LocaleId.Unbanned, FontIndex.Info, targetName),
  notBanned: (targetName: string) => localeLine(LocaleId.NotBanned, FontIndex.Info, targetName),
  staffUnbannedAccount: (gmName: string, targetName: string) => localeLine(LocaleId.StaffUnbannedAccount, FontIndex.Server, gmName, targetName),
  // -- moderation: mutes, jail, warnings, the punishment record
  mutedCannotSpeak: (minutesLeft: number) => localeLine(LocaleId.MutedCannotSpeak, FontIndex.Info, minutesLeft),
  muted: () => localeLine(LocaleId.Muted, FontIndex.Gm),
  unmuted: () => localeLine(LocaleId.Unmuted, FontIndex.Gm),
  muteEnded: () => localeLine(LocaleId.MuteEnded, FontIndex.Info),
  cannotMuteHigherRank: () => localeLine(LocaleId.CannotMuteHigherRank, FontIndex.Info),
  noSuchCharacter: () => localeLine(LocaleId.NoSuchCharacter, FontIndex.Info),
  /** Decision (G8): these reach the staff online (VB6's `ToGM` target had no case and sent nothing). */
  staffMuted: (gmName: string, targetName: string, minutes: number, targetOnline: boolean) =>
    localeLine(targetOnline ? LocaleId.StaffMuted : LocaleId.StaffMutedOffline, FontIndex.Gm, gmName, targetName, minutes),
  staffUnmuted: (gmName: string, targetName: string, targetOnline: boolean) => localeLine(targetOnline ? LocaleId.StaffUnmuted : LocaleId.StaffUnmutedOffline, FontIndex.Gm, gmName, targetName),
  jailUsage: () => localeLine(LocaleId.JailUsage, FontIndex.Info),
  jailTargetNotOnline: () => localeLine(LocaleId.JailTargetNotOnline, FontIndex.Info),
  cannotJailStaff: () => localeLine(LocaleId.CannotJailStaff, FontIndex.Info),
  jailTooLong: (maxMinutes: number) => localeLine(LocaleId.JailTooLong, FontIndex.Info, maxMinutes),
  jailedBy: (issuer: string, minutes: number) => localeLine(LocaleId.JailedBy, FontIndex.Info, issuer, minutes),
  released: () => localeLine(LocaleId.Released, FontIndex.Info),
  homeNotInPrison: () => localeLine(LocaleId.HomeNotInPrison, FontIndex.Info),
  warnUsage: () => localeLine(LocaleId.WarnUsage, FontIndex.Info),
  cannotWarnStaff: () => localeLine(LocaleId.CannotWarnStaff, FontIndex.Info),
  youWarned: (targetName: string) => localeLine(LocaleId.YouWarned, FontIndex.Centinela, targetName),
  staffWarned: (gmName: string, targetName: string, reason: string) => localeLine(LocaleId.StaffWarned, FontIndex.Gm, gmName, targetName, reason),
  warnedBy: (gmName: string) => localeLine(LocaleId.WarnedBy, FontIndex.Centinela, gmName),
  warningCount: (count: number) => localeLine(LocaleId.WarningCount, FontIndex.Centinela, count),
  noPunishments: () => localeLine(LocaleId.NoPunishments, FontIndex.Info),
  noSuchCharacterNamed: (name: string) => localeLine(LocaleId.NoSuchCharacterNamed, FontIndex.Info, name),
  /** One `/PENAS` entry, as VB6 lists them: a console line "<number> - <text>". */
  punishmentEntry: (line: string) => consoleLine(line, FontIndex.Info),
  editPunishmentUsage: () => localeLine(LocaleId.EditPunishmentUsage, FontIndex.Info),
  punishmentEdited: () => localeLine(LocaleId.PunishmentEdited, FontIndex.Info),
  /** Decision: VB6 said Msg982 even when the entry did not exist; this says so instead. */
  noSuchPunishment: (number: number) => consoleLine(`No hay una pena número ${number}.`, FontIndex.Info),
  /** The database could not carry a staff command out, or refused its input: nothing changed. */
  staffCommandFailed: () => consoleLine("El comando no se pudo completar; no se cambió nada.", FontIndex.Info),
  // -- staff sounds and the anti-macro note
  /** `/FORCEMIDI`: VB6's own line to everyone, "<name> broadcast musica: <n>". */
  staffMusicBroadcast: (gmName: string, midi: number) => consoleLine(`${gmName} broadcast musica: ${midi}`, FontIndex.Server),
  antiMacroUsage: () => localeLine(LocaleId.AntiMacroUsage, FontIndex.Info),
  countdownStarts: (seconds: number) => localeLine(LocaleId.CountdownStarts, FontIndex.Guild, seconds),
  countdownSeconds: (seconds: number) => localeLine(LocaleId.CountdownSeconds, FontIndex.Guild, seconds),
  countdownGo: () => localeLine(LocaleId.CountdownGo, FontIndex.Fight),
  targetImmuneToHold: () => localeLine(LocaleId.TargetImmuneToHold, FontIndex.Fight),
  // -- `/ANAME` (world/services/staff-rename.ts)
  renameUsage: () => localeLine(LocaleId.RenameUsage, FontIndex.Info),
  nameTaken: () => localeLine(LocaleId.NameTaken, FontIndex.Info),
  renameDone: () => localeLine(LocaleId.RenameDone, FontIndex.Info),
  renameTargetMissing: (name: string) => localeLine(LocaleId.RenameTargetMissing, FontIndex.Info, name),
  staffRenamed: (gmName: string, oldName: string, newName: string) => localeLine(LocaleId.StaffRenamed, FontIndex.Gm, gmName, oldName, newName),
  cannotRenameHigherRank: () => consoleLine("No puedes cambiarle el nombre a alguien de un rango igual o mayor al tuyo.", FontIndex.Info),
  /** Decision: only an offline character is renamed (the name keys everything a playing one is in). */
  renameTargetOnline: (name: string) => consoleLine(`${name} está conectado: échalo primero (/ECHAR) y vuelve a intentarlo.`, FontIndex.Info),
  newNameRefused: (name: string, problem: string) => consoleLine(`El nombre "${name}" no sirve para un personaje (${problem}).`, FontIndex.Info),
  /** A rank granted or revoked by the operator while the character plays. */
  yourRankNow: (rank: string | null, roleMaster: boolean) =>
    consoleLine(rank === null ? (roleMaster ? "El operador te dio el rol de rolemaster." : "Ya no formas parte del equipo del servidor.") : `Tu rango en el equipo ahora es ${rank}${roleMaster ? " (y rolemaster)" : ""}.`, FontIndex.Gm),
  // -- staff packets answered as disabled (map/systems/staff/disabled.ts)
  characterEditingDisabled: () => consoleLine("Este servidor no permite editar personajes desde el juego; pídeselo al operador (argentum admin character).", FontIndex.Info),
  noServerWindow: () => consoleLine("Este servidor no tiene ventana que mostrar.", FontIndex.Info),
  backupsAreTheOperators: () => consoleLine("Las copias de seguridad las hace el operador (argentum backup).", FontIndex.Info),
  noFeatureToggles: () => consoleLine("Este servidor no tiene interruptores de funciones: se configura al arrancar.", FontIndex.Info),
  /** `/IGNORADO` (decision: VB6 said nothing, so a GM could not tell which way it had switched). */
  npcsChaseYou: (chased: boolean) => consoleLine(chased ? "Las criaturas ahora te ven y te atacan." : "Las criaturas vuelven a ignorarte.", FontIndex.Gm),

  // -- reports: /GM, /DENUNCIAR, /ROL and the SOS panel (gm-and-moderation §2.1, §3.8)
  requestSent: () => localeLine(LocaleId.RequestSent, FontIndex.Info),
  roleQuestion: (name: string, text: string) => localeLine(LocaleId.RoleQuestion, FontIndex.GuildMessage, name, text),
  cannotDenounceStaff: () => localeLine(LocaleId.CannotDenounceStaff, FontIndex.Info),
  denounceReceivedOffline: () => localeLine(LocaleId.DenounceReceivedOffline, FONT_INFO_IAO),
  denounceNothingSaid: () => localeLine(LocaleId.DenounceNothingSaid, FontIndex.Info),
  denounceReceived: () => localeLine(LocaleId.DenounceReceived, FONT_INFO_IAO),
  staffNewDenouncement: (reporterName: string) => localeLine(LocaleId.StaffNewDenouncement, FontIndex.Server, reporterName),
  reportTooSoon: () => localeLine(LocaleId.ReportTooSoon, FontIndex.Warning),
  supportMessageReceived: () => localeLine(LocaleId.SupportMessageReceived, FONT_INFO_IAO),
  staffNewSupportMessage: (reporterName: string) => localeLine(LocaleId.StaffNewSupportMessage, FontIndex.Server, reporterName),

  // -- staff movement and characters (gm-move: §2.4, §2.6, §3.6, §3.7)
  userOfflineNearby: () => localeLine(LocaleId.UserOfflineNearby, FontIndex.Info),
  nearbyAllTaken: () => localeLine(LocaleId.NearbyAllTaken, FontIndex.Info),
  cannotGoNearHigherRank: () => localeLine(LocaleId.CannotGoNearHigherRank, FontIndex.Info),
  nearbyOnlySos: () => localeLine(LocaleId.NearbyOnlySos, FontIndex.Info),
  targetOnUnsafeMap: () => localeLine(LocaleId.TargetOnUnsafeMap, FontIndex.Info),
  teleportedNear: (targetName: string) => localeLine(LocaleId.TeleportedNear, FontIndex.Info, targetName),
  warpOnlySafeMaps: () => localeLine(LocaleId.WarpOnlySafeMaps, FontIndex.Info),
  warpOnlySelf: () => localeLine(LocaleId.WarpOnlySelf, FontIndex.Info),
  warpUserOffline: () => localeLine(LocaleId.WarpUserOffline, FontIndex.Info),
  warpOnlyEventMaps: () => localeLine(LocaleId.WarpOnlyEventMaps, FontIndex.Info),
  playerNotOnline: () => localeLine(LocaleId.PlayerNotOnline, FontIndex.Info),
  askedToGoToThem: (targetName: string) => localeLine(LocaleId.AskedToGoToThem, FontIndex.Info, targetName),
  wantsToComeToYou: (gmName: string) => localeLine(LocaleId.WantsToComeToYou, FontIndex.Info, gmName),
  cameToYou: (gmName: string) => localeLine(LocaleId.CameToYou, FontIndex.Info, gmName),
  wentTo: (targetName: string) => localeLine(LocaleId.WentTo, FontIndex.Info, targetName),
  askedToBringThem: (targetName: string) => localeLine(LocaleId.AskedToBringThem, FontIndex.Info, targetName),
  wantsToBringYou: (gmName: string) => localeLine(LocaleId.WantsToBringYou, FontIndex.Info, gmName),
  summonOnlyOnEventMaps: () => localeLine(LocaleId.SummonOnlyOnEventMaps, FontIndex.Info),
  cannotSummonGhost: () => localeLine(LocaleId.CannotSummonGhost, FontIndex.Info),
  youWereMoved: () => localeLine(LocaleId.YouWereMoved, FontIndex.Info),
  movedYou: (gmName: string) => localeLine(LocaleId.MovedYou, FontIndex.Info, gmName),
  brought: (targetName: string) => localeLine(LocaleId.Brought, FontIndex.Info, targetName),
  movedUserToMap: (gmName: string, targetName: string, map: number) => localeLine(LocaleId.MovedUserToMap, FontIndex.Info, gmName, targetName, map),
  cannotReviveUnsafe: () => localeLine(LocaleId.CannotReviveUnsafe, FontIndex.Info),
  revivedBy: (gmName: string) => localeLine(LocaleId.RevivedBy, FontIndex.Info, gmName),
  healedBy: (gmName: string) => localeLine(LocaleId.HealedBy, FontIndex.Info, gmName),
  executeNotOnline: () => localeLine(LocaleId.ExecuteNotOnline, FontIndex.Info),
  executed: (gmName: string, targetName: string) => localeLine(LocaleId.Executed, FontIndex.Execution, gmName, targetName),
  dumbOffline: (on: boolean) => localeLine(on ? LocaleId.DumbOffline : LocaleId.DumbNoMoreOffline, FontIndex.Info),
  createUpTo: (max: number) => localeLine(LocaleId.CreateUpTo, FontIndex.Talk, max),
  youCreatedItem: (objectName: string, amount: number) => localeLine(LocaleId.YouCreatedItem, FontIndex.Info, objectName, amount),
  noRoomToCreate: () => localeLine(LocaleId.NoRoomToCreate, FontIndex.Info),
  /** Decision: VB6's second hole held its own shouted note; ours says where the units went. */
  createdOnFloor: (amount: number, fixedInPlace: boolean) => localeLine(fixedInPlace ? LocaleId.CreatedFixedOnFloor : LocaleId.CreatedOnFloor, FontIndex.Guild, amount, " objetos, tirados en el piso."),
  /** G28: `/CI` and `/DAR` take 1 or more units. */
  createAmountNotPositive: () => consoleLine("La cantidad debe ser de 1 o más unidades.", FontIndex.Info),
  giveTargetNotOnline: (targetName: string) => localeLine(LocaleId.GiveTargetNotOnline, FontIndex.Info, targetName),
  granted: (gmName: string, targetName: string, amount: number, objectName: string, reason: string) => localeLine(LocaleId.Granted, FontIndex.Info, gmName, targetName, amount, objectName, reason),
  targetInventoryFull: () => localeLine(LocaleId.TargetInventoryFull, FontIndex.Info),
  /** G7 (rank): a character of a higher rank is not moved. */
  cannotMoveHigherRank: () => consoleLine("No puedes mover a alguien de un rango mayor al tuyo.", FontIndex.Info),
  /** `/TELEPLOC` before any tile was clicked on this map. */
  noClickedTile: () => consoleLine("Primero haz clic en el lugar al que quieres ir.", FontIndex.Info),
  /** Nothing free to land on near the wanted tile (never a blocked one). */
  noRoomToLand: () => consoleLine("No hay un lugar libre allí.", FontIndex.Info),
  /** `/EJECUTAR` of a ghost. */
  alreadyDead: () => consoleLine("Ya está muerto.", FontIndex.Info),
  /** `/INVISIBLE`: VB6 says nothing; the browser client shows the state. */
  adminInvisible: (on: boolean) => consoleLine(on ? "Ahora eres invisible para los jugadores." : "Ahora eres visible.", FontIndex.Info),

  // -- staff on the GM's map: NPCs, items, tiles (gm-and-moderation §2.7)
  /** Decision (RMATA-NAME): the NPC's name in Msg1477 (VB6 put its slot number there). */
  staffKilledNpc: (npcName: string) => localeLine(LocaleId.StaffKilledNpc, FontIndex.Info, npcName),
  clickNpcFirst: () => localeLine(LocaleId.ClickNpcFirst, FontIndex.Info),
  spawnListLimited: () => localeLine(LocaleId.SpawnListLimited, FontIndex.Info),
  groundCleaned: () => localeLine(LocaleId.GroundCleaned, FontIndex.Info),
  teleportOntoObject: () => localeLine(LocaleId.TeleportOntoObject, FontIndex.Info),
  teleportOntoExit: () => localeLine(LocaleId.TeleportOntoExit, FontIndex.Info),
  tileTrigger: (map: number, x: number, y: number, trigger: number) => localeLine(LocaleId.TileTrigger, FontIndex.Info, `MAP ${map},${x},${y}. = ${trigger}`),
  /** Decision (G32): the word says what the map now is (VB6 sent "No" for a safe map). */
  mapSafeStatus: (map: number, safe: boolean) => localeLine(LocaleId.MapSafeStatus, FontIndex.Info, map, safe ? "Sí" : "No"),
  /** `/TRIGGER n` done: what VB6 writes to its log and the GM's console. */
  triggerSet: (trigger: number, map: number, x: number, y: number) => consoleLine(`Trigger ${trigger} en el mapa ${map} ${x},${y}.`, FontIndex.Info),
  triggerOutOfRange: (max: number) => consoleLine(`El trigger debe ser un número de 0 a ${max}.`, FontIndex.Info),
  unknownNpc: (npcNumber: number) => consoleLine(`No hay ninguna criatura número ${npcNumber} en este mundo.`, FontIndex.Info),
  npcNotSummonable: (npcName: string) => consoleLine(`Tu rango no puede invocar a ${npcName}.`, FontIndex.Info),
  noRoomForNpc: () => consoleLine("No hay lugar libre cerca para la criatura.", FontIndex.Info),
  /** `/ITEMSINTHEFLOOR`: one line per pile, "(x,y) name", as VB6 lists them. */
  floorItem: (x: number, y: number, objectName: string) => consoleLine(`(${x},${y}) ${objectName}`, FontIndex.Info),
  /** Decision (BLOQ-WALL): `/BLOQ` opens only what a GM blocked; the map's own walls stay. */
  mapWallStays: () => consoleLine("Ese lugar es una pared del mapa: /BLOQ solo quita bloqueos puestos por un GM.", FontIndex.Info),
  badTeleportDestination: () => consoleLine("Ese destino no existe en este mundo.", FontIndex.Info),
  teleportNotHere: () => consoleLine("Ya hay un objeto o una salida justo arriba tuyo.", FontIndex.Info),
  /** Decision (CT-OBJECT): said whether the world's objects had the teleport's to draw it. */
  teleportMade: (destination: string, drawn: boolean) =>
    consoleLine(drawn ? `Portal creado hacia ${destination}.` : `Salida creada hacia ${destination} (este mundo no tiene el objeto del portal: no se ve).`, FontIndex.Info),
  staffClosedClient: (gmName: string, targetName: string) => localeLine(LocaleId.StaffClosedClient, FontIndex.Info, gmName, targetName),
  staffConnected: (name: string) => localeLine(LocaleId.StaffConnected, FontIndex.InfoBold, name),
  creatureMoved: () => localeLine(LocaleId.CreatureMoved, FontIndex.Info),
  kickedEveryone: (count: number) => consoleLine(`Echaste a ${count} personaje(s); el equipo sigue conectado.`, FontIndex.Info),
  // -- staff information and server control (gm-info: gm-and-moderation §2.2, §2.3, §2.9)
  /** A console line of a staff listing (names, "(x,y) object", "skill = n"), in the info font. */
  staffListLine: (text: string) => consoleLine(text, FontIndex.Info),
  /** Msg1222 "Servidor habilitado para todos." / Msg1223 "Servidor restringido a administradores." (`/HABILITAR`). */
  serverOpenToAll: () => localeLine(1222, FontIndex.Info),
  serverStaffOnly: () => localeLine(1223, FontIndex.Info),
  /** Msg984 "Se ha cambiado el MOTD con éxito". */
  motdChanged: () => localeLine(984, FontIndex.Info),
  /** Msg976: `/TALKAS` with no NPC targeted. */
  talkAsNpcNoTarget: () => localeLine(976, FontIndex.Info),
  /** Msg1835 global chat on / Msg1734 global chat off, to everyone (`/GLOBAL`). */
  globalChatSwitched: (on: boolean) => localeLine(on ? 1835 : 1734, FontIndex.Server),
  /** Msg1186 "Utilice /MENSAJEINFORMACION nick@mensaje". */
  messageUserUsage: () => localeLine(1186, FontIndex.Info),
  /** Msg1187 "Mensaje recibido de ¬1" (to the target). */
  messageReceivedFrom: (gmName: string) => localeLine(1187, FontIndex.Info, gmName),
  /** The staff member's own text, to the target (VB6 `FONTTYPE_New_DONADOR`, shown here in the GM font). */
  messageFromStaff: (text: string) => consoleLine(text, FontIndex.Gm),
  /** Msg1188 "Mensaje enviado a ¬1". */
  messageSentTo: (name: string) => localeLine(1188, FontIndex.Info, name),
  /** `/GRABAR`: every character online was written (our words: VB6 answered nothing). */
  charactersSaved: (count: number) => consoleLine(`Se guardaron ${count} ${count === 1 ? "personaje" : "personajes"}.`, FontIndex.Info),
  charactersNotSaved: () => consoleLine("No se pudieron guardar los personajes; se reintentará en el próximo guardado.", FontIndex.Info),
  /** `/MENSAJEINFORMACION` to an offline character: kept only up to the `staff_messages` limit. */
  offlineMessageTooLong: () => consoleLine("El mensaje es demasiado largo para guardarlo (hasta 1000 caracteres).", FontIndex.Info),

  // -- a game master's own settings, consultations, the GM mark (map/systems/staff/self.ts, consultation.ts)
  /** Msg555 "Tus skills fueron editados." (`/GENIO`). */
  skillsEdited: () => localeLine(LocaleId.SkillsEdited, FONT_INFO_IAO),
  /** `/TRABAJANDO`: VB6's own console line, the names joined by ", ". */
  usersWorking: (names: readonly string[]) => consoleLine(`Usuarios trabajando: ${names.join(", ")}`, FontIndex.Info),
  /** Msg953 "No hay usuarios trabajando". */
  noUsersWorking: () => localeLine(LocaleId.NoUsersWorking, FontIndex.Info),
  /** Msg1476 "Usuarios ocultandose: ¬1" (`/OCULTANDO`). */
  usersHiding: (names: readonly string[]) => localeLine(LocaleId.UsersHiding, FontIndex.Info, names.join(", ")),
  /** Msg954 "No hay usuarios ocultandose". */
  noUsersHiding: () => localeLine(LocaleId.NoUsersHiding, FontIndex.Info),
  /** Msg975 "Haz click sobre un personaje antes!" (`/SETDESC`, the GM mark on nobody). */
  clickCharacterBefore: () => localeLine(LocaleId.ClickCharacterBefore, FontIndex.Info),
  /** Msg1133 "Servidor » [¬1" with the clicked character's name (the GM panel's mark). */
  gmMarkName: (name: string) => localeLine(LocaleId.GmMarkName, FontIndex.Info, name),
  /** A role-play description (VB6 `DescRM`), to whoever clicks its character, in bold as VB6 said it. */
  roleplayDescription: (text: string) => consoleLine(text, FontIndex.InfoBold),
  /** `/SETDESC` done (VB6 said nothing: the GM could not tell it took). */
  roleplayDescriptionSet: (name: string, cleared: boolean) => consoleLine(cleared ? `${name} ya no tiene descripción de rol.` : `Descripción de rol de ${name} cambiada.`, FontIndex.Info),
  /** `/SHOWNAME` (VB6 said nothing). */
  nameShown: (shown: boolean) => consoleLine(shown ? "Tu nombre vuelve a verse." : "Tu nombre ya no se ve.", FontIndex.Info),
  /** `SetSpeed` (VB6 said nothing). */
  speedSet: (speed: number) => consoleLine(`Tu velocidad ahora es ${speed}.`, FontIndex.Info),
  /** `SetSpeed` refused: not a number in the range. */
  speedRefused: (min: number, max: number) => consoleLine(`La velocidad debe ser un número de ${min} a ${max}.`, FontIndex.Info),
  /** `/SEGUIR` (VB6 said nothing). */
  npcFollowsYou: (npcName: string, follows: boolean) => consoleLine(follows ? `${npcName} te sigue.` : `${npcName} deja de seguirte.`, FontIndex.Info),
  /** Decision (CONSULTA-MAP): the target is online elsewhere; a consultation is started on the GM's map. */
  consultationOtherMap: (name: string) => consoleLine(`${name} no está en este mapa: ve con /IRA primero.`, FontIndex.Info),
  /** Msg2165 "El usuario ¬1 se encuentra en zona insegura, no puedes acercarte a él." */
  consultationUnsafeMap: (name: string) => localeLine(LocaleId.ConsultationUnsafeMap, FontIndex.Info, name),
  /** Msg1266 "Primero tienes que seleccionar un usuario, haz click izquierdo sobre el." */
  consultationSelectUser: () => localeLine(LocaleId.ConsultationSelectUser, FontIndex.Info),
  /** Msg1267 "No puedes iniciar el modo consulta con otro administrador." */
  consultationWithStaff: () => localeLine(LocaleId.ConsultationWithStaff, FontIndex.Info),
  /** Msg1270 "Has iniciado el modo consulta con ¬1" / Msg1268 "Has terminado el modo consulta con ¬1" (to the GM). */
  consultationWith: (name: string, started: boolean) => localeLine(started ? LocaleId.ConsultationStartedWith : LocaleId.ConsultationEndedWith, FontIndex.Info, name),
  /** Msg1271 "Has iniciado el modo consulta." / Msg1269 "Has terminado el modo consulta." (to the player). */
  consultationForYou: (started: boolean) => localeLine(started ? LocaleId.ConsultationStarted : LocaleId.ConsultationEnded, FontIndex.Info),

  // -- what this server does not have yet: said, never silently ignored
  notAvailableYet: () => consoleLine("Esa acción todavía no está disponible en este servidor.", FontIndex.Info),
  // -- what AO20 itself switched off, with VB6's locale ids (map/systems/decisions/table.ts)
  /**
   * Msg1799 "relations cannot be updated" (`HandleGuildAcceptPeace`) and Msg1801 "clan relations
   * are switched off for now" (the other answers to a proposal), FONTTYPE_GUILD.
   */
  clanRelationsToGuild: (id: typeof LocaleId.ClanRelationsCannotUpdate | typeof LocaleId.ClanRelationsOffToGuild) => localeLine(id, FontIndex.Guild),
  /** Msg1145–Msg1151 "clan relations are switched off for now": one copy of the line per VB6 handler. */
  clanRelationsOff: (id: ClanRelationsOffLocaleId) => localeLine(id, FontIndex.Info),
  /** Msg1154 / Msg1172 "clan elections are switched off for now" (`HandleGuildOpenElections` / `HandleGuildVote`). */
  clanElectionsOff: (id: typeof LocaleId.ClanElectionsOff | typeof LocaleId.ClanVoteOff) => localeLine(id, FontIndex.Info),

  // -- the GM's map's information and settings (`/MODMAPINFO`, `/MAPSETTING`; map/systems/staff/map-info.ts)
  mapBackupStatus: (map: number, on: boolean) => localeLine(LocaleId.MapBackupStatus, FontIndex.Info, map, on ? "Sí" : "No"),
  /** Msg1508–Msg1512: one restriction of the map, on or off now. */
  mapRestrictionStatus: (id: MapRestrictionLocaleId, map: number, on: boolean) => localeLine(id, FontIndex.Info, map, on ? "Sí" : "No"),
  mapTerrainSet: (map: number, terrain: string) => localeLine(LocaleId.MapTerrainSet, FontIndex.Info, map, terrain),
  mapZoneSet: (map: number, zone: string) => localeLine(LocaleId.MapZoneSet, FontIndex.Info, map, zone),
  mapRestrictOptions: () => localeLine(LocaleId.MapRestrictOptions, FontIndex.Info),
  mapTerrainOptions: () => localeLine(LocaleId.MapTerrainOptions, FontIndex.Info),
  mapTerrainHint: () => localeLine(LocaleId.MapTerrainHint, FontIndex.Info),
  mapZoneOptions: () => localeLine(LocaleId.MapZoneOptions, FontIndex.Info),
  mapZoneHint: () => localeLine(LocaleId.MapZoneHint, FontIndex.Info),
  /** Msg994 / Msg995 / Msg996, by the setting changed (0 DropItems, 1 SafeFight, 2 FriendlyFire). */
  mapSettingUpdated: (id: MapSettingLocaleId) => localeLine(id, FontIndex.Info),
  mapSettingUnknown: () => localeLine(LocaleId.MapSettingUnknown, FontIndex.Info),
  mapSettingUsage: () => consoleLine("Uso: /MAPSETTING DROPITEMS|SAFEPVP|FRIENDLYFIRE 0|1", FontIndex.Info),
  /** Decision (MAPINFO-MEMORY): VB6 wrote mapa<N>.dat; here the world's files are read-only. */
  mapChangeNotSaved: () => consoleLine("El cambio vale para este mapa hasta que el servidor se reinicie: los archivos del mundo no se escriben.", FontIndex.Info),
  /** Decision (G32-RESU): no rule of this server (nor of VB6 today) forbids resurrecting on a map. */
  noResurrectionRule: () => consoleLine("RESUSINEFECTO no tiene efecto en este servidor: ningún mapa prohíbe resucitar.", FontIndex.Info),

  // -- priests, trainers and pet orders by command (map/systems/priest.ts, trainers.ts, pet-orders.ts)
  selectNpcFirst: () => localeLine(LocaleId.SelectNpcFirst, FontIndex.Info),
  healedByCommand: () => localeLine(LocaleId.HealedByCommand, FontIndex.Info),
  petStandTooFar: () => localeLine(LocaleId.PetStandTooFar, FontIndex.Info),
  petFollowTooFar: () => localeLine(LocaleId.PetFollowTooFar, FontIndex.Info),
  petsReleased: () => localeLine(LocaleId.PetsReleased, FontIndex.Info),
  // -- the everyday windows (issue 26: map/systems/reading.ts, info.ts)
  /** `/INFO` on a spell: `HECINF*<spell>`, which the client words from its `Hechizos.dat` (VB6 `HandleSpellInfo`). */
  spellInfo: (spellId: number) => consoleLine(`HECINF*${spellId}`, FontIndex.Info),
  selectSpellFirst: () => localeLine(LocaleId.SelectSpellFirst, FontIndex.Info),
  /** One line of the world's `Help.dat` (VB6 `SendHelp`, FONTTYPE_INFO). */
  helpLine: (text: string) => consoleLine(text, FontIndex.Info),
  /** After the MOTD lines, `/MOTD` says the uptime as `SendWelcomeUptime` does: `Server Uptime: 1d 02:03:04`. */
  motdUptime: (totalSeconds: number) => consoleLine(`Server Uptime: ${welcomeUptimeText(totalSeconds)}`, FontIndex.Info),
  selectTargetFirst: () => localeLine(LocaleId.SelectTargetFirst, FontIndex.Info),
  leftNewbie: () => localeLine(LocaleId.LeftNewbie, FontIndex.Info),
  mailDisabled: () => localeLine(LocaleId.MailDisabled, FontIndex.Execution),
  // -- doors and keys (issue 26: map/systems/doors.ts, game/doors)
  doorLocked: (ductHatch: boolean) => localeLine(ductHatch ? LocaleId.DuctHatchLocked : LocaleId.DoorLocked, FontIndex.Info),
  ductHatchOpened: () => localeLine(LocaleId.DuctHatchOpened, FontIndex.Info),
  keyWhileDead: () => localeLine(LocaleId.KeyWhileDead, FontIndex.Info),
  keyRingOnly: () => localeLine(LocaleId.KeyRingOnly, FontIndex.Info),
  doorUnlocked: () => localeLine(LocaleId.DoorUnlocked, FontIndex.Info),
  doorLockedWithKey: () => localeLine(LocaleId.DoorLockedWithKey, FontIndex.Info),
  keyDoesNotFit: (doorWasUnlocked: boolean) => localeLine(doorWasUnlocked ? LocaleId.KeyDoesNotFitUnlocked : LocaleId.KeyDoesNotFit, FontIndex.Info),
  doorNotClosed: () => localeLine(LocaleId.DoorNotClosed, FontIndex.Info),
  /** Decision (KEY-RING-FILL): VB6 fills the ring from the account's `house_key` rows (houses bought outside the game); here a house key used from the inventory goes onto it. */
  keyOnRing: (slot: number) => consoleLine(`La llave pasa a tu llavero (lugar ${slot}).`, FontIndex.Info),
  keyRingFull: () => consoleLine("Tu llavero está lleno: tiene lugar para 10 llaves.", FontIndex.Info),
  keyAlreadyOnRing: () => consoleLine("Esa llave ya está en tu llavero.", FontIndex.Info),
  // -- quests (quests.md §5, §8; map/systems/quests.ts): the console lines, in VB6's fonts
  /** A refusal of `eQuestAccept` (`CanUserAcceptQuest`), its id from the rules, in FONTTYPE_INFO. */
  questRefused: (id: number, ...params: (string | number)[]) => localeLine(id, FontIndex.Info, ...params),
  questAccepted: (questId: number) => localeLine(LocaleId.QuestAccepted, FontIndex.InfoIao, questId),
  questNoExpAtMaxLevel: () => localeLine(LocaleId.QuestNoExpAtMaxLevel, FontIndex.Info),
  questGold: (amount: number, toBank: boolean) => localeLine(toBank ? LocaleId.QuestGoldToBank : LocaleId.QuestGoldToWallet, FontIndex.InfoIao, formatThousands(amount)),
  questObjectReward: (amount: number, objectName: string) => localeLine(LocaleId.QuestObjectReward, FontIndex.Fight, `${amount} ${objectName}`),
  questSpellBookFull: () => localeLine(LocaleId.QuestSpellBookFull, FontIndex.Info),
  questAbandoned: (questName: string) => localeLine(LocaleId.QuestAbandoned, FontIndex.InfoIao, questName),
  questAllKills: (questName: string) => localeLine(LocaleId.QuestAllKills, FontIndex.InfoIao, questName),
  questClickTargetFinished: () => localeLine(LocaleId.QuestClickTargetFinished, FontIndex.InfoIao),
} as const satisfies Record<string, (...args: never[]) => PlayerMessage>;

export type MessageKey = keyof typeof MESSAGES;

/** The copies of "clan relations are off" a player is told directly (VB6 `WriteLocaleMsg`, FONTTYPE_INFO). */
export type ClanRelationsOffLocaleId =
  | typeof LocaleId.ClanRelationsOffOfferAlliance
  | typeof LocaleId.ClanRelationsOffAllianceDetails
  | typeof LocaleId.ClanRelationsOffPeaceDetails
  | typeof LocaleId.ClanRelationsOffAlliancePropList
  | typeof LocaleId.ClanRelationsOffPeacePropList
  | typeof LocaleId.ClanRelationsOffDeclareWar;
