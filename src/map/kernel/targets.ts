/**
 * What a player points at: `LookatTile` (what the player is told about a tile and the target it
 * sets, VB6 `GameLogic.bas`), the char on a tile, the targets still on the map, distances. A left
 * click, a shot, a cast and a taming attempt all start by looking at the clicked tile.
 */
import { NpcType } from "../../content/index.ts";
import { ObjectType } from "../../game/items/index.ts";
import { MESSAGES, overHeadNpcDescription } from "../../game/messages/index.ts";
import { COLOR_WHITE } from "../../protocol/index.ts";
import type { Entity, NpcEntity, PlayerEntity } from "../entity-store.ts";
import type { MapContext } from "../map-context.ts";
import { isDead } from "./vitals.ts";

/** `RANGO_VISION_X` / `RANGO_VISION_Y`: a click farther than this from the player is ignored. */
export const LOOK_RANGE_X = 15;
export const LOOK_RANGE_Y = 13;

/** `e_NPCType` values whose description is shown only to a player closer than 3 tiles (Euclidean). */
const DESCRIPTION_NEEDS_NEARNESS: ReadonlySet<number> = new Set([NpcType.Quest, NpcType.Banker, NpcType.Reviver, NpcType.Common, NpcType.Trainer, NpcType.Governor]);
const DESCRIPTION_RANGE = 3;

/** `MostrarCantidad`: ground objects whose look line carries the amount. */
const NO_AMOUNT_TYPES: ReadonlySet<number> = new Set([
  ObjectType.Door,
  ObjectType.Sign,
  ObjectType.OreDeposit,
  ObjectType.Tree,
  ObjectType.Mail,
  ObjectType.Teleport,
]);

/** `InRangoVision`: a click is on the player's screen when within 11 columns and 9 rows (`MinXBorder` 12, `MinYBorder` 10, exclusive). */
export const CLICK_RANGE_X = 11;
export const CLICK_RANGE_Y = 9;

/** True when (x, y) is on the player's screen (`InRangoVision`). */
export function onScreen(player: PlayerEntity, x: number, y: number): boolean {
  return Math.abs(x - player.x) <= CLICK_RANGE_X && Math.abs(y - player.y) <= CLICK_RANGE_Y;
}

/** `WorkRequestTarget(skill)`: the client's target cursor for a skill whose next map click comes back as `WorkLeftClick`. */
export function requestTargetCursor(ctx: MapContext, player: PlayerEntity, skill: number): void {
  ctx.view.send(player, ctx.packets.workRequestTarget(skill));
}

/** VB6 `Distancia` on one map: Manhattan. */
export function manhattan(a: { x: number; y: number }, b: { x: number; y: number }): number {
  return Math.abs(a.x - b.x) + Math.abs(a.y - b.y);
}

/** True when (x, y) is within `LookatTile`'s reach of the player. */
export function withinLookRange(player: PlayerEntity, x: number, y: number): boolean {
  return Math.abs(player.y - y) <= LOOK_RANGE_Y && Math.abs(player.x - x) <= LOOK_RANGE_X;
}

/** The char standing on (x, y), if any. */
export function entityAt(ctx: MapContext, x: number, y: number): Entity | undefined {
  const { store } = ctx;
  if (!store.isInside(x, y)) return undefined;
  const charIndex = store.occupantOf(store.tile(x, y));
  return charIndex === 0 ? undefined : store.entity(charIndex);
}

/** The targeted NPC if it is still on this map. */
export function targetNpcOf(ctx: MapContext, player: PlayerEntity): NpcEntity | null {
  const npc = player.targetNpc;
  return npc !== null && ctx.store.npc(npc.charIndex) === npc ? npc : null;
}

/** The targeted player if it is still on this map. */
export function targetUserOf(ctx: MapContext, player: PlayerEntity): PlayerEntity | null {
  const user = player.targetUser;
  return user !== null && ctx.store.player(user.session) === user ? user : null;
}

