/**
 * Looking at the map and acting on it with the mouse: `LeftClick` (VB6 `HandleLeftClick`:
 * `LookatTile`, then `HandleWorldAction`) and `DoubleClick` (read and ignored by the current VB6
 * server: every interaction moved to the left click).
 *
 * What is answered (ao-org/argentum-online-server `Codigo/GameLogic.bas` (LookatTile),
 * `Codigo/WorldActions.bas`): a ground object's console line (`O*<obj>* - <amount> *<tags>*`, or
 * `O*<obj>*` for doors, signs and mail), an NPC's description over its head (`NPCDESC*<npc>`; for
 * common NPCs, bankers, healers, trainers, governors and quest NPCs only closer than 3 tiles),
 * "you see nothing interesting" for an empty tile. The click sets the player's target (NPC or
 * player). A left click on a trader within 4 tiles opens its shop (systems/shops.ts), on a banker
 * the "Finanzas Goliath" menu (systems/bank.ts).
 *
 * Not answered yet (they need state this server does not keep): the status line of a player
 * (`MSG_YOU_SEE_CHARACTER` with its status masks), the line of an NPC without a description
 * (`MSG_NPC` with its health and fight state), ore deposits, trees and teleports with their
 * resources and destinations; the target is set all the same. Interactions with NPCs other than
 * traders, bankers and priests (travel, quests…) come with their systems.
 */
import { ObjectType } from "../../game/items/index.ts";
import { MESSAGES, overHeadNpcDescription } from "../../game/messages/index.ts";
import { COLOR_WHITE, type ClientPacketFields } from "../../protocol/index.ts";
import { isTrading, type Entity, type NpcEntity, type PlayerEntity } from "../entity-store.ts";
import type { MapContext } from "../map-context.ts";
import { bankerClicked } from "./bank.ts";
import { priestClicked } from "./death.ts";
import { COMMERCE_CLICK_RANGE, manhattan, openShop } from "./shops.ts";

/** `RANGO_VISION_X` / `RANGO_VISION_Y`: a click farther than this from the player is ignored. */
export const LOOK_RANGE_X = 15;
export const LOOK_RANGE_Y = 13;

/** `e_NPCType` values the click rules name. */
const NpcType = {
  Common: 0,
  Reviver: 1,
  Trainer: 3,
  Banker: 4,
  Recruiter: 5,
  NewbieReviver: 9,
  Pirate: 10,
  Governor: 12,
  Auctioneer: 16,
  Quest: 17,
  FishingDelivery: 20,
  Ao20Shop: 21,
  Ao20ShopCharacters: 22,
  EventMaster: 23,
  Transporter: 26,
} as const;

/** NPC types whose description is only shown to a player closer than 3 tiles (Euclidean). */
const DESCRIPTION_NEEDS_NEARNESS: ReadonlySet<number> = new Set([
  NpcType.Quest,
  NpcType.Banker,
  NpcType.Reviver,
  NpcType.Common,
  NpcType.Trainer,
  NpcType.Governor,
]);
const DESCRIPTION_RANGE = 3;

/** `IsNpcWorldInteractable`: traders, crafters and the service NPC types. */
const INTERACTABLE_TYPES: ReadonlySet<number> = new Set([
  NpcType.Banker,
  NpcType.Pirate,
  NpcType.Reviver,
  NpcType.NewbieReviver,
  NpcType.Auctioneer,
  NpcType.Quest,
  NpcType.Recruiter,
  NpcType.Governor,
  NpcType.FishingDelivery,
  NpcType.Ao20Shop,
  NpcType.Ao20ShopCharacters,
  NpcType.EventMaster,
  NpcType.Transporter,
]);

/** `MostrarCantidad`: ground objects whose look line carries the amount. */
const NO_AMOUNT_TYPES: ReadonlySet<number> = new Set([
  ObjectType.Door,
  ObjectType.Sign,
  ObjectType.OreDeposit,
  ObjectType.Tree,
  ObjectType.Mail,
  ObjectType.Teleport,
]);

