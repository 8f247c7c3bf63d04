/**
 * The database schema, the single source drizzle-kit turns into the SQL migrations under
 * migrations/. Only src/db reads it; the rest of the server sees repositories and plain records.
 *
 * Names and emails keep the spelling the player typed; uniqueness is case-insensitive through
 * unique indexes on lower(...), and every lookup compares lower() on both sides so the indexes
 * serve it.
 */
import { sql } from "drizzle-orm";
import { bigint, boolean, check, cidr, index, inet, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import type { Attributes, CharacterQuests, Equipment, InventorySlot } from "../game/character/index.ts";

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
    /** The moderation countdowns (`CharacterPenalties`), saved with every save; 0 = none. */
    muteSecondsLeft: integer("mute_seconds_left").notNull().default(0),
    jailMinutesLeft: integer("jail_minutes_left").notNull().default(0),
    warningCount: integer("warning_count").notNull().default(0),
    /**
     * The tamed pets kept with the character (`CharacterRecord.tamedPets`, VB6 `MascotasType` and
     * its `pet` table): NPC numbers, at most three, saved with every save; `[]` = none.
     */
    tamedPets: jsonb("tamed_pets").$type<number[]>().notNull().default(sql`'[]'::jsonb`),
    /** The Druid stored them out of the world (`CharacterRecord.petsStored`, VB6 `user.pets_saved`). */
    petsStored: boolean("pets_stored").notNull().default(false),
    /** The key ring (`CharacterRecord.keyRing`, VB6 `Keys(1 To MAXKEYS)`): key objects by slot, 0 = empty, ten at most; `[]` = empty. */
    keyRing: jsonb("key_ring").$type<number[]>().notNull().default(sql`'[]'::jsonb`),
    /**
     * The quest log (`CharacterRecord.quests`, VB6 `quest` + `quest_done` tables): active quests
     * with their counters and quests done with their completions, saved with every save in the
     * same statement as the rest of the character; `{"active":[],"done":[]}` = none.
     */
    quests: jsonb("quests").$type<CharacterQuests>().notNull().default(sql`'{"active":[],"done":[]}'::jsonb`),
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
    check("characters_penalties_non_negative", sql`${table.muteSecondsLeft} >= 0 AND ${table.jailMinutesLeft} >= 0 AND ${table.warningCount} >= 0`),
    check(
      "characters_quests_valid",
      sql`jsonb_typeof(${table.quests}) = 'object' AND jsonb_typeof(${table.quests}->'active') = 'array' AND jsonb_typeof(${table.quests}->'done') = 'array' AND jsonb_array_length(${table.quests}->'active') <= 5`,
    ),
    check("characters_tamed_pets_valid", sql`jsonb_typeof(${table.tamedPets}) = 'array' AND jsonb_array_length(${table.tamedPets}) <= 3`),
    check("characters_key_ring_valid", sql`jsonb_typeof(${table.keyRing}) = 'array' AND jsonb_array_length(${table.keyRing}) <= 10`),
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

/*
 * The staff side (gm-and-moderation §6.3). Who acted is copied as text (`*_by`: a character's
 * name, `cli:<user>`, `console:<operator>`) because that is what is shown; the ids of every actor
 * are in `audit_log`, written by the same statement as each change. History is never deleted:
 * revoking, lifting, releasing and closing are updates of their own columns. Rows about a
 * character go with it when it is deleted (the audit log keeps the record, with names copied).
 */

/**
 * Staff ranks bound to a character id, never to a name (G1, G2): a rank and the rolemaster flag.
 * A rank change is a revoke of the live row and a new row, so the history stays; at most one
 * live (unrevoked) row per character. A login reads it.
 */
export const staffRoles = pgTable(
  "staff_roles",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    characterId: integer("character_id")
      .notNull()
      .references(() => characters.id, { onDelete: "cascade" }),
    /** consejero, semidios, dios, admin; null for a rolemaster who is no GM (VB6 `RM<i>` alone, privileges 3). */
    rank: text("rank"),
    rolemaster: boolean("rolemaster").notNull().default(false),
    grantedBy: text("granted_by").notNull(),
    grantedAt: timestampTz("granted_at").notNull().defaultNow(),
    revokedBy: text("revoked_by"),
    revokedAt: timestampTz("revoked_at"),
  },
  (table) => [
    uniqueIndex("staff_roles_live_character_key").on(table.characterId).where(sql`${table.revokedAt} IS NULL`),
    check("staff_roles_rank_known", sql`${table.rank} IS NULL OR ${table.rank} IN ('consejero', 'semidios', 'dios', 'admin')`),
    check("staff_roles_grants_something", sql`${table.rank} IS NOT NULL OR ${table.rolemaster}`),
    check("staff_roles_revoked_together", sql`(${table.revokedAt} IS NULL) = (${table.revokedBy} IS NULL)`),
  ],
);

