/**
 * Staff acts on characters (gm-and-moderation §2.5, §2.6, §3.7): `/CI` on the GM's own map;
 * `/DAR`, `/REVIVIR`, `/EJECUTAR`, `/ESTUPIDO` and `/NOESTUPIDO` on a target that may play on
 * any map, through the staff service (`act_on_target`), which checks the rank rule and has the
 * target's map carry the act out ({@link characterAct}). Item bounds are game/staff's
 * (`createdAmount`, G28); object ids are the world's catalogue.
 */
import { putItem } from "../../../game/inventory/index.ts";
import { MESSAGES } from "../../../game/messages/index.ts";
import { createdAmount, MAX_CREATED_UNITS, standingOf } from "../../../game/staff/index.ts";
import type { ClientPacketFields } from "../../../protocol/index.ts";
import { commit, dropAround, isDead, playerDies, revivePlayer, setVitals, type MapContext, type PlayerEntity, type TargetAct, type TargetReport } from "../../kernel/index.ts";
import type { ASKED, StaffEffect, StaffOutcome } from "./gate.ts";
import { askActOnTarget, isEventMap, namesSelf, refused, typedName } from "./movement.ts";

/** A template the world has, with a name (VB6: 1 … NumObjDatas and a non-empty `Name`). */
function namedObject(ctx: MapContext, objectId: number): { name: string; fixedInPlace: boolean } | undefined {
  const template = ctx.items.get(objectId);
  return template !== undefined && template.name !== "" ? template : undefined;
}

/**
 * `/CI obj cantidad` (`HandleCreateItem`, Admin): 1 … 10,000 units (G28); an unknown object
 * changes nothing and says nothing, as VB6. Into the inventory (Msg1500); without room, Msg980
 * and the units on the floor (Msg1501); an object that cannot be picked up straight on the
 * floor (Msg1502).
 */
export function createItem(ctx: MapContext, player: PlayerEntity, fields: ClientPacketFields<"CreateItem">): StaffOutcome {
  const amount = createdAmount(fields.amount);
  if (!amount.ok) {
    ctx.tell(player, amount.reason === "too_many" ? MESSAGES.createUpTo(MAX_CREATED_UNITS) : MESSAGES.createAmountNotPositive());
    return refused(amount.reason);
  }
  const object = namedObject(ctx, fields.objIndex);
  if (object === undefined) return refused("unknown_object");
  const stack = { objectId: fields.objIndex, amount: amount.amount };
  const detail = `${fields.objIndex} x${amount.amount}`;
  if (object.fixedInPlace) {
    dropAround(ctx, player.x, player.y, stack);
    ctx.tell(player, MESSAGES.createdOnFloor(amount.amount, true));
    return { outcome: "ok", detail: `${detail} on the floor` };
  }
  const put = putItem(player.inventory, stack, ctx.items);
  if (put.ok) {
    commit(ctx, player, put.inventory, put.changed, put.goldDelta);
    ctx.tell(player, MESSAGES.youCreatedItem(object.name, amount.amount));
    return { outcome: "ok", detail };
  }
  ctx.tell(player, MESSAGES.noRoomToCreate());
  dropAround(ctx, player.x, player.y, stack);
  ctx.tell(player, MESSAGES.createdOnFloor(amount.amount, false));
  return { outcome: "ok", detail: `${detail} on the floor` };
}

/**
 * `/DAR nick@motivo@obj@cantidad` (`HandleGiveItem`, Admin): an object that cannot be picked up
 * or that the world has not is refused silently, as VB6; units capped at 10,000 (VB6) and 0 or
 * fewer refused (G28). Done on the target's map; everyone hears of the gift (G16, reproduced).
 */
export function giveItem(ctx: MapContext, player: PlayerEntity, fields: ClientPacketFields<"GiveItem">): StaffOutcome | typeof ASKED {
  const name = typedName(fields.userName);
  if (name === "") return refused("no_target");
  const object = namedObject(ctx, fields.objIndex);
  if (object === undefined || object.fixedInPlace) return refused("unknown_object", name);
  const amount = createdAmount(Math.min(fields.amount, MAX_CREATED_UNITS));
  if (!amount.ok) {
    ctx.tell(player, MESSAGES.createAmountNotPositive());
    return refused(amount.reason, name);
  }
  return askActOnTarget(ctx, player, "GiveItem", fields, name, { kind: "give", objectId: fields.objIndex, amount: amount.amount, reason: fields.reason.trim(), objectName: object.name });
}

