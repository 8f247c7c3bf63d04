import { clientCodec, serverCodec, type Direction } from "./packet-codec.ts";
import type { LayoutSource } from "./packet-def.ts";

export interface ProvenanceRow {
  readonly direction: Direction;
  readonly id: number;
  readonly name: string;
  readonly source: Exclude<LayoutSource, "reference">;
  readonly note: string;
}

/**
 * Packets whose layout the reference does not give, with how the codec handles them:
 * `vb6-source` (layout derived from the VB6 writer and reader, named in the note) or `opaque`
 * (decoded as a raw `payload` byte field; the id is never sent by the stock programs).
 */
export function packetsWithoutReferenceLayout(): ProvenanceRow[] {
  const rows: ProvenanceRow[] = [];
  for (const codec of [serverCodec, clientCodec]) {
    for (const p of codec.packets) {
      if (p.def.source === "reference") continue;
      rows.push({ direction: codec.direction, id: p.id, name: p.name, source: p.def.source, note: p.def.note ?? "" });
    }
  }
  return rows;
}