/** `LookatTile`: what the player is told about the tile, and its new target. */
export function lookAtTile(ctx: MapContext, player: PlayerEntity, x: number, y: number): void {
  if (!withinLookRange(player, x, y)) return;
  // VB6 `LookatTile` keeps the clicked tile (`flags.TargetX/Y`) for `/TELEPLOC`.
  player.targetTile = { x, y };
  let foundSomething = lookAtObject(ctx, player, x, y);
  if (!foundSomething) player.targetObject = null;
  // The char standing just below the tile first (a click on its head), then the one on it.
  const char = entityAt(ctx, x, y + 1) ?? entityAt(ctx, x, y);
  if (char?.kind === "player") {
    // The status line (`MSG_YOU_SEE_CHARACTER`) needs state this server does not keep yet. A
    // role-play description a GM gave it (`/SETDESC`, VB6 `DescRM`) is said instead, as VB6 did.
    if (char.roleplayDescription !== undefined && char.roleplayDescription !== "") ctx.tell(player, MESSAGES.roleplayDescription(char.roleplayDescription));
    player.targetUser = char;
    player.targetNpc = null;
    foundSomething = true;
  } else if (char?.kind === "npc") {
    describeNpc(ctx, player, char);
    // VB6 `LookatTile`: a char's NPC clears `TargetObj`.
    player.targetObject = null;
    player.targetNpc = char;
    player.targetUser = null;
    foundSomething = true;
  } else {
    player.targetNpc = null;
    player.targetUser = null;
  }
  if (!foundSomething) ctx.tell(player, MESSAGES.nothingInteresting());
}

/**
 * The ground object on the tile, else a door just right of it, diagonally below-right or below
 * (VB6 checks those tiles in that order and stops at the first that holds anything).
 */
function lookAtObject(ctx: MapContext, player: PlayerEntity, x: number, y: number): boolean {
  const { store } = ctx;
  const isDoor = (at: { obj: number } | undefined) => at !== undefined && ctx.items.get(at.obj)?.type === ObjectType.Door;
  const objectAt = (ox: number, oy: number) => (store.isInside(ox, oy) ? store.objectAt(ox, oy) : undefined);
  let found = objectAt(x, y);
  let foundAt = { x, y };
  if (found === undefined) {
    for (const [ox, oy] of [
      [x + 1, y],
      [x + 1, y + 1],
      [x, y + 1],
    ] as const) {
      const candidate = objectAt(ox, oy);
      if (candidate === undefined) continue;
      if (isDoor(candidate)) {
        found = candidate;
        foundAt = { x: ox, y: oy };
      }
      break;
    }
  }
  if (found === undefined) return false;
  // VB6 `flags.TargetObjX/Y`: where a key used next finds its door.
  player.targetObject = foundAt;
  const item = ctx.items.get(found.obj);
  const type = item?.type ?? 0;
  if (type === ObjectType.CastleSpawner) return true;
  if (!NO_AMOUNT_TYPES.has(type)) {
    ctx.tell(player, MESSAGES.objectLook(found.obj, found.amount, item?.elementalTags ?? 0));
  } else if (type === ObjectType.Door || type === ObjectType.Sign || type === ObjectType.Mail) {
    ctx.tell(player, MESSAGES.objectLook(found.obj));
  }
  // Ore deposits, trees and teleports name their resources or destination: not kept yet.
  return true;
}

/** An NPC with a `Desc` says it over its head to this player (`NPCDESC*<npc>`); the opening sound plays. */
function describeNpc(ctx: MapContext, player: PlayerEntity, npc: NpcEntity): void {
  const template = npc.template;
  if (template === null || template.description.length <= 1) return;
  if (isDead(player) && template.npcType !== NpcType.Reviver) return;
  if (DESCRIPTION_NEEDS_NEARNESS.has(template.npcType)) {
    if (Math.hypot(player.x - npc.x, player.y - npc.y) >= DESCRIPTION_RANGE) return;
    if (template.soundOpen !== 0) ctx.view.send(player, ctx.packets.playWave(template.soundOpen, npc.x, npc.y, 1, 1));
  }
  ctx.view.send(player, ctx.packets.chatOverHead(overHeadNpcDescription(npc.npcNumber), npc.charIndex, COLOR_WHITE, player.x, player.y));
}
