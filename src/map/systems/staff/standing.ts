/**
 * A rank granted or revoked while the character plays (the operator console's staff endpoints,
 * through the staff service's `standing` answer): applied at once on the character's map. Its
 * privileges (what the gate judges and what viewers draw as its name's colour) change, the other
 * clients that draw it redraw it, its own client is told whether to show its staff tools
 * (`Privilegios`), and it is told its new rank. An admin invisibility the new rank may not have
 * ends. The login applies the same standing from `staff_roles` next time.
 */
import { MESSAGES } from "../../../game/messages/index.ts";
import { mayTurnInvisible, privilegesOf, type StaffStanding } from "../../../game/staff/index.ts";
import type { MapContext, PlayerEntity } from "../../kernel/index.ts";

export function applyStanding(ctx: MapContext, player: PlayerEntity, standing: StaffStanding): void {
  const privileges = privilegesOf(standing);
  if (privileges === player.privileges) return;
  (player.record as { staff?: StaffStanding }).staff = standing;
  player.privileges = privileges;
  if (player.adminInvisible === true && !mayTurnInvisible(standing.rank)) {
    player.adminInvisible = false;
    ctx.view.adminInvisibilityChanged(player);
  }
  ctx.view.playerRedrawn(player);
  ctx.view.send(player, ctx.packets.privilegios(standing.rank !== null));
  ctx.tell(player, MESSAGES.yourRankNow(standing.rank, standing.roleMaster));
}
