/**
 * Music and sounds the staff play for others (gm-and-moderation §2.2: VB6 `HandleForceMIDIAll`,
 * `HandleForceWAVEAll`, `HanldeForceMIDIToMap`, `HandleForceWAVEToMap`), and the anti-macro note
 * (`HandleAntiMacroMessage`), which only goes in the log. The sounds cross maps on the bus
 * (`staff_sound`); each map plays what is meant for it to everyone on it.
 *
 * Decisions:
 * - `/FORCEMIDIMAP 0` plays each map's own music (VB6 played the *GM's* map's music on the target
 *   map, whatever that map's was). A map without music plays nothing.
 * - A map number below 1 means the GM's own map, as VB6's bounds check does; a number no map has
 *   reaches nobody (the map cannot know every map of the world; VB6 fell back to the GM's map).
 * - A wave for a tile outside the receiving map is played there without a position (VB6 moved it
 *   to the GM's map and tile, which only the sender could check).
 * - The anti-macro note's audit row is VB6's log line; whether the target was online is not
 *   checked (VB6 wrote two wordings; the row keeps the name and the text either way).
 */
import { MESSAGES } from "../../../game/messages/index.ts";
import type { ClientPacketFields } from "../../../protocol/index.ts";
import type { BusMessage, MapContext, PlayerEntity, StaffSound } from "../../kernel/index.ts";
import { DONE, type StaffOutcome } from "./gate.ts";

/** `/FORCEMIDI n` (Dios): VB6's line and the music, for everyone online. */
export function forceMidiAll(ctx: MapContext, player: PlayerEntity, fields: ClientPacketFields<"ForceMIDIAll">): StaffOutcome {
  const line = MESSAGES.staffMusicBroadcast(player.name, fields.midi);
  if (line.kind === "console") ctx.bus.publish({ kind: "console_all", text: line.text, font: line.font });
  ctx.bus.publish({ kind: "staff_sound", map: null, sound: { kind: "midi", midi: fields.midi } });
  return DONE;
}

/** `/FORCEWAV n` (Dios): the wave for everyone online, not positional. */
export function forceWaveAll(ctx: MapContext, _player: PlayerEntity, fields: ClientPacketFields<"ForceWAVEAll">): StaffOutcome {
  ctx.bus.publish({ kind: "staff_sound", map: null, sound: { kind: "wave", wave: fields.wave, x: 0, y: 0 } });
  return DONE;
}

/** `/FORCEMIDIMAP midi [map]` (role master or Dios): music for one map; 0 is that map's own. */
export function forceMidiToMap(ctx: MapContext, _player: PlayerEntity, fields: ClientPacketFields<"ForceMIDIToMap">): StaffOutcome {
  const map = fields.map >= 1 ? fields.map : ctx.definition.id;
  ctx.bus.publish({ kind: "staff_sound", map, sound: { kind: "midi", midi: fields.midi } });
  return { outcome: "ok", detail: `map ${map}` };
}

/** `/FORCEWAVMAP wav [map x y]` (role master or Dios): a wave at a tile of one map; no map: the GM's tile. */
export function forceWaveToMap(ctx: MapContext, player: PlayerEntity, fields: ClientPacketFields<"ForceWAVEToMap">): StaffOutcome {
  const own = fields.map < 1;
  const map = own ? ctx.definition.id : fields.map;
  const at = own ? { x: player.x, y: player.y } : { x: fields.x, y: fields.y };
  ctx.bus.publish({ kind: "staff_sound", map, sound: { kind: "wave", wave: fields.wave, ...at } });
  return { outcome: "ok", detail: `map ${map}` };
}

/** `/MENSAJEANTIMACRO nick@texto` (staff): nothing reaches the target; the audit row is the record. */
export function antiMacroMessage(ctx: MapContext, player: PlayerEntity, fields: ClientPacketFields<"AntiMacroMessage">): StaffOutcome {
  const name = fields.userName.trim();
  if (name === "" || fields.message.trim() === "") {
    ctx.tell(player, MESSAGES.antiMacroUsage());
    return { outcome: "refused_rule", detail: "usage" };
  }
  return { outcome: "ok", target: { name } };
}

function soundFrame(ctx: MapContext, sound: StaffSound): Uint8Array | null {
  if (sound.kind === "midi") {
    const midi = sound.midi === 0 ? ctx.definition.music : sound.midi;
    return midi === undefined ? null : ctx.packets.playMidi(midi);
  }
  const inside = sound.x >= 1 && sound.y >= 1 && sound.x <= ctx.definition.width && sound.y <= ctx.definition.height;
  return inside ? ctx.packets.playWave(sound.wave, sound.x, sound.y) : ctx.packets.playWave(sound.wave, 0, 0);
}

/** A staff sound published on the bus: played to everyone here when it is meant for this map. */
export function playStaffSound(ctx: MapContext, message: Extract<BusMessage, { kind: "staff_sound" }>): void {
  if (message.map !== null && message.map !== ctx.definition.id) return;
  if (ctx.store.playerCount === 0) return;
  const frame = soundFrame(ctx, message.sound);
  if (frame !== null) ctx.view.everyone(frame);
}
