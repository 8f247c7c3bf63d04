import { describe, expect, test } from "bun:test";
import { EMPTY_EQUIPMENT, type CharacterRecord } from "../game/character/index.ts";
import { silentLogger } from "../log/index.ts";
import { MetricsRegistry } from "../metrics/index.ts";
import type { World } from "../world/index.ts";
import { createGatewayMetrics } from "./gateway-metrics.ts";
import type { GatewayStore } from "./gateway-store.ts";
import { Gateway } from "./gateway.ts";

function character(id: number, name: string, gold: number): CharacterRecord {
  return {
    id,
    accountId: id,
    name,
    race: 1,
    gender: 1,
    class: 1,
    head: 1,
    body: 1,
    homeCity: 1,
    level: 1,
    exp: 0,
    freeSkillPoints: 0,
    position: { map: 1, x: 50, y: 50, heading: 3 },
    vitals: { hp: 10, maxHp: 10, mana: 0, maxMana: 0, stamina: 10, maxStamina: 10, food: 100, water: 100 },
    gold,
    bankGold: 0,
    attributes: [18, 18, 18, 18, 18],
    skills: new Array<number>(24).fill(0),
    inventory: [],
    equipment: { ...EMPTY_EQUIPMENT },
    spells: [],
    createdAt: new Date(0),
    updatedAt: new Date(0),
    lastLoginAt: null,
  };
}

/** A store that records the batches it is asked to save and answers `outcome`. */
function recordingStore(outcome: "ok" | "unavailable") {
  const batches: { records: CharacterRecord[]; final: boolean | undefined }[] = [];
  const store = {
    saveCharacters: async (records: readonly CharacterRecord[], options?: { final?: boolean }) => {
      batches.push({ records: [...records], final: options?.final });
      return outcome;
    },
  } as unknown as GatewayStore;
  return { store, batches };
}

function gatewayWith(store: GatewayStore): Gateway {
  return new Gateway({
    store,
    world: {} as World,
    logger: silentLogger(),
    metrics: createGatewayMetrics(new MetricsRegistry()),
    now: () => 0,
    maxConnections: 10,
    maxConnectionsPerIp: 10,
    createCharacter: () => ({ ok: false, reason: "bad_class" }),
  });
}

describe("a trade's save", () => {
  test("both characters' new states go to the database in ONE batch (one statement, one transaction)", async () => {
    const { store, batches } = recordingStore("ok");
    const gateway = gatewayWith(store);
    const ana = character(1, "Ana", 70);
    const beto = character(2, "Beto", 130);
    await gateway.saveNow([ana, beto]);
    expect(batches).toHaveLength(1);
    expect(batches[0]!.records.map((record) => [record.id, record.gold])).toEqual([
      [1, 70],
      [2, 130],
    ]);
    expect(batches[0]!.final).toBe(false); // they are still playing: their online marks stay
    await gateway.drainSaves();
    gateway.stopAccepting();
  });

  test("a failed trade save neither throws nor splits the pair; shutdown waits for it", async () => {
    const { store, batches } = recordingStore("unavailable");
    const gateway = gatewayWith(store);
    await expect(gateway.saveNow([character(1, "Ana", 70), character(2, "Beto", 130)])).resolves.toBeUndefined();
    await gateway.drainSaves();
    expect(batches).toHaveLength(1);
    expect(batches[0]!.records).toHaveLength(2);
    gateway.stopAccepting();
  });
});
