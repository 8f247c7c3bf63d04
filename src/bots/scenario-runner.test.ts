/**
 * The scenario runner wired to fighters, against a scripted in-process server (no sockets): the
 * bots log in beside a wolf, attack it, see hits, a kill and a bite, and the report and its table
 * carry the combat counters. Runs on the real clock for a few seconds (the runner's own).
 */
import { describe, expect, test } from "bun:test";
import { buildDefaultMaps, DEFAULT_WORLD_MAP_IDS } from "../content/default-world/index.ts";
import { mapToApiJson } from "../content/pack/index.ts";
import { CHARACTER_CREATE_DEFAULTS, decodeClientPacket, encodeServerPacket, splitFrames, type ServerPacketFields, type ServerPacketName } from "../protocol/index.ts";
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
      const name = decoded.packet.name;
      queueMicrotask(() => this.answer(name));
    }
    return true;
  }

  private answer(name: string): void {
    if (name === "CreateAccount") this.push("AccountCharacterList", { characters: [] });
    else if (name === "LoginNewChar") {
      const x = 20 + this.id * 20;
      this.push("ChangeMap", { map: FIELD, resourceMap: FIELD });
      this.push("AreaChanged", { x, y: 20 });
      this.push("CharacterCreate", { ...CHARACTER_CREATE_DEFAULTS, charIndex: this.charIndex, x, y: 20, name: `B${this.id}` });
      this.placeWolf();
      this.push("UserCharIndexInServer", { charIndex: this.charIndex });
      this.push("Logged", { newUser: false });
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
});
