/**
 * Everything the client knows, in one plain object the packet reducer updates and the renderer
 * reads. Pure data: no DOM, no sockets, no clocks (times are passed in).
 */
import type { StaffFormView } from "./staff-form-rules.ts";
import { HOTKEY_BAR_SLOTS } from "./constants.ts";
import { BANK_SLOT_COUNT, SPELL_SLOT_COUNT } from "../game/character/index.ts";
import { BASE_INVENTORY_SLOTS } from "../game/items/index.ts";
import { TRADE_OFFER_SLOTS } from "../protocol/index.ts";
import {
  CONSOLE_MAX_LINES,
  DEFAULT_ATTACK_INTERVAL_MS,
  DEFAULT_CAST_SPELL_INTERVAL_MS,
  DEFAULT_WALK_INTERVAL_MS,
  PICKUP_NOTICES_MAX,
  SHOP_SLOTS,
} from "./constants.ts";
import type { AreaWindow } from "../game/area/index.ts";
import type { Heading } from "../game/movement/index.ts";
import type { SpellInfo } from "./world-info.ts";
import type { MiniStats } from "../game/character-sheet/index.ts";

/** Where the session stands (mirrors the server's gateway phases). */
export type ClientPhase =
  /** No connection. */
  | "offline"
  /** Socket open, waiting for `Connected` or the account answer. */
  | "connecting"
  /** Account logged in: character list or creation. */
  | "account"
  /** Character requested, waiting for the login burst. */
  | "entering"
  /** `Logged` received: playing. */
  | "in_world";

/** One character of the account (`AccountCharacterList`). */
export interface AccountCharacter {
  readonly id: number;
  readonly name: string;
  readonly body: number;
  readonly head: number;
  readonly classId: number;
  readonly map: number;
  readonly x: number;
  readonly y: number;
  readonly level: number;
  readonly status: number;
}

/** A character on screen: player, NPC or pet. */
export interface CharView {
  readonly charIndex: number;
  name: string;
  body: number;
  head: number;
  heading: Heading;
  weapon: number;
  shield: number;
  helmet: number;
  /** 0 player, 1 NPC, 2 pet (`CharacterKind`). */
  kind: number;
  npcNumber: number;
  /** Faction colour code (0 criminal, 1 citizen, …). */
  status: number;
  privileges: number;
  minHp: number;
  maxHp: number;
  /** Logical tile. */
  x: number;
  y: number;
  /** Step animation: from this tile … */
  fromX: number;
  fromY: number;
  /** … starting at this time (ms) … */
  moveStartMs: number;
  /** … lasting this long (0 = standing). */
  moveDurationMs: number;
  /** Steps taken, for the walk cycle of the legs. */
  stepCount: number;
  /** When it last swung a weapon or struck (`ArmaMov`, `CharAtaca`): the renderer leans it forward. */
  swingAtMs?: number;
  /** A progress bar over it (`BarFx`: the wait of a trip home), until cancelled or over. */
  actionBar?: ActionBar;
  /**
   * The FX it carries for as long as it lasts (0: none): the meditation's, from `MeditateToggle`
   * or the `fx` of `CharacterCreate` / `CharacterChange` while it meditates.
   */
  fx: number;
  /** Hidden by an invisibility spell (`SetInvisible`): others are not drawn, our own char is drawn faint. */
  invisible: boolean;
}

/** A progress bar over a char (`BarFx`): what it is for and when it fills. */
export interface ActionBar {
  /** `e_AccionBarra` (6 = going home, `/HOGAR`). */
  readonly action: number;
  readonly startMs: number;
  readonly untilMs: number;
}

export interface GroundObjectView {
  readonly x: number;
  readonly y: number;
  readonly objIndex: number;
  readonly amount: number;
}

/** One inventory slot as the last `ChangeInventorySlot` left it; objIndex 0 = empty. */
export interface InventorySlotView {
  readonly slot: number;
  readonly objIndex: number;
  readonly amount: number;
  readonly equipped: boolean;
  /** `CanUseObject` result code: 0 usable, otherwise the reason (level, class, race …). */
  readonly canUse: number;
  /** What an NPC would pay for one unit (the server computes it per player). */
  readonly salePrice: number;
}

