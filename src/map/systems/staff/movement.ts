/**
 * Staff movement on a map (gm-and-moderation §2.4, §3.6, §5.7): `/TELEP`, `/IRA`, `/SUM`,
 * `/IRCERCA`, `/TELEPLOC` and `/INVISIBLE`. What the GM's own map can decide (the sender's rank
 * rules of G7, a move of the GM alone, its invisibility) is done here; a move of another
 * character goes to the staff service (`act_on_target`, world/services/staff-movement.ts), which
 * finds it on any map, checks the rank rule and sends the act to its map ({@link actOnTarget},
 * here too), which reports back. Rules in game/staff/movement.ts; every landing is the free tile
 * nearest the wanted one (`findFreeTile`: never a blocked tile).
 */
import { MESSAGES } from "../../../game/messages/index.ts";
import { mayTurnInvisible, nearbyTiles, rankLevel, standingOf, summonIsAnnounced, warpCheck, type WarpCheck } from "../../../game/staff/index.ts";
import type { ClientPacketFields } from "../../../protocol/index.ts";
import { findFreeTile, isDead, targetUserOf, warpNpc, type MapContext, type PlayerEntity, type StaffServiceCommand, type TargetAct, type TargetReport, type WorldTile } from "../../kernel/index.ts";
import { ASKED, paramsOf, type StaffEffect, type StaffOutcome } from "./gate.ts";

/** VB6's name for oneself in `/TELEP YO …` and `/REVIVIR YO`. */
export const SELF_NAME = "YO";

/** VB6 `GlobalChecks`: a `+` in a typed name stands for a space. */
export function typedName(name: string): string {
  return name.replaceAll("+", " ").trim();
}

/** `YO`, or the sender's own name (any case), names the sender. */
export function namesSelf(player: PlayerEntity, name: string): boolean {
  return name.toUpperCase() === SELF_NAME || name.toLowerCase() === player.name.toLowerCase();
}

export function refused(detail: string, target?: string): StaffOutcome {
  return { outcome: "refused_rule", detail, ...(target !== undefined && target !== "" ? { target: { name: target } } : {}) };
}

/** Hands a command on another character to the staff service (it audits it with its outcome). */
export function askActOnTarget(ctx: MapContext, player: PlayerEntity, action: string, fields: unknown, target: string, act: TargetAct): typeof ASKED {
  const command: StaffServiceCommand = { kind: "act_on_target", target, act };
  ctx.ask("staff", player, { kind: "command", action, params: paramsOf(fields), command });
  return ASKED;
}

/** `[MapasEventos]` of `MapasEspeciales.dat` (none without the table). */
export function isEventMap(ctx: MapContext, map: number): boolean {
  return ctx.tables?.specialMaps?.events.includes(map) ?? false;
}

/** The free tile nearest (x, y) of this map, if (x, y) is on it at all. */
function landingOnThisMap(ctx: MapContext, x: number, y: number): { x: number; y: number } | undefined {
  if (x < 1 || y < 1 || x > ctx.terrain.width || y > ctx.terrain.height) return undefined;
  return findFreeTile(ctx.terrain, ctx.store, x, y);
}

/** False when `to` is on this map and no free tile is near it (another map places the player on arrival). */
export function canLand(ctx: MapContext, to: WorldTile): boolean {
  return to.map !== ctx.definition.id || landingOnThisMap(ctx, to.x, to.y) !== undefined;
}

/** Moves a player to `to` when it {@link canLand} there; false (nothing moved) otherwise. */
export function moveTo(ctx: MapContext, player: PlayerEntity, to: WorldTile): boolean {
  if (!canLand(ctx, to)) return false;
  ctx.sendTo(player, to);
  return true;
}

const WARP_REFUSALS: Record<Exclude<WarpCheck, { ok: true }>["reason"], () => ReturnType<typeof MESSAGES.warpOnlySelf>> = {
  only_safe_maps: MESSAGES.warpOnlySafeMaps,
  only_self: MESSAGES.warpOnlySelf,
  only_event_maps: MESSAGES.warpOnlyEventMaps,
};