/**
 * One row per staff action: every staff packet (refusals included), every `argentum admin` change
 * and every console action. Append-only: a trigger of the migration refuses UPDATE, DELETE and
 * TRUNCATE (SQLSTATE 42501, as a revoked privilege would), so no code path can rewrite history.
 * No foreign keys: the row must outlive (and never be touched by) the deletion of what it names,
 * so names and ranks are copied.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigNumber("id").primaryKey().generatedAlwaysAsIdentity(),
    /** The database's clock. */
    at: timestampTz("at").notNull().defaultNow(),
    /** The process that wrote it (`name:bootId` for a server, `cli@<host>` for the command line). */
    node: text("node"),
    actorKind: text("actor_kind").notNull(),
    actorAccountId: integer("actor_account_id"),
    actorCharacterId: integer("actor_character_id"),
    actorName: text("actor_name").notNull(),
    /** The actor's rank when it acted, copied (`dios`, `admin+rm`, `user`). */
    actorRank: text("actor_rank"),
    remoteAddress: inet("remote_address"),
    /** The packet name (`BanChar`), the CLI verb (`staff grant`) or the console action. */
    action: text("action").notNull(),
    targetKind: text("target_kind"),
    targetId: bigNumber("target_id"),
    /** Copied, so the row stays readable after a rename or a deletion. */
    targetName: text("target_name"),
    params: jsonb("params").$type<Record<string, unknown>>().notNull().default({}),
    outcome: text("outcome").notNull(),
    detail: text("detail"),
  },
  (table) => [
    index("audit_log_at_idx").on(table.at),
    index("audit_log_actor_name_idx").on(sql`lower(${table.actorName})`),
    index("audit_log_action_idx").on(table.action),
    check("audit_log_actor_kind_known", sql`${table.actorKind} IN ('character', 'cli', 'console')`),
    check("audit_log_outcome_known", sql`${table.outcome} IN ('ok', 'refused_rank', 'refused_rule', 'error')`),
    check("audit_log_action_length", sql`char_length(${table.action}) BETWEEN 1 AND 64`),
  ],
);

/**
 * Bans of a character, an account or an address range (G4, G5, G6). Active = not lifted and not
 * expired by the database's clock; expiry is data, never a timer. One unlifted ban per subject
 * (partial unique indexes; an expired one is closed by the statement that bans the subject
 * again). An address ban is a `cidr` (a single address is a /32 or /128).
 */
export const bans = pgTable(
  "bans",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    subjectKind: text("subject_kind").notNull(),
    characterId: integer("character_id").references(() => characters.id, { onDelete: "cascade" }),
    accountId: integer("account_id").references(() => accounts.id, { onDelete: "cascade" }),
    ipRange: cidr("ip_range"),
    reason: text("reason").notNull(),
    issuedBy: text("issued_by").notNull(),
    issuedAt: timestampTz("issued_at").notNull().defaultNow(),
    /** Null: permanent. */
    expiresAt: timestampTz("expires_at"),
    liftedAt: timestampTz("lifted_at"),
    liftedBy: text("lifted_by"),
    liftReason: text("lift_reason"),
  },
  (table) => [
    check("bans_subject_kind_known", sql`${table.subjectKind} IN ('character', 'account', 'ip')`),
    check(
      "bans_one_subject",
      sql`(${table.subjectKind} = 'character') = (${table.characterId} IS NOT NULL) AND (${table.subjectKind} = 'account') = (${table.accountId} IS NOT NULL) AND (${table.subjectKind} = 'ip') = (${table.ipRange} IS NOT NULL)`,
    ),
    check("bans_expires_after_issue", sql`${table.expiresAt} IS NULL OR ${table.expiresAt} > ${table.issuedAt}`),
    check("bans_lifted_together", sql`(${table.liftedAt} IS NULL) = (${table.liftedBy} IS NULL)`),
    check("bans_reason_length", sql`char_length(${table.reason}) <= 500 AND char_length(${table.liftReason}) <= 500`),
    uniqueIndex("bans_unlifted_character_key").on(table.characterId).where(sql`${table.subjectKind} = 'character' AND ${table.liftedAt} IS NULL`),
    uniqueIndex("bans_unlifted_account_key").on(table.accountId).where(sql`${table.subjectKind} = 'account' AND ${table.liftedAt} IS NULL`),
    uniqueIndex("bans_unlifted_ip_key").on(table.ipRange).where(sql`${table.subjectKind} = 'ip' AND ${table.liftedAt} IS NULL`),
    // "Which unlifted range holds this address" (`address <<= ip_range`) at every connection.
    index("bans_unlifted_ip_range_idx").using("gist", table.ipRange.op("inet_ops")).where(sql`${table.subjectKind} = 'ip' AND ${table.liftedAt} IS NULL`),
  ],
);

