/**
 * The server packets a map sends, as complete frames (u16 length + body). Every function returns
 * a view into one shared writer, valid until the next call: callers hand it to the outbox (which
 * copies) before encoding the next one. Hot packets use the protocol's dedicated writers.
 */
import type { Attributes, CharacterRecord } from "../game/character/index.ts";
import type { MiniStats } from "../game/character-sheet/index.ts";

/** A character as other clients draw it (CharacterCreate / CharacterChange). */
export interface VisibleChar {
  charIndex: number;
  body: number;
  head: number;
  heading: number;
  x: number;
  y: number;
  weapon: number;
  shield: number;
  helmet: number;
  name: string;
  /** Faction colour: 0 criminal, 1 citizen, ... */
  status: number;
  /** Privilege bits: 1 user. */
  privileges: number;
  /** 0 player, 1 NPC. */
  isNpc: number;
  npcNumber: number;
  minHp: number;
  maxHp: number;
  minMana: number;
  maxMana: number;
  /** The FX the char wears (VB6 `Char.FX`: a meditation's, systems/status.ts); absent or 0 for none. */
  fx?: number;
  /** The name drawn under it when not `name` (VB6 `TempName`: "" hidden by `/SHOWNAME`, "name [CONSULTA]"); absent: `name`. */
  shownName?: string;
  /** Its movement speed multiplier (VB6 `Char.speeding`, a GM's `SetSpeed`); absent: 1. */
  speed?: number;
  /** The quest marker over an NPC for this viewer (`Simbolo`, quests.md §3.1); absent: 0. */
  symbol?: number;
}

