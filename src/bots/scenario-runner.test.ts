/**
 * The scenario runner wired to fighters and casters, against a scripted in-process server (no
 * sockets): the bots log in beside a wolf, attack it or cast at it, see hits, a kill and a bite,
 * and the report and its table carry the combat and magic counters. Runs on the real clock for a
 * few seconds (the runner's own).
 */
import { describe, expect, test } from "bun:test";
import { buildDefaultMaps, DEFAULT_WORLD_MAP_IDS } from "../content/default-world/index.ts";
import { mapToApiJson } from "../content/pack/index.ts";
import { CHARACTER_CREATE_DEFAULTS, decodeClientPacket, encodeServerPacket, splitFrames, type ServerPacketFields, type ServerPacketName } from "../protocol/index.ts";
import { CASTER_CAST_INTERVAL_MS } from "./behaviours/caster.ts";
import { FIGHTER_ATTACK_INTERVAL_MS } from "./behaviours/fighter.ts";
import { runScenario } from "./scenario-runner.ts";
import { formatReportTable } from "./scenario-report.ts";
import { SCENARIOS } from "./scenarios.ts";
import type { BotTransport, TransportConnector, TransportEvents, TransportTarget } from "./transport.ts";

const FIELD = DEFAULT_WORLD_MAP_IDS.field;
const TARGET: TransportTarget = { kind: "tcp", host: "127.0.0.1", port: 1, text: "tcp://127.0.0.1:1" };
const maps = buildDefaultMaps();
const BOTS = 2;
const WINDOW_S = 3;
/** The wolf dies at this many hits (then respawns beside the bot). */
const HITS_TO_KILL = 2;

/** One bot's connection to the scripted server: a login, a wolf beside it, every attack a hit. */
class ScriptedServer implements BotTransport {
  bufferedBytes = 0;
  closed = false;
  attacks = 0;
  casts = 0;
  /** The class the bot asked for (LoginNewChar). */
  classId = 0;
  private mana = 1_000;
  private wolf: number;

  constructor(
    readonly events: TransportEvents,
    readonly id: number,
  ) {
    this.wolf = 1000 + id * 10;
    queueMicrotask(() => this.events.opened());
    queueMicrotask(() => this.push("Connected", {}));
  }

  get charIndex(): number {
    return 1 + this.id;
  }

  private push<N extends ServerPacketName>(name: N, fields: ServerPacketFields<N>): void {
    if (this.closed) return;
    const encoded = encodeServerPacket(name, fields as never);
    if (!encoded.ok) throw encoded.error;
    this.events.batch(encoded.body.length + 2);
    this.events.body(encoded.body, 0, encoded.body.length);
  }

  private placeWolf(): void {
    this.push("CharacterCreate", { ...CHARACTER_CREATE_DEFAULTS, charIndex: this.wolf, x: 20 + this.id * 20, y: 21, isNpc: 1, name: "Lobo" });
  }

  sendFrames(frames: Uint8Array): boolean {
    if (this.closed) return false;
    for (const body of splitFrames(frames).bodies) {
      const decoded = decodeClientPacket(body);
      if (!decoded.ok) throw decoded.error;
      const { name, fields } = decoded.packet;
      queueMicrotask(() => this.answer(name, fields as Record<string, unknown>));
    }
    return true;
  }

  private answer(name: string, fields: Record<string, unknown>): void {
    if (name === "CreateAccount") this.push("AccountCharacterList", { characters: [] });
    else if (name === "LoginNewChar") {
      const x = 20 + this.id * 20;
      this.classId = fields.class as number;
      // A mage's book: Dardo Mágico in slot 1 (the login burst, before the map).
      if (this.classId === 1) this.push("ChangeSpellSlot", { slot: 1, spellId: 1, spellIdOrEmpty: 1, bindable: false });
      this.push("ChangeMap", { map: FIELD, resourceMap: FIELD });
      this.push("AreaChanged", { x, y: 20 });
      this.push("CharacterCreate", { ...CHARACTER_CREATE_DEFAULTS, charIndex: this.charIndex, x, y: 20, name: `B${this.id}` });
      this.placeWolf();
      this.push("UserCharIndexInServer", { charIndex: this.charIndex });
      this.push("UpdateUserStats", { maxHp: 20, minHp: 20, shield: 0, maxMana: 1_000, minMana: this.mana, maxSta: 60, minSta: 60, gold: 0, goldPerLevelWallet: 0, level: 1, expToNextLevel: 300, exp: 0, class: this.classId });
      this.push("Logged", { newUser: false });
    } else if (name === "CastSpell") {
      this.push("WorkRequestTarget", { skill: 1, isArea: false, radius: 0 });
    } else if (name === "WorkLeftClick") {
      this.casts++;
      this.mana -= 10;
      this.push("UpdateMana", { minMana: this.mana });
      this.push("TextOverChar", { text: "5", charIndex: this.wolf, color: 255 });
      this.push("CharUpdateHP", { charIndex: this.wolf, minHp: 5, maxHp: 10, shield: 0 });
    } else if (name === "Attack") {
      this.attacks++;
      this.push("TextOverChar", { text: "5", charIndex: this.wolf, color: 255 });
      this.push("CharUpdateHP", { charIndex: this.wolf, minHp: 5, maxHp: 10, shield: 0 });
      this.push("NPCHitUser", { bodyPart: 6, damage: 1 });
      if (this.attacks % HITS_TO_KILL === 0) {
        this.push("CharacterRemove", { charIndex: this.wolf, fadeOut: true, wasWarp: false });
        this.wolf++;
        this.placeWolf();
      }
    }
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    queueMicrotask(() => this.events.closed("closed by the bot", false));
  }
}

