/**
 * Named constants of the browser client: sizes in pixels or tiles, durations in milliseconds.
 * What the client shares with the server (slot counts, units per stack, gold caps, the gold
 * slot) is imported from where the server names it (`game/character`, `game/items`, the
 * protocol), never copied here. Pure: safe in the browser and in tests.
 */
import { MAX_STACK } from "../game/character/index.ts";
import { STOCK_INTERVALS_MS } from "../protocol/index.ts";

/** Side of one map tile on screen, in CSS pixels (AO tiles are 32 × 32). */
export const TILE_PX = 32;

/** Walk interval used until the server sends `Intervals` (the stock `IntervaloCaminar`). */
export const DEFAULT_WALK_INTERVAL_MS = STOCK_INTERVALS_MS.walkMs;
/** A server `Intervals.walkMs` below this is treated as hostile and clamped (a flood would follow). */
export const MIN_WALK_INTERVAL_MS = 50;
/** A server `Intervals.walkMs` above this is clamped (the player would seem frozen). */
export const MAX_WALK_INTERVAL_MS = 2_000;
/** Time between two `Attack`s until the server sends `Intervals` (the stock `IntervaloGolpe`, §1.1). */
export const DEFAULT_ATTACK_INTERVAL_MS = STOCK_INTERVALS_MS.attackMs;
/** A server `Intervals.attackMs` below this is clamped (an attack flood would follow). */
export const MIN_ATTACK_INTERVAL_MS = 200;
/** A server `Intervals.attackMs` above this is clamped (the attack key would seem dead). */
export const MAX_ATTACK_INTERVAL_MS = 5_000;

/**
 * A predicted step older than this is assumed accepted: the server says nothing on success, so
 * after a generous round trip the step cannot be the one a `PosUpdate` refers to any more.
 */
export const STEP_ACK_ASSUMED_AFTER_MS = 2_000;
/** At most this many unacknowledged steps are remembered for reconciliation. */
export const MAX_PENDING_STEPS = 32;
/** After stepping on an exit, walking waits this long for the map change before giving up. */
export const EXIT_WAIT_MS = 2_500;
/** After an unexplained correction, ask the server for the position once idle this long. */
export const RESYNC_IDLE_MS = 600;

/** A chat bubble stays at least this long … */
export const CHAT_BUBBLE_MIN_MS = 3_000;
/** … plus this much per character … */
export const CHAT_BUBBLE_MS_PER_CHAR = 60;
/** … and never longer than this. */
export const CHAT_BUBBLE_MAX_MS = 10_000;
/** Longest line the chat input accepts (the server cuts longer ones anyway). */
export const MAX_CHAT_INPUT_CHARS = 200;

/** Console lines kept in memory; older ones scroll away. */
export const CONSOLE_MAX_LINES = 200;

/** Slots per inventory row: patron tiers unlock whole rows (`InventoryUnlockSlots`). */
export const INVENTORY_ROW_SLOTS = 6;
/** Most rows a patron tier unlocks (24 + 3 × 6 = 42). */
export const MAX_UNLOCKED_INVENTORY_ROWS = 3;
/** Units one item `Drop` may carry: the server's `MaxInventoryObjs`, more than a slot ever holds. */
export const MAX_ITEMS_PER_DROP = MAX_STACK;
/** Slots of an NPC shop (`MAX_INVENTORY_SLOTS` in the stock client and server, §7.3). */
export const SHOP_SLOTS = 42;
/**
 * Units one `CommerceBuy`/`CommerceSell` may ask for: the server's `MaxInventoryObjs`; VB6 bans
 * the account of a buyer who asks for more (§7.4, Q17).
 */
export const MAX_UNITS_PER_DEAL = MAX_STACK;
/** Pick-up notices (`ShowPickUpObj`) kept for the inventory panel … */
export const PICKUP_NOTICES_MAX = 4;
/** … each shown this long. */
export const PICKUP_NOTICE_MS = 4_000;
/** A text over a tile (`TextOverTile`, e.g. "+50" gold) stays at least this long … */
export const TILE_TEXT_MIN_MS = 500;
/** … and at most this long, whatever the server asks. */
export const TILE_TEXT_MAX_MS = 5_000;
/** Longest text over a tile kept (the server sends short numbers; a hostile one could send a page). */
export const TILE_TEXT_MAX_CHARS = 40;
/** Texts over tiles kept at once (a hostile server could send thousands). */
export const TILE_TEXTS_MAX = 32;
/** A floating text over a char (`TextOverChar` damage, "Fallas", "+1 skill") rises this long. */
export const CHAR_TEXT_MS = 1_500;
/** Floating texts over chars kept at once (a hostile server could send thousands). */
export const CHAR_TEXTS_MAX = 32;
/** A swing (`ArmaMov`, `CharAtaca`) leans the attacker forward this long … */
export const SWING_MS = 220;
/** … by at most this many map pixels. */
export const SWING_LUNGE_PX = 5;
/** The level-up banner stays this long. */
export const LEVEL_UP_BANNER_MS = 5_000;
/** Longest parameter of a yes/no question (`ShowPregunta`) shown: a name, never a page. */
export const QUESTION_PARAM_MAX_CHARS = 64;
/** An arrow or thrown weapon (`CreateProjectile`) flies from shooter to target this long. */
export const PROJECTILE_MS = 300;
/** Projectiles in flight kept at once (a hostile server could send thousands). */
export const PROJECTILES_MAX = 16;
/** Longest progress bar over a char (`BarFx`) shown: the server sends seconds as an i16. */
export const ACTION_BAR_MAX_SECONDS = 3_600;
/** Longest name with its tag (`UpdateTagAndStatus`: "Name <Guild>") kept. */
export const NAME_TAG_MAX_CHARS = 64;
/** Least time between two spell clicks until the server says (`Intervals.castSpellMs`, `IntervaloLanzaHechizo`). */
export const DEFAULT_CAST_SPELL_INTERVAL_MS = STOCK_INTERVALS_MS.castSpellMs;
/** A spell's FX (`CreateFX`, `Fxpiso`) is drawn as a burst this long … */
export const SPELL_FX_MS = 1_000;
/** … its particles (`ParticleFX`, `ParticleFXToFloor`) this long … */
export const SPELL_PARTICLES_MS = 1_000;
/** … and a travelling particle (`ParticleFXWithDestino`) flies from caster to target this long, then bursts. */
export const SPELL_TRAVEL_MS = 400;
/** Spell effects kept at once (a hostile server could send thousands). */
export const SPELL_EFFECTS_MAX = 48;
/**
 * No packet says a poison ended (a cure tells only the caster's console macro): the mark stays
 * this long after the last bite (`Msg47`/`Msg390`), two bites' worth (a bite every 3.64 s).
 */
export const POISON_SHOWN_MS = 8_000;
/** Longest name or magic words of a spell kept from the world info. */
export const SPELL_TEXT_MAX_CHARS = 120;

/** Slots on the hotkey bar (the stock client's `HotKeyCount`, drawn 0 … 9). */
export const HOTKEY_BAR_SLOTS = 10;
