/**
 * `/ANAME viejo@nuevo` (`AlterName`, Dios and above): the map checks the form and hands the rename
 * to the staff service (world/services/staff-rename.ts), which checks the new name, the rank and
 * that the character is offline, renames it by id and audits it. An empty part is answered with
 * VB6's usage line (Msg986), as `HandleAlterName` does.
 */
import { MESSAGES } from "../../../game/messages/index.ts";
import type { ClientPacketFields } from "../../../protocol/index.ts";
import type { MapContext, PlayerEntity } from "../../kernel/index.ts";
import { ASKED, paramsOf, type StaffOutcome } from "./gate.ts";
import { typedName } from "./movement.ts";

export function alterName(ctx: MapContext, player: PlayerEntity, fields: ClientPacketFields<"AlterName">): StaffOutcome | typeof ASKED {
  const target = typedName(fields.userName);
  // The new name is kept as typed: the creation rules refuse edge spaces and `+`, they are not repaired.
  const newName = fields.newName;
  if (target === "" || newName === "") {
    ctx.tell(player, MESSAGES.renameUsage());
    return { outcome: "refused_rule", detail: "usage" };
  }
  ctx.ask("staff", player, { kind: "command", action: "AlterName", params: paramsOf(fields), command: { kind: "rename", target, newName } });
  return ASKED;
}