describe("scenario runner with fighters", () => {
  test("fight_spread: attacks at the melee pace, hits, kills and bites in the report and its table", async () => {
    const servers: ScriptedServer[] = [];
    const connect: TransportConnector = (_target, events) => {
      const server = new ScriptedServer(events, servers.length);
      servers.push(server);
      return server;
    };
    const report = await runScenario({
      scenario: SCENARIOS.fight_spread,
      bots: BOTS,
      durationS: WINDOW_S,
      seed: 7,
      target: TARGET,
      httpOrigin: "http://scripted",
      graceMs: 200,
      connect,
      getJson: async (url) => {
        const map = maps.find((candidate) => candidate.id === Number(url.split("/").at(-1)))!;
        return { status: 200, json: async () => JSON.parse(JSON.stringify(mapToApiJson(map))) };
      },
    });
    expect([report.ok, report.failures, report.bots_active]).toEqual([true, 0, BOTS]);
    // Each bot attacks once per interval or so: about WINDOW_S / 1.2 s each, never faster.
    const most = BOTS * Math.ceil((WINDOW_S * 1000) / FIGHTER_ATTACK_INTERVAL_MS);
    expect(report.attacks_sent).toBeGreaterThanOrEqual(BOTS * 2);
    expect(report.attacks_sent).toBeLessThanOrEqual(most);
    expect(report.attacks_per_s!).toBeCloseTo(report.attacks_sent / report.duration_s!, 0);
    // Every attack of the window was answered by a hit and a bite (those of the grace period too).
    expect(report.hits_seen).toBeGreaterThanOrEqual(report.attacks_sent);
    expect(report.hits_taken).toBe(report.hits_seen);
    expect(report.kills_seen).toBeGreaterThanOrEqual(BOTS);
    expect([report.misses_seen, report.deaths, report.targets_given_up]).toEqual([0, 0, 0]);
    // The server saw every attack the bots counted, and the wolves were always beside them.
    expect(servers.reduce((sum, server) => sum + server.attacks, 0)).toBeGreaterThanOrEqual(report.attacks_sent);
    const table = formatReportTable(report);
    expect(table).toContain("attacks / s (sent)");
    expect(table).toContain(`${report.hits_seen} / 0 / ${report.kills_seen}`);
    // Scenarios that do not fight keep their report as it was, with the counters at zero.
    expect(formatReportTable({ ...report, attacks_per_s: null })).not.toContain("attacks / s");
  }, 30_000);

  test("mixed_combat: walkers, fighters and mages by the seed; mages are created as such and cast at the melee wolf; the report has the magic counters", async () => {
    const servers: ScriptedServer[] = [];
    const connect: TransportConnector = (_target, events) => {
      const server = new ScriptedServer(events, servers.length);
      servers.push(server);
      return server;
    };
    const bots = 9;
    const report = await runScenario({
      scenario: SCENARIOS.mixed_combat,
      mix: { walkers: 1, fighters: 1, casters: 1 },
      bots,
      durationS: WINDOW_S,
      seed: 5,
      target: TARGET,
      httpOrigin: "http://scripted",
      graceMs: 200,
      connect,
      getJson: async (url) => {
        if (url.endsWith("/api/world")) return { status: 200, json: async () => ({ name: "scripted", homeCities: [], objects: [], spells: [{ id: 1, name: "Dardo Mágico", mana: 10 }] }) };
        const map = maps.find((candidate) => candidate.id === Number(url.split("/").at(-1)))!;
        return { status: 200, json: async () => JSON.parse(JSON.stringify(mapToApiJson(map))) };
      },
    });
    expect([report.ok, report.failures, report.bots_active]).toEqual([true, 0, bots]);
    const byBehaviour = report.bots_by_behaviour;
    expect(Object.values(byBehaviour).reduce((a, b) => a + b, 0)).toBe(bots);
    expect(Object.keys(byBehaviour).sort()).toEqual(["caster", "fighter", "walker"]);
    // Casters asked for a mage, the rest for the default class; only mages cast, only fighters attack.
    expect(servers.filter((server) => server.classId === 1).length).toBe(byBehaviour.caster!);
    expect(servers.every((server) => (server.classId === 1 ? server.attacks === 0 : server.casts === 0))).toBe(true);
    // At most one click per spell interval per caster, and every click a hit and 10 mana.
    const most = byBehaviour.caster! * Math.ceil((WINDOW_S * 1000) / CASTER_CAST_INTERVAL_MS);
    expect(report.casts_sent).toBeGreaterThanOrEqual(byBehaviour.caster!);
    expect(report.casts_sent).toBeLessThanOrEqual(most);
    expect(report.damage_casts).toBe(report.casts_sent);
    expect(report.spell_hits_seen).toBeGreaterThanOrEqual(report.casts_sent);
    expect(report.mana_spent).toBeGreaterThanOrEqual(10 * report.casts_sent);
    expect([report.casts_refused, report.casts_unanswered, report.meditations]).toEqual([0, 0, 0]);
    expect(report.attacks_sent).toBeGreaterThan(0);
    const table = formatReportTable(report);
    expect(table).toContain("casts / s (sent: damage / heal / paralysis)");
    expect(table).toContain("bots by behaviour");
    // A scenario without casters has no magic lines.
    expect(formatReportTable({ ...report, casts_per_s: null })).not.toContain("casts / s");
  }, 30_000);
});
