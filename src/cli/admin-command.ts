/**
 * `argentum admin`: looking at and changing the database without a server: characters, staff
 * ranks (admin-staff.ts) and the audit log (admin-audit.ts).
 *
 * A running server owns its online characters: it saves them on its own timer and would
 * overwrite whatever a tool wrote. So a change is refused for a character the database marks
 * online, and is written only if nobody saved the character since it was read. On the embedded
 * database the command takes the data folder's lock, which a running server holds: PGlite must
 * never be opened by two processes at once. Every change writes its audit row (actor kind `cli`)
 * in the statement that makes it, and every refusal that reached the database writes one too.
 */
import { loadConfig, type ServerConfig } from "../config/index.ts";
import { loadWorldPack } from "../content/index.ts";
import type { AuditActor, Database, StaffAct } from "../db/index.ts";
import { addItems, INVENTORY_SLOT_COUNT, MAX_LONG, MAX_STACK, type CharacterRecord, type ItemGrant } from "../game/character/index.ts";
import { auditAction, AUDIT_USAGE } from "./admin-audit.ts";
import { bansAction, BANS_USAGE } from "./admin-bans.ts";
import { actorProblem, CONFIG_FLAGS, cliActor, nameProblem, openForAdmin, OPTIONS_USAGE, parseWhole, quoted, Refusal, reportingFailures, type AdminAction } from "./admin-database.ts";
import { staffAction, STAFF_USAGE } from "./admin-staff.ts";
import type { CliIo, Command } from "./command.ts";

/** AO20 object numbers are 16-bit signed (`ObjIndex As Integer`, i16 on the wire). */
const MAX_OBJECT_ID = 32_767;
/** More than this never fits: every slot full of one object. */
const MAX_ITEM_AMOUNT = INVENTORY_SLOT_COUNT * MAX_STACK;

const CHARACTER_USAGE = `usage: argentum admin character show NAME [options]
       argentum admin character give NAME [--gold N] [--item OBJ:AMOUNT]... [options]

Reads or changes one character in the database, with no server needed.

  show          prints the character as JSON: account, class, race, level, experience,
                position, vitals, gold, bank gold, inventory, equipment, and whether a
                server holds it online
  give          adds gold and items; items stack on the same object up to ${MAX_STACK} per slot,
                then take free slots (${INVENTORY_SLOT_COUNT}); if they do not all fit nothing changes
  --gold N      gold to add (1..${MAX_LONG}); a character holds at most ${MAX_LONG}
  --item O:A    object number O (1..${MAX_OBJECT_ID}), amount A; may be repeated

${OPTIONS_USAGE}`;

const USAGE = `${CHARACTER_USAGE}
${STAFF_USAGE}
${BANS_USAGE}
${AUDIT_USAGE}`;

type Parsed =
  | { ok: true; action: "show"; name: string; configArgs: string[]; actor: string | undefined }
  | { ok: true; action: "give"; name: string; configArgs: string[]; actor: string | undefined; gold: number; items: ItemGrant[] }
  | { ok: false; message: string };

