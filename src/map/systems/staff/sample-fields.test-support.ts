/**
 * Valid bodies for every game-master packet (gm-and-moderation §11 test 6): the map's gate test
 * and the end-to-end one (test/world-staff.test.ts) send each with these.
 */
import { STAFF_COMMANDS, type StaffCommandName } from "../../../game/staff/index.ts";

/** A valid value for every field of a layout (a `when` branch filled when its test holds, lists empty or full of defaults). */
export function sampleFields(layout: readonly { kind: string; [key: string]: unknown }[]): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  const scalar = (type: string): unknown => (type === "str" ? "Nadie" : type === "bool" ? false : type === "f32" || type === "f64" ? 1 : type === "bytes" ? new Uint8Array() : 1);
  for (const node of layout) {
    if (node.kind === "field") fields[node.name as string] = scalar(node.type as string);
    else if (node.kind === "list") {
      const count = node.count as { fixed?: number };
      const item = node.item;
      fields[node.name as string] = count.fixed !== undefined ? Array.from({ length: count.fixed }, () => (typeof item === "string" ? scalar(item) : sampleFields(item as never))) : [];
    } else if (node.kind === "when") {
      const when = node.test as { kind: string; field?: string; value?: number };
      const holds = when.kind === "eq" ? fields[when.field!] === when.value : when.kind === "set" ? Boolean(fields[when.field!]) : false;
      if (holds) Object.assign(fields, sampleFields(node.nodes as never));
    }
  }
  return fields;
}

const playerSide = new Set<string>(["RoleMasterRequest", "Punishments", "Denounce", "QuestionGM"]);
/** Every staff packet but the player-side ones (reports and the punishment record). */
export const gmPackets = (Object.keys(STAFF_COMMANDS) as StaffCommandName[]).filter((name) => !playerSide.has(name));
