/**
 * Looking at the map and acting on it with the mouse: `LeftClick` (VB6 `HandleLeftClick`:
 * `LookatTile`, then `HandleWorldAction`) and `DoubleClick` (read and ignored by the current VB6
 * server: every interaction moved to the left click).
 *
 * What is answered (ao-org/argentum-online-server `Codigo/GameLogic.bas` (LookatTile),
 * `Codigo/WorldActions.bas`): a ground object's console line (`O*<obj>* - <amount> *<tags>*`, or
 * `O*<obj>*` for doors, signs and mail), an NPC's description over its head (`NPCDESC*<npc>`; for
 * common NPCs, bankers, healers, trainers, governors and quest NPCs only closer than 3 tiles),
 * "you see nothing interesting" for an empty tile (kernel/targets.ts `lookAtTile`). The click sets
 * the player's target (NPC or player). A left click on an NPC's own tile is offered to the
 * systems' `npcClick`s in registry order: a priest revives or heals (systems/priest.ts), a trader
 * within 4 tiles opens its shop (systems/commerce), a banker the "Finanzas Goliath" menu
 * (systems/bank.ts).
 *
 * Not answered yet (they need state this server does not keep): the status line of a player
 * (`MSG_YOU_SEE_CHARACTER` with its status masks), the line of an NPC without a description
 * (`MSG_NPC` with its health and fight state), ore deposits, trees and teleports with their
 * resources and destinations; the target is set all the same. Interactions with NPCs other than
 * traders, bankers and priests (travel, quests…) come with their systems.
 */
import { NpcType } from "../../content/index.ts";
import { ObjectType } from "../../game/items/index.ts";
import type { ClientPacketFields } from "../../protocol/index.ts";
import { entityAt, lookAtTile, withinLookRange, type MapContext, type MapSystem, type NpcEntity, type PlayerEntity } from "../kernel/index.ts";

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

/**
 * `HandleWorldAction` on an NPC exactly on the tile: it becomes the target, and the systems'
 * `npcClick`s are offered it in registry order until one takes it (travel, quests…: systems still
 * to come).
 */
function worldAction(ctx: MapContext, player: PlayerEntity, x: number, y: number): void {
  if (!withinLookRange(player, x, y)) return;
  const here = entityAt(ctx, x, y);
  if (here?.kind !== "npc") {
    objectAction(ctx, player, x, y);
    return;
  }
  player.targetNpc = here;
  for (const click of ctx.routes.npcClicks) if (click(ctx, player, here)) return;
}

/**
 * `TryHandleObjectWorldAction`: the object on the tile goes to the system that claims its type
 * (`objectClicks`: a sign, …); an object of another type ends the click. With nothing on the tile,
 * a door just right of it, diagonally below-right or below (`TryHandleMultiTileObjectWorldAction`).
 */
function objectAction(ctx: MapContext, player: PlayerEntity, x: number, y: number): void {
  const on = ctx.store.objectAt(x, y);
  if (on !== undefined) {
    const type = ctx.items.get(on.obj)?.type;
    const click = type === undefined ? undefined : ctx.routes.objectClicks.get(type);
    click?.(ctx, player, { x, y, obj: on.obj });
    return;
  }
  const doorClick = ctx.routes.objectClicks.get(ObjectType.Door);
  if (doorClick === undefined) return;
  for (const [ox, oy] of [
    [x + 1, y],
    [x + 1, y + 1],
    [x, y + 1],
  ] as const) {
    const at = ctx.store.isInside(ox, oy) ? ctx.store.objectAt(ox, oy) : undefined;
    if (at === undefined || ctx.items.get(at.obj)?.type !== ObjectType.Door) continue;
    doorClick(ctx, player, { x: ox, y: oy, obj: at.obj });
    return;
  }
}

function isInteractable(npc: NpcEntity): boolean {
  const template = npc.template;
  if (template === null) return false;
  return template.trades || template.crafts || INTERACTABLE_TYPES.has(template.npcType);
}

export const look: MapSystem = {
  name: "look",
  packets: { LeftClick: leftClick, DoubleClick: doubleClick },
};
