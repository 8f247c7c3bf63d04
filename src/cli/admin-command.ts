/**
 * `argentum admin`: looking at and changing characters in the database, without a server.
 *
 * A running server owns its online characters: it saves them on its own timer and would
 * overwrite whatever a tool wrote. So a change is refused for a character the database marks
 * online, and is written only if nobody saved the character since it was read. On the embedded
 * database the command takes the data folder's lock, which a running server holds: PGlite must
 * never be opened by two processes at once.
 */
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import pino from "pino";
import { loadConfig, type ServerConfig } from "../config/index.ts";
import { loadWorldPack } from "../content/index.ts";
import { DatabaseError, openDatabase, pgliteDataDir, type Database } from "../db/index.ts";
import { addItems, INVENTORY_SLOT_COUNT, MAX_LONG, MAX_STACK, type CharacterRecord, type ItemGrant } from "../game/character/index.ts";
import { createLogger } from "../log/index.ts";
import { acquireDataLock, type DataLock } from "../server/index.ts";
import type { CliIo, Command } from "./command.ts";

/** AO20 object numbers are 16-bit signed (`ObjIndex As Integer`, i16 on the wire). */
const MAX_OBJECT_ID = 32_767;
/** More than this never fits: every slot full of one object. */
const MAX_ITEM_AMOUNT = INVENTORY_SLOT_COUNT * MAX_STACK;
/** Character names in the database are short; this only bounds what is echoed back. */
const MAX_NAME_LENGTH = 64;
/** Settings of the server configuration the admin command reads (the rest are for `serve`). */
const CONFIG_FLAGS = ["--database-url", "--data-dir", "--world", "--log-level"] as const;

const USAGE = `usage: argentum admin character show NAME [options]
       argentum admin character give NAME [--gold N] [--item OBJ:AMOUNT]... [options]

Reads or changes one character in the database, with no server needed.

  show          prints the character as JSON: account, class, race, level, experience,
                position, vitals, gold, bank gold, inventory, equipment, and whether a
                server holds it online
  give          adds gold and items; items stack on the same object up to ${MAX_STACK} per slot,
                then take free slots (${INVENTORY_SLOT_COUNT}); if they do not all fit nothing changes
  --gold N      gold to add (1..${MAX_LONG}); a character holds at most ${MAX_LONG}
  --item O:A    object number O (1..${MAX_OBJECT_ID}), amount A; may be repeated

options:
  --database-url URL / DATABASE_URL   Postgres; without it the embedded database in the data folder
  --data-dir DIR / AO_DATA_DIR        the data folder (default ./data)
  --world DIR / AO_WORLD              the world pack the database serves: object numbers are
                                      checked against its object table and named in show.
                                      Without it any object number is accepted unchecked.
  --log-level LEVEL / AO_LOG_LEVEL    database log lines on stderr (default warn)

A character a server holds online is refused: change it after it logs out. On the embedded
database a data folder in use by a running server is refused too (the command takes the
folder's lock; online marks a crashed server left are cleared then). Exit code: 0 done,
1 refused (nothing changed), 2 bad usage.
`;

type Parsed =
  | { ok: true; action: "show"; name: string; configArgs: string[] }
  | { ok: true; action: "give"; name: string; configArgs: string[]; gold: number; items: ItemGrant[] }
  | { ok: false; message: string };

/** Control characters (C0, DEL, C1) and Unicode line separators. */
const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/u;

/** A value quoted with escapes, so the line stays one line whatever it holds; cut when long. */
function quoted(value: string, max = 40): string {
  const characters = [...value];
  return characters.length > max ? `${JSON.stringify(characters.slice(0, max).join(""))}…` : JSON.stringify(value);
}

function parseWhole(text: string, min: number, max: number): number | undefined {
  if (!/^\d{1,16}$/.test(text)) return undefined;
  const value = Number(text);
  return value >= min && value <= max ? value : undefined;
}