/** `/TELEP nick mapa x y` (`HandleWarpChar`); `YO` or one's own name moves oneself. */
export function warpChar(ctx: MapContext, player: PlayerEntity, fields: ClientPacketFields<"WarpChar">): StaffOutcome | typeof ASKED {
  const name = typedName(fields.userName);
  if (name === "") return refused("no_target");
  const self = namesSelf(player, name);
  const here = ctx.definition.id;
  const check = warpCheck(standingOf(player.privileges), {
    self,
    destinationIsThisSafeMap: fields.map === here && ctx.definition.safe,
    destinationIsEventMap: isEventMap(ctx, fields.map),
  });
  if (!check.ok) {
    ctx.tell(player, WARP_REFUSALS[check.reason]());
    return refused(check.reason, self ? undefined : name);
  }
  if (fields.map < 1 || fields.x < 1 || fields.y < 1) return refused("invalid_place", self ? undefined : name);
  const to = { map: fields.map, x: fields.x, y: fields.y };
  if (!self) return askActOnTarget(ctx, player, "WarpChar", fields, name, { kind: "warp", to });
  if (to.map === here && to.x === player.x && to.y === player.y) return { outcome: "ok", detail: "already_there" };
  if (!moveTo(ctx, player, to)) {
    ctx.tell(player, MESSAGES.noRoomToLand());
    return refused("no_room");
  }
  return { outcome: "ok", detail: `self to ${to.map} ${to.x} ${to.y}` };
}

/** The name typed, or else the player last clicked on this map (VB6 `flags.TargetUser`). */
function nameOrClicked(ctx: MapContext, player: PlayerEntity, typed: string): string {
  const name = typedName(typed);
  return name !== "" ? name : (targetUserOf(ctx, player)?.name ?? "");
}

/** `/IRA nick` (`HandleGoToChar`, SemiDios and up): to the free tile nearest below the target, on any map. */
export function goToChar(ctx: MapContext, player: PlayerEntity, fields: ClientPacketFields<"GoToChar">): StaffOutcome | typeof ASKED {
  const name = nameOrClicked(ctx, player, fields.userName);
  if (name === "") return refused("no_target");
  return askActOnTarget(ctx, player, "GoToChar", fields, name, { kind: "visit", nearby: false, unsafeRefused: false, anonymous: player.adminInvisible === true });
}

/**
 * `/IRCERCA nick` (`HandleGoNearby`): the first free tile of the rings 2 … 5 around the target.
 * A Consejero may go only near a player with a pending request in the SOS queue (`/GM`,
 * `/DENUNCIAR`): the staff service reads the queue (`sosOnly`) and answers VB6's Msg539 when there
 * is none. A Consejero or SemiDios is refused a target on an unsafe map (Msg1319).
 */
export function goNearby(ctx: MapContext, player: PlayerEntity, fields: ClientPacketFields<"GoNearby">): StaffOutcome | typeof ASKED {
  const level = rankLevel(standingOf(player.privileges).rank);
  const name = typedName(fields.userName);
  if (name === "") return refused("no_target");
  const sosOnly = level < rankLevel("semidios");
  return askActOnTarget(ctx, player, "GoNearby", fields, name, { kind: "visit", nearby: true, unsafeRefused: level <= rankLevel("semidios"), anonymous: player.adminInvisible === true, ...(sosOnly ? { sosOnly } : {}) });
}

/**
 * `/SUM nick` (`HandleSummonChar`, SemiDios and up): the target to the free tile nearest below
 * the GM. A SemiDios only while standing on an event map (Msg967), and never a ghost (Msg968).
 * With no name typed and no player clicked, the clicked creature of this map comes instead (VB6
 * `WarpNpcChar`, Msg563; the click is always of the GM's own map, so VB6's Msg966 cannot happen).
 */
export function summonChar(ctx: MapContext, player: PlayerEntity, fields: ClientPacketFields<"SummonChar">): StaffOutcome | typeof ASKED {
  const name = nameOrClicked(ctx, player, fields.userName);
  if (name === "") return summonClickedNpc(ctx, player);
  const semidios = standingOf(player.privileges).rank === "semidios";
  if (semidios && !isEventMap(ctx, ctx.definition.id)) {
    ctx.tell(player, MESSAGES.summonOnlyOnEventMaps());
    return refused("only_event_maps", name);
  }
  const invisible = player.adminInvisible === true;
  const to = { map: ctx.definition.id, x: player.x, y: player.y + 1 };
  return askActOnTarget(ctx, player, "SummonChar", fields, name, { kind: "summon", to, aliveOnly: semidios, anonymous: invisible, announced: summonIsAnnounced(invisible) });
}

function summonClickedNpc(ctx: MapContext, player: PlayerEntity): StaffOutcome {
  const npc = player.targetNpc;
  // A creature that died or left since the click is no longer in the store.
  if (npc === null || ctx.store.npc(npc.charIndex) !== npc) return refused("no_target");
  if (!warpNpc(ctx, npc, player.x, player.y + 1)) return refused("no_room", npc.template?.name ?? String(npc.spawn.npc));
  ctx.tell(player, MESSAGES.creatureMoved());
  return { outcome: "ok", target: { name: npc.template?.name ?? String(npc.spawn.npc) }, detail: `npc ${npc.spawn.npc} to ${npc.x} ${npc.y}` };
}

