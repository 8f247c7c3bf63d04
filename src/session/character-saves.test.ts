import { describe, expect, test } from "bun:test";
import { EMPTY_EQUIPMENT, type CharacterRecord } from "../game/character/index.ts";
import { silentLogger } from "../log/index.ts";
import { CharacterSaves } from "./character-saves.ts";
import type { GatewayStore } from "./gateway-store.ts";

type Outcome = "ok" | "unavailable";

function character(id: number, gold: number): CharacterRecord {
  return {
    id,
    accountId: id,
    name: `P${id}`,
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

/** Batches as [id, final] pairs sorted by id; answers from `outcomes` in turn (then "ok"). */
function harness(...outcomes: (Outcome | Promise<Outcome>)[]) {
  const batches: [number, boolean][][] = [];
  const known = new Map<number, CharacterRecord>();
  const waiters: { count: number; resolve: () => void }[] = [];
  const store: Pick<GatewayStore, "saveCharacters"> = {
    saveCharacters: async (records, options) => {
      const final = options?.final;
      batches.push(records.map((r): [number, boolean] => [r.id, typeof final === "function" ? final(r.id) : final === true]).sort((a, b) => a[0] - b[0]));
      for (const waiter of waiters) if (batches.length >= waiter.count) waiter.resolve();
      return await (outcomes.shift() ?? "ok");
    },
  };
  /** Resolves once the store was asked for its `count`-th batch. */
  const asked = (count: number) =>
    new Promise<void>((resolve) => {
      if (batches.length >= count) resolve();
      else waiters.push({ count, resolve });
    });
  const saves = new CharacterSaves({
    store,
    logger: silentLogger(),
    now: () => 0,
    knownState: (id) => known.get(id) ?? null,
    knownStates: () => known.values(),
    entangledRetryMs: 0,
  });
  return { saves, batches, known, asked };
}

describe("character saves: logins and held states", () => {
  test("a login waits until no queued batch may write the character, then takes its unsaved final state", async () => {
    let answer!: (outcome: Outcome) => void;
    const { saves, batches, asked } = harness(new Promise<Outcome>((resolve) => (answer = resolve)));
    const final = character(1, 70);
    const saving = saves.saveFinal(final, "quit");
    let claimed = "waiting" as CharacterRecord | undefined | "waiting";
    const login = saves.claim(1).then((state) => (claimed = state));
    await asked(1);
    expect(batches).toEqual([[[1, true]]]);
    expect(claimed).toBe("waiting"); // the write is still on its way
    expect(saves.unsavedCount).toBe(1);
    answer("unavailable");
    await Promise.all([saving, login]);
    expect(claimed).toBe(final);
    expect(saves.unsavedCount).toBe(0);
    // Nothing to retry while the login holds it.
    expect(await saves.retryUnsaved()).toBe(0);
    expect(batches).toHaveLength(1);
  });

  test("a state a login took is written NOT final when a partner's batch needs it (the login just marked it online)", async () => {
    const { saves, batches, known } = harness("unavailable", "unavailable");
    const ana = character(1, 70);
    const beto = character(2, 130);
    known.set(1, ana).set(2, beto);
    await saves.saveTogether([ana, beto]);
    known.delete(1);
    await saves.saveFinal(ana, "quit"); // fails: held
    expect(await saves.claim(1)).toBe(ana); // Ana logs in again
    known.delete(2);
    await saves.saveFinal(beto, "quit");
    expect(batches.at(-1)).toEqual([
      [1, false],
      [2, true],
    ]);
    expect(saves.entangledCount).toBe(0);
    saves.entered(1);
  });

  test("a login that gives up puts the taken state back, and the retries write it final again", async () => {
    const { saves, batches } = harness("unavailable");
    const ana = character(1, 70);
    await saves.saveFinal(ana, "quit");
    expect(await saves.claim(1)).toBe(ana);
    expect(saves.giveBack(1)).toBe(true);
    expect(saves.giveBack(1)).toBe(false);
    expect(await saves.retryUnsaved()).toBe(0);
    expect(batches).toEqual([[[1, true]], [[1, true]]]);
  });

  test("an entangled partner nothing holds any more is dropped from the group, not waited for forever", async () => {
    const { saves, batches } = harness("unavailable");
    const ana = character(1, 70);
    const beto = character(2, 130);
    await saves.saveTogether([ana, beto]); // the world holds neither: the handed-over states are used
    expect(batches).toEqual([
      [
        [1, false],
        [2, false],
      ],
    ]);
    // Beto is nowhere now (a player the world dropped): Ana's logout cannot carry him.
    await saves.saveFinal(ana, "quit");
    expect(batches.at(-1)).toEqual([[1, true]]);
    expect(saves.entangledCount).toBe(0);
    expect(saves.unsavedCount).toBe(0);
  });
});