/** One slot of an NPC shop as the last `ChangeNPCInventorySlot` left it; objIndex 0 = empty. */
export interface ShopSlotView {
  readonly slot: number;
  readonly objIndex: number;
  /** Units in stock. The packet does not say whether the slot is refilled (crucial objects). */
  readonly amount: number;
  /** What one unit costs this player (`Ceil(Valor / Descuento)`, sent as f32). */
  readonly price: number;
  /** `CanUseObject` result code, as for inventory slots. */
  readonly canUse: number;
}

/** The NPC shop window (`CommerceInit` opens it, `CommerceEnd` closes it). */
export interface ShopState {
  open: boolean;
  npcName: string;
  /** Slot 1..42 at index slot - 1; undefined = never announced. */
  slots: (ShopSlotView | undefined)[];
}

/** One slot of the bank vault as the last `ChangeBankSlot` left it; objIndex 0 = empty. */
export interface BankSlotView {
  readonly slot: number;
  readonly objIndex: number;
  readonly amount: number;
  /** The object's `Valor` (what it is worth, not what a trader pays). */
  readonly value: number;
  /** `CanUseObject` result code, as for inventory slots. */
  readonly canUse: number;
}

/** The bank vault window (`BankInit` opens it, `BankEnd` closes it). */
export interface BankState {
  open: boolean;
  /** Slot 1..42 at index slot - 1; undefined = never announced. Kept while closed (the same vault). */
  slots: (BankSlotView | undefined)[];
  /**
   * Gold in the vault from the last `UpdateBankGld`; null until the server says (it sends the
   * balance only after a gold deposit or withdrawal, not when the vault opens).
   */
  gold: number | null;
}

/** One slot of a trade offer (`ChangeUserTradeSlot`); objIndex 0 = empty. */
export interface TradeSlotView {
  readonly objIndex: number;
  /** The object's name as the server sent it ("" = look it up in the world info). */
  readonly name: string;
  readonly grhIndex: number;
  readonly amount: number;
}

/** One side of a player trade: six slots and the gold. Offers only grow while the trade lasts. */
export interface TradeOfferView {
  readonly gold: number;
  readonly slots: readonly TradeSlotView[];
}

/** The player trade window (`UserCommerceInit` opens it, `UserCommerceEnd` closes it). */
export interface TradeState {
  open: boolean;
  /** Who we trade with, when this client knows (the asker it said yes to, or the player it clicked). */
  partnerName: string;
  mine: TradeOfferView;
  theirs: TradeOfferView;
  /**
   * We sent `UserCommerceOk` for the offers as they stand. The server clears it when the other
   * side changes its offer, and so does the client when it sees that change.
   */
  accepted: boolean;
  /** The trade window's chat (`CommerceRecieveChatMessage`: "[name] text"), oldest first, at most `TRADE_CHAT_LINES_MAX`. */
  chat: readonly string[];
}

/** One slot of the hotkey bar: a spell and the book slot it was on when bound. */
export interface HotkeyView {
  readonly spellId: number;
  readonly lastKnownSlot: number;
}

/** The train window (`TrainerCreatureList` opens it; choosing a creature or closing it shuts it). */
export interface TrainerState {
  open: boolean;
  /** The trainer's creatures, in the server's order: choice n (1-based) is `Train(n)`. */
  creatures: readonly string[];
}

/** A yes/no question the server asked (`ShowPregunta`), waiting for `ResponderPregunta`. */
export interface QuestionView {
  /** Grows with every question, so a window can tell a new one from the one it shows. */
  readonly id: number;
  readonly messageId: number;
  /** The `¬1` parameter (the asker's name for a trade), cut to a sane length. */
  readonly param: string;
}

/** "You picked up …" (`ShowPickUpObj`), for the inventory panel to word with the object's name. */
export interface PickUpNotice {
  readonly id: number;
  readonly objIndex: number;
  readonly amount: number;
  readonly atMs: number;
}

/** A floating text over a map tile (`TextOverTile`: "+50" when gold is picked up). */
export interface TileText {
  readonly text: string;
  readonly x: number;
  readonly y: number;
  /** VB `RGB()` colour from the packet. */
  readonly color: number;
  /** Pixels above the tile's centre the text starts at. */
  readonly offsetY: number;
  /** Rises while it lasts. */
  readonly animated: boolean;
  readonly startMs: number;
  readonly untilMs: number;
}

