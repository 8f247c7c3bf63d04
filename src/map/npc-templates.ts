/**
 * The world's `npcs.dat` entries by number, for the NPCs a map places (one index per NPC table,
 * built on first use and shared by every map of the worker).
 */
import type { GameTables, NpcTemplate } from "../content/index.ts";

type NpcTable = NonNullable<GameTables["npcs"]>;

const indexes = new WeakMap<NpcTable, Map<number, NpcTemplate>>();

/** The template of NPC number `id`, or null when the world has no NPC table or lacks it. */
export function npcTemplate(tables: GameTables | null, id: number): NpcTemplate | null {
  const table = tables?.npcs;
  if (!table) return null;
  let index = indexes.get(table);
  if (index === undefined) {
    index = new Map(table.npcs.map((template) => [template.id, template]));
    indexes.set(table, index);
  }
  return index.get(id) ?? null;
}
