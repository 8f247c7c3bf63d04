/**
 * Staff sounds and the anti-macro note on a map (gm-and-moderation §2.2): `/FORCEMIDI` and
 * `/FORCEWAV` reach every map over the bus, `/FORCEMIDIMAP` and `/FORCEWAVMAP` one map, with the
 * decisions of sounds.ts (music 0 is each map's own; a map below 1 is the GM's; a tile outside
 * the map is not positional); below Dios (or the RM bit for the map ones) nothing is published.
 */
import { describe, expect, test } from "bun:test";
import type { StaffStanding } from "../../../game/staff/index.ts";
import { MAP_ID, world, type Received } from "../../map-harness.test-support.ts";
import type { MapEvent } from "../../map-events.ts";

function staffWorld(standing: StaffStanding, music?: number) {
  const w = world({ safe: false, ...(music !== undefined ? { music } : {}) });
  w.enter(1, "Pepe", 10, 10, { with: { staff: standing } });
  w.enter(2, "Testigo", 12, 10);
  w.drain();
  w.events.length = 0;
  return w;
}

const sounds = (packets: Received[], session: number) =>
  packets.filter((p) => p.session === session && (p.name === "PlayMIDI" || p.name === "PlayWave" || p.name === "ConsoleMsg")).map((p): Record<string, unknown> => ({ name: p.name, ...p.fields }));

function audits(events: MapEvent[]) {
  return events.flatMap((event) => (event.t === "service" && event.message.kind === "audit" ? [event.message.record] : []));
}

const DIOS: StaffStanding = { rank: "dios", roleMaster: false };

describe("staff sounds", () => {
  test("/FORCEMIDI: VB6's line and the music for everyone, over the bus; /FORCEWAV not positional", () => {
    const w = staffWorld(DIOS);
    w.server.act(1, "ForceMIDIAll", { midi: 7 });
    w.server.act(1, "ForceWAVEAll", { wave: 42 });
    expect(w.bus.published).toEqual([
      { kind: "console_all", text: "Pepe broadcast musica: 7", font: 9 },
      { kind: "staff_sound", map: null, sound: { kind: "midi", midi: 7 } },
      { kind: "staff_sound", map: null, sound: { kind: "wave", wave: 42, x: 0, y: 0 } },
    ]);
    for (const message of w.bus.published) w.server.receive(message);
    const out = w.drain();
    for (const session of [1, 2]) {
      expect(sounds(out, session)).toEqual([
        { name: "ConsoleMsg", text: "Pepe broadcast musica: 7", fontIndex: 9 },
        { name: "PlayMIDI", midi: 7, loops: -1 },
        { name: "PlayWave", wave: 42, x: 0, y: 0, cancelLast: 0, localize: 0 },
      ]);
    }
    expect(audits(w.events).map((row) => `${row.action} ${row.outcome}`)).toEqual(["ForceMIDIAll ok", "ForceWAVEAll ok"]);
  });

  test("/FORCEMIDIMAP and /FORCEWAVMAP: one map; 0 plays that map's own music; map 0 is the GM's map and tile; another map's sound is not played here", () => {
    const w = staffWorld({ rank: null, roleMaster: true }, 12);
    w.server.act(1, "ForceMIDIToMap", { midi: 0, map: 0 });
    w.server.act(1, "ForceWAVEToMap", { wave: 5, map: 0, x: 1, y: 1 });
    w.server.act(1, "ForceWAVEToMap", { wave: 6, map: MAP_ID, x: 200, y: 3 });
    w.server.act(1, "ForceMIDIToMap", { midi: 9, map: MAP_ID + 1 });
    expect(w.bus.published).toEqual([
      { kind: "staff_sound", map: MAP_ID, sound: { kind: "midi", midi: 0 } },
      { kind: "staff_sound", map: MAP_ID, sound: { kind: "wave", wave: 5, x: 10, y: 10 } },
      { kind: "staff_sound", map: MAP_ID, sound: { kind: "wave", wave: 6, x: 200, y: 3 } },
      { kind: "staff_sound", map: MAP_ID + 1, sound: { kind: "midi", midi: 9 } },
    ]);
    for (const message of w.bus.published) w.server.receive(message);
    expect(sounds(w.drain(), 2)).toEqual([
      { name: "PlayMIDI", midi: 12, loops: -1 },
      { name: "PlayWave", wave: 5, x: 10, y: 10, cancelLast: 0, localize: 0 },
      // x 200 is outside this 40 × 40 map: played without a position.
      { name: "PlayWave", wave: 6, x: 0, y: 0, cancelLast: 0, localize: 0 },
    ]);
  });

  test("a map without music plays nothing for music 0", () => {
    const w = staffWorld(DIOS);
    w.server.receive({ kind: "staff_sound", map: MAP_ID, sound: { kind: "midi", midi: 0 } });
    expect(sounds(w.drain(), 2)).toEqual([]);
  });

  test("below the rank nothing is published: a SemiDios /FORCEMIDI gets Msg528; a Consejero's /FORCEMIDIMAP is silent; both audited refused_rank", () => {
    const semidios = staffWorld({ rank: "semidios", roleMaster: false });
    semidios.server.act(1, "ForceMIDIAll", { midi: 7 });
    const consejero = staffWorld({ rank: "consejero", roleMaster: false });
    consejero.server.act(1, "ForceMIDIToMap", { midi: 7, map: 0 });
    expect(semidios.bus.published).toEqual([]);
    expect(consejero.bus.published).toEqual([]);
    expect(semidios.drain().filter((p) => p.session === 1 && p.name === "LocaleMsg").map((p) => p.fields.messageId)).toEqual([528]);
    expect(consejero.drain().filter((p) => p.session === 1)).toEqual([]);
    expect([...audits(semidios.events), ...audits(consejero.events)].map((row) => `${row.action} ${row.outcome}`)).toEqual(["ForceMIDIAll refused_rank", "ForceMIDIToMap refused_rank"]);
  });
});

describe("the anti-macro note", () => {
  test("only the audit row keeps it; nothing reaches the target; an empty part gets Msg2173", () => {
    const w = staffWorld({ rank: "consejero", roleMaster: false });
    w.server.act(1, "AntiMacroMessage", { userName: "Testigo", message: "¿estás ahí?" });
    w.server.act(1, "AntiMacroMessage", { userName: "Testigo", message: " " });
    const out = w.drain();
    expect(out.filter((p) => p.session === 2)).toEqual([]);
    expect(out.filter((p) => p.session === 1 && p.name === "LocaleMsg").map((p) => p.fields.messageId)).toEqual([2173]);
    expect(audits(w.events).map((row) => [row.action, row.outcome, row.target?.name ?? null, row.params.message, row.detail ?? null])).toEqual([
      ["AntiMacroMessage", "ok", "Testigo", "¿estás ahí?", null],
      ["AntiMacroMessage", "refused_rule", null, " ", "usage"],
    ]);
  });
});