/**
 * A floating text over a char (`TextOverChar`: damage numbers, "+1 <skill>"; "Fallas"/"Falló"
 * of a `CharSwing`). It keeps the tile the char stood on, so the number over an NPC that just
 * died (`CharacterRemove`) still rises where it fell.
 */
export interface CharText {
  readonly id: number;
  readonly charIndex: number;
  readonly text: string;
  /** VB `RGB()` colour (0x00BBGGRR). */
  readonly color: number;
  readonly x: number;
  readonly y: number;
  readonly startMs: number;
  readonly untilMs: number;
}

/**
 * The server asked for a target (`WorkRequestTarget`): the next click on the map is this skill's
 * `WorkLeftClick` instead of a `LeftClick` (the stock client's crosshair cursor).
 */
export interface TargetMode {
  /** `e_Skill` the click aims (12 = a shot, `Proyectiles`; 1 = a spell, `Magia`). */
  readonly skill: number;
  /** The spell the click casts (skill 1: the one `CastSpell` chose), 0 for anything else. */
  readonly spellId: number;
  readonly isArea: boolean;
  readonly radius: number;
  readonly sinceMs: number;
}

/** An arrow or thrown weapon flying from tile to tile (`CreateProjectile`). */
export interface ProjectileView {
  readonly id: number;
  readonly fromX: number;
  readonly fromY: number;
  readonly toX: number;
  readonly toY: number;
  /** `projectileType` of the packet (which picture the stock client draws). */
  readonly type: number;
  readonly startMs: number;
  readonly untilMs: number;
}

/** How a spell effect is drawn: a coloured burst, rising particles, or a dot flying to its target. */
export type SpellEffectKind = "burst" | "particles" | "travel";

/**
 * What a spell shows on a char or a tile (`CreateFX`, `ParticleFX`, `Fxpiso`, `ParticleFXToFloor`,
 * `ParticleFXWithDestino[XY]`), drawn in our own simple way for a moment: the AO FX and particle
 * numbers only pick the colour. It keeps the tile its char stood on, so an effect on an NPC that
 * just died still shows where it fell.
 */
export interface SpellEffectView {
  readonly id: number;
  readonly kind: SpellEffectKind;
  /** The packet that made it (the list that mirrors the canvas names it). */
  readonly source: string;
  /** The char it is on, or flies from (0: a tile). */
  readonly charIndex: number;
  readonly x: number;
  readonly y: number;
  /** A travelling effect's target char (0: a tile) and tile. */
  readonly toCharIndex: number;
  readonly toX: number;
  readonly toY: number;
  /** The FX, particle or grh number the server sent: it picks the colour. */
  readonly look: number;
  readonly startMs: number;
  readonly untilMs: number;
}

/** The spell book as the server left it (`ChangeSpellSlot`). */
export interface SpellBookState {
  /** Spell number of slot n at index n - 1 (0 = empty); `SPELL_SLOT_COUNT` long. */
  slots: number[];
  /** The slot the last `CastSpell` chose (0: none): the spell the server's target request is for. */
  castingSlot: number;
  /** `ChangeSpellSlot.bindable` of slot n at index n − 1: may go on the hotkey bar. */
  bindable: boolean[];
}

/** A boost of strength and agility (`FYA`) while it lasts. */
export interface AttributeBoostView {
  readonly strength: number;
  readonly agility: number;
  readonly untilMs: number;
}

/**
 * What the player itself is under (§5.5), as the server tells only this client: the stock
 * client's `UserParalizado` / `UserInmovilizado` (toggled by each `ParalizeOK` / `InmovilizadoOK`),
 * `UserCiego`, `UserEstupido`, the counters of an invisibility and a boost, and a poison seen
 * biting. Invisibility itself is the own char's `invisible` (`SetInvisible`).
 */
export interface OwnStatusState {
  paralyzed: boolean;
  immobilized: boolean;
  blind: boolean;
  dumb: boolean;
  /** When the invisibility counter of `Contadores` runs out (null: not counted). */
  invisibleUntilMs: number | null;
  /** Until when the poison mark shows (0: not poisoned as far as we know). */
  poisonedUntilMs: number;
  boost: AttributeBoostView | null;
  /** Resting by a campfire (`RestOK` flips it: client/rest-rules.ts). */
  resting: boolean;
  /** A walk key already asked to stand up (`Rest` sent, its `RestOK` not yet here). */
  restStandUpAsked: boolean;
}

