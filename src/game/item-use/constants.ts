/**
 * Intervals and sounds of item use (items-and-economy §1 and §5): `intervalos.ini [INTERVALOS]`
 * as loaded by VB6 `LoadIntervalos` (`Codigo/FileIO.bas`), and the `e_SoundIndex` / `SND_*`
 * constants of `Codigo/Declares.bas`.
 */

/** `IntervaloUserPuedeUsarClic`: double click (`UseItem`), `TimerUsarClick`. */
export const USE_CLICK_INTERVAL_MS = 276;
/** `IntervaloUserPuedeUsarU`: the U key (`UseItemU`) and the key ring, `TimerUsar`. */
export const USE_KEY_INTERVAL_MS = 380;
/** `IntervaloGolpeUsar`: potions wait this long after a melee hit (checked, not reset). */
export const POTION_AFTER_HIT_MS = 800;
/** `IntervaloTrabajarConstruir`: blacksmith, carpenter, tailor. */
export const WORK_BUILD_INTERVAL_MS = 500;
/** `IntervaloTrabajarExtraer`: the legacy extraction timer (carpentry batches, roots, stealing). */
export const WORK_EXTRACT_INTERVAL_MS = 4000;
/** `IntervalAutomatedAction`: the one global tick of mining, woodcutting, fishing, smelting. */
export const AUTOMATED_ACTION_INTERVAL_MS = 4000;
/** `IntervaloFlechasCazadores`: bows. */
export const BOW_INTERVAL_MS = 1200;

/** `SOUND_COMIDA`: eating. */
export const SOUND_EAT = 7;
/** `SND_BEBER`: drinking, and every potion without its own `SND1`. */
export const SOUND_DRINK = 135;
/** Invisibility potion without `SND1`. */
export const SOUND_INVISIBILITY = 123;
/** Paralysis cure without `SND1`. */
export const SOUND_PARALYSIS_CURE = 255;
/** `CreateFX` 102 shown with a head change. */
export const FX_HEAD_CHANGE = 102;

/** Mana above this makes a mana potion set it to this value instead of adding. */
export const MANA_POTION_CAP = 20_000;
/** `Wood`: looking at wood while using the common dagger (`DAGA`) lights a camp fire. */
export const WOOD_OBJECT = 58;
export const DAGGER_OBJECT = 15;
/** An empty bottle fills at water within this Euclidean distance. */
export const BOTTLE_WATER_DISTANCE = 2;
