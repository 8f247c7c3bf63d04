/**
 * The plainest valid fields of a packet, read from its layout: zero numbers, false, empty
 * strings, empty byte runs and safe arrays, lists at their fixed length (else empty), a
 * conditional group only when the zeros meet its condition, no trailing optional group. What a
 * coverage test sends for "every client packet" (test/world-every-packet.test.ts), and a starting
 * point to fill in by name.
 */
import { CLIENT_PACKETS } from "./client-packets.ts";
import type { ItemSpec, Layout, ScalarType } from "./layout.ts";

function zeroScalar(type: ScalarType): unknown {
  switch (type) {
    case "bool":
      return false;
    case "str":
      return "";
    case "bytes":
      return new Uint8Array(0);
    case "sa8":
      return { bounds: [], data: new Uint8Array(0) };
    default:
      return 0;
  }
}

function zeroItem(item: ItemSpec): unknown {
  return typeof item === "string" ? zeroScalar(item) : zeroFields(item);
}

/** The zero fields of a layout (see the file's comment). */
export function zeroFields(layout: Layout): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const node of layout) {
    switch (node.kind) {
      case "field":
        fields[node.name] = zeroScalar(node.type);
        break;
      case "list":
        fields[node.name] = "fixed" in node.count ? Array.from({ length: node.count.fixed }, () => zeroItem(node.item)) : [];
        break;
      case "count":
        break;
      case "when": {
        const test = node.test;
        const present = test.kind === "eq" ? test.value === 0 && fields[test.field] === 0 : false;
        if (present) Object.assign(fields, zeroFields(node.nodes));
        break;
      }
    }
  }
  return fields;
}

/** The zero fields of a client packet, by name. */
export function zeroClientFields(name: keyof typeof CLIENT_PACKETS): Record<string, unknown> {
  return zeroFields(CLIENT_PACKETS[name].layout);
}
