/**
 * Faction status on a map (combat-and-progression §8.2): a citizen turning criminal
 * (`VolverCriminal`) and viewers seeing it (`RefreshCharStatus` → `UpdateTagAndStatus` to
 * everyone who sees the char, the char itself included), and the safe toggle (`/SEG`,
 * `SafeToggle` → `SafeModeOn` / `SafeModeOff`). The rules are `game/faction`'s.
 *
 * The status lives on the entity (`status`, what `CharacterCreate` draws and the NPC AI's
 * alignment filter reads) and, once it changed, in `record.factionStatus`, so it follows the
 * character to another map. The database has no column for it yet: a fresh login is a citizen.
 * Not modelled (nothing to act on yet): the faction score a citizen loses, leaving the party,
 * maps that admit no criminals (`NoPKs`), guild tags in the name.
 */
import { canToggleSafeMode, ONLY_CITIZENS_TOGGLE_SAFE, statusAfterCrime } from "../../game/faction/index.ts";
import { FontIndex } from "../../protocol/index.ts";
import type { PlayerEntity } from "../entity-store.ts";
import type { MapContext } from "../map-context.ts";

/** Trigger 6 (`ZONAPELEA`, arena): nobody turns criminal there. */
export const TRIGGER_ARENA = 6;

/** `VolverCriminal`: the player is a criminal now (unless on an arena tile or of the Chaos side). */
export function turnCriminal(ctx: MapContext, player: PlayerEntity): void {
  const onArenaTile = ctx.terrain.triggers[ctx.store.tile(player.x, player.y)] === TRIGGER_ARENA;
  const status = statusAfterCrime(player.status, onArenaTile);
  if (status === null) return;
  setFactionStatus(ctx, player, status);
}

/** A new faction status, kept on the entity and the record, and drawn again by every viewer (`RefreshCharStatus`). */
export function setFactionStatus(ctx: MapContext, player: PlayerEntity, status: number): void {
  player.status = status;
  player.record.factionStatus = status;
  ctx.view.around(player.x, player.y, ctx.packets.updateTagAndStatus(player.charIndex, status, player.name));
}

/** `SafeToggle` (`/SEG`, VB6 `HandleSafeToggle`): citizens switch the safe; anyone else is told they cannot. */
export function safeToggle(ctx: MapContext, player: PlayerEntity): void {
  if (!canToggleSafeMode(player.status)) {
    ctx.view.send(player, ctx.packets.localeMsg(ONLY_CITIZENS_TOGGLE_SAFE, "", FontIndex.Talk));
    return;
  }
  player.safeMode = !player.safeMode;
  player.record.safeMode = player.safeMode;
  ctx.view.send(player, ctx.packets.safeMode(player.safeMode));
}