/** The five attributes in the order `Atributes` carries them (VB6 `WriteAttributes`: STR, AGI, INT, CON, CHA). */
export interface AttributesView {
  readonly strength: number;
  readonly agility: number;
  readonly intelligence: number;
  readonly constitution: number;
  readonly charisma: number;
}

/** `MiniStats` (VB6 `WriteMiniStats`) as the character window shows it (the server's fields); counters never below 0. */
export type MiniStatsView = MiniStats;

/** "You reached level N" (`UpdateUserStats` with a higher level), for a banner. */
export interface LevelUpNotice {
  readonly level: number;
  readonly atMs: number;
}

export interface PlayerStats {
  hp: number;
  maxHp: number;
  mana: number;
  maxMana: number;
  stamina: number;
  maxStamina: number;
  gold: number;
  level: number;
  exp: number;
  expToNextLevel: number;
  classId: number;
  food: number;
  maxFood: number;
  water: number;
  maxWater: number;
  freeSkillPoints: number;
  /**
   * The 24 skills (`SendSkills`, skill id n at index n - 1), or null until the server says: it
   * sends them at login only while there are free points to spend (§7.4).
   */
  skills: number[] | null;
  /** The attributes (`Atributes`: in the login burst and when the character window opens), or null until the server says. */
  attributes: AttributesView | null;
  /** The statistics counters (`MiniStats`, when the character window opens), or null until the server says. */
  miniStats: MiniStatsView | null;
  /** The key ring (`UpdateUserKey`): ten slots of key objects, 0 = empty (key-ring-rules.ts). */
  keyRing: number[];
}

/** Console colour classes, from the `ConsoleMsg` font index. */
export type ConsoleTone = "talk" | "fight" | "warning" | "info" | "server" | "chat" | "error";

export interface ConsoleLine {
  readonly id: number;
  readonly text: string;
  readonly tone: ConsoleTone;
  readonly atMs: number;
}

export interface ChatBubble {
  readonly text: string;
  /** VB `RGB()` colour from the packet. */
  readonly color: number;
  readonly untilMs: number;
  /** Magic words (`ChatOverHead` flagged as a spell), not a line someone said. */
  readonly spell?: boolean;
}

export interface GameState {
  phase: ClientPhase;
  accountCharacters: AccountCharacter[];
  /** Current map id (0 before `ChangeMap`). */
  mapId: number;
  /** Own char index (0 until `UserCharIndexInServer`). */
  myCharIndex: number;
  chars: Map<number, CharView>;
  /** Ground objects by tile key (`tileKey`). */
  objects: Map<number, GroundObjectView>;
  bubbles: Map<number, ChatBubble>;
  /** The 3 × 3 block window the server keeps this client informed about (null before the first). */
  area: AreaWindow | null;
  stats: PlayerStats;
  /** Slot 1..n at index slot - 1; undefined = never announced. */
  inventory: (InventorySlotView | undefined)[];
  /** Slots the player may use: 24, or 30/36/42 after `InventoryUnlockSlots` (patron tiers). */
  inventorySlots: number;
  /** The NPC shop the server opened for us (closed when none). */
  shop: ShopState;
  /** The bank vault (closed when none). */
  bank: BankState;
  /** The player trade (closed when none). */
  trade: TradeState;
  /** The trainer's window (closed when none). */
  trainer: TrainerState;
  /** The feature toggles the server announced (`SendClientToggles`): `hotokey-enabled` shows the hotkey bar. */
  clientToggles: readonly string[];
  /** The hotkey bar, slots 0 … 9 (null: empty), as this client remembers it for the character (hotkey-rules.ts). */
  hotkeys: (HotkeyView | null)[];
  /** The question waiting for an answer, if any (a newer one replaces it). */
  question: QuestionView | null;
  nextQuestionId: number;
  /** Latest pick-ups, oldest first (at most `PICKUP_NOTICES_MAX`). */
  pickUps: PickUpNotice[];
  nextPickUpId: number;
  /** Floating texts over tiles, oldest first; expired ones are dropped as new ones come. */
  tileTexts: TileText[];
  /** Floating texts over chars, oldest first; expired ones are dropped as new ones come. */
  charTexts: CharText[];
  nextCharTextId: number;
  /** The last level-up, for the banner (null: none this session). */
  levelUp: LevelUpNotice | null;
  /** The skill the next map click aims, while the server waits for a target (null: plain clicks). */
  target: TargetMode | null;
  /** Arrows in flight, oldest first; finished ones are dropped as new ones come. */
  projectiles: ProjectileView[];
  nextProjectileId: number;
  /** The safe toggle ("seguro", `SafeModeOn`/`SafeModeOff`); null until the server says. */
  safeMode: boolean | null;
  /** The server said this character logs in as staff (`Privilegios`); its commands are the server's to allow. */
  isStaff: boolean;
  /** The staff form the server opened (the MOTD editor or the SOS panel), until closed; null for none. */
  staffForm: StaffFormView | null;
  spellBook: SpellBookState;
  /** The world's spells (names, words, console lines), from the world info; empty without it. */
  spellCatalogue: ReadonlyMap<number, SpellInfo>;
  /** Spell effects showing or about to, oldest first; finished ones are dropped as new ones come. */
  effects: SpellEffectView[];
  nextEffectId: number;
  ownStatus: OwnStatusState;
  console: ConsoleLine[];
  nextConsoleId: number;
  /** The step interval in use: the server's (`Intervals.walkMs`) divided by the own speed (`VelocidadToggle`). */
  walkIntervalMs: number;
  /** The server's step interval before the own speed (`Intervals.walkMs`, clamped). */
  baseWalkIntervalMs: number;
  /** The own movement speed multiplier (`VelocidadToggle`; a GM's `SetSpeed`), 1 until told otherwise. */
  walkSpeed: number;
  /** Least time between two `Attack`s (`Intervals.attackMs`, the server enforces it too). */
  attackIntervalMs: number;
  /** Least time between two spell clicks (`Intervals.castSpellMs`; a click sooner restarts the server's lock). */
  castSpellIntervalMs: number;
  /** Seconds left of a logout countdown, or null when none runs. */
  quitSecondsLeft: number | null;
  usersOnline: number;
  /** Server packets that failed to decode (kept for diagnostics; never thrown). */
  badPackets: number;
}