function parseCharacterArgs(argv: readonly string[]): Parsed {
  const [verb, name, ...rest] = argv;
  if (verb !== "show" && verb !== "give") return { ok: false, message: verb === undefined ? "character show or character give?" : `unknown action ${quoted(verb)}; try show or give` };
  const problem = nameProblem(name, `character ${verb}`);
  if (problem !== null || name === undefined) return { ok: false, message: problem ?? "no name" };

  const configArgs: string[] = [];
  let actor: string | undefined;
  let gold: number | undefined;
  const items: ItemGrant[] = [];
  for (let index = 0; index < rest.length; index++) {
    const arg = rest[index]!;
    const equals = arg.indexOf("=");
    const flag = equals > 0 ? arg.slice(0, equals) : arg;
    const isGive = flag === "--gold" || flag === "--item";
    const isConfig = (CONFIG_FLAGS as readonly string[]).includes(flag);
    const isActor = flag === "--actor";
    if ((!isGive && !isConfig && !isActor) || (isGive && verb !== "give")) return { ok: false, message: `unknown option ${quoted(arg)} for character ${verb}` };
    let value: string | undefined;
    if (equals > 0) value = arg.slice(equals + 1);
    else value = rest[++index];
    if (value === undefined) return { ok: false, message: `${flag} needs a value` };
    if (isConfig) {
      configArgs.push(flag, value);
      continue;
    }
    if (isActor) {
      const refusal = actorProblem(value);
      if (refusal !== null) return { ok: false, message: refusal };
      actor = value;
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
  if (verb === "show") return { ok: true, action: "show", name, configArgs, actor };
  if (gold === undefined && items.length === 0) return { ok: false, message: "character give needs --gold N and/or --item OBJ:AMOUNT" };
  return { ok: true, action: "give", name, configArgs, actor, gold: gold ?? 0, items };
}

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

/**
 * A refusal of `give` found before the save (online, gold, room): audited as such, then refused.
 * A refusal the save itself finds (stale, online meanwhile) is audited by the save's statement.
 */
async function refuseGive(database: Database, act: StaffAct, record: CharacterRecord | null, name: string, message: string): Promise<never> {
  await database.audit.append({
    actor: act.by,
    action: act.action,
    target: record ? { kind: "character", id: record.id, name: record.name } : { kind: "character", name },
    params: act.params ?? {},
    outcome: "refused_rule",
    detail: message,
  });
  throw new Refusal(message);
}

async function runCharacter(parsed: Extract<Parsed, { ok: true }>, config: ServerConfig, io: CliIo, actor: AuditActor): Promise<number> {
  const objects = config.world ? await loadWorldObjects(config.world) : null;
  if (objects && parsed.action === "give") {
    for (const item of parsed.items) {
      if (!objects.names.has(item.objectId)) throw new Refusal(`object ${item.objectId} is not in the object table of world ${JSON.stringify(objects.worldName)}`);
    }
  }
  const opened = await openForAdmin(config, `argentum admin character ${parsed.action}`, io);
  const { database } = opened;
  try {
    if (objects) {
      const identity = await database.worldIdentity.read();
      if (identity && identity.name !== objects.worldName) {
        throw new Refusal(`the database belongs to world ${JSON.stringify(identity.name)} but --world names ${JSON.stringify(objects.worldName)}`);
      }
    }
    const record = await database.characters.findCharacterByName(parsed.name);
    if (parsed.action === "show") {
      if (!record) throw new Refusal(`no character named ${quoted(parsed.name)}`);
      const onlineSince = await database.characters.onlineSince(record.id);
      const account = await database.accounts.findAccountById(record.accountId);
      io.out(`${JSON.stringify(characterJson(record, account, onlineSince ?? null, objects), null, 2)}\n`);
      return 0;
    }
    const act: StaffAct = { by: actor, action: "character give", params: { gold: parsed.gold, items: parsed.items, objectsChecked: objects !== null } };
    if (!record) return await refuseGive(database, act, null, parsed.name, `no character named ${quoted(parsed.name)}`);
    const onlineSince = await database.characters.onlineSince(record.id);
    if (onlineSince) return await refuseGive(database, act, record, parsed.name, onlineRefusal(record.name, onlineSince));
    const gold = record.gold + parsed.gold;
    if (gold > MAX_LONG) return await refuseGive(database, act, record, parsed.name, `${record.name} has ${record.gold} gold; ${parsed.gold} more would pass the ${MAX_LONG} a character can hold`);
    const added = addItems(record.inventory, parsed.items);
    if (added.kind === "no_room") {
      return await refuseGive(database, act, record, parsed.name, `no room in ${record.name}'s inventory for ${added.missing} of object ${added.objectId} (${INVENTORY_SLOT_COUNT} slots, ${MAX_STACK} per slot)`);
    }
    // The character and its audit row land in one statement, or neither does (§11 test 41).
    const saved = await database.characters.saveOfflineCharacter({ ...record, gold, inventory: added.inventory }, { act });
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
    await opened.close();
  }
}

function onlineRefusal(name: string, since: Date): string {
  return `${name} is online (since ${since.toISOString()}); a running server holds it and would overwrite the change: try after it logs out`;
}

function parseAdmin(argv: readonly string[]): AdminAction {
  const [noun, ...rest] = argv;
  switch (noun) {
    case "character": {
      const parsed = parseCharacterArgs(rest);
      if (!parsed.ok) return parsed;
      return { ok: true, configArgs: parsed.configArgs, actor: parsed.actor, run: (config, io, actor) => runCharacter(parsed, config, io, actor) };
    }
    case "staff":
      return staffAction(rest);
    case "audit":
      return auditAction(rest);
    case "ban":
    case "unban":
    case "bans":
      return bansAction(noun, rest);
    case undefined:
      return { ok: false, message: "what to administer? (character, staff, ban, unban, bans, audit)" };
    default:
      return { ok: false, message: `unknown subject ${quoted(noun)}; try character, staff, ban, unban, bans or audit` };
  }
}

export const adminCommand: Command = {
  name: "admin",
  summary: "show or change characters, grant staff ranks, ban and unban, read the audit log (no server needed)",
  usage: USAGE,
  async run(argv, io) {
    const parsed = parseAdmin(argv);
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
    const actor = cliActor(parsed.actor, process.env);
    return reportingFailures("argentum admin", io, () => parsed.run(loaded.config, io, actor));
  },
};