/**
 * Mutes issued (`/SILENCIAR`), as history: the countdown itself is `characters.mute_seconds_left`,
 * carried by the character record. A mute ends served (its countdown reached 0, told by the
 * server), lifted (a GM unmuted early) or replaced (a new mute set the countdown anew, as VB6 does).
 */
export const mutes = pgTable(
  "mutes",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    characterId: integer("character_id")
      .notNull()
      .references(() => characters.id, { onDelete: "cascade" }),
    minutes: integer("minutes").notNull(),
    reason: text("reason").notNull().default(""),
    issuedBy: text("issued_by").notNull(),
    issuedAt: timestampTz("issued_at").notNull().defaultNow(),
    liftedAt: timestampTz("lifted_at"),
    /** Who ended it early; null while running and when served. */
    liftedBy: text("lifted_by"),
    liftKind: text("lift_kind"),
    liftReason: text("lift_reason"),
  },
  (table) => [
    index("mutes_character_id_idx").on(table.characterId),
    check("mutes_minutes_range", sql`${table.minutes} BETWEEN 1 AND 32767`),
    check("mutes_reason_length", sql`char_length(${table.reason}) <= 500 AND char_length(${table.liftReason}) <= 500`),
    check("mutes_lift_kind_known", sql`${table.liftKind} IS NULL OR ${table.liftKind} IN ('served', 'lifted', 'replaced')`),
    check("mutes_lifted_together", sql`(${table.liftedAt} IS NULL) = (${table.liftKind} IS NULL)`),
    check("mutes_lifted_by_someone", sql`(${table.liftKind} IS NULL OR ${table.liftKind} = 'served') = (${table.liftedBy} IS NULL)`),
  ],
);

/**
 * Jail sentences (`/CARCEL`, the third warning), as history: the countdown is
 * `characters.jail_minutes_left`. A sentence ends served (the countdown reached 0, told by the
 * server), pardoned (a GM released the character) or replaced (a new sentence, as VB6 sets
 * `Pena` anew).
 */
export const jailSentences = pgTable(
  "jail_sentences",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    characterId: integer("character_id")
      .notNull()
      .references(() => characters.id, { onDelete: "cascade" }),
    minutes: integer("minutes").notNull(),
    reason: text("reason").notNull(),
    issuedBy: text("issued_by").notNull(),
    issuedAt: timestampTz("issued_at").notNull().defaultNow(),
    releasedAt: timestampTz("released_at"),
    /** Who released or replaced it; null while running and when served. */
    releasedBy: text("released_by"),
    releaseKind: text("release_kind"),
    releaseReason: text("release_reason"),
  },
  (table) => [
    index("jail_sentences_character_id_idx").on(table.characterId),
    check("jail_sentences_minutes_range", sql`${table.minutes} BETWEEN 1 AND 525600`),
    check("jail_sentences_reason_length", sql`char_length(${table.reason}) <= 500 AND char_length(${table.releaseReason}) <= 500`),
    check("jail_sentences_release_kind_known", sql`${table.releaseKind} IS NULL OR ${table.releaseKind} IN ('served', 'pardoned', 'replaced')`),
    check("jail_sentences_released_together", sql`(${table.releasedAt} IS NULL) = (${table.releaseKind} IS NULL)`),
    check("jail_sentences_released_by_someone", sql`(${table.releaseKind} IS NULL OR ${table.releaseKind} = 'served') = (${table.releasedBy} IS NULL)`),
  ],
);

