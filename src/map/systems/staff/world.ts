/**
 * The staff commands on the items and tiles of the GM's own map (gm-and-moderation §2.7): `/DEST`,
 * `/MASSDEST`, `/LIMPIAR`, the floor list, `/TRIGGER`, the trigger question and `/BLOQ`. The gate
 * let the sender through and audits what each returns. Piles go through the kernel's ground verbs
 * (viewers get `ObjectDelete`), tiles through its tile verbs (the shared collision grid, so walking
 * players and NPCs see the change at once).
 *
 * Decisions (named by the quirk they settle):
 * - LIMPIAR-CLEANS: `/LIMPIAR` erases every pile of the GM's map that is not a map fixture (the
 *   `/MASSDEST` rule over the whole map) and says Msg971; VB6 said Msg971 and cleaned nothing.
 * - TRIGGER-RANGE (game/staff/world.ts): `/TRIGGER n` only for the triggers `e_Trigger` names;
 *   another value is refused with a line and the tile keeps its trigger.
 * - BLOQ-WALL: `/BLOQ` blocks a free tile (all sides and the GM mark) and opens a tile a GM
 *   blocked; a wall of the map file (block bits without the GM mark) is refused with a line. VB6
 *   cleared any block, so one typo opened a wall for good.
 * - CT-DESTINATION (game/staff/world.ts): hostile destinations refused with a line, nothing made.
 * - CT-OBJECT: the teleport's object is put only when the world's objects have it (the default
 *   world has none); the exit is made either way and the GM told which.
 * - DT-TILE: `/DT` acts on the tile above the GM, where `/CT` puts a teleport (VB6 used the tile
 *   last clicked, which this server does not keep).
 * - Both are in memory, as VB6: the map file is not written.
 * - G32: `/MODMAPINFO SEGURO 1|0` makes the GM's map safe or not (in memory, this map's worker)
 *   and Msg1506 says what it now is; VB6 answered with the inverted word.
 */
import { MESSAGES } from "../../../game/messages/index.ts";
import { BLOCKED_ALL, BLOCKED_GM } from "../../../game/movement/index.ts";
import {
  FLOOR_LIST_FIRST,
  FLOOR_LIST_LAST,
  isMapFixture,
  isStaffTrigger,
  isTeleportDestination,
  MAX_STAFF_TRIGGER,
  teleportObjectFor,
  tilesAround,
} from "../../../game/staff/index.ts";
import { ObjectType } from "../../../game/items/index.ts";
import type { ClientPacketFields } from "../../../protocol/index.ts";
import { putPile, removePile, setTileBlocked, setTrigger, triggerAt, type MapContext, type PlayerEntity } from "../../kernel/index.ts";
import { ASKED, paramsOf, type StaffEffect, type StaffOutcome } from "./gate.ts";

/** A pile of an item that is not part of the map (`ItemNoEsDeMapa`). */
function isLoosePile(ctx: MapContext, obj: number): boolean {
  return !isMapFixture(ctx.items.get(obj)?.type);
}

/** `/DEST` (`HandleDestroyItems`): the pile on the GM's tile goes, whatever it is; no pile, nothing (as VB6). */
export function destroyItemsHere(ctx: MapContext, player: PlayerEntity): StaffOutcome {
  const pile = ctx.store.objectAt(player.x, player.y);
  if (pile === undefined) return { outcome: "refused_rule", detail: "no_pile" };
  removePile(ctx, player.x, player.y);
  return { outcome: "ok", detail: `${pile.obj} x${pile.amount} at ${player.x},${player.y}` };
}

/** Erases the loose piles among `tiles`; how many went. */
function eraseLoosePiles(ctx: MapContext, tiles: Iterable<{ x: number; y: number }>): number {
  let erased = 0;
  for (const { x, y } of tiles) {
    const pile = ctx.store.objectAt(x, y);
    if (pile === undefined || !isLoosePile(ctx, pile.obj)) continue;
    removePile(ctx, x, y);
    erased++;
  }
  return erased;
}

/** `/MASSDEST` (`HandleDestroyAllItemsInArea`): every loose pile within x ± 11, y ± 9 of the GM. */
export function destroyItemsAround(ctx: MapContext, player: PlayerEntity): StaffOutcome {
  const erased = eraseLoosePiles(ctx, tilesAround(player.x, player.y, ctx.terrain.width, ctx.terrain.height));
  return { outcome: "ok", detail: `erased ${erased}` };
}

/** `/LIMPIAR` (`HandleCleanWorld`): LIMPIAR-CLEANS, every loose pile of the GM's map, then Msg971. */
export function cleanMap(ctx: MapContext, player: PlayerEntity): StaffOutcome {
  // Copied first: erasing while iterating the store's map would skip piles.
  const tiles = [...ctx.store.objects()].map(({ x, y }) => ({ x, y }));
  const erased = eraseLoosePiles(ctx, tiles);
  ctx.tell(player, MESSAGES.groundCleaned());
  return { outcome: "ok", detail: `erased ${erased}` };
}

