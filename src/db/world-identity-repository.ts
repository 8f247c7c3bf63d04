/**
 * The world a database belongs to (one row in `world_identity`), and the one statement that
 * moves a database's characters to another world. Character positions are map numbers and
 * inventories object numbers of that world, so they only mean something together with it.
 */
import { asc, eq, sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type { Equipment, InventorySlot } from "../game/character/index.ts";
import { DatabaseError, toDatabaseError } from "./database-error.ts";
import { characters, worldIdentity } from "./schema.ts";

/** The row's fixed key: the table holds one row. */
const IDENTITY_ROW_ID = 1;

export interface WorldIdentity {
  name: string;
  packHash: string;
  firstStartedAt: Date;
  lastStartedAt: Date;
}

/** A world as the identity names it. */
export interface WorldRef {
  name: string;
  packHash: string;
}

/** What a world change needs to know of one character. */
export interface CharacterPlacement {
  id: number;
  /** Hogar: city id. */
  homeCity: number;
  map: number;
  x: number;
  y: number;
  inventory: InventorySlot[];
  equipment: Equipment;
}

/** One character's new place and belongings in the new world. */
export type CharacterRelocation = CharacterPlacement;

export type ChangeWorldOutcome =
  | { kind: "ok"; updated: number }
  /** The stored identity is no longer `from` (another process changed it); nothing was written. */
  | { kind: "identity_changed" };

export interface WorldIdentityRepository {
  /** The stored identity, or null for a database no server has started on yet. */
  read(): Promise<WorldIdentity | null>;
  /**
   * Records a start with `world`: creates the row, or updates the hash and the last start
   * (and the first start too when the name differs).
   */
  recordStart(world: WorldRef): Promise<WorldIdentity>;
  /** Every character's place and belongings, by id (for planning a world change). */
  listPlacements(): Promise<CharacterPlacement[]>;
  /**
   * In one statement, hence atomically: writes the relocations and replaces the identity `from`
   * by `to` (the first start stays when the name does). Nothing is written when the stored
   * identity is not `from`.
   */
  changeWorld(from: WorldRef, to: WorldRef, relocations: readonly CharacterRelocation[]): Promise<ChangeWorldOutcome>;
}

type Drizzle = PgDatabase<PgQueryResultHKT>;

function toIdentity(row: typeof worldIdentity.$inferSelect): WorldIdentity {
  return { name: row.name, packHash: row.packHash, firstStartedAt: row.firstStartedAt, lastStartedAt: row.lastStartedAt };
}

export function createWorldIdentityRepository(db: Drizzle, now: () => Date): WorldIdentityRepository {
  return {
    async read() {
      try {
        const rows = await db.select().from(worldIdentity).where(eq(worldIdentity.id, IDENTITY_ROW_ID)).limit(1);
        return rows[0] ? toIdentity(rows[0]) : null;
      } catch (error) {
        throw toDatabaseError(error, "reading the world identity");
      }
    },

    async recordStart(world) {
      const startedAt = now();
      try {
        const rows = await db
          .insert(worldIdentity)
          .values({ id: IDENTITY_ROW_ID, name: world.name, packHash: world.packHash, firstStartedAt: startedAt, lastStartedAt: startedAt })
          .onConflictDoUpdate({
            target: worldIdentity.id,
            set: {
              name: sql`excluded.name`,
              packHash: sql`excluded.pack_hash`,
              lastStartedAt: sql`excluded.last_started_at`,
              firstStartedAt: sql`CASE WHEN ${worldIdentity.name} = excluded.name THEN ${worldIdentity.firstStartedAt} ELSE excluded.first_started_at END`,
            },
          })
          .returning();
        const row = rows[0];
        if (!row) throw new DatabaseError("query_failed", "recording the world identity returned no row");
        return toIdentity(row);
      } catch (error) {
        throw toDatabaseError(error, "recording the world identity");
      }
    },

    async listPlacements() {
      try {
        const rows = await db
          .select({
            id: characters.id,
            homeCity: characters.homeCity,
            map: characters.map,
            x: characters.x,
            y: characters.y,
            inventory: characters.inventory,
            equipment: characters.equipment,
          })
          .from(characters)
          .orderBy(asc(characters.id));
        return rows;
      } catch (error) {
        throw toDatabaseError(error, "reading character placements");
      }
    },

    async changeWorld(from, to, relocations) {
      const changedAt = now();
      const batch = JSON.stringify(
        relocations.map((entry) => ({ id: entry.id, map: entry.map, x: entry.x, y: entry.y, inventory: entry.inventory, equipment: entry.equipment })),
      );
      // The identity update gates the character update inside one statement: if another process
      // changed the identity meanwhile, neither is written.
      const statement = sql`WITH identity AS (
          UPDATE ${worldIdentity}
          SET ${sql.identifier(worldIdentity.name.name)} = ${to.name},
              ${sql.identifier(worldIdentity.packHash.name)} = ${to.packHash},
              ${sql.identifier(worldIdentity.firstStartedAt.name)} = CASE WHEN ${worldIdentity.name} = ${to.name} THEN ${worldIdentity.firstStartedAt} ELSE ${changedAt.toISOString()}::timestamptz END,
              ${sql.identifier(worldIdentity.lastStartedAt.name)} = ${changedAt.toISOString()}::timestamptz
          WHERE ${worldIdentity.id} = ${IDENTITY_ROW_ID} AND ${worldIdentity.name} = ${from.name} AND ${worldIdentity.packHash} = ${from.packHash}
          RETURNING ${worldIdentity.id}
        ), input AS (
          SELECT * FROM jsonb_to_recordset(${batch}::jsonb) AS input(id integer, map integer, x integer, y integer, inventory jsonb, equipment jsonb)
        ), moved AS (
          UPDATE ${characters}
          SET ${sql.identifier(characters.map.name)} = input.map,
              ${sql.identifier(characters.x.name)} = input.x,
              ${sql.identifier(characters.y.name)} = input.y,
              ${sql.identifier(characters.inventory.name)} = input.inventory,
              ${sql.identifier(characters.equipment.name)} = input.equipment,
              ${sql.identifier(characters.updatedAt.name)} = ${changedAt.toISOString()}::timestamptz
          FROM input
          WHERE ${characters.id} = input.id AND EXISTS (SELECT 1 FROM identity)
          RETURNING ${characters.id}
        )
        SELECT (SELECT count(*) FROM identity)::integer AS identity, (SELECT count(*) FROM moved)::integer AS moved`;
      let result: unknown;
      try {
        result = await db.execute(statement);
      } catch (error) {
        throw toDatabaseError(error, `moving ${relocations.length} character(s) to world "${to.name}"`);
      }
      // postgres.js returns a row list, the PGlite proxy a plain array: both are arrays of objects.
      const row = (result as { identity: number; moved: number }[])[0];
      if (!row) throw new DatabaseError("query_failed", "changing the world returned no summary row");
      if (row.identity === 0) return { kind: "identity_changed" };
      return { kind: "ok", updated: row.moved };
    },
  };
}
