/**
 * A player's faction status on a map (combat-and-progression §8.2): a citizen turning criminal
 * (`VolverCriminal`) and viewers seeing it (`RefreshCharStatus` → `UpdateTagAndStatus` to
 * everyone who sees the char, the char itself included). The rules are `game/faction`'s.
 *
 * The status lives on the entity (`status`, what `CharacterCreate` draws and the NPC AI's
 * alignment filter reads) and, once it changed, in `record.factionStatus`, so it follows the
 * character to another map. The database has no column for it yet: a fresh login is a citizen.
 */
import { statusAfterCrime } from "../../game/faction/index.ts";
import type { PlayerEntity } from "../entity-store.ts";
import type { MapContext } from "../map-context.ts";
import { TRIGGER_ARENA, triggerAt } from "./tiles.ts";

/** `VolverCriminal`: the player is a criminal now (unless on an arena tile or of the Chaos side). */
export function turnCriminal(ctx: MapContext, player: PlayerEntity): void {
  const status = statusAfterCrime(player.status, triggerAt(ctx, player.x, player.y) === TRIGGER_ARENA);
  if (status === null) return;
  setFactionStatus(ctx, player, status);
}

/** A new faction status, kept on the entity and the record, and drawn again by every viewer (`RefreshCharStatus`). */
export function setFactionStatus(ctx: MapContext, player: PlayerEntity, status: number): void {
  player.status = status;
  player.record.factionStatus = status;
  ctx.view.around(player.x, player.y, ctx.packets.updateTagAndStatus(player.charIndex, status, player.shownName ?? player.name));
}
