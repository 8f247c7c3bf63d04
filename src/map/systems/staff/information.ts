/**
 * The staff's information commands (gm-and-moderation §2.3). What reads only the asker's own map
 * (`/ONLINEMAP`, `/PISO`, `/TRIGGER`, `/NENE` of this map) is answered here; a target that may be
 * on another map or offline goes to the staff service (world/services/staff-information.ts),
 * which reads the world's known state of an online character or the database row of an offline
 * one. The lines are `game/staff/information.ts`'s. The gate checked the rank already and audits
 * what is answered here; the service audits what it answers.
 */
import { MESSAGES, type PlayerMessage } from "../../../game/messages/index.ts";
import {
  creaturesLines,
  dottedAddress,
  onlineOnMapLines,
  standingOf,
  type OnlineCharacter,
  type StaffCommandName,
} from "../../../game/staff/index.ts";
import type { ClientPacketFields } from "../../../protocol/index.ts";
import type { CharacterSheetKind, MapContext, PlayerEntity, StaffServiceCommand } from "../../kernel/index.ts";
import { ASKED, DONE, paramsOf, type StaffEffect, type StaffOutcome } from "./gate.ts";

/** VB6 `GlobalChecks`: a `+` in a typed name stands for a space. */
function typedName(name: string): string {
  return name.replaceAll("+", " ").trim();
}

function ask(ctx: MapContext, player: PlayerEntity, action: string, fields: unknown, command: StaffServiceCommand): typeof ASKED {
  ctx.ask("staff", player, { kind: "command", action, params: paramsOf(fields), command });
  return ASKED;
}

function tellAll(ctx: MapContext, player: PlayerEntity, lines: readonly PlayerMessage[]): void {
  for (const line of lines) ctx.tell(player, line);
}

const NO_TARGET: StaffOutcome = { outcome: "refused_rule", detail: "no_target" };

/** A command about one character by name: nothing to ask for an empty name. */
function aboutCharacter(action: string, build: (target: string) => StaffServiceCommand) {
  return (ctx: MapContext, player: PlayerEntity, fields: { userName: string }): StaffOutcome | typeof ASKED => {
    const target = typedName(fields.userName);
    if (target === "") return NO_TARGET;
    return ask(ctx, player, action, fields, build(target));
  };
}

function sheet(action: string, kind: CharacterSheetKind) {
  return aboutCharacter(action, (target) => ({ kind: "sheet", sheet: kind, target }));
}

/** `/SLOT nick@slot` (`HandleCheckSlot`). */
export function checkSlot(ctx: MapContext, player: PlayerEntity, fields: ClientPacketFields<"CheckSlot">): StaffOutcome | typeof ASKED {
  const target = typedName(fields.userName);
  if (target === "") return NO_TARGET;
  return ask(ctx, player, "CheckSlot", fields, { kind: "check_slot", target, slot: fields.slot });
}

/** `/IP2NICK a.b.c.d` (`HandleIPToNick`). */
export function ipToNick(ctx: MapContext, player: PlayerEntity, fields: ClientPacketFields<"IPToNick">): typeof ASKED {
  return ask(ctx, player, "IPToNick", fields, { kind: "ip_to_nick", address: dottedAddress(fields.ip) });
}

/** `/ONLINEMAP` (`HandleOnlineMap`): Msg1491 with the names on this map the asker may list. */
export function onlineMap(ctx: MapContext, player: PlayerEntity): StaffOutcome {
  const online: OnlineCharacter[] = [...ctx.store.players()].map((other) => ({ name: other.name, standing: standingOf(other.privileges) }));
  tellAll(ctx, player, onlineOnMapLines(standingOf(player.privileges), online));
  return DONE;
}

/**
 * `/NENE mapa` (`HandleCreaturesInMap`): the NPCs of the map, hostile first. Decision: only the
 * asker's own map is answered (a map's NPCs live in its worker, which no service reads); another
 * map number is said "not available yet" and audited so.
 */
export function creaturesInMap(ctx: MapContext, player: PlayerEntity, fields: ClientPacketFields<"CreaturesInMap">): StaffOutcome {
  if (fields.map !== ctx.definition.id) {
    ctx.tell(player, MESSAGES.notAvailableYet());
    return { outcome: "refused_rule", detail: "other_map" };
  }
  const npcs = ctx.store.npcs().filter((npc) => npc.alive).map((npc) => ({ name: npc.name, x: npc.x, y: npc.y, hostile: npc.hostile }));
  tellAll(ctx, player, creaturesLines(npcs));
  return DONE;
}

/** The information effects, by packet. */
export const INFORMATION_EFFECTS = {
  Where: aboutCharacter("Where", (target) => ({ kind: "where", target })),
  RequestCharInfo: sheet("RequestCharInfo", "info"),
  RequestCharStats: sheet("RequestCharStats", "stats"),
  RequestCharGold: sheet("RequestCharGold", "gold"),
  RequestCharInventory: sheet("RequestCharInventory", "inventory"),
  RequestCharBank: sheet("RequestCharBank", "bank"),
  RequestCharSkills: sheet("RequestCharSkills", "skills"),
  CheckSlot: checkSlot,
  OnlineGM: (ctx: MapContext, player: PlayerEntity, fields: ClientPacketFields<"OnlineGM">) => ask(ctx, player, "OnlineGM", fields, { kind: "online_staff" }),
  OnlineMap: onlineMap,
  NickToIP: aboutCharacter("NickToIP", (target) => ({ kind: "nick_to_ip", target })),
  IPToNick: ipToNick,
  RequestUserList: (ctx: MapContext, player: PlayerEntity, fields: ClientPacketFields<"RequestUserList">) => ask(ctx, player, "RequestUserList", fields, { kind: "user_list" }),
  CreaturesInMap: creaturesInMap,
} satisfies { readonly [N in StaffCommandName]?: StaffEffect<N> };