function parseArgs(argv: readonly string[]): Parsed {
  const [noun, verb, name, ...rest] = argv;
  if (noun !== "character") return { ok: false, message: noun === undefined ? "what to administer? (character)" : `unknown subject ${quoted(noun)}; try "character"` };
  if (verb !== "show" && verb !== "give") return { ok: false, message: verb === undefined ? "character show or character give?" : `unknown action ${quoted(verb)}; try show or give` };
  if (name === undefined || name.startsWith("--")) return { ok: false, message: `character ${verb} needs a character NAME` };
  if (name.trim() === "") return { ok: false, message: "the character name is empty" };
  if (UNPRINTABLE.test(name)) return { ok: false, message: `the character name ${quoted(name)} has control characters` };
  if ([...name].length > MAX_NAME_LENGTH) return { ok: false, message: `the character name ${quoted(name)} is longer than ${MAX_NAME_LENGTH} characters` };

  const configArgs: string[] = [];
  let gold: number | undefined;
  const items: ItemGrant[] = [];
  for (let index = 0; index < rest.length; index++) {
    const arg = rest[index]!;
    const equals = arg.indexOf("=");
    const flag = equals > 0 ? arg.slice(0, equals) : arg;
    const isGive = flag === "--gold" || flag === "--item";
    const isConfig = (CONFIG_FLAGS as readonly string[]).includes(flag);
    if ((!isGive && !isConfig) || (isGive && verb !== "give")) return { ok: false, message: `unknown option ${quoted(arg)} for character ${verb}` };
    let value: string | undefined;
    if (equals > 0) value = arg.slice(equals + 1);
    else value = rest[++index];
    if (value === undefined) return { ok: false, message: `${flag} needs a value` };
    if (isConfig) {
      configArgs.push(flag, value);
      continue;
    }
    if (flag === "--gold") {
      if (gold !== undefined) return { ok: false, message: "--gold given twice" };
      gold = parseWhole(value, 1, MAX_LONG);
      if (gold === undefined) return { ok: false, message: `--gold ${quoted(value)}: a whole number from 1 to ${MAX_LONG}` };
      continue;
    }
    const match = /^(\d{1,16}):(\d{1,16})$/.exec(value);
    const objectId = match ? parseWhole(match[1]!, 1, MAX_OBJECT_ID) : undefined;
    const amount = match ? parseWhole(match[2]!, 1, MAX_ITEM_AMOUNT) : undefined;
    if (objectId === undefined || amount === undefined) {
      return { ok: false, message: `--item ${quoted(value)}: OBJ:AMOUNT with an object number 1..${MAX_OBJECT_ID} and an amount 1..${MAX_ITEM_AMOUNT}` };
    }
    items.push({ objectId, amount });
  }
  if (verb === "show") return { ok: true, action: "show", name, configArgs };
  if (gold === undefined && items.length === 0) return { ok: false, message: "character give needs --gold N and/or --item OBJ:AMOUNT" };
  return { ok: true, action: "give", name, configArgs, gold: gold ?? 0, items };
}

/** A refusal: one line, exit 1, nothing changed. */
class Refusal extends Error {}

interface WorldObjects {
  worldName: string;
  names: ReadonlyMap<number, string>;
}

async function loadWorldObjects(dir: string): Promise<WorldObjects> {
  const loaded = await loadWorldPack(dir);
  if (!loaded.ok) {
    const first = loaded.errors[0];
    throw new Refusal(`--world / AO_WORLD: world pack ${dir} could not be loaded: ${first ? `${first.file}: ${first.message}` : "unknown problem"}`);
  }
  const objects = loaded.pack.tables?.objects?.objects;
  if (!objects) throw new Refusal(`--world / AO_WORLD: world pack ${dir} has no object table to check object numbers against`);
  return { worldName: loaded.pack.name, names: new Map(objects.map((object) => [object.id, object.name])) };
}

/** Opens the configured database; on the embedded one, under the data folder's lock. */
async function openForAdmin(config: ServerConfig, command: string, io: CliIo): Promise<{ database: Database; lock: DataLock | null }> {
  const logger = createLogger(config.logLevel, pino.destination(2)).child({ ctx: "db" });
  let lock: DataLock | null = null;
  const dataDir = resolve(config.dataDir);
  if (!config.databaseUrl) {
    if (!existsSync(pgliteDataDir(dataDir))) {
      throw new Refusal(`no embedded database in data folder ${dataDir}; pass the server's --data-dir, or --database-url for Postgres`);
    }
    const locked = await acquireDataLock(dataDir, command);
    if (!locked.ok) throw new Refusal(locked.message);
    lock = locked.lock;
    if (locked.tookOver) io.err(`argentum admin: took over the lock of process ${locked.tookOver === "unreadable" ? "(unreadable lock)" : locked.tookOver.pid}, which is gone\n`);
  }
  let database: Database;
  try {
    database = await openDatabase({ url: config.databaseUrl, dataDir, logger });
  } catch (error) {
    await lock?.release();
    throw new Refusal(`database: ${error instanceof DatabaseError ? error.message : (error as Error).message}`);
  }
  if (lock) {
    // Holding the folder's lock proves no server runs on this embedded database, so every online
    // mark is one a crashed server left; the server's next start would clear them the same way.
    try {
      const stale = await database.characters.clearOnlineMarks();
      if (stale > 0) io.err(`argentum admin: cleared ${stale} online mark(s) left by a server that did not stop cleanly\n`);
    } catch (error) {
      await database.close().catch(() => {});
      await lock.release();
      throw error;
    }
  }
  return { database, lock };
}