/** Warnings (`/ADVERTENCIA`), as history; the count the rules read is `characters.warning_count`. */
export const warnings = pgTable(
  "warnings",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    characterId: integer("character_id")
      .notNull()
      .references(() => characters.id, { onDelete: "cascade" }),
    reason: text("reason").notNull(),
    issuedBy: text("issued_by").notNull(),
    issuedAt: timestampTz("issued_at").notNull().defaultNow(),
  },
  (table) => [index("warnings_character_id_idx").on(table.characterId), check("warnings_reason_length", sql`char_length(${table.reason}) <= 500`)],
);

/**
 * The punishment record (`/PENAS`; VB6 `punishment(user_id, number, reason)`): numbered per
 * character from 1, shown to staff; `/BORRARPENA` rewrites an entry's text, recording who and when.
 */
export const punishmentRecord = pgTable(
  "punishment_record",
  {
    characterId: integer("character_id")
      .notNull()
      .references(() => characters.id, { onDelete: "cascade" }),
    number: integer("number").notNull(),
    text: text("text").notNull(),
    createdAt: timestampTz("created_at").notNull().defaultNow(),
    editedBy: text("edited_by"),
    editedAt: timestampTz("edited_at"),
  },
  (table) => [
    primaryKey({ name: "punishment_record_pkey", columns: [table.characterId, table.number] }),
    check("punishment_record_number_positive", sql`${table.number} >= 1`),
    check("punishment_record_text_length", sql`char_length(${table.text}) BETWEEN 1 AND 1000`),
    check("punishment_record_edited_together", sql`(${table.editedAt} IS NULL) = (${table.editedBy} IS NULL)`),
  ],
);

/**
 * The staff's queue of `/GM` help requests and `/DENUNCIAR` reports (VB6 kept it in memory and
 * lost it at every restart, G14). Reporter and target names are copied; their ids go null if the
 * character is deleted, and the report stays.
 */
export const reports = pgTable(
  "reports",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    kind: text("kind").notNull(),
    reporterCharacterId: integer("reporter_character_id").references(() => characters.id, { onDelete: "set null" }),
    reporterName: text("reporter_name").notNull(),
    targetCharacterId: integer("target_character_id").references(() => characters.id, { onDelete: "set null" }),
    targetName: text("target_name"),
    category: text("category").notNull(),
    text: text("text").notNull(),
    /** The target's last chat lines (`/DENUNCIAR`), oldest first. */
    chatExcerpt: jsonb("chat_excerpt").$type<string[]>().notNull().default([]),
    createdAt: timestampTz("created_at").notNull().defaultNow(),
    status: text("status").notNull().default("open"),
    handledBy: text("handled_by"),
    handledAt: timestampTz("handled_at"),
    resolution: text("resolution"),
  },
  (table) => [
    index("reports_pending_idx").on(table.createdAt).where(sql`${table.status} <> 'closed'`),
    check("reports_kind_known", sql`${table.kind} IN ('sos', 'denounce')`),
    check("reports_status_known", sql`${table.status} IN ('open', 'taken', 'closed')`),
    check("reports_handled_unless_open", sql`(${table.status} = 'open') = (${table.handledBy} IS NULL)`),
    check("reports_text_length", sql`char_length(${table.text}) <= 2000 AND char_length(${table.category}) <= 64 AND char_length(${table.resolution}) <= 1000`),
  ],
);

/**
 * A staff member's message to a character that was offline (`/MENSAJEINFORMACION`, VB6
 * `SetMessageInfoDatabase`): shown at its next entry into the world, then marked delivered.
 */
export const staffMessages = pgTable(
  "staff_messages",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    characterId: integer("character_id")
      .notNull()
      .references(() => characters.id, { onDelete: "cascade" }),
    fromName: text("from_name").notNull(),
    text: text("text").notNull(),
    createdAt: timestampTz("created_at").notNull().defaultNow(),
    deliveredAt: timestampTz("delivered_at"),
  },
  (table) => [
    index("staff_messages_waiting_idx").on(table.characterId).where(sql`${table.deliveredAt} IS NULL`),
    check("staff_messages_length", sql`char_length(${table.text}) BETWEEN 1 AND 1000 AND char_length(${table.fromName}) BETWEEN 1 AND 64`),
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
export type StaffRoleRow = typeof staffRoles.$inferSelect;
export type AuditLogRow = typeof auditLog.$inferSelect;
export type BanRow = typeof bans.$inferSelect;
export type MuteRow = typeof mutes.$inferSelect;
export type JailSentenceRow = typeof jailSentences.$inferSelect;
export type WarningRow = typeof warnings.$inferSelect;
export type PunishmentRow = typeof punishmentRecord.$inferSelect;
export type ReportRow = typeof reports.$inferSelect;
