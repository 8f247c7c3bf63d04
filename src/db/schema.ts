/**
 * The database schema, the single source drizzle-kit turns into the SQL migrations under
 * migrations/. Only src/db reads it; the rest of the server sees repositories and plain records.
 *
 * Names and emails keep the spelling the player typed; uniqueness is case-insensitive through
 * unique indexes on lower(...), and every lookup compares lower() on both sides so the indexes
 * serve it.
 */
import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import type { Attributes, Equipment, InventorySlot } from "../game/character/index.ts";

/** Timestamps are always stored with a time zone and read as JS Dates. */
const timestampTz = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/** Counters that can outgrow int4 in long-lived servers; read back as JS numbers (exact below 2^53). */
const bigNumber = (name: string) => bigint(name, { mode: "number" });

export const accounts = pgTable(
  "accounts",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    email: text("email").notNull(),
    /** PHC string from Bun.password (argon2id or bcrypt); the algorithm and cost travel inside it. */
    passwordHash: text("password_hash").notNull(),
    banned: boolean("banned").notNull().default(false),
    createdAt: timestampTz("created_at").notNull(),
    lastLoginAt: timestampTz("last_login_at"),
  },
  (table) => [uniqueIndex("accounts_email_lower_key").on(sql`lower(${table.email})`)],
);

export const characters = pgTable(
  "characters",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    race: integer("race").notNull(),
    gender: integer("gender").notNull(),
    class: integer("class").notNull(),
    head: integer("head").notNull(),
    body: integer("body").notNull(),
    /** Hogar: city id (Ciudades.Dat). */
    homeCity: integer("home_city").notNull(),
    level: integer("level").notNull(),
    exp: bigNumber("exp").notNull(),
    freeSkillPoints: integer("free_skill_points").notNull(),
    map: integer("map").notNull(),
    x: integer("x").notNull(),
    y: integer("y").notNull(),
    heading: integer("heading").notNull(),
    hp: integer("hp").notNull(),
    maxHp: integer("max_hp").notNull(),
    mana: integer("mana").notNull(),
    maxMana: integer("max_mana").notNull(),
    stamina: integer("stamina").notNull(),
    maxStamina: integer("max_stamina").notNull(),
    food: integer("food").notNull(),
    water: integer("water").notNull(),
    gold: bigNumber("gold").notNull(),
    bankGold: bigNumber("bank_gold").notNull(),
    attributes: jsonb("attributes").$type<Attributes>().notNull(),
    skills: jsonb("skills").$type<number[]>().notNull(),
    inventory: jsonb("inventory").$type<InventorySlot[]>().notNull(),
    equipment: jsonb("equipment").$type<Equipment>().notNull(),
    spells: jsonb("spells").$type<number[]>().notNull(),
    createdAt: timestampTz("created_at").notNull(),
    updatedAt: timestampTz("updated_at").notNull(),
    lastLoginAt: timestampTz("last_login_at"),
    /**
     * Set while a server holds the character in the world, cleared by its final save. Tools that
     * write characters (the admin command) refuse marked ones, because the server's next save
     * would overwrite them. One server per database today; the multi-node work needs leases.
     */
    onlineSince: timestampTz("online_since"),
    /**
     * Fencing token of the character (multi-node, docs/multi-node.md §7.5): raised by every claim
     * of the right to write it (a login), and every save names the generation it was claimed
     * with; a save of an older generation changes nothing.
     */
    gen: bigNumber("gen").notNull().default(0),
    /** The node (`name:bootId`) that last claimed or wrote the character: for audits and debugging. */
    ownerNode: text("owner_node"),
  },
  (table) => [
    uniqueIndex("characters_name_lower_key").on(sql`lower(${table.name})`),
    index("characters_account_id_idx").on(table.accountId),
    // Last line of defence against corrupt in-memory state reaching disk: a batch save with one
    // such row fails as a whole and the caller keeps its state.
    check("characters_level_positive", sql`${table.level} >= 1`),
    check("characters_exp_non_negative", sql`${table.exp} >= 0`),
    check("characters_gold_non_negative", sql`${table.gold} >= 0 AND ${table.bankGold} >= 0`),
    check("characters_heading_valid", sql`${table.heading} BETWEEN 1 AND 4`),
  ],
);

/**
 * The bank vault (items-and-economy §8.1): one row per occupied slot of a character's 42-slot
 * vault. Read when a banker is first opened in a session; written only by a save of a record
 * that carries its vault, in the same statement as the character row (replacing its rows).
 */
export const bankItems = pgTable(
  "bank_items",
  {
    characterId: integer("character_id")
      .notNull()
      .references(() => characters.id, { onDelete: "cascade" }),
    slot: integer("slot").notNull(),
    objectId: integer("object_id").notNull(),
    amount: integer("amount").notNull(),
  },
  (table) => [
    primaryKey({ name: "bank_items_pkey", columns: [table.characterId, table.slot] }),
    check("bank_items_slot_valid", sql`${table.slot} BETWEEN 1 AND 42`),
    check("bank_items_object_positive", sql`${table.objectId} > 0`),
    check("bank_items_amount_valid", sql`${table.amount} BETWEEN 1 AND 10000`),
  ],
);

