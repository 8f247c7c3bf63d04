/**
 * Staff movement and character rules (gm-and-moderation §2.4, §2.6, §3.6, §3.7, §5.7): who may
 * move whom where, who sees an invisible game master, and the bounds of a created or given item.
 * Pure: the map's staff system and the staff service apply them.
 *
 * Decisions (named by the quirk they fix):
 * - G7 (fixed to its evident intent): `/TELEP` of another character is limited to the event maps
 *   only for a SemiDios (a Consejero moves nobody but himself, and only to a safe map); a Dios or
 *   an Admin may send anyone anywhere. VB6's `Priv And Consejero Or SemiDios` limited every rank.
 * - G7 (Consejero on another map): the safety of a map is known only by the map itself, so a
 *   Consejero's `/TELEP YO` is allowed within the safe map he stands on and refused (Msg741)
 *   elsewhere: refused when it cannot be checked, never let through.
 * - G7 (rank): nobody moves, summons or goes to a character of a strictly higher rank (the RM
 *   bit gives no power, as in G11); the higher one is asked instead, as VB6 does for `/SUM` and
 *   `/IRA`. Equal ranks may (VB6 `Compare(target, GM) > 0` refuses only higher).
 * - G16 (fixed): `/SUM` announces "¬1 moved ¬2 to map ¬3" to everyone only while the game master
 *   is visible; `/DAR` still announces every gift to everyone (reproduced).
 * - G28 (fixed): `/CI` and `/DAR` take 1 … 10,000 units; VB6 let 0 and negative amounts through.
 * - Landing: every move lands on the free tile nearest the wanted one that a walker may enter (the
 *   kernel's `findFreeTile`: never a blocked tile, water, an exit or an occupied tile).
 */
import { MAX_STACK } from "../character/index.ts";
import { rankLevel, rankOf, type StaffRank, type StaffStanding } from "./ranks.ts";

/** `MaxInventoryObjs`: the most units `/CI` creates and `/DAR` gives at once. */
export const MAX_CREATED_UNITS = MAX_STACK;

/** `/IRCERCA` looks in square rings of these radii around the target (VB6 `For i = 2 To 5`). */
export const NEARBY_MIN_RADIUS = 2;
export const NEARBY_MAX_RADIUS = 5;

/** What `/TELEP` may do for a standing: where it may send itself and others. */
export type WarpCheck =
  | { readonly ok: true }
  /** Msg741: a Consejero only to safe maps (the one he stands on: G7). */
  | { readonly ok: false; readonly reason: "only_safe_maps" }
  /** Msg742: a Consejero moves only himself. */
  | { readonly ok: false; readonly reason: "only_self" }
  /** Msg948: a SemiDios sends others only to event maps (G7). */
  | { readonly ok: false; readonly reason: "only_event_maps" };

export interface WarpRequest {
  readonly self: boolean;
  /** The destination is the map the sender stands on, and that map is safe. */
  readonly destinationIsThisSafeMap: boolean;
  readonly destinationIsEventMap: boolean;
}

/** `/TELEP` by `actor` (G7 decisions above). */
export function warpCheck(actor: StaffStanding, request: WarpRequest): WarpCheck {
  const level = rankLevel(actor.rank);
  if (level <= rankLevel("consejero")) {
    if (!request.destinationIsThisSafeMap) return { ok: false, reason: "only_safe_maps" };
    if (!request.self) return { ok: false, reason: "only_self" };
    return { ok: true };
  }
  if (!request.self && level === rankLevel("semidios") && !request.destinationIsEventMap) return { ok: false, reason: "only_event_maps" };
  return { ok: true };
}

/** Whether `actor` may move (teleport, summon, go to) `target` without asking it first (G7, rank). */
export function mayMove(actor: StaffStanding, target: StaffStanding): boolean {
  return rankLevel(target.rank) <= rankLevel(actor.rank);
}

/** G16: `/SUM`'s announcement to everyone is made only by a visible game master. */
export function summonIsAnnounced(actorInvisible: boolean): boolean {
  return !actorInvisible;
}

/** G28: the units `/CI` and `/DAR` accept. */
export type AmountCheck = { readonly ok: true; readonly amount: number } | { readonly ok: false; readonly reason: "too_many" | "not_positive" };

export function createdAmount(amount: number): AmountCheck {
  if (!Number.isInteger(amount) || amount < 1) return { ok: false, reason: "not_positive" };
  if (amount > MAX_CREATED_UNITS) return { ok: false, reason: "too_many" };
  return { ok: true, amount };
}

/** The ranks that may turn admin-invisible (`/INVISIBLE`, VB6 "refuse User or Consejero"). */
export function mayTurnInvisible(rank: StaffRank | null): boolean {
  return rankLevel(rank) >= rankLevel("semidios");
}

/** What the sight rule reads of a character. */
export interface Seen {
  readonly session: number;
  readonly privileges: number;
  /** VB6 `flags.AdminInvisible` (`/INVISIBLE`). */
  readonly adminInvisible?: boolean;
}

/**
 * Who draws an admin-invisible game master (§5.7). Decision: one rule, on vanishing as on
 * entering later: himself and staff of the same or a higher rank see him; everyone else does
 * not. (VB6 kept him for any staff present when he vanished, and showed him later only to staff
 * strictly above him.)
 */
export function canSee(viewer: Seen, subject: Seen): boolean {
  if (subject.adminInvisible !== true || viewer.session === subject.session) return true;
  const viewerRank = rankOf(viewer.privileges);
  return viewerRank !== null && rankLevel(viewerRank) >= rankLevel(rankOf(subject.privileges));
}

/**
 * The tiles `/IRCERCA` tries, in VB6's order: rings of radius 2 … 5 around (x, y), each scanned
 * x outer, y inner, over the whole square (inner tiles come again in larger squares; the first
 * free one wins).
 */
export function* nearbyTiles(x: number, y: number): Generator<{ x: number; y: number }> {
  for (let radius = NEARBY_MIN_RADIUS; radius <= NEARBY_MAX_RADIUS; radius++) {
    for (let tx = x - radius; tx <= x + radius; tx++) {
      for (let ty = y - radius; ty <= y + radius; ty++) yield { x: tx, y: ty };
    }
  }
}
