#!/usr/bin/env bun
/**
 * What magic costs the map thread, one map on the manual clock (no worker, no sockets; issue 16):
 *
 * - a cast: `CastSpell` + `WorkLeftClick` handled by the map (decode, the rules, the damage path,
 *   the frames for the caster and the NPC's viewers), µs each;
 * - a status timer event: an NPC's paralysis ending on its own timer (`systems/status.ts`), µs
 *   each, measured as the extra time the clock's advance takes over the same advance without holds;
 * - a meditation tick (`DoMeditar`: the mana, `UpdateMana`, the skill roll), µs each, the same way.
 *
 * `MAGES` mages stand in a 100 × 100 field, each facing its own practice dummy (an attackable
 * NPC that does not move and does not die), so every cast lands; the other mages see it. Frames
 * are dropped, not decoded. Prints one JSON line.
 *
 *   node_modules/.bin/bun bench/magic-costs.ts [--mages 400] [--rounds 20]
 */
import { GameTablesSchema, loadDefaultWorld, type GameTables } from "../src/content/index.ts";
import { testCharacter } from "../src/game/character/character-record.test-support.ts";
import { itemCatalog } from "../src/game/items/index.ts";
import { MagicStats, MapInstance, newOccupancyBuffer, Outbox, RecordingBus, createMapPackets, type MapDefinition, type NpcDefinition } from "../src/map/index.ts";
import { encodeClientPacket, type ClientPacketName } from "../src/protocol/index.ts";
import { SeededRandom } from "../src/random/index.ts";
import { ManualClock } from "../src/time/index.ts";

function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  const value = at >= 0 ? Number(process.argv[at + 1]) : fallback;
  if (!(Number.isInteger(value) && value > 0)) {
    process.stderr.write(`bench/magic-costs: --${name} must be a whole number > 0\n`);
    process.exit(2);
  }
  return value;
}

const MAGES = option("mages", 400);
const ROUNDS = option("rounds", 20);
const SIDE = 100;
const DART = 1;
const HOLD = 40;
const HOLD_SECONDS = 1;
const DUMMY = 900;
/** One hold: `Duration × 39` AI ticks of 150 ms, then the tick after. */
const HOLD_MS = (HOLD_SECONDS * 39 + 1) * 150;
const CAST_GAP_MS = 1_300;

const loaded = await loadDefaultWorld();
if (!loaded.ok) throw new Error(loaded.errors.map((e) => e.message).join("; "));
const base = loaded.pack.tables!;
const boar = base.npcs!.npcs.find((npc) => npc.hostile && npc.attackable)!;
const tables: GameTables = GameTablesSchema.parse({
  ...base,
  npcs: { ...base.npcs!, npcs: [...base.npcs!.npcs, { ...boar, id: DUMMY, name: "Muñeco", movement: 1, hostile: false, minHp: 30_000, maxHp: 30_000, giveExp: 0, giveGold: 0, drops: [] }] },
  spells: {
    declaredCount: base.spells!.spells.length + 1,
    spells: [...base.spells!.spells, { id: HOLD, name: "Sujetar", spellType: 2, target: 3, paralyzes: true, durationSeconds: HOLD_SECONDS, manaRequired: 1 }],
  },
});
const items = itemCatalog(tables.objects!);

/** One map with `mages` mages each below its dummy, with `mana` of 30,000; returns what the bench drives. */
function build(mages: number, mana = 30_000) {
  const width = SIDE;
  const height = SIDE;
  const npcs: NpcDefinition[] = [];
  const places: { x: number; y: number }[] = [];
  // Mage at (x, y), its dummy at (x, y - 2): the click on (x, y - 3) picks the dummy.
  for (let i = 0; places.length < mages; i++) {
    const x = 2 + (i % 48) * 2;
    const y = 5 + Math.floor(i / 48) * 4;
    if (y > height - 1) throw new Error(`at most ${48 * 24} mages fit`);
    places.push({ x, y });
    npcs.push({ npc: DUMMY, name: "Muñeco", x, y: y - 2, body: 10, head: 0, heading: 3 });
  }
  const definition: MapDefinition = {
    id: 1,
    name: "Campo de prácticas",
    width,
    height,
    safe: false,
    collision: new SharedArrayBuffer(width * height),
    triggers: new SharedArrayBuffer(width * height),
    occupancy: newOccupancyBuffer(width, height),
    exits: [],
    npcs,
    objects: [],
  };
  const outbox = new Outbox();
  const clock = new ManualClock({ startMs: 1_000 });
  const stats = new MagicStats();
  const instance = new MapInstance(definition, {
    packets: createMapPackets(),
    outbox,
    emit: () => {},
    aoiMode: "grid",
    tables,
    items,
    nakedBodies: null,
    clock,
    timers: clock.timers,
    random: SeededRandom.create(16),
    bus: new RecordingBus(),
    rules: { motd: [], globalChat: false, globalChatIntervalMs: 5_000 },
    onlineCount: () => mages,
    timeOfDayMs: () => 0,
    uptimeMs: () => clock.now(),
    onHandlerFault: (fault) => {
      throw fault.error;
    },
    magicStats: stats,
  });
  const skills = Object.assign(new Array<number>(24).fill(0), { 0: 100, 4: 100 });
  places.forEach(({ x, y }, i) => {
    const record = testCharacter(i + 1, {
      accountId: i + 1,
      name: `Maga${i}`,
      class: 1,
      head: 4,
      body: 21,
      level: 30,
      skills,
      spells: [DART, HOLD],
      position: { map: 1, x, y, heading: 1 },
      vitals: { hp: 500, maxHp: 500, mana, maxMana: 30_000, stamina: 30_000, maxStamina: 30_000, food: 100, water: 100 },
    });
    instance.enter({ session: i + 1, record, kind: "login", userSlot: i + 1 });
  });
  outbox.take();
  const bodies = new Map<string, Uint8Array>();
  const body = (name: ClientPacketName, fields: Record<string, unknown>): Uint8Array => {
    const key = `${name}${JSON.stringify(fields)}`;
    let known = bodies.get(key);
    if (known === undefined) {
      const encoded = encodeClientPacket(name, fields as never);
      if (!encoded.ok) throw encoded.error;
      known = encoded.body;
      bodies.set(key, known);
    }
    return known;
  };
  return { instance, outbox, clock, stats, places, body };
}

