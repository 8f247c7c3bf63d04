/**
 * The gate every staff and moderation packet goes through (gm-and-moderation §2, issue 25): the
 * sender's standing comes from the map (`PlayerEntity.privileges`, set at login from the staff
 * roles by character id, never from what the client says: G1), the command's row from
 * `game/staff`. A sender below the row is answered as VB6 answers (Msg528, Msg979, Msg526, or
 * nothing) and nothing changes; a command this server does not build yet is answered "not
 * available yet". Every staff packet is audited once, refusals included (G17): the map asks the
 * staff service, which writes the row with the actor's account, address and node.
 */
import { FontIndex } from "../../../protocol/index.ts";
import { MESSAGES } from "../../../game/messages/index.ts";
import { mayUse, ONLINE_REFUSED_MESSAGE, STAFF_COMMANDS, standingOf, type StaffCommand, type StaffCommandName } from "../../../game/staff/index.ts";
import type { ClientPacketFields } from "../../../protocol/index.ts";
import type { AuditOutcome, MapContext, PacketHandler, PlayerEntity } from "../../kernel/index.ts";

/** What a command's effect came to, for its audit row. */
export interface StaffOutcome {
  readonly outcome: AuditOutcome;
  readonly target?: { readonly name: string; readonly characterId?: number };
  readonly detail?: string;
}

/**
 * A command's effect, once the gate let the sender through: what it came to, or `ASKED` when the
 * staff service carries it on (it audits the command with its real outcome).
 */
export type StaffEffect<N extends StaffCommandName> = (ctx: MapContext, player: PlayerEntity, fields: ClientPacketFields<N>) => StaffOutcome | typeof ASKED;

/** The effect handed its command to the staff service, which writes the audit row. */
export const ASKED = "asked";

export const DONE: StaffOutcome = { outcome: "ok" };

/** The packet's fields as plain data for the audit row (strings kept, nothing else to clean). */
export function paramsOf(fields: unknown): Record<string, unknown> {
  return typeof fields === "object" && fields !== null ? { ...(fields as Record<string, unknown>) } : {};
}

/** Writes the audit row of one staff packet (the service adds the actor's account, address and node). */
export function audit(ctx: MapContext, player: PlayerEntity, action: string, fields: unknown, result: StaffOutcome): void {
  ctx.ask("staff", player, {
    kind: "audit",
    record: { action, outcome: result.outcome, params: paramsOf(fields), ...(result.target ? { target: result.target } : {}), ...(result.detail !== undefined ? { detail: result.detail } : {}) },
  });
}

function refuse(ctx: MapContext, player: PlayerEntity, name: StaffCommandName, command: StaffCommand): void {
  if (command.refusal === undefined) return;
  // `/ONLINE` answers Msg526 in the font of command answers, as it always did here.
  if (command.refusal === ONLINE_REFUSED_MESSAGE && name === "Online") ctx.tell(player, MESSAGES.commandDisabledForRank());
  else ctx.tell(player, MESSAGES.ruleLine(command.refusal, FontIndex.Info));
}

/** The packet handler of command `name`: the gate, then `effect` (or "not available yet"). */
export function gated<N extends StaffCommandName>(name: N, effect?: StaffEffect<N>): PacketHandler<N> {
  const command: StaffCommand = STAFF_COMMANDS[name];
  // Reports and the other player-side commands are not staff actions: not audited when a player sends them.
  const audited = (player: PlayerEntity) => command.permission !== "any" || standingOf(player.privileges).rank !== null;
  return (ctx, player, fields) => {
    if (!mayUse(standingOf(player.privileges), command)) {
      refuse(ctx, player, name, command);
      audit(ctx, player, name, fields, { outcome: "refused_rank" });
      return;
    }
    if (effect === undefined) {
      ctx.tell(player, MESSAGES.notAvailableYet());
      if (audited(player)) audit(ctx, player, name, fields, { outcome: "refused_rule", detail: "not_available_yet" });
      return;
    }
    const result = effect(ctx, player, fields as ClientPacketFields<N>);
    if (result !== ASKED && audited(player)) audit(ctx, player, name, fields, result);
  };
}