export function emptyStats(): PlayerStats {
  return {
    hp: 0,
    maxHp: 0,
    mana: 0,
    maxMana: 0,
    stamina: 0,
    maxStamina: 0,
    gold: 0,
    level: 0,
    exp: 0,
    expToNextLevel: 0,
    classId: 0,
    food: 0,
    maxFood: 0,
    water: 0,
    maxWater: 0,
    freeSkillPoints: 0,
    skills: null,
    attributes: null,
    miniStats: null,
    keyRing: new Array<number>(10).fill(0),
  };
}

/** A closed vault with no slots and no gold known. */
export function emptyBank(): BankState {
  return { open: false, slots: new Array<BankSlotView | undefined>(BANK_SLOT_COUNT).fill(undefined), gold: null };
}

/** One side of a trade with nothing offered. */
export function emptyOffer(): TradeOfferView {
  return { gold: 0, slots: Array.from({ length: TRADE_OFFER_SLOTS }, () => ({ objIndex: 0, name: "", grhIndex: 0, amount: 0 })) };
}

/** A closed trade. */
export function emptyTrade(): TradeState {
  return { open: false, partnerName: "", mine: emptyOffer(), theirs: emptyOffer(), accepted: false, chat: [] };
}

/** A closed train window. */
export function emptyTrainer(): TrainerState {
  return { open: false, creatures: [] };
}

/** A book with every slot empty. */
export function emptySpellBook(): SpellBookState {
  return { slots: new Array<number>(SPELL_SLOT_COUNT).fill(0), castingSlot: 0, bindable: new Array<boolean>(SPELL_SLOT_COUNT).fill(false) };
}

/** Nothing known to hold the player. */
export function emptyOwnStatus(): OwnStatusState {
  return { paralyzed: false, immobilized: false, blind: false, dumb: false, invisibleUntilMs: null, poisonedUntilMs: 0, boost: null, resting: false, restStandUpAsked: false };
}

/** A closed shop with no slots known. */
export function emptyShop(): ShopState {
  return { open: false, npcName: "", slots: new Array<ShopSlotView | undefined>(SHOP_SLOTS).fill(undefined) };
}

