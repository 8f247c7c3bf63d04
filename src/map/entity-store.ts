/**
 * Everything that stands or lies on one map, with ONE position per entity: players (by session,
 * by char index, by name), NPCs (by char index), ground objects (by tile), and the occupancy
 * grid (char index per tile, in a SharedArrayBuffer other threads may read). Who sees what is the
 * view's business (`map-view.ts`); what happens is the systems' (`systems/`).
 */
import type { NpcTemplate } from "../content/index.ts";
import type { CharacterRecord } from "../game/character/index.ts";
import type { ShopStock, ShopTemplate } from "../game/commerce/index.ts";
import { toRecordInventory, type Inventory } from "../game/inventory/index.ts";
import type { UseTimers } from "../game/item-use/index.ts";
import { vaultToRecord, type Vault } from "../game/bank/index.ts";
import type { TimerId } from "../time/index.ts";
import type { NeedsClocks } from "../game/vitals/index.ts";
import type { PenaltyClock } from "../game/staff/index.ts";
import type { VisibleChar } from "./map-packets.ts";
import type { NpcAiProfile, NpcPathMemory } from "../game/npc-ai/index.ts";
import type { NpcDefinition } from "./map-definition.ts";
import type { WalkPacing } from "../game/movement/index.ts";
import type { CombatClocks } from "../game/combat/index.ts";
import type { StatusEffects } from "../game/spells/index.ts";
import type { HotkeyList } from "../game/hotkeys/index.ts";
import type { QuestLog, QuestOffer } from "../game/quests/index.ts";

/** Client char slots are 1..10000 (`charlist(1 To 10000)`). */
export const MAX_CHAR_INDEX = 10_000;

export interface Place {
  map: number;
  x: number;
  y: number;
}

/** A logout countdown in progress (see systems/logout.ts). */
export interface QuitCountdown {
  /** Monotonic ms at which the player leaves. */
  endsAt: number;
  /** The last whole second announced. */
  announced: number;
  timer: TimerId;
}

/** The one timer an entity's altered states keep: when it fires and its id (systems/status.ts). */
export interface StatusTimer {
  readonly at: number;
  readonly id: TimerId;
}

/** A meditation in progress: the FX viewers draw and the timer of its mana ticks (systems/status.ts). */
export interface Meditation {
  readonly fx: number;
  readonly timer: TimerId;
}

/** A trip home in progress (`/HOGAR`, see systems/home.ts). */
export interface HomeTravel {
  /** Monotonic ms at which the ghost arrives. */
  arrivesAt: number;
  timer: TimerId;
}

/**
 * A player on this map. It is its own `VisibleChar` (what viewers draw), so `x`, `y` and
 * `heading` here are THE position; `record.position` is only written when the record leaves
 * the map (snapshot, transfer, leave: see `recordOf`).
 */