/** `/ITEMSINTHEFLOOR` (`HandleItemsInTheFloor`): "(x,y) name" for every pile from 5 to 95 but trees, column by column as VB6. */
export function listFloorItems(ctx: MapContext, player: PlayerEntity): StaffOutcome {
  const piles = [...ctx.store.objects()]
    .filter((pile) => pile.x >= FLOOR_LIST_FIRST && pile.x <= FLOOR_LIST_LAST && pile.y >= FLOOR_LIST_FIRST && pile.y <= FLOOR_LIST_LAST)
    .filter((pile) => ctx.items.get(pile.obj)?.type !== ObjectType.Tree)
    .sort((a, b) => a.x - b.x || a.y - b.y);
  for (const pile of piles) ctx.tell(player, MESSAGES.floorItem(pile.x, pile.y, ctx.items.get(pile.obj)?.name ?? `#${pile.obj}`));
  return { outcome: "ok", detail: `listed ${piles.length}` };
}

/** `/TRIGGER n` (`HandleSetTrigger`): the GM's tile gets trigger n (in memory), TRIGGER-RANGE checked. */
export function setTileTrigger(ctx: MapContext, player: PlayerEntity, fields: ClientPacketFields<"SetTrigger">): StaffOutcome {
  if (!isStaffTrigger(fields.trigger)) {
    ctx.tell(player, MESSAGES.triggerOutOfRange(MAX_STAFF_TRIGGER));
    return { outcome: "refused_rule", detail: "trigger_out_of_range" };
  }
  const before = triggerAt(ctx, player.x, player.y);
  setTrigger(ctx, player.x, player.y, fields.trigger);
  ctx.tell(player, MESSAGES.triggerSet(fields.trigger, ctx.definition.id, player.x, player.y));
  return { outcome: "ok", detail: `${before} -> ${fields.trigger} at ${player.x},${player.y}` };
}

/** `AskTrigger` (`HandleAskTrigger`): Msg1498 with the map, the tile and its trigger. */
export function askTileTrigger(ctx: MapContext, player: PlayerEntity): StaffOutcome {
  const trigger = triggerAt(ctx, player.x, player.y);
  ctx.tell(player, MESSAGES.tileTrigger(ctx.definition.id, player.x, player.y, trigger));
  return { outcome: "ok", detail: `${trigger} at ${player.x},${player.y}` };
}

/** `/BLOQ` (`HandleTile_BlockedToggle`): BLOQ-WALL, a free tile blocked, a GM's block opened, a map wall kept. */
export function toggleTileBlocked(ctx: MapContext, player: PlayerEntity): StaffOutcome {
  const bits = ctx.terrain.collision[ctx.store.tile(player.x, player.y)]!;
  const at = `${player.x},${player.y}`;
  if ((bits & BLOCKED_GM) !== 0) {
    setTileBlocked(ctx, player.x, player.y, false);
    return { outcome: "ok", detail: `opened ${at}` };
  }
  if ((bits & BLOCKED_ALL) !== 0) {
    ctx.tell(player, MESSAGES.mapWallStays());
    return { outcome: "refused_rule", detail: `map_wall ${at}` };
  }
  setTileBlocked(ctx, player.x, player.y, true);
  return { outcome: "ok", detail: `blocked ${at}` };
}

/** The tile above the GM, where `/CT` puts a teleport and `/DT` looks for one; null off the map's top edge. */
function tileAbove(ctx: MapContext, player: PlayerEntity): { x: number; y: number } | null {
  return ctx.store.isInside(player.x, player.y - 1) ? { x: player.x, y: player.y - 1 } : null;
}

/** `/CT mapa x y [radio]` (`HandleTeleportCreate`): an exit above the GM to (mapa, x, y), drawn with the teleport's object. */
export function createTeleport(ctx: MapContext, player: PlayerEntity, fields: ClientPacketFields<"TeleportCreate">): StaffOutcome {
  const destination = `${fields.map},${fields.x},${fields.y}`;
  const sameMap = fields.map === ctx.definition.id;
  if (!isTeleportDestination(fields.map, fields.x, fields.y) || (sameMap && !ctx.store.isInside(fields.x, fields.y))) {
    ctx.tell(player, MESSAGES.badTeleportDestination());
    return { outcome: "refused_rule", detail: `bad_destination ${destination}` };
  }
  const at = tileAbove(ctx, player);
  if (at === null || ctx.store.objectAt(at.x, at.y) !== undefined || ctx.terrain.exitAt(at.x, at.y) !== undefined) {
    ctx.tell(player, MESSAGES.teleportNotHere());
    return { outcome: "refused_rule", detail: `tile_taken ${destination}` };
  }
  if (sameMap && ctx.store.objectAt(fields.x, fields.y) !== undefined) {
    ctx.tell(player, MESSAGES.teleportOntoObject());
    return { outcome: "refused_rule", detail: `destination_object ${destination}` };
  }
  if (sameMap && ctx.terrain.exitAt(fields.x, fields.y) !== undefined) {
    ctx.tell(player, MESSAGES.teleportOntoExit());
    return { outcome: "refused_rule", detail: `destination_exit ${destination}` };
  }
  const object = teleportObjectFor(fields.radius);
  const drawn = ctx.items.get(object) !== undefined;
  if (drawn) putPile(ctx, at.x, at.y, { objectId: object, amount: 1, tags: 0 });
  ctx.terrain.setExit(at.x, at.y, { x: at.x, y: at.y, destMap: fields.map, destX: fields.x, destY: fields.y });
  ctx.tell(player, MESSAGES.teleportMade(destination, drawn));
  return { outcome: "ok", detail: `${at.x},${at.y} -> ${destination}${drawn ? "" : " (no object)"}` };
}