type Bench = ReturnType<typeof build>;

/** Every mage casts `slot` at its dummy once; returns the ms spent handling the packets. */
function castRound(b: Bench, slot: number, counter: number): { ms: number; frames: number } {
  const started = performance.now();
  for (let i = 0; i < b.places.length; i++) {
    const { x, y } = b.places[i]!;
    b.instance.handle(i + 1, b.body("CastSpell", { slot, counter }));
    b.instance.handle(i + 1, b.body("WorkLeftClick", { x, y: y - 3, skill: 1, counter }));
  }
  const ms = performance.now() - started;
  const frames = b.outbox.deliveries;
  b.outbox.take();
  return { ms, frames };
}

/** Advances the clock in 20 ms steps (the worker's tick) and returns the ms it took, frames dropped. */
function advance(b: Bench, totalMs: number): number {
  let ms = 0;
  for (let done = 0; done < totalMs; done += 20) {
    const started = performance.now();
    b.clock.advance(20);
    ms += performance.now() - started;
    b.outbox.take();
  }
  return ms;
}

const round3 = (value: number) => Math.round(value * 1000) / 1000;

// --- casts -----------------------------------------------------------------------------------
const casting = build(MAGES);
let counter = 0;
// Warm up the JIT on a few rounds first.
for (let i = 0; i < 5; i++) {
  castRound(casting, 1, ++counter);
  advance(casting, CAST_GAP_MS);
}
const before = { ...casting.stats.current };
let castMs = 0;
let castFrames = 0;
for (let i = 0; i < ROUNDS; i++) {
  const round = castRound(casting, 1, ++counter);
  castMs += round.ms;
  castFrames += round.frames;
  advance(casting, CAST_GAP_MS);
}
const casts = casting.stats.current.castsResolved - before.castsResolved;
if (casts !== MAGES * ROUNDS) throw new Error(`expected ${MAGES * ROUNDS} casts to land, ${casts} did`);

// --- status timers: holds on every dummy, against the same advance without them ---------------
const holding = build(MAGES);
for (let i = 0; i < 3; i++) {
  castRound(holding, 2, ++counter);
  advance(holding, HOLD_MS + 500);
}
let holdAdvanceMs = 0;
let quietAdvanceMs = 0;
let holdCastMs = 0;
const eventsBefore = holding.stats.current.statusTimerEvents;
for (let i = 0; i < ROUNDS; i++) {
  holdCastMs += castRound(holding, 2, ++counter).ms;
  holdAdvanceMs += advance(holding, HOLD_MS + 500);
  quietAdvanceMs += advance(holding, HOLD_MS + 500);
}
const statusEvents = holding.stats.current.statusTimerEvents - eventsBefore;

// --- meditation: every mage meditating, against the same advance without it ------------------
// No mana at all, so the meditation lasts the whole window.
const meditating = build(MAGES, 0);
// 8 s per 20 rounds: about 19 ticks per mage each 8 s (the first after 840 ms, then every 400 ms).
const MEDITATION_MS = 8_000 * Math.max(1, Math.round(ROUNDS / 20));
advance(meditating, MEDITATION_MS);
const quietMeditationMs = advance(meditating, MEDITATION_MS);
const ticksBefore = meditating.stats.current.meditationTicks;
for (let i = 0; i < MAGES; i++) meditating.instance.handle(i + 1, meditating.body("Meditate", {}));
meditating.outbox.take();
const meditationMs = advance(meditating, MEDITATION_MS);
const meditationTicks = meditating.stats.current.meditationTicks - ticksBefore;

const result = {
  bench: "magic-costs",
  mages: MAGES,
  rounds: ROUNDS,
  casts,
  us_per_cast: round3((castMs * 1000) / casts),
  frames_per_cast: round3(castFrames / casts),
  hold_casts: MAGES * ROUNDS,
  us_per_hold_cast: round3((holdCastMs * 1000) / (MAGES * ROUNDS)),
  status_timer_events: statusEvents,
  us_per_status_timer_event: statusEvents > 0 ? round3(((holdAdvanceMs - quietAdvanceMs) * 1000) / statusEvents) : null,
  advance_ms_with_holds: round3(holdAdvanceMs),
  advance_ms_without: round3(quietAdvanceMs),
  meditation_ticks: meditationTicks,
  us_per_meditation_tick: meditationTicks > 0 ? round3(((meditationMs - quietMeditationMs) * 1000) / meditationTicks) : null,
  advance_ms_meditating: round3(meditationMs),
  advance_ms_not_meditating: round3(quietMeditationMs),
  bun: Bun.version,
};
process.stdout.write(`${JSON.stringify(result)}\n`);