export interface PlayerEntity extends VisibleChar {
  readonly kind: "player";
  readonly session: number;
  readonly record: CharacterRecord;
  readonly pacing: WalkPacing;
  quit: QuitCountdown | null;
  /** Where the player stood before this map (exits to -1 lead back there). */
  cameFrom: Place | undefined;
  /** Monotonic ms of the last global chat line (VB6 `Counters.MensajeGlobal`), or -Infinity. */
  lastGlobalChatAt: number;
  /**
   * THE inventory, equipment and gold while the player is here (`record.inventory`,
   * `equipment` and `gold` are written from it when the record leaves the map).
   */
  inventory: Inventory;
  /** Item-use timers (click, U key, last hit) and per-type cooldowns, map clock ms. */
  useTimers: UseTimers;
  cooldowns: Readonly<Record<number, number>>;
  /** Map clock ms of the last drop (`IntervaloTirar`), or null. */
  lastDropAt: number | null;
  /** The NPC last left-clicked (VB6 `flags.TargetNPC`), or null. Check it is still on the map. */
  targetNpc: NpcEntity | null;
  /** The player last left-clicked (VB6 `flags.TargetUser`), or null. */
  targetUser: PlayerEntity | null;
  /** The tile last left-clicked on this map (VB6 `flags.TargetX/Y`, read by `/TELEPLOC`); absent: none yet. */
  targetTile?: { readonly x: number; readonly y: number };
  /** The tile of the object last looked at on this map (VB6 `flags.TargetObjX/Y`: a door a key is used on); absent or null: none. */
  targetObject?: { readonly x: number; readonly y: number } | null;
  /** A game master's `/INVISIBLE` (VB6 `flags.AdminInvisible`): who draws it is `canSee`'s (game/staff). */
  adminInvisible?: boolean;
  /** Under Ocultarse (VB6 `flags.Oculto`; kernel/hiding.ts, systems/stealth.ts): until when, and its timer (null until armed); absent: not hidden. */
  hidden?: HiddenState;
  /** The last hiding line told (VB6 `flags.UltimoMensaje` for 704, 1127, 57: told once in a row); absent: none. */
  lastHideLine?: number;
  /** Map clock ms of the last theft try (`IntervaloPermiteTrabajarExtraer`, systems/stealth.ts); absent: never. */
  lastStealAt?: number;
  /**
   * The NPC whose shop window is open (VB6 `flags.Comerciando` with `TargetNPC`), or null. While
   * set the player cannot walk or drop (see systems/shops.ts).
   */
  trading: NpcEntity | null;
  /**
   * THE bank vault once loaded in this session (from the record's `bank`, or from the database
   * when a banker is first opened: see systems/bank.ts), else null. Written to `record.bank` when
   * the record leaves the map; the bank gold lives in `record.bankGold`.
   */
  bank: Vault | null;
  /** A vault load is on its way to the bank service and back; bank packets wait for it. */
  bankLoading: boolean;
  /** The banker whose vault window is open (VB6 `flags.Comerciando` at a banker), or null. */
  banking: NpcEntity | null;
  /**
   * Player-to-player trade (VB6 `ComUsu`, see systems/trade.ts): a request sent (`open` false) or
   * an open trade window (`open` true: the player cannot walk or drop), else null.
   */
  peerTrade: PeerTrade | null;
  /**
   * Monotonic ms until which the player is fighting (VB6 `Counters.EnCombate`): no HP
   * regeneration before it. Combat sets it to `now + IN_COMBAT_MS` (game/vitals).
   */
  inCombatUntil: number;
  /** When the player last struck, shot and cast (VB6 `modNuevoTimer` counters): the combo locks of systems/combat.ts and ranged.ts. */
  combatClocks: CombatClocks;
  /**
   * The safe toggle (VB6 `flags.Seguro`, `/SEG`): while on, a citizen attacks no citizen and no
   * Royal Army member. Kept in `record.safeMode` too once switched, so it follows a map change.
   * The faction status itself is `status` (what viewers draw; `record.factionStatus` once changed).
   */
  safeMode: boolean;
  /** Hunger, thirst and regeneration clocks, settled by the map's vitals sweep (systems/vitals.ts). */
  needs: NeedsClocks;
  /** A ghost's trip home (`/HOGAR`), or null. Walking or coming back to life cancels it. */
  homeTravel: HomeTravel | null;
  /** What has been served of the mute's second and the sentence's minute (systems/penalties.ts); the countdowns are `record.penalties`. */
  penaltyClock: PenaltyClock;
  /** The timer of the next settle while a mute or sentence runs, else null (systems/penalties.ts). */
  penaltyTimer: TimerId | null;
  /** A staff member whom NPCs chase and attack (VB6 `flags.AdminPerseguible`, `/IGNORADO`); NPCs leave other staff alone. */
  chasedByNpcs: boolean;
  /** The colour of the player's talk over its head (VB6 `flags.ChatColor`, RGB long): white unless a GM chose one (`/CHATCOLOR`). */
  chatColour: number;
  /** Altered states (paralysis, poison, invisibility, …) with their end times; set through systems/status.ts `setStatus`. */
  statusEffects: StatusEffects;
  /** The timer of the next expiry, bite or burn of `statusEffects` (systems/status.ts), or null. */
  statusTimer: StatusTimer | null;
  /** A meditation in progress (VB6 `flags.Meditando`, systems/status.ts), or null. */
  meditation: Meditation | null;
  /** Resting by a campfire (VB6 `flags.Descansar`, `/DESCANSAR`, systems/rest.ts): the needs' clocks run on the resting periods. */
  resting?: boolean;
  /** While resting: the timer that looks once a second whether HP and stamina are full (systems/rest.ts). */
  restTimer?: TimerId;
  /** Map clock ms the player was last told it cannot walk while held (VB6 `UltimoMensaje`), or -Infinity. */
  heldWalkToldAt: number;
  /** The spell slot `CastSpell` chose for the next click (VB6 `flags.Hechizo`), 0 = none (systems/spells.ts). */
  selectedSpellSlot: number;
  /** Map clock ms of each slot's last cast, by slot (VB6 `Counters.UserHechizosInterval`): the spells' cooldowns. */
  spellCastAt: Readonly<Record<number, number>>;
  /** `flags.SeguroResu`: on (as at login), nobody else may resurrect this player (`SeguroResu` toggles it). */
  resurrectionSafe: boolean;
  /** The hotkey bar the client told this session (VB6 `HotkeyList`, systems/hotkeys.ts): never saved, it follows the player to the next map. */
  hotkeys: HotkeyList;
  /** Creatures serving this player (VB6 `MascotasIndex`), at most `MAX_PETS` (systems/pets.ts). */
  pets: NpcEntity[];
  /** Map clock ms of the last "you could not tame it" (Msg659, VB6 `UltimoMensaje`), or -Infinity. */
  tamingFailedToldAt: number;
  // -- a game master's own settings and a player's consultation (systems/staff/self.ts, consultation.ts)
  /** The role-play description a RoleMaster or Dios gave it (VB6 `DescRM`, `/SETDESC`): shown to whoever clicks it; absent: none. */
  roleplayDescription?: string;
  /** A GM's `/SHOWNAME` turned its name off (VB6 `showName` False): viewers draw no name under it. */
  nameHidden?: boolean;
  /** In a consultation with a game master (VB6 `flags.EnConsulta`, `/CONSULTA`): drawn as "name [CONSULTA]". */
  inConsultation?: boolean;
  // -- quests (systems/quests.ts)
  /** THE quest log while the player is here (from `record.quests` at entry, normalised; written back to the record at each change); absent: not loaded yet. */
  questLog?: QuestLog;
  /** The last quest offer shown (QQ23: `QuestAccept` answers only this); absent or null: none. */
  questOffer?: QuestOffer | null;
}

