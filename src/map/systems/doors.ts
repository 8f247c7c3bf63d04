/**
 * Doors and keys on a map (the rules: `game/doors`). A left click on a door or next to one
 * (systems/look.ts routes `otDoors` here: VB6 `HandleWorldAction` → `HandleDoorAction`) opens or
 * closes it within 2 tiles: the tile's object becomes the other state, the door's tiles get or
 * lose their direction bits (`BloquearPuerta`), every player on the map gets `BlockPosition` for
 * them, the door's viewers `ObjectCreate` with the new object and the door's wave. A locked door
 * answers Msg1074. A key used from the inventory (`UseItem`, systems/items.ts hands the `otKeys`
 * case here) or from the ring (`UseKey(slot)`, VB6 `UsarLlave`) on the door last looked at locks
 * a closed door or unlocks a locked one when their `Clave` match; nothing is sent to the viewers
 * (VB6: the closed and the locked door look alike).
 *
 * Decisions:
 * - KEY-RING-FILL (changed): VB6 fills the ring only from the account's `house_key` rows (houses
 *   bought outside the game, for patrons) and offers no way in the game. Here a house key (`Clave`
 *   below 1000: the ones VB6 refuses from the inventory with Msg896) used from the inventory goes
 *   onto the first free slot of the ring (`UpdateUserKey`), one unit taken from the slot; a full
 *   ring (10) or a key already on it is said. The ring is the character's (`CharacterRecord.keyRing`,
 *   saved with it), not the account's.
 * - DOOR-STATE (kept): doors live in the map's memory; a restart brings every door back as the
 *   map data has it (VB6 the same). A player arriving on the map gets `BlockPosition` for the
 *   tiles of doors changed since the map loaded (VB6 `MostrarBloqueosPuerta` as the area's
 *   objects are sent), so the stock client, which reads its own map file, walks where the server lets it.
 * - The stale target, the key's reach and `EliminarLlaves`: see `game/doors`.
 */
import { addToRing, clickDoor, isDoor, isRingKey, ringKeyAt, ringSlots, useKeyOnDoor, type KeyUseOutcome } from "../../game/doors/index.ts";
import { removeFromSlot } from "../../game/inventory/index.ts";
import { ObjectType } from "../../game/items/index.ts";
import { USE_KEY_INTERVAL_MS } from "../../game/item-use/index.ts";
import { MESSAGES } from "../../game/messages/index.ts";
import { BLOCKED_ALL } from "../../game/movement/index.ts";
import type { ClientPacketFields } from "../../protocol/index.ts";
import { commit, isDead, type MapContext, type MapSystem, type PlayerEntity } from "../kernel/index.ts";

/** The tiles (indexes) whose bits a door changed since this map loaded. */
const changedTiles = new WeakMap<MapContext, Set<number>>();

/** A click on the door lying on (x, y) (`HandleDoorAction`); `withoutReach` for a lever's door. */
export function doorClick(ctx: MapContext, player: PlayerEntity, at: { readonly x: number; readonly y: number }, withoutReach = false): void {
  const { x, y } = at;
  const on = ctx.store.isInside(x, y) ? ctx.store.objectAt(x, y) : undefined;
  const door = on === undefined ? undefined : ctx.items.get(on.obj);
  if (on === undefined || !isDoor(door)) return;
  const outcome = clickDoor(door, { x, y }, player, ctx.items, withoutReach);
  switch (outcome.kind) {
    case "too_far":
      ctx.tell(player, MESSAGES.tooFar());
      return;
    case "locked":
      ctx.tell(player, MESSAGES.doorLocked(outcome.duct));
      return;
    case "broken":
      return;
    case "toggled":
      break;
  }
  ctx.store.putObject({ x, y, obj: outcome.object, amount: on.amount });
  const changed = changedTilesOf(ctx);
  const shown: number[] = [];
  for (const change of outcome.blocks) {
    if (!ctx.store.isInside(change.x, change.y)) continue;
    const index = ctx.store.tile(change.x, change.y);
    const bits = ctx.terrain.collision[index]!;
    ctx.terrain.collision[index] = change.set ? bits | change.bits : bits & ~change.bits;
    changed.add(index);
    shown.push(index);
  }
  // `MostrarBloqueosPuerta(True, map)`: the whole map reads the new bits.
  for (const index of shown) showBlocks(ctx, index, (frame) => ctx.view.everyone(frame));
  if (outcome.opened && outcome.duct) ctx.tell(player, MESSAGES.ductHatchOpened());
  if (outcome.linked !== null) doorClick(ctx, player, outcome.linked, true);
  ctx.view.around(x, y, ctx.packets.objectCreate(x, y, outcome.object, on.amount));
  ctx.view.around(player.x, player.y, ctx.packets.playWave(outcome.sound, x, y));
  player.targetObject = { x, y };
}