/** The JSON `show` prints. */
function characterJson(record: CharacterRecord, account: { id: number; email: string } | null, onlineSince: Date | null, objects: WorldObjects | null) {
  const objectName = (id: number) => (objects ? (objects.names.get(id) ?? null) : null);
  return {
    id: record.id,
    account: account ? { id: account.id, email: account.email } : { id: record.accountId, email: null },
    name: record.name,
    class: record.class,
    race: record.race,
    gender: record.gender,
    homeCity: record.homeCity,
    level: record.level,
    exp: record.exp,
    position: { map: record.position.map, x: record.position.x, y: record.position.y, heading: record.position.heading },
    vitals: record.vitals,
    gold: record.gold,
    bankGold: record.bankGold,
    inventory: record.inventory.map((slot) => ({ slot: slot.slot, objectId: slot.objectId, name: objectName(slot.objectId), amount: slot.amount, equipped: slot.equipped })),
    equipment: record.equipment,
    online: onlineSince !== null,
    onlineSince: onlineSince?.toISOString() ?? null,
    createdAt: record.createdAt.toISOString(),
    updatedAt: record.updatedAt.toISOString(),
    lastLoginAt: record.lastLoginAt?.toISOString() ?? null,
  };
}

async function run(parsed: Extract<Parsed, { ok: true }>, config: ServerConfig, io: CliIo): Promise<number> {
  const objects = config.world ? await loadWorldObjects(config.world) : null;
  if (objects && parsed.action === "give") {
    for (const item of parsed.items) {
      if (!objects.names.has(item.objectId)) throw new Refusal(`object ${item.objectId} is not in the object table of world ${JSON.stringify(objects.worldName)}`);
    }
  }
  const { database, lock } = await openForAdmin(config, `argentum admin character ${parsed.action}`, io);
  try {
    if (objects) {
      const identity = await database.worldIdentity.read();
      if (identity && identity.name !== objects.worldName) {
        throw new Refusal(`the database belongs to world ${JSON.stringify(identity.name)} but --world names ${JSON.stringify(objects.worldName)}`);
      }
    }
    const record = await database.characters.findCharacterByName(parsed.name);
    if (!record) throw new Refusal(`no character named ${quoted(parsed.name)}`);
    const onlineSince = await database.characters.onlineSince(record.id);
    if (parsed.action === "show") {
      const account = await database.accounts.findAccountById(record.accountId);
      io.out(`${JSON.stringify(characterJson(record, account, onlineSince ?? null, objects), null, 2)}\n`);
      return 0;
    }
    if (onlineSince) throw new Refusal(onlineRefusal(record.name, onlineSince));
    const gold = record.gold + parsed.gold;
    if (gold > MAX_LONG) throw new Refusal(`${record.name} has ${record.gold} gold; ${parsed.gold} more would pass the ${MAX_LONG} a character can hold`);
    const added = addItems(record.inventory, parsed.items);
    if (added.kind === "no_room") throw new Refusal(`no room in ${record.name}'s inventory for ${added.missing} of object ${added.objectId} (${INVENTORY_SLOT_COUNT} slots, ${MAX_STACK} per slot)`);
    const saved = await database.characters.saveOfflineCharacter({ ...record, gold, inventory: added.inventory });
    switch (saved.kind) {
      case "ok":
        break;
      case "online":
        throw new Refusal(onlineRefusal(record.name, saved.since));
      case "stale":
        throw new Refusal(`${record.name} was saved by someone else meanwhile; nothing changed, run the command again`);
      case "not_found":
        throw new Refusal(`${record.name} was deleted meanwhile; nothing changed`);
    }
    const touched = new Set(added.touchedSlots);
    io.out(
      `${JSON.stringify({
        character: record.name,
        id: record.id,
        gold: { before: record.gold, after: gold },
        items: parsed.items,
        slots: added.inventory.filter((slot) => touched.has(slot.slot)),
        objectsChecked: objects !== null,
      })}\n`,
    );
    return 0;
  } finally {
    await database.close().catch(() => {});
    await lock?.release();
  }
}

function onlineRefusal(name: string, since: Date): string {
  return `${name} is online (since ${since.toISOString()}); a running server holds it and would overwrite the change: try after it logs out`;
}

export const adminCommand: Command = {
  name: "admin",
  summary: "show or change a character in the database (gold, items)",
  usage: USAGE,
  async run(argv, io) {
    const parsed = parseArgs(argv);
    if (!parsed.ok) {
      io.err(`argentum admin: ${parsed.message}; see argentum admin --help\n`);
      return 2;
    }
    // Database log lines go to stderr at warn unless asked otherwise: stdout carries the JSON.
    const quiet = parsed.configArgs.includes("--log-level") || process.env.AO_LOG_LEVEL ? [] : ["--log-level", "warn"];
    const loaded = loadConfig([...quiet, ...parsed.configArgs], process.env);
    if (!loaded.ok) {
      io.err(`argentum admin: ${loaded.error.message}\n`);
      return 2;
    }
    try {
      return await run(parsed, loaded.config, io);
    } catch (error) {
      if (error instanceof Refusal) {
        io.err(`argentum admin: ${error.message}\n`);
        return 1;
      }
      const message = error instanceof DatabaseError ? `database: ${error.message}` : `unexpected failure: ${(error as Error).stack ?? error}`;
      io.err(`argentum admin: ${message}\n`);
      return 1;
    }
  },
};