/**
 * `/DT` (`HandleTeleportDestroy`): DT-TILE, the exit above the GM goes, with its teleport object.
 * (VB6 also erased object 651 at the destination, an arrival mark nothing in this server puts.)
 */
export function destroyTeleport(ctx: MapContext, player: PlayerEntity): StaffOutcome {
  const at = tileAbove(ctx, player);
  const exit = at === null ? undefined : ctx.terrain.exitAt(at.x, at.y);
  if (at === null || exit === undefined) return { outcome: "refused_rule", detail: "no_teleport" };
  const pile = ctx.store.objectAt(at.x, at.y);
  // VB6: an exit under another object (a door, a sign) is not a teleport; it stays.
  if (pile !== undefined && ctx.items.get(pile.obj)?.type !== ObjectType.Teleport) return { outcome: "refused_rule", detail: "not_a_teleport" };
  if (pile !== undefined) removePile(ctx, at.x, at.y);
  ctx.terrain.setExit(at.x, at.y, undefined);
  return { outcome: "ok", detail: `${at.x},${at.y} -> ${exit.destMap},${exit.destX},${exit.destY}` };
}

/** `/MODMAPINFO SEGURO 0|1` (`HandleChangeMapInfoPK`): the map's `Seguro` (true: safe), G32's reply. */
export function setMapSafe(ctx: MapContext, player: PlayerEntity, fields: ClientPacketFields<"ChangeMapInfoPK">): StaffOutcome {
  const before = ctx.definition.safe;
  ctx.definition.safe = fields.isPk;
  ctx.tell(player, MESSAGES.mapSafeStatus(ctx.definition.id, fields.isPk));
  return { outcome: "ok", detail: `safe ${before} -> ${fields.isPk}` };
}

/**
 * `/ECHARTODOSPJS` (`HandleKickAllChars` → `EcharPjsNoPrivilegiados`): every character online
 * without a staff rank is disconnected (role masters too, as VB6: they have the User bit); the
 * staff stay. The staff service does it (the players are on every map) and audits it.
 */
export function kickAllChars(ctx: MapContext, player: PlayerEntity, fields: ClientPacketFields<"KickAllChars">): typeof ASKED {
  ctx.ask("staff", player, { kind: "command", action: "KickAllChars", params: paramsOf(fields), command: { kind: "kick_all" } });
  return ASKED;
}

/**
 * The panel's "close the client" (`HandleCerrarCliente`, Admin): the service finds the target
 * online and, if the GM outranks it (G11: VB6 checked no rank), its map sends `CerrarleCliente`.
 * Decision (CERRAR-PACKET): only the packet, as VB6; `/ECHAR` is the command that closes the
 * connection.
 */
export function closeClient(ctx: MapContext, player: PlayerEntity, fields: ClientPacketFields<"CerrarCliente">): StaffOutcome | typeof ASKED {
  const target = fields.userName.replaceAll("+", " ").trim();
  if (target === "") return { outcome: "refused_rule", detail: "no_target" };
  ctx.ask("staff", player, { kind: "command", action: "CerrarCliente", params: paramsOf(fields), command: { kind: "close_client", target } });
  return ASKED;
}

export const WORLD_EFFECTS = {
  DestroyItems: destroyItemsHere,
  DestroyAllItemsInArea: destroyItemsAround,
  CleanWorld: cleanMap,
  ItemsInTheFloor: listFloorItems,
  SetTrigger: setTileTrigger,
  AskTrigger: askTileTrigger,
  TileBlockedToggle: toggleTileBlocked,
  TeleportCreate: createTeleport,
  TeleportDestroy: destroyTeleport,
  ChangeMapInfoPK: setMapSafe,
} satisfies {
  readonly DestroyItems: StaffEffect<"DestroyItems">;
  readonly DestroyAllItemsInArea: StaffEffect<"DestroyAllItemsInArea">;
  readonly CleanWorld: StaffEffect<"CleanWorld">;
  readonly ItemsInTheFloor: StaffEffect<"ItemsInTheFloor">;
  readonly SetTrigger: StaffEffect<"SetTrigger">;
  readonly AskTrigger: StaffEffect<"AskTrigger">;
  readonly TileBlockedToggle: StaffEffect<"TileBlockedToggle">;
  readonly TeleportCreate: StaffEffect<"TeleportCreate">;
  readonly TeleportDestroy: StaffEffect<"TeleportDestroy">;
  readonly ChangeMapInfoPK: StaffEffect<"ChangeMapInfoPK">;
};