/** `/TELEPLOC` (`HandleWarpMeToTarget`): to the tile last clicked on this map. */
export function warpMeToTarget(ctx: MapContext, player: PlayerEntity): StaffOutcome {
  const tile = player.targetTile;
  if (tile === undefined) {
    ctx.tell(player, MESSAGES.noClickedTile());
    return refused("no_clicked_tile");
  }
  if (!moveTo(ctx, player, { map: ctx.definition.id, ...tile })) {
    ctx.tell(player, MESSAGES.noRoomToLand());
    return refused("no_room");
  }
  return { outcome: "ok", detail: `to ${ctx.definition.id} ${tile.x} ${tile.y}` };
}

/**
 * `/INVISIBLE` (`DoAdminInvisible`, SemiDios and up): toggles the GM's admin invisibility; who
 * still draws it is `canSee`'s (game/staff). It goes on on the next map (`handOver`).
 * Decision (§5.7): a session starts visible (VB6 made SemiDios and up invisible at every login);
 * the GM turns it on when wanted.
 */
export function invisible(ctx: MapContext, player: PlayerEntity): StaffOutcome {
  if (!mayTurnInvisible(standingOf(player.privileges).rank)) return refused("rank");
  player.adminInvisible = player.adminInvisible !== true;
  ctx.view.adminInvisibilityChanged(player);
  ctx.tell(player, MESSAGES.adminInvisible(player.adminInvisible));
  return { outcome: "ok", detail: player.adminInvisible ? "on" : "off" };
}

// ------------------------------------------------------------ on the target's map

/** Where `/IRA` lands: the free tile nearest below the target. */
function belowTarget(ctx: MapContext, target: PlayerEntity): { x: number; y: number } | undefined {
  return findFreeTile(ctx.terrain, ctx.store, target.x, target.y + 1);
}

/** Where `/IRCERCA` lands: the first tile of the rings that is itself free and enterable. */
function nearTarget(ctx: MapContext, target: PlayerEntity): { x: number; y: number } | undefined {
  for (const tile of nearbyTiles(target.x, target.y)) {
    const free = landingOnThisMap(ctx, tile.x, tile.y);
    if (free !== undefined && free.x === tile.x && free.y === tile.y) return tile;
  }
  return undefined;
}

/** The movement acts on the target's map (the others are characters.ts'). */
export function moveTarget(ctx: MapContext, target: PlayerEntity, asker: string, act: Extract<TargetAct, { kind: "warp" | "summon" | "visit" }>): TargetReport {
  const here = ctx.definition.id;
  switch (act.kind) {
    case "warp":
      return moveTo(ctx, target, act.to) ? { kind: "done", tile: act.to } : { kind: "refused", reason: "no_room" };
    case "summon": {
      if (act.aliveOnly && isDead(target)) return { kind: "refused", reason: "dead" };
      if (!canLand(ctx, act.to)) return { kind: "refused", reason: "no_room" };
      ctx.tell(target, act.anonymous ? MESSAGES.youWereMoved() : MESSAGES.movedYou(asker));
      moveTo(ctx, target, act.to);
      return { kind: "done", tile: act.to };
    }
    case "visit": {
      if (act.unsafeRefused && !ctx.definition.safe) return { kind: "refused", reason: "unsafe_map" };
      const tile = act.nearby ? nearTarget(ctx, target) : belowTarget(ctx, target);
      if (tile === undefined) return { kind: "refused", reason: "no_room" };
      // `/IRA` tells the target (Msg1851) unless the GM is invisible; `/IRCERCA` never does (VB6).
      if (!act.nearby && !act.anonymous) ctx.tell(target, MESSAGES.cameToYou(asker));
      return { kind: "done", tile: { map: here, ...tile } };
    }
  }
}

/** The movement effects, by packet. */
export const MOVEMENT_EFFECTS = {
  WarpChar: warpChar,
  GoToChar: goToChar,
  GoNearby: goNearby,
  SummonChar: summonChar,
  WarpMeToTarget: warpMeToTarget,
  Invisible: invisible,
} satisfies {
  readonly WarpChar: StaffEffect<"WarpChar">;
  readonly GoToChar: StaffEffect<"GoToChar">;
  readonly GoNearby: StaffEffect<"GoNearby">;
  readonly SummonChar: StaffEffect<"SummonChar">;
  readonly WarpMeToTarget: StaffEffect<"WarpMeToTarget">;
  readonly Invisible: StaffEffect<"Invisible">;
};

/** The GM's invisibility goes on on the next map (VB6 keeps `AdminInvisible` through a warp). */
export function invisibilityHandOver(_ctx: MapContext, player: PlayerEntity): { adminInvisible?: boolean } {
  return player.adminInvisible === true ? { adminInvisible: true } : {};
}
