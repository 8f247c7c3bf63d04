/**
 * `/CONSULTA [nick]` (gm-and-moderation §5.9, VB6 `HandleConsulta`, staff): a game master opens
 * or closes a consultation with a player. On: the GM comes next to the player if it is not in
 * view and loses its admin invisibility, the player loses its invisibility, both are told, and
 * viewers draw the player as "name [CONSULTA]"; off: both are told and the name is drawn plain
 * again. The audit row carries VB6's log line ("Inicio consulta con …" / "Termino consulta con …").
 * While it lasts the player neither fights nor is fought by players (kernel/pvp.ts, Msg1047 and
 * Msg1048) and NPCs leave it alone (kernel/npc-ai-loop.ts), as VB6's `EnConsulta` checks do; its
 * own blows and spells on NPCs are not refused yet (VB6 refuses them too).
 *
 * Decisions:
 * - G23 (fixed): the unsafe-map refusal (Msg2165) is for Consejeros only, as VB6 meant it (its
 *   test applied to every rank); with no nick the clicked player is the one (VB6's test was
 *   inverted: a valid click was refused with Msg1266 and an empty one went on with a stale index).
 * - CONSULTA-MAP: the player must stand on the GM's map (a consultation is face to face; the GM
 *   goes there first with `/IRA`); a nick not on this map is told so. VB6 warped the GM across maps.
 * - Self: nothing, as VB6 (audited `self`); another staff member: Msg1267. Ending a
 *   consultation is never refused (VB6's unsafe-map test ran before it knew which way it went).
 * - The consultation lasts the session and follows the player from map to map (self.ts' hand-over);
 *   hiding does not exist on this server yet, so only invisibility is taken away.
 */
import { MESSAGES } from "../../../game/messages/index.ts";
import { removeEffects } from "../../../game/spells/index.ts";
import { standingOf } from "../../../game/staff/index.ts";
import type { ClientPacketFields } from "../../../protocol/index.ts";
import { setStatus, statusSubjectOf, targetUserOf, type MapContext, type PlayerEntity } from "../../kernel/index.ts";
import type { StaffOutcome } from "./gate.ts";
import { moveTo, typedName } from "./movement.ts";
import { redrawNameTag } from "./self.ts";

function refused(detail: string, target?: PlayerEntity | string): StaffOutcome {
  const name = typeof target === "string" ? target : target?.name;
  return { outcome: "refused_rule", detail, ...(name !== undefined && name !== "" ? { target: { name } } : {}) };
}

/** The player the command names: the nick typed on this map, else the one clicked (G23). */
function consulted(ctx: MapContext, player: PlayerEntity, nick: string): PlayerEntity | StaffOutcome {
  if (nick === "") {
    const clicked = targetUserOf(ctx, player);
    if (clicked !== null) return clicked;
    ctx.tell(player, MESSAGES.consultationSelectUser());
    return refused("no_target");
  }
  const here = ctx.store.playerNamed(nick);
  if (here === undefined) {
    ctx.tell(player, MESSAGES.consultationOtherMap(nick));
    return refused("not_on_this_map", nick);
  }
  return here;
}

/** The player comes out of invisibility for the consultation (VB6: `invisible`, `Oculto` and their counters to 0). */
function endInvisibility(ctx: MapContext, target: PlayerEntity): void {
  if (target.statusEffects.invisible === undefined) return;
  const change = removeEffects(target.statusEffects, ["invisible"], ctx.clock.now(), statusSubjectOf(target));
  setStatus(ctx, target, change.effects, change.notices);
}

function start(ctx: MapContext, player: PlayerEntity, target: PlayerEntity): void {
  ctx.tell(player, MESSAGES.consultationWith(target.name, true));
  ctx.tell(target, MESSAGES.consultationForYou(true));
  // Next to the player when it is not in view (VB6 `EstaPCarea`, `FindLegalPos`): the free tile nearest below it.
  if (!ctx.view.sees(player, target)) moveTo(ctx, player, { map: ctx.definition.id, x: target.x, y: target.y + 1 });
  if (player.adminInvisible === true) {
    player.adminInvisible = false;
    ctx.view.adminInvisibilityChanged(player);
    ctx.tell(player, MESSAGES.adminInvisible(false));
  }
  target.inConsultation = true;
  endInvisibility(ctx, target);
}

function end(ctx: MapContext, player: PlayerEntity, target: PlayerEntity): void {
  ctx.tell(player, MESSAGES.consultationWith(target.name, false));
  ctx.tell(target, MESSAGES.consultationForYou(false));
  delete target.inConsultation;
}

/** `/CONSULTA [nick]` (`HandleConsulta`): the consultation with the player on or off. */
export function consulta(ctx: MapContext, player: PlayerEntity, fields: ClientPacketFields<"Consulta">): StaffOutcome {
  const found = consulted(ctx, player, typedName(fields.nick));
  if (!("session" in found)) return found;
  const target = found;
  if (target === player) return refused("self");
  if (standingOf(target.privileges).rank !== null) {
    ctx.tell(player, MESSAGES.consultationWithStaff());
    return refused("staff_target", target);
  }
  const ending = target.inConsultation === true;
  if (!ending && standingOf(player.privileges).rank === "consejero" && !ctx.definition.safe) {
    ctx.tell(player, MESSAGES.consultationUnsafeMap(target.name));
    return refused("unsafe_map", target);
  }
  if (ending) end(ctx, player, target);
  else start(ctx, player, target);
  redrawNameTag(ctx, target);
  return {
    outcome: "ok",
    target: { name: target.name, characterId: target.record.id },
    detail: `${ending ? "Termino" : "Inicio"} consulta con ${target.name}`,
  };
}

export const CONSULTATION_EFFECTS = { Consulta: consulta };