export function createGameState(): GameState {
  return {
    phase: "offline",
    accountCharacters: [],
    mapId: 0,
    myCharIndex: 0,
    chars: new Map(),
    objects: new Map(),
    bubbles: new Map(),
    area: null,
    stats: emptyStats(),
    inventory: new Array<InventorySlotView | undefined>(BASE_INVENTORY_SLOTS).fill(undefined),
    inventorySlots: BASE_INVENTORY_SLOTS,
    shop: emptyShop(),
    bank: emptyBank(),
    trade: emptyTrade(),
    trainer: emptyTrainer(),
    clientToggles: [],
    hotkeys: new Array<HotkeyView | null>(HOTKEY_BAR_SLOTS).fill(null),
    question: null,
    nextQuestionId: 1,
    pickUps: [],
    nextPickUpId: 1,
    tileTexts: [],
    charTexts: [],
    nextCharTextId: 1,
    levelUp: null,
    target: null,
    projectiles: [],
    nextProjectileId: 1,
    safeMode: null,
    isStaff: false,
    staffForm: null,
    spellBook: emptySpellBook(),
    spellCatalogue: new Map(),
    effects: [],
    nextEffectId: 1,
    ownStatus: emptyOwnStatus(),
    console: [],
    nextConsoleId: 1,
    walkIntervalMs: DEFAULT_WALK_INTERVAL_MS,
    baseWalkIntervalMs: DEFAULT_WALK_INTERVAL_MS,
    walkSpeed: 1,
    attackIntervalMs: DEFAULT_ATTACK_INTERVAL_MS,
    castSpellIntervalMs: DEFAULT_CAST_SPELL_INTERVAL_MS,
    quitSecondsLeft: null,
    usersOnline: 0,
    badPackets: 0,
  };
}

/** Forgets everything about the world (a new login starts clean); the console and the world's spell names are kept. */
export function resetWorld(state: GameState): void {
  state.mapId = 0;
  state.myCharIndex = 0;
  state.chars.clear();
  state.objects.clear();
  state.bubbles.clear();
  state.area = null;
  state.stats = emptyStats();
  state.inventory = new Array<InventorySlotView | undefined>(BASE_INVENTORY_SLOTS).fill(undefined);
  state.inventorySlots = BASE_INVENTORY_SLOTS;
  state.shop = emptyShop();
  state.bank = emptyBank();
  state.trade = emptyTrade();
  state.trainer = emptyTrainer();
  state.clientToggles = [];
  state.hotkeys = new Array<HotkeyView | null>(HOTKEY_BAR_SLOTS).fill(null);
  state.question = null;
  state.pickUps = [];
  state.tileTexts = [];
  state.charTexts = [];
  state.levelUp = null;
  state.target = null;
  state.projectiles = [];
  state.safeMode = null;
  state.isStaff = false;
  state.staffForm = null;
  state.spellBook = emptySpellBook();
  state.effects = [];
  state.ownStatus = emptyOwnStatus();
  state.quitSecondsLeft = null;
}

/** Key of a tile in per-tile maps. */
export function tileKey(x: number, y: number): number {
  return (y << 8) | x;
}

/** Appends a console line, dropping the oldest beyond `CONSOLE_MAX_LINES`. */
export function pushConsole(state: GameState, text: string, tone: ConsoleTone, atMs: number): void {
  state.console.push({ id: state.nextConsoleId++, text, tone, atMs });
  if (state.console.length > CONSOLE_MAX_LINES) state.console.splice(0, state.console.length - CONSOLE_MAX_LINES);
}

/** Remembers a pick-up, dropping the oldest beyond `PICKUP_NOTICES_MAX`. */
export function pushPickUp(state: GameState, objIndex: number, amount: number, atMs: number): void {
  state.pickUps.push({ id: state.nextPickUpId++, objIndex, amount, atMs });
  if (state.pickUps.length > PICKUP_NOTICES_MAX) state.pickUps.splice(0, state.pickUps.length - PICKUP_NOTICES_MAX);
}

/** The slot `slot` (1-based) when it holds something the player may act on, else undefined. */
export function usableSlot(state: GameState, slot: number): InventorySlotView | undefined {
  if (!Number.isInteger(slot) || slot < 1 || slot > state.inventorySlots) return undefined;
  const view = state.inventory[slot - 1];
  return view && view.objIndex > 0 && view.amount > 0 ? view : undefined;
}

/** Own character, when known. */
export function ownChar(state: GameState): CharView | undefined {
  return state.myCharIndex === 0 ? undefined : state.chars.get(state.myCharIndex);
}