export interface MapPackets {
  characterMove(charIndex: number, x: number, y: number): Uint8Array;
  posUpdate(x: number, y: number): Uint8Array;
  areaChanged(x: number, y: number): Uint8Array;
  characterCreate(char: VisibleChar): Uint8Array;
  characterRemove(charIndex: number, fadeOut: boolean, wasWarp: boolean): Uint8Array;
  characterChange(char: VisibleChar): Uint8Array;
  chatOverHead(text: string, charIndex: number, colour: number, x: number, y: number): Uint8Array;
  /** A line from the client's language files over a char's head (`¬`-joined params). */
  localeChatOverHead(messageId: number, params: string, charIndex: number, colour: number, x: number, y: number): Uint8Array;
  consoleMsg(text: string, font: number): Uint8Array;
  /** A line from the client's own language files: `params` fill its `¬1`, `¬2`, … holes. */
  localeMsg(messageId: number, params: string, font: number): Uint8Array;
  consoleCharText(text: string, colour: number, speakerName: string, speakerStatus: number, privileges: number): Uint8Array;
  objectCreate(x: number, y: number, obj: number, amount: number): Uint8Array;
  objectDelete(x: number, y: number): Uint8Array;
  changeInventorySlot(view: InventorySlotFrame): Uint8Array;
  updateGold(gold: number): Uint8Array;
  updateHp(hp: number): Uint8Array;
  updateMana(mana: number): Uint8Array;
  updateStamina(stamina: number): Uint8Array;
  updateHungerAndThirst(food: number, water: number): Uint8Array;
  /** x = y = 0: not positional. `cancelLast` / `localize` as VB6 `WritePlayWave` (default 0). */
  playWave(wave: number, x: number, y: number, cancelLast?: number, localize?: number): Uint8Array;
  /** `Privilegios`: whether the client shows its staff tools (sent in the login burst to staff, and when a rank changes). */
  privilegios(isStaff: boolean): Uint8Array;
  /** `PlayMIDI`; loops -1: until another one plays (VB6 `PrepareMessagePlayMidi`'s default). */
  playMidi(midi: number, loops?: number): Uint8Array;
  showPickUpObj(obj: number, amount: number): Uint8Array;
  textOverTile(text: string, x: number, y: number, colour: number): Uint8Array;
  changeMap(map: number): Uint8Array;
  userCharIndexInServer(charIndex: number): Uint8Array;
  removeDialogs(): Uint8Array;
  removeCharDialog(charIndex: number): Uint8Array;
  disconnect(fullLogout: boolean): Uint8Array;
  /** One slot of the NPC shop window (`ChangeNPCInventorySlot`). */
  changeNpcInventorySlot(view: NpcInventorySlotFrame): Uint8Array;
  /** Opens the NPC shop window with the NPC's name. */
  commerceInit(npcName: string): Uint8Array;
  /** Closes the NPC shop window. */
  commerceEnd(): Uint8Array;
  /** One slot of the bank vault window (`ChangeBankSlot`). */
  changeBankSlot(view: BankSlotFrame): Uint8Array;
  /** Opens the vault window (`BankInit`). */
  bankInit(): Uint8Array;
  /** Closes the vault window (`BankEnd`). */
  bankEnd(): Uint8Array;
  /** The bank gold (`UpdateBankGld`). */
  updateBankGold(bankGold: number): Uint8Array;
  /** Opens the player-to-player trade window (`UserCommerceInit`). */
  userCommerceInit(): Uint8Array;
  /** Closes the player-to-player trade window (`UserCommerceEnd`). */
  userCommerceEnd(): Uint8Array;
  /** One side's offer, six slots and the gold (`ChangeUserTradeSlot`). */
  changeUserTradeSlot(isMyOffer: boolean, gold: number, slots: readonly TradeSlotFrame[]): Uint8Array;
  /** A yes/no question (`ShowPregunta`): a locale message id with its `¬1` parameter. */
  showPregunta(messageId: number, param: string): Uint8Array;
  // ---- combat, death and progression (combat-and-progression §3.7, §7.3, §8)
  /** A swing that hit nothing or missed (`CharSwing`): fx, the "miss" text, notify. */
  charSwing(charIndex: number, showFx: boolean, showText: boolean, notifyText: boolean): Uint8Array;
  /** The weapon animation of a swing or a shot (`ArmaMov`). */
  armaMov(charIndex: number, isRanged: boolean): Uint8Array;
  /** The shield animation of a block (`EscudoMov`). */
  escudoMov(charIndex: number): Uint8Array;
  /** An NPC attacked a char (`CharAtaca`): damage, or -1 for a miss. */
  charAtaca(npcCharIndex: number, victimCharIndex: number, damage: number): Uint8Array;
  /** To the victim of an NPC hit (`NPCHitUser`). */
  npcHitUser(bodyPart: number, damage: number): Uint8Array;
  /** To a player who hit another (`UserHittedUser`). */
  userHittedUser(victimCharIndex: number, bodyPart: number, damage: number): Uint8Array;
  /** To a player hit by another (`UserHittedByUser`). */
  userHittedByUser(attackerCharIndex: number, bodyPart: number, damage: number): Uint8Array;
  /** A floating number or word over a char (`TextOverChar`). */
  textOverChar(text: string, charIndex: number, colour: number): Uint8Array;
  /** A char's health bar (`CharUpdateHP`). */
  charUpdateHp(charIndex: number, minHp: number, maxHp: number): Uint8Array;
  /** A graphic effect on a char (`CreateFX`). */
  createFx(charIndex: number, fx: number, loops: number): Uint8Array;
  /** A particle effect on a char (`ParticleFX`); `x`, `y` the tile VB6 passes for some (0: none). */
  particleFx(charIndex: number, particle: number, timeMs: number, remove: boolean, x?: number, y?: number): Uint8Array;
  /** A progress bar over a char (`BarFx`): seconds and the action (`e_AccionBarra`), or its cancel. */
  barFx(charIndex: number, seconds: number, action: number): Uint8Array;
  /** A floor effect on a tile (`Fxpiso`), e.g. the gold a dead NPC leaves. */
  fxpiso(x: number, y: number, grhIndex: number): Uint8Array;
  /** To a player an NPC killed (`NPCKillUser`). */
  npcKillUser(): Uint8Array;
  /** The player's experience (`UpdateExp`). */
  updateExp(exp: number): Uint8Array;
  /** Free skill points after a level-up (`LevelUp`). */
  levelUp(freeSkillPoints: number): Uint8Array;
  /** Every vital and the level of the player (`UpdateUserStats`); `gold` is the live wallet (the inventory's). */
  updateUserStats(record: CharacterRecord, gold: number): Uint8Array;
  /**
   * The part of the login burst before the area entry (§5.1 items 1–10), one frame each; the
   * inventory slots as the map's item rules show them (`ChangeInventorySlot` per usable slot).
   */
  loginBurstBeforeArea(record: CharacterRecord, inventory: readonly InventorySlotFrame[], userSlot: number, mapId: number, nowMsInDay: number, spellBindable?: (spellId: number) => boolean): Uint8Array[];
  /** The part after `UserCharIndexInServer` (§5.1 items 15–23), ending with `logged`. */
  loginBurstAfterArea(record: CharacterRecord, onlineCount: number, motd: readonly string[]): Uint8Array[];
  // ---- ranged combat and faction status (combat-and-progression §4, §8.2)
  /** The client's target cursor for a skill (`WorkRequestTarget`); skill 0 puts the plain cursor back. */
  workRequestTarget(skill: number): Uint8Array;
  /** An arrow or a thrown weapon flying from tile to tile (`CreateProjectile`). */
  createProjectile(fromX: number, fromY: number, toX: number, toY: number, projectileType: number): Uint8Array;
  /** An item cooldown group started (`UpdateCooldownType`). */
  updateCooldownType(cooldownType: number): Uint8Array;
  /** A char's faction status and the name drawn under it (`UpdateTagAndStatus`, VB6 `RefreshCharStatus`). */
  updateTagAndStatus(charIndex: number, status: number, tag: string): Uint8Array;
  /** The safe toggle's state (`SafeModeOn` / `SafeModeOff`). */
  safeMode(on: boolean): Uint8Array;
  /** The banker's "Finanzas Goliath" menu (`Goliath`): the bank gold and the occupied vault slots. */
  goliath(bankGold: number, itemCount: number): Uint8Array;
  // ---- altered states and meditation (combat-and-progression §5.5, §9)
  /** Toggles the client's paralysed flag (`ParalizeOK`): sent when a paralysis starts and when it ends. */
  paralizeOk(): Uint8Array;
  /** Toggles the client's immobilised flag (`InmovilizadoOK`). */
  inmovilizadoOk(): Uint8Array;
  /** Blindness starts (`Blind`) / ends (`BlindNoMore`). */
  blind(): Uint8Array;
  blindNoMore(): Uint8Array;
  /** Stupidity starts (`Dumb`) / ends (`DumbNoMore`). */
  dumb(): Uint8Array;
  dumbNoMore(): Uint8Array;
  // -- staff on the GM's map (gm-and-moderation §2.7)
  /** `BlockPosition`: the tile's four direction bits (1 N, 2 E, 4 S, 8 W) as the client should now read them. */
  blockPosition(x: number, y: number, directionBits: number): Uint8Array;
  /** `UpdateUserKey`: key ring slot `slot` (1..10) now holds key object `key` (0 = empty). */
  updateUserKey(slot: number, key: number): Uint8Array;
  // -- quests (quests.md §10.2): the fields as protocol/server-packets.ts lays them out
  /** `NpcQuestListSend` (155): the offer list of a quest NPC. */
  npcQuestListSend(quests: readonly Record<string, unknown>[]): Uint8Array;
  /** `QuestDetails` (153): one active quest with its progress. */
  questDetails(fields: Record<string, unknown>): Uint8Array;
  /** `QuestListSend` (154): the active quest ids joined with ";". */
  questListSend(count: number, text: string): Uint8Array;
  /** `UpdateNPCSimbolo` (156): the quest marker over an NPC, for this viewer. */
  updateNpcSymbol(charIndex: number, symbol: number): Uint8Array;
  /** `SpawnListt` (`/CC`): opens the stock client's spawn window, with every creature or the summonable ones. */
  spawnList(fullList: boolean): Uint8Array;
  /** `CerrarleCliente`: the stock client exits. */
  cerrarleCliente(): Uint8Array;
  /** A char turns invisible or visible for the clients that see it (`SetInvisible`); x, y 0 when VB6 passes none. */
  setInvisible(charIndex: number, invisible: boolean, x?: number, y?: number): Uint8Array;
  /** A char's meditation FX on (`fx` > 0) or off (0) for the area (`MeditateToggle`, VB6 `PrepareMessageMeditateToggle`). */
  meditateToggle(charIndex: number, fx: number, x?: number, y?: number): Uint8Array;
  /** `RestOK`: the stock client flips its resting flag (VB6 `WriteRestOK`, on every start and end of `/DESCANSAR`). */
  restOk(): Uint8Array;
  /** Strength and agility as the client shows them, and the seconds a boost has left (`FYA`). */
  fya(strength: number, agility: number, effectDurationSeconds: number): Uint8Array;
  /** The invisibility and boost counters, in seconds (`Contadores`, VB6 `WriteContadores`). */
  contadores(invisibilitySeconds: number, effectDurationSeconds: number): Uint8Array;
  // ---- spells (combat-and-progression §5)
  /** One slot of the spell book (`ChangeSpellSlot`): the spell, or 0 for an empty slot. */
  changeSpellSlot(slot: number, spellId: number, bindable?: boolean): Uint8Array;
  /** The client's target cursor for an area spell (`WorkRequestTarget` with `isArea` and the radius). */
  workRequestTargetArea(skill: number, isArea: boolean, radius: number): Uint8Array;
  /** Words over a char flagged as a spell (`ChatOverHead` with `isSpell`), e.g. `PMAG*<id>`; the display times of an invisible caster. */
  spellWords(text: string, charIndex: number, colour: number, x: number, y: number, minDisplayMs: number, maxDisplayMs: number): Uint8Array;
  /** A particle travelling from one char to another (`ParticleFXWithDestino`), carrying the sound. */
  particleFxWithDestino(emitter: number, receiver: number, travelParticle: number, finalParticle: number, time: number, wave: number, fx: number): Uint8Array;
  /** A particle travelling from a char to a tile (`ParticleFXWithDestinoXY`). */
  particleFxWithDestinoXy(emitter: number, travelParticle: number, finalParticle: number, time: number, wave: number, fx: number, x: number, y: number): Uint8Array;
  /** A particle on a tile (`ParticleFXToFloor`). */
  particleFxToFloor(x: number, y: number, particle: number, time: number): Uint8Array;
  /** The resurrection safe's state (`SeguroResu`). */
  seguroResu(enabled: boolean): Uint8Array;
  // ---- staff forms and boxes (gm-and-moderation §2.2, §2.3, §2.9)
  /** A message box of the client's language files (`ShowMessageBox`), `extra` filling its holes. */
  showMessageBox(messageId: number, extra: string): Uint8Array;
  /** The MOTD editor with the current lines joined by CRLF (`ShowMOTDEditionForm`). */
  showMotdEditionForm(currentMotd: string): Uint8Array;
  /** The names online for the GM panel (`UserNameList`). */
  userNameList(names: readonly string[]): Uint8Array;
  /** The GM panel with the GM's own looks (`ShowGMPanelForm`). */
  showGmPanelForm(head: number, body: number, helmet: number, weapon: number, shield: number): Uint8Array;
  // ---- the character sheet (§4.6; VB6 `WriteSendSkills`, `WriteAttributes`, `WriteMiniStats`)
  /** The skills (`SendSkills`), skill n at index n − 1 as in the record; the login burst's are the same bytes. */
  sendSkills(skills: readonly number[]): Uint8Array;
  /** The attributes (`Atributes`) given in the record's order; the frame carries STR, AGI, INT, CON, CHA. */
  attributes(attributes: Readonly<Attributes>): Uint8Array;
  /** The statistics window's counters (`MiniStats`). */
  miniStats(stats: MiniStats): Uint8Array;
  // ---- reports (gm-and-moderation §3.8)
  /** The SOS panel's pending entries (`ShowSOSForm`), joined with NUL in one string. */
  showSosForm(entries: readonly string[]): Uint8Array;
  // ---- a game master's own settings (systems/staff/self.ts, debug.ts)
  /** The own movement speed multiplier (`VelocidadToggle`): the client divides its walk interval by it. */
  velocidadToggle(speed: number): Uint8Array;
  /** A char's movement speed multiplier for the clients that draw it (`SpeedToChar`). */
  speedToChar(charIndex: number, speed: number): Uint8Array;
  /** The lines of the client's debug window (`DebugDataResponse`, `/REQDEBUG`). */
  debugDataResponse(lines: readonly string[]): Uint8Array;
  // ---- trainers (VB6 `WriteTrainerCreatureList`)
  /** The train window (`TrainerCreatureList`): the trainer's creature names, joined with NUL. */
  trainerCreatureList(names: readonly string[]): Uint8Array;
  // ---- the everyday windows (issue 26: systems/reading.ts)
  /** A sign's window (`ShowSignal`): the object, whose `Texto` the client shows, and its big picture (`VGrande`). */
  showSignal(objIndex: number, secondaryGrh: number): Uint8Array;
  /** The blank scroll window (`ShowPapiro`): a sign with no text. */
  showPapiro(): Uint8Array;
  /** The world map window (`ShowFrmMapa`) with the server's experience and gold multipliers. */
  showWorldMap(expMultiplier: number, goldMultiplier: number): Uint8Array;
  /** A line of the secure trade window's chat (`CommerceRecieveChatMessage`). */
  commerceChat(message: string): Uint8Array;
}