/** `LeftClick` (x, y): look at the tile, then act on it (a trader's shop). */
export function leftClick(ctx: MapContext, player: PlayerEntity, fields: ClientPacketFields<"LeftClick">): void {
  const { x, y } = fields;
  if (!ctx.store.isInside(x, y)) return;
  lookAtTile(ctx, player, x, y);
  // The char clicked: on the tile, or the one standing just below it (a click on its head).
  const here = entityAt(ctx, x, y);
  const below = entityAt(ctx, x, y + 1);
  const clickedUser = here?.kind === "player" ? here : below?.kind === "player" ? below : undefined;
  const clickedNpc = here?.kind === "npc" ? here : below?.kind === "npc" ? below : undefined;
  if (clickedUser === undefined && (clickedNpc === undefined || isInteractable(clickedNpc))) worldAction(ctx, player, x, y);
}

/** `DoubleClick`: read and ignored, as the current VB6 server does. */
export function doubleClick(): void {}

/** `LookatTile`: what the player is told about the tile, and its new target (also the first step of a shot, systems/ranged.ts). */
export function lookAtTile(ctx: MapContext, player: PlayerEntity, x: number, y: number): void {
  if (!withinLookRange(player, x, y)) return;
  let foundSomething = lookAtObject(ctx, player, x, y);
  // The char standing just below the tile first (a click on its head), then the one on it.
  const char = entityAt(ctx, x, y + 1) ?? entityAt(ctx, x, y);
  if (char?.kind === "player") {
    // The status line (`MSG_YOU_SEE_CHARACTER`) needs state this server does not keep yet.
    player.targetUser = char;
    player.targetNpc = null;
    foundSomething = true;
  } else if (char?.kind === "npc") {
    describeNpc(ctx, player, char);
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
  if (found === undefined) {
    for (const [ox, oy] of [
      [x + 1, y],
      [x + 1, y + 1],
      [x, y + 1],
    ] as const) {
      const candidate = objectAt(ox, oy);
      if (candidate === undefined) continue;
      if (isDoor(candidate)) found = candidate;
      break;
    }
  }
  if (found === undefined) return false;
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
  const dead = isDead(player);
  if (dead && template.npcType !== NpcType.Reviver) return;
  if (DESCRIPTION_NEEDS_NEARNESS.has(template.npcType)) {
    if (Math.hypot(player.x - npc.x, player.y - npc.y) >= DESCRIPTION_RANGE) return;
    if (template.soundOpen !== 0) ctx.view.send(player, ctx.packets.playWave(template.soundOpen, npc.x, npc.y, 1, 1));
  }
  ctx.view.send(player, ctx.packets.chatOverHead(overHeadNpcDescription(npc.npcNumber), npc.charIndex, COLOR_WHITE, player.x, player.y));
}

/** `HandleWorldAction` on an NPC exactly on the tile: target it; a trader opens its shop. */
function worldAction(ctx: MapContext, player: PlayerEntity, x: number, y: number): void {
  if (!withinLookRange(player, x, y)) return;
  const here = entityAt(ctx, x, y);
  if (here?.kind !== "npc") return; // doors and other world objects: systems still to come
  player.targetNpc = here;
  if (priestClicked(ctx, player, here)) return;
  if (here.shop === null) {
    bankerClicked(ctx, player, here); // travel, quests…: systems still to come
    return;
  }
  if (isDead(player)) {
    ctx.tell(player, MESSAGES.item("dead"));
    return;
  }
  if (isTrading(player)) return;
  if (manhattan(player, here) > COMMERCE_CLICK_RANGE) {
    ctx.tell(player, MESSAGES.tooFar());
    return;
  }
  openShop(ctx, player, here);
}

function isInteractable(npc: NpcEntity): boolean {
  const template = npc.template;
  if (template === null) return false;
  return template.trades || template.crafts || INTERACTABLE_TYPES.has(template.npcType);
}

function withinLookRange(player: PlayerEntity, x: number, y: number): boolean {
  return Math.abs(player.y - y) <= LOOK_RANGE_Y && Math.abs(player.x - x) <= LOOK_RANGE_X;
}

function entityAt(ctx: MapContext, x: number, y: number): Entity | undefined {
  const { store } = ctx;
  if (!store.isInside(x, y)) return undefined;
  const charIndex = store.occupantOf(store.tile(x, y));
  return charIndex === 0 ? undefined : store.entity(charIndex);
}

function isDead(player: PlayerEntity): boolean {
  return player.record.vitals.hp <= 0;
}