/** The hidden state of Ocultarse: it ends at `untilMs` (map clock) unless something ends it first. */
export interface HiddenState {
  readonly untilMs: number;
  timer: TimerId | null;
}

/** One offer slot of a player-to-player trade: units of (object, tags). */
export interface TradeOffer {
  objectId: number;
  amount: number;
  tags: number;
}

/** One side of a player-to-player trade (VB6 `ComUsu`). */
export interface PeerTrade {
  readonly partner: PlayerEntity;
  /** Both sides asked: the window is open. */
  open: boolean;
  /** `TRADE_OFFER_SLOTS` slots (objectId 0 = empty). Offers only grow until the trade ends. */
  readonly offers: TradeOffer[];
  gold: number;
  /** `Acepto`. */
  accepted: boolean;
}

/** A trader's shop on this map: its `npcs.dat` list and its live stock (one per placed NPC). */
export interface NpcShop {
  /** The list an empty shop reloads from; a key bought leaves it (KEY-SOLD-ONCE, game/commerce). */
  template: ShopTemplate;
  stock: ShopStock;
}

/**
 * True while a shop, vault or player-trade window is open (VB6 `flags.Comerciando`): the player
 * neither walks nor drops then.
 */
export function isTrading(player: PlayerEntity): boolean {
  return player.trading !== null || player.banking !== null || player.peerTrade?.open === true;
}

