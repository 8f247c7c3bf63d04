/**
 * At start-up the database is asked which world it belongs to, because its characters stand on
 * that world's maps and carry that world's objects:
 *
 * - an empty database records the world it is started with;
 * - the same world (name and pack hash) changes nothing but the last start;
 * - a new version of the same world (same name, another hash) is recorded and logged;
 * - another world is refused with one line, unless the operator passes `--allow-world-change`:
 *   then characters whose map still exists stay (clamped into it), the others go to their home
 *   city, objects the new world does not know are dropped, all in one statement, and the new
 *   world is recorded.
 *
 * The decision and the plan are pure functions; `reconcileWorldIdentity` applies them.
 */
import type { CharacterPlacement, CharacterRelocation, Database, WorldIdentity } from "../db/index.ts";
import { EMPTY_EQUIPMENT, type Equipment, type InventorySlot } from "../game/character/index.ts";
import type { Logger } from "../log/index.ts";

/** What a world change needs to know of the world being loaded. */
export interface WorldLayout {
  name: string;
  hash: string;
  /** Map sizes by id. */
  maps: ReadonlyMap<number, { width: number; height: number }>;
  /** Home city spawn points by city id (Hogar). */
  cities: readonly { id: number; map: number; x: number; y: number }[];
  /** Object numbers of the world's object table; null when the world has no table (nothing is dropped). */
  objectIds: ReadonlySet<number> | null;
}

export type WorldIdentityVerdict =
  | { kind: "first_start" }
  | { kind: "same" }
  | { kind: "updated"; oldHash: string; newHash: string }
  | { kind: "other_world"; storedName: string };

export function judgeWorldIdentity(stored: Pick<WorldIdentity, "name" | "packHash"> | null, loaded: { name: string; hash: string }): WorldIdentityVerdict {
  if (stored === null) return { kind: "first_start" };
  if (stored.name !== loaded.name) return { kind: "other_world", storedName: stored.name };
  if (stored.packHash !== loaded.hash) return { kind: "updated", oldHash: stored.packHash, newHash: loaded.hash };
  return { kind: "same" };
}

/** The one line an operator reads when the database belongs to another world. */
export function otherWorldRefusal(storedName: string, loadedName: string): string {
  return (
    `the database belongs to world ${JSON.stringify(storedName)} but this server loads ${JSON.stringify(loadedName)}; ` +
    `start with --world for ${JSON.stringify(storedName)}, or pass --allow-world-change to move its characters to ${JSON.stringify(loadedName)}`
  );
}

export interface WorldChangePlan {
  /** Only the characters that change. */
  relocations: CharacterRelocation[];
  /** Characters whose map exists in the world and who stay where they are. */
  stayed: number;
  /** Characters whose map exists but who stood off its edges: moved inside. */
  clamped: number;
  /** Characters whose map is gone: sent to their home city. */
  sentHome: number;
  /** Inventory slots and equipment entries dropped because the world has no such object. */
  itemsDropped: number;
  /** Characters who lost at least one item. */
  charactersWithItemsDropped: number;
}

/**
 * Where each character goes in `world` and what it keeps. A character whose home city the
 * world lacks goes to the world's first city; a world without cities sends it to the middle of
 * its lowest-numbered map. Either way the map places it on the nearest free tile when it enters.
 */
