/**
 * The world's objects as the item rules look them up: built once from the parsed `obj.dat`
 * (`ObjectTable` of the content layer) and read by id. An id the table does not have is
 * `undefined`, never an error: packets carry ids a client chose.
 */
import type { ObjectTable } from "../../content/dat/index.ts";
import { itemTemplateFromObject, type ItemTemplate, type ObjectRow } from "./item-template.ts";

export interface ItemCatalog {
  /** The template of object `id`, or undefined for 0, negative, fractional or unknown ids. */
  get(id: number): ItemTemplate | undefined;
  /** `NumOBJs` (or the highest id when built from rows). */
  readonly declaredCount: number;
  /** Number of templates. */
  readonly size: number;
}

class MapCatalog implements ItemCatalog {
  readonly size: number;

  constructor(
    private readonly byId: ReadonlyMap<number, ItemTemplate>,
    readonly declaredCount: number,
  ) {
    this.size = byId.size;
  }

  get(id: number): ItemTemplate | undefined {
    return this.byId.get(id);
  }
}

/** A catalog of object rows (a parsed table's `objects`, or a few fields per object in tests). */
export function itemCatalogFromObjects(rows: readonly ObjectRow[], declaredCount?: number): ItemCatalog {
  const byId = new Map<number, ItemTemplate>();
  let highest = 0;
  for (const row of rows) {
    if (!Number.isInteger(row.id) || row.id <= 0 || byId.has(row.id)) continue;
    byId.set(row.id, itemTemplateFromObject(row));
    if (row.id > highest) highest = row.id;
  }
  return new MapCatalog(byId, declaredCount ?? highest);
}

/** The catalog of a parsed `obj.dat`. */
export function itemCatalog(table: ObjectTable): ItemCatalog {
  return itemCatalogFromObjects(table.objects, table.declaredCount);
}