/** `/REVIVIR nick` (`HandleReviveChar`, SemiDios and up; `YO` is oneself). */
export function reviveChar(ctx: MapContext, player: PlayerEntity, fields: ClientPacketFields<"ReviveChar">): StaffOutcome | typeof ASKED {
  const typed = typedName(fields.userName);
  if (typed === "") return refused("no_target");
  const name = namesSelf(player, typed) ? player.name : typed;
  return askActOnTarget(ctx, player, "ReviveChar", fields, name, { kind: "revive", safeEventOnly: standingOf(player.privileges).rank === "semidios" });
}

/** `/EJECUTAR nick` (`HandleExecute`): the target dies. Decision (G11): punitive, so strictly above the target (the service checks). */
export function execute(ctx: MapContext, player: PlayerEntity, fields: ClientPacketFields<"Execute">): StaffOutcome | typeof ASKED {
  const name = typedName(fields.userName);
  if (name === "") return refused("no_target");
  return askActOnTarget(ctx, player, "Execute", fields, name, { kind: "execute" });
}

/** `/ESTUPIDO nick` (`HandleMakeDumb`). Decision (G11): punitive, strictly above the target (VB6 had no rank check). */
export function makeDumb(ctx: MapContext, player: PlayerEntity, fields: ClientPacketFields<"MakeDumb">): StaffOutcome | typeof ASKED {
  const name = typedName(fields.userName);
  if (name === "") return refused("no_target");
  return askActOnTarget(ctx, player, "MakeDumb", fields, name, { kind: "dumb", on: true });
}

/** `/NOESTUPIDO nick` (`HandleMakeDumbNoMore`). */
export function makeDumbNoMore(ctx: MapContext, player: PlayerEntity, fields: ClientPacketFields<"MakeDumbNoMore">): StaffOutcome | typeof ASKED {
  const name = typedName(fields.userName);
  if (name === "") return refused("no_target");
  return askActOnTarget(ctx, player, "MakeDumbNoMore", fields, name, { kind: "dumb", on: false });
}

/** HP, mana and stamina to their maximum. */
function fullVitals(player: PlayerEntity): { hp: number; mana: number; stamina: number } {
  const { maxHp, maxMana, maxStamina } = player.record.vitals;
  return { hp: maxHp, mana: maxMana, stamina: maxStamina };
}

/** The character acts on the target's map. */
export function characterAct(ctx: MapContext, target: PlayerEntity, asker: string, act: Extract<TargetAct, { kind: "revive" | "execute" | "give" | "dumb" }>): TargetReport {
  switch (act.kind) {
    case "revive": {
      const dead = isDead(target);
      // VB6 refuses a SemiDios a ghost on a map that is not both safe and an event map.
      if (dead && act.safeEventOnly && !(ctx.definition.safe && isEventMap(ctx, ctx.definition.id))) return { kind: "refused", reason: "not_safe_event_map" };
      if (dead) {
        revivePlayer(ctx, target, fullVitals(target));
        ctx.view.send(target, ctx.packets.updateStamina(target.record.vitals.stamina));
        ctx.tell(target, MESSAGES.revivedBy(asker));
      } else {
        ctx.tell(target, MESSAGES.healedBy(asker));
        setVitals(ctx, target, fullVitals(target));
      }
      return { kind: "done", revived: dead };
    }
    case "execute":
      if (isDead(target)) return { kind: "refused", reason: "already_dead" };
      playerDies(ctx, target);
      return { kind: "done" };
    case "give": {
      const put = putItem(target.inventory, { objectId: act.objectId, amount: act.amount }, ctx.items);
      if (!put.ok) return { kind: "refused", reason: put.reason === "inventory_full" ? "inventory_full" : "invalid" };
      commit(ctx, target, put.inventory, put.changed, put.goldDelta);
      return { kind: "done" };
    }
    case "dumb":
      ctx.view.send(target, act.on ? ctx.packets.dumb() : ctx.packets.dumbNoMore());
      return { kind: "done" };
  }
}

export const CHARACTER_EFFECTS = {
  CreateItem: createItem,
  GiveItem: giveItem,
  ReviveChar: reviveChar,
  Execute: execute,
  MakeDumb: makeDumb,
  MakeDumbNoMore: makeDumbNoMore,
} satisfies {
  readonly CreateItem: StaffEffect<"CreateItem">;
  readonly GiveItem: StaffEffect<"GiveItem">;
  readonly ReviveChar: StaffEffect<"ReviveChar">;
  readonly Execute: StaffEffect<"Execute">;
  readonly MakeDumb: StaffEffect<"MakeDumb">;
  readonly MakeDumbNoMore: StaffEffect<"MakeDumbNoMore">;
};
