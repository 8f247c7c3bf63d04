import { describe, expect, test } from "bun:test";
import { BUS_MESSAGE_KINDS } from "../cross-map-bus.ts";
import { SYSTEM_TABLES } from "../handlers.ts";
import { world } from "../map-harness.test-support.ts";
import { SERVICE_NAMES } from "../service-protocol.ts";
import { SYSTEMS } from "../systems/index.ts";
import { buildSystemTables, SystemTableError, type MapSystem } from "./systems.ts";

const noop = () => {};

function refusal(systems: MapSystem[]): { code: string; message: string } {
  try {
    buildSystemTables(systems, []);
  } catch (error) {
    if (error instanceof SystemTableError) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error("built");
}

describe("building the tables from the manifests", () => {
  test("a packet, a skill click, a skill cursor or a bus message claimed twice is refused, naming both systems", () => {
    expect(refusal([{ name: "a", packets: { Walk: noop } }, { name: "b", packets: { Talk: noop, Walk: noop } }])).toEqual({
      code: "duplicate_claim",
      message: "the packet Walk is claimed by a and b",
    });
    expect(refusal([{ name: "a", workClicks: { 12: noop } }, { name: "b", workClicks: { 12: noop } }]).message).toBe("the skill click 12 is claimed by a and b");
    expect(refusal([{ name: "a", workCursors: { 1: noop } }, { name: "b", workCursors: { 1: noop } }]).message).toBe("the skill cursor 1 is claimed by a and b");
    expect(refusal([{ name: "a", bus: { console_all: noop } }, { name: "b", bus: { console_all: noop } }]).message).toBe("the bus message console_all is claimed by a and b");
    const blows = { onPlayer: noop, onNpc: noop };
    expect(refusal([{ name: "a", npcBlows: blows }, { name: "b", npcBlows: blows }]).message).toBe("the NPC blows are claimed by a and b");
    expect(refusal([{ name: "a" }, { name: "a" }]).code).toBe("duplicate_system");
  });

  test("a `uses` of an unknown system, or a circle of them, is refused", () => {
    expect(refusal([{ name: "a", uses: ["ghost"] }])).toEqual({ code: "unknown_use", message: "a uses ghost, which is not a listed system" });
    expect(refusal([{ name: "a", uses: ["b"] }, { name: "b", uses: ["c"] }, { name: "c", uses: ["a"] }])).toEqual({
      code: "circular_use",
      message: "systems use each other in a circle: a -> b -> c -> a",
    });
    expect(() => buildSystemTables([{ name: "a", uses: ["b"] }, { name: "b" }], [])).not.toThrow();
  });

  test("a bus message nobody takes, or a service nobody hears, is refused; a service heard twice too", () => {
    expect(() => buildSystemTables([{ name: "a" }], ["console_all"])).toThrow("no system takes the bus message console_all");
    expect(() => buildSystemTables([{ name: "a" }], [], ["bank"])).toThrow("no system hears the service bank");
    expect(refusal([{ name: "a", fromWorld: { bank: noop } }, { name: "b", fromWorld: { bank: noop } }]).message).toBe("the service bank is claimed by a and b");
  });

  test("hooks run in registry order; a veto stops at the first no; a transform may take the experience", () => {
    const calls: string[] = [];
    const tables = buildSystemTables(
      [
        { name: "a", hooks: { died: () => calls.push("a died"), mayWalk: () => (calls.push("a veto"), false), experience: (_c, _p, grant) => ({ ...grant, amount: grant.amount * 2 }) } },
        { name: "b", hooks: { died: () => calls.push("b died"), mayWalk: () => (calls.push("b veto"), true), experience: (_c, _p, grant) => (grant.amount > 10 ? null : grant) } },
      ],
      [],
    );
    const [ctx, player] = [{} as never, {} as never];
    tables.hooks.died(ctx, player);
    expect(tables.hooks.mayWalk(ctx, player)).toBe(false);
    expect(calls).toEqual(["a died", "b died", "a veto"]);
    expect(tables.hooks.experience(ctx, player, { amount: 5, source: "other" })).toEqual({ amount: 10, source: "other" });
    expect(tables.hooks.experience(ctx, player, { amount: 6, source: "other" })).toBeNull();
    expect(buildSystemTables([], []).hooks.mayTurn(ctx, player)).toBe(true);
  });
});

describe("the world's systems", () => {
  test("the hook order, as the systems react (a change here is a change of what VB6 order the wire keeps)", () => {
    expect(SYSTEM_TABLES.order).toEqual({
      acted: ["home", "stealth", "rest"],
      arrived: ["doors", "pets", "stealth", "rest", "penalties"],
      leaving: ["home", "commerce", "bank", "pets", "stealth", "rest", "penalties", "staff"],
      died: ["pets", "stealth", "rest"],
      revived: ["home"],
      npcAttacked: ["pets"],
      userAttackedByNpc: ["pets"],
      npcKilled: ["quests"],
      playersFought: ["pets"],
      mayWalk: ["status"],
      mayTurn: ["status"],
      experience: [],
      npcClick: ["quests", "priest", "commerce", "bank"],
    });
  });

  test("the skill clicks and cursors have one owner each", () => {
    expect(Object.fromEntries(SYSTEM_TABLES.owners.workClicks)).toEqual({
      1: "spells",
      2: "stealth",
      12: "combat",
      17: "planned",
      18: "planned",
      19: "planned",
      22: "planned",
      24: "pets",
      25: "planned",
      90: "planned",
      91: "planned",
      92: "staff",
    });
    expect(Object.fromEntries(SYSTEM_TABLES.owners.workCursors)).toEqual({ 1: "spells", 2: "stealth", 7: "stealth", 24: "pets" });
  });

  test("every bus message is taken, every service heard, and the world's manifests build", () => {
    expect(() => buildSystemTables(SYSTEMS, BUS_MESSAGE_KINDS, SERVICE_NAMES)).not.toThrow();
    expect(Object.keys(SYSTEM_TABLES.bus)).toEqual([...BUS_MESSAGE_KINDS]);
    expect(Object.keys(SYSTEM_TABLES.fromWorld)).toEqual([...SERVICE_NAMES]);
  });

  test("a player's state comes whole from the kernel and the systems, each field from one of them", () => {
    const owners = new Map<string, string>();
    const fakeCtx = { clock: { now: () => 0 } } as never;
    const record = { bank: undefined } as never;
    for (const system of SYSTEMS) {
      for (const key of Object.keys(system.playerState?.(fakeCtx, record, { kind: "login", handOver: undefined }) ?? {})) {
        expect({ key, owner: owners.get(key) }).toEqual({ key, owner: undefined });
        owners.set(key, system.name);
      }
    }
    let captured: Record<string, unknown> | null = null;
    const w = world({ handlers: { ...SYSTEM_TABLES.packets, Promedio: (_ctx, player) => void (captured = player as unknown as Record<string, unknown>) } });
    w.enter(1, "Ana", 10, 10);
    w.server.act(1, "Promedio", {});
    const player = captured!;
    // Nothing a system declares is missing, nothing is left undefined by accident.
    for (const key of owners.keys()) expect(key in player).toBe(true);
    expect(Object.entries(player).filter(([, value]) => value === undefined).map(([key]) => key)).toEqual(["cameFrom"]);
  });
});