export interface NpcEntity extends VisibleChar {
  readonly kind: "npc";
  /** The `npcs.dat` entry (`npcNumber`), or null when the world has no NPC table or lacks it. */
  readonly template: NpcTemplate | null;
  /** Its shop when the template trades (`Comercia=1`), else null. */
  readonly shop: NpcShop | null;
  /**
   * AI and respawn parameters of its template (movement type, intervals, vision, feet); a tamed
   * creature gets a pet's (systems/pets.ts), which never respawns.
   */
  ai: NpcAiProfile;
  /** The map-data entry it came from: its respawn places the same NPC again. */
  readonly spawn: NpcDefinition;
  /** VB6 `Orig`: the tile it wanders around, walks back to and (`OrigPos`) respawns on. */
  readonly origX: number;
  readonly origY: number;
  /** False once killed or removed: a reference still held elsewhere is stale. */
  alive: boolean;
  /** Experience still to hand out (VB6 `flags.ExpCount`), starts at `GiveEXP`. HP are `minHp`/`maxHp`. */
  expLeft: number;
  /** Seconds from death to respawn, rolled when it appeared (VB6 `Contadores.IntervaloRespawn`). */
  readonly respawnSeconds: number;
  /** Current hostility and movement type (VB6 `Hostile`, `Movement`): an attack makes it hostile; `ai` keeps the loaded ones. */
  hostile: boolean;
  movement: number;
  /** The player it goes for (VB6 `TargetUser`), or null. Check it is still on the map. */
  target: PlayerEntity | null;
  /** The NPC it fights (VB6 `TargetNPC`, movement `NpcAtacaNpc`), or null. Check it is `alive`. */
  targetNpc: NpcEntity | null;
  /** The player who attacked it (VB6 `flags.AttackedBy`), or null. */
  attackedBy: PlayerEntity | null;
  /** Map clock ms of that attack (VB6 `AttackedTime`), or -Infinity. */
  attackedAt: number;
  /** AI clock ms from which it thinks again (VB6 `Contadores.IntervaloMovimiento`). */
  nextThinkAt: number;
  /** AI clock ms from which it may hit again (VB6 `Contadores.IntervaloAtaque` + `IntervaloAtaque`). */
  nextAttackAt: number;
  /** The path it follows (VB6 `pathFindingInfo`). */
  readonly path: NpcPathMemory;
  /** The AI tick it is filed under (systems/npcs.ts), -1 when not filed. */
  thinkTick: number;
  /** Altered states (paralysis, immobilisation, …) with their end times; set through systems/status.ts `setStatus`. */
  statusEffects: StatusEffects;
  /** The timer of the next expiry of `statusEffects` (systems/status.ts), or null. */
  statusTimer: StatusTimer | null;
  /** The player this creature serves (VB6 `MaestroUser`), or null (systems/pets.ts). */
  master: PlayerEntity | null;
  /** A summoned creature's end (VB6 `Contadores.TiempoExistencia`), or null: a tamed pet has none. */
  lifetime: PetLifetime | null;
  /** The game master it follows (VB6 `flags.Follow` with `TargetUser`, `/SEGUIR`: systems/staff/self.ts); absent or null: none. */
  leader?: PlayerEntity | null;
}

/** When a summoned creature goes away, and the timer that takes it. */
export interface PetLifetime {
  readonly endsAt: number;
  readonly timer: TimerId;
}

export type Entity = PlayerEntity | NpcEntity;

export interface GroundObject {
  readonly x: number;
  readonly y: number;
  obj: number;
  amount: number;
}

export class EntityStore {
  private readonly playersBySession = new Map<number, PlayerEntity>();
  private readonly playersByName = new Map<string, PlayerEntity>();
  private readonly byCharIndex: (Entity | undefined)[] = [];
  private readonly npcList: NpcEntity[] = [];
  private readonly objectsByTile = new Map<number, GroundObject>();
  private readonly freeCharIndexes: number[] = [];
  private nextCharIndex = 1;

  constructor(
    readonly width: number,
    readonly height: number,
    /** Char index per tile, row-major from (1, 1). Written only here. */
    readonly occupancy: Int16Array,
  ) {
    // A map loaded again reuses its buffer: whatever a previous owner left is stale.
    occupancy.fill(0);
  }

  // ------------------------------------------------------------ tiles

  tile(x: number, y: number): number {
    return (y - 1) * this.width + (x - 1);
  }

  isInside(x: number, y: number): boolean {
    return x >= 1 && y >= 1 && x <= this.width && y <= this.height;
  }

  /** The char index standing on tile `index` (0 = free). */
  occupantOf(index: number): number {
    return this.occupancy[index]!;
  }

  // ------------------------------------------------------------ players

  get playerCount(): number {
    return this.playersBySession.size;
  }

  players(): IterableIterator<PlayerEntity> {
    return this.playersBySession.values();
  }

  player(session: number): PlayerEntity | undefined {
    return this.playersBySession.get(session);
  }