/**
 * Bank gold sent to a character that was not online (items-and-economy §8.5; VB6
 * `AddOroBancoDatabase` and `LogBankTransfer`): one row per credit, inserted by the statement
 * that adds the gold to the recipient's row and saves the sender's debited state. The id is the
 * gateway's: a save retried after an answer that never came (the statement may have committed)
 * finds the row and does not credit the recipient twice.
 */
export const bankTransfers = pgTable(
  "bank_transfers",
  {
    id: uuid("id").primaryKey(),
    /** Null once the character is deleted; the row stays as the record of the transfer. */
    fromCharacterId: integer("from_character_id").references(() => characters.id, { onDelete: "set null" }),
    toCharacterId: integer("to_character_id").references(() => characters.id, { onDelete: "set null" }),
    amount: bigNumber("amount").notNull(),
    createdAt: timestampTz("created_at").notNull(),
  },
  (table) => [check("bank_transfers_amount_positive", sql`${table.amount} > 0`)],
);

/**
 * The world a database belongs to: one row, written at every start. Character positions and
 * inventories are map and object numbers of this world; loading another world on the same
 * database needs the operator's consent (`--allow-world-change`).
 */
export const worldIdentity = pgTable(
  "world_identity",
  {
    /** Always 1: the table holds one row. */
    id: integer("id").primaryKey(),
    name: text("name").notNull(),
    /** SHA-256 of the world pack the last start loaded. */
    packHash: text("pack_hash").notNull(),
    /** First start with this world (a world change starts it again). */
    firstStartedAt: timestampTz("first_started_at").notNull(),
    lastStartedAt: timestampTz("last_started_at").notNull(),
  },
  () => [check("world_identity_single_row", sql`id = 1`)],
);

/**
 * Map ownership leases (multi-node, docs/multi-node.md §7.5): which node may simulate and write a
 * map, until when by the database's clock. `epoch` is the fencing token: it rises on every new
 * grant, never falls, and a write guarded by the lease names the epoch it holds. A free row
 * (released, or never held) has neither owner nor expiry; its epoch stays so the next grant is
 * higher still.
 */
export const mapLeases = pgTable(
  "map_leases",
  {
    mapId: integer("map_id").primaryKey(),
    /** The node id (`name:bootId`) holding the lease; null when free. */
    owner: text("owner"),
    epoch: bigNumber("epoch").notNull().default(0),
    /** Judged against the database's `now()`, never a node's clock. */
    expiresAt: timestampTz("expires_at"),
    /** When the current owner was granted it (the start of this epoch). */
    claimedAt: timestampTz("claimed_at"),
    renewedAt: timestampTz("renewed_at"),
  },
  (table) => [
    check("map_leases_map_id_positive", sql`${table.mapId} >= 1`),
    check("map_leases_epoch_non_negative", sql`${table.epoch} >= 0`),
    // A held lease always has an expiry, and a free row none: "held forever" cannot be written.
    check("map_leases_owner_has_expiry", sql`(${table.owner} IS NULL) = (${table.expiresAt} IS NULL)`),
  ],
);

/**
 * The processes of a multi-node cluster (gateways and map nodes), each renewing its row while it
 * lives; liveness is judged by the database's clock (`seen_at`), like the map leases. A gateway's
 * `gateway_index` (1..255) is the high byte of its session ids, unique among live gateways.
 */
export const clusterNodes = pgTable(
  "cluster_nodes",
  {
    /** `name:bootId`: a restarted process is a new node. */
    id: text("id").primaryKey(),
    role: text("role").notNull(),
    name: text("name").notNull(),
    pid: integer("pid").notNull(),
    gatewayIndex: integer("gateway_index"),
    startedAt: timestampTz("started_at").notNull(),
    seenAt: timestampTz("seen_at").notNull(),
  },
  (table) => [
    check("cluster_nodes_role_known", sql`${table.role} IN ('gateway', 'mapnode')`),
    check("cluster_nodes_gateway_index_range", sql`${table.gatewayIndex} IS NULL OR ${table.gatewayIndex} BETWEEN 1 AND 255`),
    index("cluster_nodes_seen_at_idx").on(table.seenAt),
  ],
);

export type AccountRow = typeof accounts.$inferSelect;
export type CharacterRow = typeof characters.$inferSelect;
export type NewCharacterRow = typeof characters.$inferInsert;
export type BankItemRow = typeof bankItems.$inferSelect;
export type BankTransferRow = typeof bankTransfers.$inferSelect;
export type WorldIdentityRow = typeof worldIdentity.$inferSelect;
export type MapLeaseRow = typeof mapLeases.$inferSelect;
export type ClusterNodeRow = typeof clusterNodes.$inferSelect;