/** The fields of one `ChangeInventorySlot`. */
export interface InventorySlotFrame {
  slot: number;
  objectId: number;
  amount: number;
  equipped: boolean;
  salePrice: number;
  canUse: number;
  elementalTags: number;
  bindable: boolean;
}

/** One slot of `ChangeUserTradeSlot`. */
export interface TradeSlotFrame {
  objIndex: number;
  name: string;
  grhIndex: number;
  amount: number;
  elementalTags: number;
}

/** The fields of one `ChangeBankSlot`. */
export interface BankSlotFrame {
  slot: number;
  objectId: number;
  amount: number;
  /** The object's `Valor`. */
  value: number;
  canUse: number;
  elementalTags: number;
}

/** The fields of one `ChangeNPCInventorySlot`. */
export interface NpcInventorySlotFrame {
  slot: number;
  objectId: number;
  amount: number;
  /** f32 unit price. */
  price: number;
  elementalTags: number;
  canUse: number;
}

/** VB RGB colours (0x00BBGGRR). */
export const COLOUR_WHITE = 0xffffff;
export const COLOUR_RED = 0x0000ff;
export const COLOUR_WHISPER = 0x00c8c8;

/** ConsoleMsg font indexes (e_FontTypeNames). */
export const FONT_TALK = 0;
export const FONT_WARNING = 2;
export const FONT_INFO = 3;
export const FONT_SERVER = 9;
