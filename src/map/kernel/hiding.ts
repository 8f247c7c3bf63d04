/**
 * The hidden state of Ocultarse (VB6 `flags.Oculto`, `Counters.TiempoOculto`) as entity state:
 * the stealth system (systems/stealth.ts) starts it and keeps its one timer; what ends it lives
 * where VB6 ends it (a walk, a yell, a blow at a player, death, the time running out), so its end
 * is a kernel verb. Viewers are told with the same `SetInvisible` as the invisibility spell, and
 * the map view hides a hidden player from those who only now see it as it does an invisible one
 * (`map-view.ts` `isInvisible`); NPCs treat it as invisible (seen only from the next tile).
 */
import { attackOnUserEndsHiding } from "../../game/stealth/index.ts";
import { MESSAGES } from "../../game/messages/index.ts";
import { SKILL } from "../../game/progression/index.ts";
import type { PlayerEntity } from "../entity-store.ts";
import type { MapContext } from "../map-context.ts";

/** Under Ocultarse: while it lasts, the player is drawn by nobody but itself (and the staff's clients). */
export function isHidden(player: PlayerEntity): boolean {
  return player.hidden !== undefined;
}

/**
 * The hidden state ends (`Oculto = 0`, `TiempoOculto = 0`): its timer goes, and unless the
 * player is still invisible by the spell or a GM's `/INVISIBLE` (VB6 checks `flags.invisible`),
 * everyone who sees it, itself included, gets `SetInvisible(false)` and the player `message`
 * (307, 1023, 1115, …; null: no line, as at death). False when the player was not hidden.
 */
export function endHiding(ctx: MapContext, player: PlayerEntity, message: number | null): boolean {
  const hidden = player.hidden;
  if (hidden === undefined) return false;
  if (hidden.timer !== null) ctx.timers.cancel(hidden.timer);
  delete player.hidden;
  if (player.statusEffects.invisible !== undefined || player.adminInvisible === true) return true;
  ctx.view.around(player.x, player.y, ctx.packets.setInvisible(player.charIndex, false, player.x, player.y));
  if (message !== null) ctx.tell(player, MESSAGES.stealthLine(message));
  return true;
}

/** VB6 `MSG_VUELTO_VISIBLE` (307), the line of a reveal by an attack or a walk. */
const VISIBLE_AGAIN = 307;
/** The armour slot as the inventory keeps it. */
const ARMOUR = "armor";

/**
 * `UsuarioAtacaUsuario` after the roll (`RemoveUserInvisibility` on the attacker): a blow or a
 * shot at a player ends the attacker's hiding, with VB6's exceptions (game/stealth
 * `attackOnUserEndsHiding`). Spell invisibility stays (`remove-inv-on-attack` is off).
 */
export function attackerRevealed(ctx: MapContext, player: PlayerEntity, hit: boolean): void {
  if (player.hidden === undefined) return;
  const { record } = player;
  const wearsArmour = player.inventory.equipped[ARMOUR] > 0;
  if (!attackOnUserEndsHiding(record.class, hit, record.skills[SKILL.Hide - 1] ?? 0, wearsArmour)) return;
  endHiding(ctx, player, VISIBLE_AGAIN);
}
