/**
 * The starting kit of a world pack: `kit.json`, hashed in the manifest like every other file
 * (pack version 3). Its own `format`/`version` let the kit evolve without touching the rest.
 *
 * ```json
 * { "format": "argentum-starting-kit", "version": 1, "gold": 0,
 *   "classes": [ { "class": 1,
 *                  "items": [ { "slot": 1, "objects": [1616], "amount": 200 },
 *                             { "slot": 5, "objects": [463, 464, 465], "amount": 1, "equipped": true,
 *                               "races": [1, 2, 3, 6], "genders": [1] } ],
 *                  "spells": [1, 11, 12] },
 *                … one entry per class 1..12 ] }
 * ```
 *
 * An item lands in `slot`; several `objects` = one drawn at random at creation; `equipped` = worn
 * as the armour; `races`/`genders` limit it to those characters. The rules are
 * `checkStartingKit` (game/character-creation); a kit naming objects or spells the pack's tables
 * lack is refused, naming `kit.json` and the entry.
 */
import { z } from "zod";
import { CLASS_IDS, checkStartingKit, type ClassId, type ClassStartingKit, type KitEntry, type StartingKit } from "../../game/character-creation/index.ts";
import { KIT_FILE } from "./schema.ts";
import type { PackTables } from "./tables.ts";

export const STARTING_KIT_FORMAT = "argentum-starting-kit";
/** Newest kit layout; bump on incompatible changes. */
export const STARTING_KIT_VERSION = 1;

const Int = z.number().int();

const KitItemSchema = z.strictObject({
  slot: Int,
  objects: z.array(Int),
  amount: Int,
  equipped: z.boolean().optional(),
  races: z.array(Int).optional(),
  genders: z.array(Int).optional(),
});

const ClassKitSchema = z.strictObject({
  class: Int,
  items: z.array(KitItemSchema),
  spells: z.array(Int),
});

/**
 * `kit.json` as stored. Only the shape is checked here (whole numbers, lists); ranges, objects
 * and slots are `checkStartingKit`'s, so their errors can name the entry in words.
 */
export const StartingKitFileSchema = z
  .strictObject({
    format: z.literal(STARTING_KIT_FORMAT),
    version: z.literal(STARTING_KIT_VERSION),
    gold: Int,
    classes: z.array(ClassKitSchema),
  })
  .superRefine((file, ctx) => {
    const seen = new Set<number>();
    file.classes.forEach((entry, index) => {
      if (!(CLASS_IDS as readonly number[]).includes(entry.class)) ctx.addIssue({ code: "custom", path: ["classes", index, "class"], message: `class ${entry.class} is not a class (1..12)` });
      else if (seen.has(entry.class)) ctx.addIssue({ code: "custom", path: ["classes", index, "class"], message: `class ${entry.class} appears twice` });
      seen.add(entry.class);
    });
    const missing = CLASS_IDS.filter((id) => !seen.has(id));
    if (missing.length > 0) ctx.addIssue({ code: "custom", path: ["classes"], message: `classes ${missing.join(", ")} are missing (list every class, with empty items for none)` });
  });
export type StartingKitFile = z.infer<typeof StartingKitFileSchema>;

function entryToFile(entry: KitEntry): StartingKitFile["classes"][number]["items"][number] {
  return {
    slot: entry.slot,
    objects: [...entry.objects],
    amount: entry.amount,
    ...(entry.equipped ? { equipped: true } : {}),
    ...(entry.races === undefined ? {} : { races: [...entry.races] }),
    ...(entry.genders === undefined ? {} : { genders: [...entry.genders] }),
  };
}

/** The stored form of a kit (every class, fixed key order). */
export function startingKitToFile(kit: StartingKit): StartingKitFile {
  return {
    format: STARTING_KIT_FORMAT,
    version: STARTING_KIT_VERSION,
    gold: kit.gold,
    classes: CLASS_IDS.map((id) => ({ class: id, items: kit.byClass[id].items.map(entryToFile), spells: [...kit.byClass[id].spells] })),
  };
}

/** A parsed `kit.json` as the game's kit. */
export function startingKitFromFile(file: StartingKitFile): StartingKit {
  const byClass = {} as Record<ClassId, ClassStartingKit>;
  for (const entry of file.classes) {
    byClass[entry.class as ClassId] = {
      items: entry.items.map((item) => ({
        slot: item.slot,
        objects: item.objects,
        amount: item.amount,
        equipped: item.equipped ?? false,
        ...(item.races === undefined ? {} : { races: item.races }),
        ...(item.genders === undefined ? {} : { genders: item.genders }),
      })),
      spells: entry.spells,
    };
  }
  return { gold: file.gold, byClass };
}

/** The bytes of `kit.json` (deterministic: the same kit always gives the same bytes and hash). */
export function encodeStartingKit(kit: StartingKit): Uint8Array {
  return new TextEncoder().encode(`${JSON.stringify(startingKitToFile(kit))}\n`);
}

/** A problem with the kit, as the pack reports it. */
export interface KitFileIssue {
  readonly file: string;
  readonly message: string;
}

/**
 * Everything wrong with a kit in a world with these tables, each message naming the entry
 * (`class 3 (Warrior) item #2 (slot 30): slot 30 is not in 1..24 …`). The kit's objects must be
 * in the tables' object table and its spells in the spell table (when the tables have one).
 */
export function checkKitAgainstTables(kit: StartingKit, tables: PackTables | null, file = KIT_FILE): KitFileIssue[] {
  const objects = tables?.objects ?? null;
  const types = new Map((objects?.objects ?? []).map((object) => [object.id, object.objType] as const));
  const spells = tables?.spells ? new Set(tables.spells.spells.map((spell) => spell.id)) : null;
  const issues = checkStartingKit(kit, {
    objectType: (id) => types.get(id),
    ...(spells === null ? {} : { hasSpell: (id: number) => spells.has(id) }),
  });
  const noTable = objects === null && issues.some((issue) => issue.code === "unknown_object");
  const out: KitFileIssue[] = issues
    .filter((issue) => !(noTable && issue.code === "unknown_object"))
    .map((issue) => ({ file, message: `${issue.entry}: ${issue.message}` }));
  return noTable ? [{ file, message: "the pack has no object table, so its kit cannot name objects" }, ...out] : out;
}

export type DecodeStartingKitOutcome = { readonly ok: true; readonly kit: StartingKit } | { readonly ok: false; readonly errors: readonly KitFileIssue[] };

/** Reads `kit.json` bytes: JSON, then the shape, then the rules against the pack's tables. */
export function decodeStartingKit(bytes: Uint8Array, tables: PackTables | null, file = KIT_FILE): DecodeStartingKitOutcome {
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder().decode(bytes));
  } catch (cause) {
    return { ok: false, errors: [{ file, message: `not valid JSON: ${(cause as Error).message}` }] };
  }
  const parsed = StartingKitFileSchema.safeParse(json);
  if (!parsed.success) {
    return { ok: false, errors: parsed.error.issues.slice(0, 20).map((issue) => ({ file, message: `${issue.path.map(String).join(".") || "(root)"}: ${issue.message}` })) };
  }
  const kit = startingKitFromFile(parsed.data);
  const errors = checkKitAgainstTables(kit, tables, file);
  return errors.length > 0 ? { ok: false, errors } : { ok: true, kit };
}