export function planWorldChange(characters: readonly CharacterPlacement[], world: WorldLayout): WorldChangePlan {
  const plan: WorldChangePlan = { relocations: [], stayed: 0, clamped: 0, sentHome: 0, itemsDropped: 0, charactersWithItemsDropped: 0 };
  const fallback = fallbackSpawn(world);
  for (const character of characters) {
    let { map, x, y } = character;
    const size = world.maps.get(map);
    if (size) {
      const clampedX = clamp(x, 1, size.width);
      const clampedY = clamp(y, 1, size.height);
      if (clampedX !== x || clampedY !== y) plan.clamped++;
      else plan.stayed++;
      x = clampedX;
      y = clampedY;
    } else {
      const home = homeSpawn(world, character.homeCity) ?? fallback;
      if (!home) throw new Error(`world ${JSON.stringify(world.name)} has no maps`);
      ({ map, x, y } = home);
      plan.sentHome++;
    }
    const kept = keepKnownObjects(character.inventory, character.equipment, world.objectIds);
    if (kept.dropped > 0) {
      plan.itemsDropped += kept.dropped;
      plan.charactersWithItemsDropped++;
    }
    if (map !== character.map || x !== character.x || y !== character.y || kept.dropped > 0) {
      plan.relocations.push({ id: character.id, homeCity: character.homeCity, map, x, y, inventory: kept.inventory, equipment: kept.equipment });
    }
  }
  return plan;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

function homeSpawn(world: WorldLayout, cityId: number): { map: number; x: number; y: number } | undefined {
  const city = world.cities.find((candidate) => candidate.id === cityId);
  return city && onMap(world, city) ? { map: city.map, x: city.x, y: city.y } : undefined;
}

function onMap(world: WorldLayout, spot: { map: number; x: number; y: number }): boolean {
  const size = world.maps.get(spot.map);
  return size !== undefined && spot.x >= 1 && spot.y >= 1 && spot.x <= size.width && spot.y <= size.height;
}

function fallbackSpawn(world: WorldLayout): { map: number; x: number; y: number } | undefined {
  const city = [...world.cities].sort((a, b) => a.id - b.id).find((candidate) => onMap(world, candidate));
  if (city) return { map: city.map, x: city.x, y: city.y };
  const first = [...world.maps.entries()].sort((a, b) => a[0] - b[0])[0];
  return first ? { map: first[0], x: Math.ceil(first[1].width / 2), y: Math.ceil(first[1].height / 2) } : undefined;
}

function keepKnownObjects(inventory: readonly InventorySlot[], equipment: Equipment, known: ReadonlySet<number> | null): { inventory: InventorySlot[]; equipment: Equipment; dropped: number } {
  if (known === null) return { inventory: [...inventory], equipment: { ...equipment }, dropped: 0 };
  const kept = inventory.filter((slot) => known.has(slot.objectId));
  let dropped = inventory.length - kept.length;
  const nextEquipment: Equipment = { ...EMPTY_EQUIPMENT };
  for (const key of Object.keys(EMPTY_EQUIPMENT) as (keyof Equipment)[]) {
    const objectId = equipment[key] ?? 0;
    if (objectId !== 0 && !known.has(objectId)) {
      // Counted only when it was not already counted as a dropped (equipped) inventory slot.
      if (!inventory.some((slot) => slot.equipped && slot.objectId === objectId)) dropped++;
      continue;
    }
    nextEquipment[key] = objectId;
  }
  return { inventory: kept, equipment: nextEquipment, dropped };
}

export type ReconcileOutcome = { ok: true; verdict: WorldIdentityVerdict["kind"] } | { ok: false; message: string };

/**
 * Compares the database's world with the loaded one and acts as the module comment says.
 * Database faults propagate (the caller turns them into a start-up error).
 */
export async function reconcileWorldIdentity(database: Database, world: WorldLayout, allowWorldChange: boolean, logger: Logger): Promise<ReconcileOutcome> {
  const log = logger.child({ ctx: "world-identity" });
  const stored = await database.worldIdentity.read();
  const verdict = judgeWorldIdentity(stored, world);
  const loaded = { name: world.name, packHash: world.hash };
  switch (verdict.kind) {
    case "first_start":
      await database.worldIdentity.recordStart(loaded);
      log.info({ world: world.name, hash: world.hash }, "database now belongs to this world");
      return { ok: true, verdict: verdict.kind };
    case "same":
      await database.worldIdentity.recordStart(loaded);
      return { ok: true, verdict: verdict.kind };
    case "updated":
    case "other_world": {
      if (verdict.kind === "other_world" && !allowWorldChange) return { ok: false, message: otherWorldRefusal(verdict.storedName, world.name) };
      const plan = planWorldChange(await database.worldIdentity.listPlacements(), world);
      const misfits = plan.relocations.length;
      if (verdict.kind === "updated" && !allowWorldChange) {
        await database.worldIdentity.recordStart(loaded);
        log.info({ world: world.name, oldHash: verdict.oldHash, newHash: verdict.newHash }, "world updated");
        if (misfits > 0) {
          log.warn(
            { characters: misfits, offMaps: plan.sentHome + plan.clamped, itemsUnknown: plan.itemsDropped },
            "characters stand on maps or carry objects this version lacks; start once with --allow-world-change to move them home and drop those objects",
          );
        }
        return { ok: true, verdict: verdict.kind };
      }
      if (world.objectIds === null) log.warn({ world: world.name }, "this world has no object table: inventories are kept unchecked");
      const from = { name: stored!.name, packHash: stored!.packHash };
      const changed = await database.worldIdentity.changeWorld(from, loaded, plan.relocations);
      if (changed.kind === "identity_changed") {
        return { ok: false, message: "the database's world changed while this server was starting (another server on the same database?); start again" };
      }
      log.info(
        {
          from: from.name,
          to: world.name,
          oldHash: from.packHash,
          newHash: world.hash,
          stayed: plan.stayed,
          clamped: plan.clamped,
          sentHome: plan.sentHome,
          itemsDropped: plan.itemsDropped,
          charactersWithItemsDropped: plan.charactersWithItemsDropped,
          objectTable: world.objectIds !== null,
        },
        verdict.kind === "updated" ? "world updated; characters reconciled with it" : "world changed; characters moved to the new world",
      );
      return { ok: true, verdict: verdict.kind };
    }
  }
}