/** `UseKey(slot)` (VB6 `UsarLlave`): the ring's key in `slot` on the door last looked at. */
export function useKey(ctx: MapContext, player: PlayerEntity, fields: ClientPacketFields<"UseKey">): void {
  // `IntervaloPermiteUsar`: the U key's timer, spent before anything else is read.
  const now = ctx.clock.now();
  const last = player.useTimers.key;
  if (last !== null && now - last < USE_KEY_INTERVAL_MS) return;
  player.useTimers = { ...player.useTimers, key: now };
  const keyObject = ringKeyAt(player.record.keyRing ?? [], fields.slot);
  const key = ctx.items.get(keyObject);
  if (keyObject === 0 || key === undefined) return;
  const target = targetDoorOf(ctx, player);
  if (target === null) return;
  const outcome = useKeyOnDoor(key, target.door, { fromRing: true, dead: isDead(player) });
  applyKeyOutcome(ctx, player, target, outcome, true);
}

/**
 * An inventory key used (`UseInvItem` case `otKeys`, after the common checks systems/items.ts
 * ran): a house key goes onto the ring (KEY-RING-FILL), any other works on the door last looked at.
 */
export function useKeyItem(ctx: MapContext, player: PlayerEntity, slot: number, objectId: number): void {
  const key = ctx.items.get(objectId);
  if (key === undefined) return;
  if (isDead(player)) {
    ctx.tell(player, MESSAGES.keyWhileDead());
    return;
  }
  if (isRingKey(key)) {
    const added = addToRing(player.record.keyRing ?? [], objectId);
    if (!added.ok) {
      ctx.tell(player, added.reason === "ring_full" ? MESSAGES.keyRingFull() : MESSAGES.keyAlreadyOnRing());
      return;
    }
    const removed = removeFromSlot(player.inventory, slot, 1);
    if (!removed.ok) return;
    commit(ctx, player, removed.inventory, removed.changed, 0);
    player.record.keyRing = [...added.ring];
    ctx.view.send(player, ctx.packets.updateUserKey(added.slot, objectId));
    ctx.tell(player, MESSAGES.keyOnRing(added.slot));
    return;
  }
  const target = targetDoorOf(ctx, player);
  if (target === null) return;
  applyKeyOutcome(ctx, player, target, useKeyOnDoor(key, target.door, { fromRing: false, dead: false }), false);
}

interface TargetDoor {
  readonly x: number;
  readonly y: number;
  readonly amount: number;
  readonly door: ReturnType<MapContext["items"]["get"]>;
}

/** The door on the tile last looked at, as it is now (DOOR-STALE-TARGET), or null. */
function targetDoorOf(ctx: MapContext, player: PlayerEntity): TargetDoor | null {
  const at = player.targetObject;
  if (at === undefined || at === null || !ctx.store.isInside(at.x, at.y)) return null;
  const on = ctx.store.objectAt(at.x, at.y);
  if (on === undefined) return null;
  const door = ctx.items.get(on.obj);
  if (!isDoor(door)) return null;
  return { x: at.x, y: at.y, amount: on.amount, door };
}

function applyKeyOutcome(ctx: MapContext, player: PlayerEntity, target: TargetDoor, outcome: KeyUseOutcome, fromRing: boolean): void {
  switch (outcome.kind) {
    case "ignored":
      return;
    case "dead":
      ctx.tell(player, MESSAGES.keyWhileDead());
      return;
    case "ring_only":
      ctx.tell(player, MESSAGES.keyRingOnly());
      return;
    case "not_closed":
      ctx.tell(player, MESSAGES.doorNotClosed());
      return;
    case "wrong_key":
      // `UsarLlave` always says Msg898; the inventory key Msg900 on a door that was only closed.
      ctx.tell(player, MESSAGES.keyDoesNotFit(!fromRing && outcome.whileUnlocked));
      return;
    case "unlocked":
    case "locked":
      ctx.store.putObject({ x: target.x, y: target.y, obj: outcome.object, amount: target.amount });
      player.targetObject = { x: target.x, y: target.y };
      ctx.tell(player, outcome.kind === "unlocked" ? MESSAGES.doorUnlocked() : MESSAGES.doorLockedWithKey());
      return;
  }
}

function changedTilesOf(ctx: MapContext): Set<number> {
  let set = changedTiles.get(ctx);
  if (set === undefined) {
    set = new Set();
    changedTiles.set(ctx, set);
  }
  return set;
}

function showBlocks(ctx: MapContext, index: number, send: (frame: Uint8Array) => void): void {
  const x = (index % ctx.terrain.width) + 1;
  const y = Math.floor(index / ctx.terrain.width) + 1;
  send(ctx.packets.blockPosition(x, y, ctx.terrain.collision[index]! & BLOCKED_ALL));
}

/** At login: the ring's keys (`EnviarLlaves`); on any arrival: the bits of the doors changed on this map. */
function onArrived(ctx: MapContext, player: PlayerEntity, arrival: { readonly kind: string }): void {
  if (arrival.kind === "login") {
    const ring = ringSlots(player.record.keyRing);
    ring.forEach((key, i) => {
      if (key !== 0) ctx.view.send(player, ctx.packets.updateUserKey(i + 1, key));
    });
  }
  const changed = changedTiles.get(ctx);
  if (changed !== undefined) for (const index of changed) showBlocks(ctx, index, (frame) => ctx.view.send(player, frame));
}

export const doors: MapSystem = {
  name: "doors",
  packets: { UseKey: useKey },
  objectClicks: { [ObjectType.Door]: (ctx, player, at) => doorClick(ctx, player, at) },
  hooks: { arrived: onArrived },
  playerState: () => ({ targetObject: null }),
};