  /** A player on this map by name, ignoring case and surrounding spaces. */
  playerNamed(name: string): PlayerEntity | undefined {
    return this.playersByName.get(nameKey(name));
  }

  addPlayer(player: PlayerEntity): void {
    this.playersBySession.set(player.session, player);
    this.playersByName.set(nameKey(player.name), player);
    this.byCharIndex[player.charIndex] = player;
    this.occupancy[this.tile(player.x, player.y)] = player.charIndex;
  }

  removePlayer(player: PlayerEntity): void {
    this.playersBySession.delete(player.session);
    if (this.playersByName.get(nameKey(player.name)) === player) this.playersByName.delete(nameKey(player.name));
    this.vacate(player);
    this.releaseCharIndex(player.charIndex);
  }

  /** The record as it must leave the map: a copy with the entity's position written in. */
  recordOf(player: PlayerEntity): CharacterRecord {
    const { inventory, equipment, gold } = toRecordInventory(player.inventory);
    // A ghost's looks are not its own: the record keeps the body and head it comes back with.
    const ghost = player.record.vitals.hp <= 0;
    return {
      ...player.record,
      body: ghost ? player.record.body : player.body,
      head: ghost ? player.record.head : player.head,
      inventory: [...inventory],
      equipment: { ...equipment },
      gold,
      ...(player.bank !== null ? { bank: vaultToRecord(player.bank) } : {}),
      vitals: { ...player.record.vitals },
      position: { map: player.record.position.map, x: player.x, y: player.y, heading: player.heading as CharacterRecord["position"]["heading"] },
    };
  }

  // ------------------------------------------------------------ NPCs

  get npcCount(): number {
    return this.npcList.length;
  }

  npcs(): readonly NpcEntity[] {
    return this.npcList;
  }

  npc(charIndex: number): NpcEntity | undefined {
    const entity = this.byCharIndex[charIndex];
    return entity?.kind === "npc" ? entity : undefined;
  }

  addNpc(npc: NpcEntity): void {
    this.npcList.push(npc);
    this.byCharIndex[npc.charIndex] = npc;
    this.occupancy[this.tile(npc.x, npc.y)] = npc.charIndex;
  }

  /** Takes an NPC off the map (killed): its tile and char index are free again. */
  removeNpc(npc: NpcEntity): void {
    const at = this.npcList.indexOf(npc);
    if (at < 0) return;
    // Order of the list does not matter: swap with the last.
    this.npcList[at] = this.npcList[this.npcList.length - 1]!;
    this.npcList.pop();
    this.vacate(npc);
    this.releaseCharIndex(npc.charIndex);
  }

  // ------------------------------------------------------------ any entity

  entity(charIndex: number): Entity | undefined {
    return this.byCharIndex[charIndex];
  }

  /** Moves an entity to (x, y): the one place positions and occupancy change. */
  move(entity: Entity, x: number, y: number): void {
    this.vacate(entity);
    entity.x = x;
    entity.y = y;
    this.occupancy[this.tile(x, y)] = entity.charIndex;
  }

  allocateCharIndex(): number {
    const reused = this.freeCharIndexes.pop();
    if (reused !== undefined) return reused;
    if (this.nextCharIndex > MAX_CHAR_INDEX) return 0;
    return this.nextCharIndex++;
  }

  // ------------------------------------------------------------ ground objects

  objects(): IterableIterator<GroundObject> {
    return this.objectsByTile.values();
  }

  objectAt(x: number, y: number): GroundObject | undefined {
    return this.objectsByTile.get(this.tile(x, y));
  }

  putObject(object: GroundObject): void {
    this.objectsByTile.set(this.tile(object.x, object.y), object);
  }

  removeObject(x: number, y: number): void {
    this.objectsByTile.delete(this.tile(x, y));
  }

  // ------------------------------------------------------------ internals

  private vacate(entity: Entity): void {
    const index = this.tile(entity.x, entity.y);
    if (this.occupancy[index] === entity.charIndex) this.occupancy[index] = 0;
  }

  private releaseCharIndex(charIndex: number): void {
    this.byCharIndex[charIndex] = undefined;
    this.freeCharIndexes.push(charIndex);
  }
}

function nameKey(name: string): string {
  return name.trim().toLowerCase();
}
