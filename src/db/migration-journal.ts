/**
 * Reads drizzle-kit's migrations/meta/_journal.json, the ordered list of migrations. Used by the
 * generator and by the test that proves the embedded module matches it.
 */

export interface JournalEntry {
  idx: number;
  tag: string;
}

/** Parses and checks the journal text; throws with the reason when it is not what drizzle-kit writes. */
export function parseJournal(text: string): JournalEntry[] {
  const journal: unknown = JSON.parse(text);
  const entries = (journal as { entries?: unknown })?.entries;
  if (!Array.isArray(entries)) throw new Error("migration journal has no entries array");
  return entries.map((entry: unknown, position) => {
    const { idx, tag } = (entry ?? {}) as { idx?: unknown; tag?: unknown };
    if (idx !== position || typeof tag !== "string" || !/^[\w-]+$/.test(tag)) {
      throw new Error(`migration journal entry ${position} is malformed: ${JSON.stringify(entry)}`);
    }
    return { idx, tag };
  });
}
