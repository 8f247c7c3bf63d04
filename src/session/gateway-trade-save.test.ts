import { describe, expect, test } from "bun:test";
import { testCharacter } from "../game/character/character-record.test-support.ts";
import type { CharacterRecord } from "../game/character/index.ts";
import type { StoreSaveOutcome } from "./gateway-store.ts";
import { gatewayOver, recordingStore, type SavedBatch } from "./session-fakes.test-support.ts";

const character = (id: number, name: string, gold: number): CharacterRecord => testCharacter(id, { name, gold });

/** The world as the gateway's saves see it: the characters in it and their newest known states. */
class FakeWorld {
  readonly known = new Map<number, CharacterRecord>();
  knownState(characterId: number): CharacterRecord | null {
    return this.known.get(characterId) ?? null;
  }
  knownStates(): CharacterRecord[] {
    return [...this.known.values()];
  }
}

/** What a batch wrote: [id, gold, final] per record, by id. */
function summary(batch: SavedBatch | undefined): [number, number, boolean][] {
  if (!batch) return [];
  return batch.records.map((r): [number, number, boolean] => [r.id, r.gold, batch.finals.get(r.id)!]).sort((a, b) => a[0] - b[0]);
}

/** A gateway over a store answering `outcomes` in turn (see `recordingStore`) and a fake world. */
function setup(...outcomes: (StoreSaveOutcome | Promise<StoreSaveOutcome>)[]) {
  const recording = recordingStore(...outcomes);
  const world = new FakeWorld();
  return { ...recording, world, gateway: gatewayOver(recording.store, world) };
}

describe("a trade's save", () => {
  test("both characters' new states go to the database in ONE batch (one statement, one transaction)", async () => {
    const { gateway, world, batches } = setup("ok");
    const ana = character(1, "Ana", 70);
    const beto = character(2, "Beto", 130);
    world.known.set(1, ana).set(2, beto);
    await gateway.saveNow([ana, beto]);
    expect(batches).toHaveLength(1);
    // They are still playing: their online marks stay.
    expect(summary(batches[0])).toEqual([
      [1, 70, false],
      [2, 130, false],
    ]);
    await gateway.drainSaves();
    gateway.stopAccepting();
  });

  test("a failed trade save neither throws nor splits the pair; shutdown waits for it", async () => {
    const { gateway, batches } = setup("unavailable");
    await expect(gateway.saveNow([character(1, "Ana", 70), character(2, "Beto", 130)])).resolves.toBeUndefined();
    await gateway.drainSaves();
    expect(batches).toHaveLength(1);
    expect(batches[0]!.records).toHaveLength(2);
    gateway.stopAccepting();
  });
});

/** A promise the test resolves by hand. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

const moved = (record: CharacterRecord, x: number): CharacterRecord => ({ ...record, position: { ...record.position, x } });

describe("a trade whose pair save failed (issue #14)", () => {
  // Ana (1) gave Beto (2) an item for 30 gold: 100 → 70 and 100 → 130. On disk both are still
  // pre-swap, so neither may be written without the other until they are written together.
  const ana = character(1, "Ana", 70);
  const beto = character(2, "Beto", 130);

  test("a logout of one side writes both in one batch: the leaver final, the partner's newest state not final", async () => {
    const { gateway, world, batches } = setup("unavailable");
    world.known.set(1, ana).set(2, beto);
    await gateway.saveNow([ana, beto]);
    expect(batches[0]!.outcome).toBe("unavailable");

    // Beto walks on (the world knows a newer state of him); Ana quits (the world no longer holds her).
    const betoLater = moved(beto, 51);
    world.known.set(2, betoLater);
    world.known.delete(1);
    const anaFinal = moved(ana, 49);
    gateway.onWorldLeft(900, anaFinal, "quit");
    await gateway.drainSaves();
    expect(batches).toHaveLength(2);
    expect(summary(batches[1])).toEqual([
      [1, 70, true],
      [2, 130, false],
    ]);
    expect(batches[1]!.records.find((r) => r.id === 1)).toBe(anaFinal);
    expect(batches[1]!.records.find((r) => r.id === 2)).toBe(betoLater);

    // Written together: no longer entangled, Beto's own logout is his alone.
    world.known.delete(2);
    gateway.onWorldLeft(901, betoLater, "quit");
    await gateway.drainSaves();
    expect(summary(batches[2])).toEqual([[2, 130, true]]);
    gateway.stopAccepting();
  });

  test("when the logout's batch fails as well, the retry writes the pair together again, never one side", async () => {
    const { gateway, world, batches } = setup("unavailable", "unavailable");
    world.known.set(1, ana).set(2, beto);
    await gateway.saveNow([ana, beto]);
    world.known.delete(1);
    gateway.onWorldLeft(900, ana, "quit");
    await gateway.drainSaves();
    expect(batches.map((batch) => batch.outcome)).toEqual(["unavailable", "unavailable"]);
    expect(summary(batches[1])).toEqual([
      [1, 70, true],
      [2, 130, false],
    ]);

    // What autosave does first: the unsaved final state and its partner, one batch.
    expect(await gateway.retryUnsaved()).toBe(0);
    expect(summary(batches[2])).toEqual([
      [1, 70, true],
      [2, 130, false],
    ]);
    expect(await gateway.retryUnsaved()).toBe(0);
    expect(batches).toHaveLength(3); // nothing left to retry
    gateway.stopAccepting();
  });

  test("a failed pair is retried together on a timer until it lands", async () => {
    const { store, batches, asked } = recordingStore("unavailable", "unavailable");
    const world = new FakeWorld();
    const gateway = gatewayOver(store, world, { entangledRetryMs: 1 });
    world.known.set(1, ana).set(2, beto);
    await gateway.saveNow([ana, beto]);
    // The timer's retries: the first fails too and the timer goes on; the second lands.
    await asked(3);
    await gateway.drainSaves();
    expect(batches.map((batch) => [summary(batch), batch.outcome])).toEqual([
      [[[1, 70, false], [2, 130, false]], "unavailable"],
      [[[1, 70, false], [2, 130, false]], "unavailable"],
      [[[1, 70, false], [2, 130, false]], "ok"],
    ]);
    // Landed: the timer stops.
    expect(await gateway.retryUnsaved()).toBe(0);
    expect(batches).toHaveLength(3);
    gateway.stopAccepting();
  });

  test("autosave carries an entangled partner's unsaved final state, final, with everyone online", async () => {
    const { gateway, world, batches } = setup("unavailable", "unavailable");
    const carla = character(3, "Carla", 100);
    world.known.set(1, ana).set(2, beto).set(3, carla);
    await gateway.saveNow([ana, beto]);
    world.known.delete(1);
    gateway.onWorldLeft(900, ana, "disconnect");
    await gateway.drainSaves();
    expect(await gateway.saveOnline()).toEqual({ outcome: "ok", characters: 3 });
    expect(summary(batches[2])).toEqual([
      [1, 70, true],
      [2, 130, false],
      [3, 100, false],
    ]);
    gateway.stopAccepting();
  });

  test("the shutdown's batch carries an entangled partner's unsaved final state", async () => {
    const { gateway, world, batches } = setup("unavailable", "unavailable");
    world.known.set(1, ana).set(2, beto);
    await gateway.saveNow([ana, beto]);
    world.known.delete(1);
    gateway.onWorldLeft(900, ana, "quit");
    await gateway.drainSaves();
    world.known.clear(); // the workers handed everyone back
    expect(await gateway.saveFinals([beto])).toEqual({ outcome: "ok", characters: 2 });
    expect(summary(batches[2])).toEqual([
      [1, 70, true],
      [2, 130, true],
    ]);
    gateway.stopAccepting();
  });

  test("entanglement is transitive: A traded with B, then B with C, both saves failed; C's logout writes all three", async () => {
    const { gateway, world, batches } = setup("unavailable", "unavailable");
    const carla = character(3, "Carla", 100);
    world.known.set(1, ana).set(2, beto).set(3, carla);
    await gateway.saveNow([ana, beto]);
    const betoAfter = { ...beto, gold: 120 };
    const carlaAfter = { ...carla, gold: 110 };
    world.known.set(2, betoAfter).set(3, carlaAfter);
    await gateway.saveNow([betoAfter, carlaAfter]);
    expect(summary(batches[1])).toEqual([
      [1, 70, false],
      [2, 120, false],
      [3, 110, false],
    ]);
    world.known.delete(3);
    gateway.onWorldLeft(900, carlaAfter, "quit");
    await gateway.drainSaves();
    expect(summary(batches[2])).toEqual([
      [1, 70, false],
      [2, 120, false],
      [3, 110, true],
    ]);
    gateway.stopAccepting();
  });

  test("a batch built before the trade and landing after it does not count as the pair's save", async () => {
    // An autosave is writing pre-swap states when the trade happens; its success must not
    // release the pair, whose own save then fails.
    const autosaveWrite = deferred<StoreSaveOutcome>();
    const { gateway, world, batches, asked } = setup(autosaveWrite.promise, "unavailable");
    world.known.set(1, character(1, "Ana", 100)).set(2, character(2, "Beto", 100));
    const autosave = gateway.saveOnline();
    await asked(1); // the autosave's batch is built and on its way
    world.known.set(1, ana).set(2, beto);
    const pair = gateway.saveNow([ana, beto]);
    autosaveWrite.resolve("ok");
    expect(await autosave).toEqual({ outcome: "ok", characters: 2 });
    await pair;
    expect(summary(batches[0])).toEqual([
      [1, 100, false],
      [2, 100, false],
    ]);
    expect(summary(batches[1])).toEqual([
      [1, 70, false],
      [2, 130, false],
    ]);
    expect(batches[1]!.outcome).toBe("unavailable");
    world.known.delete(1);
    gateway.onWorldLeft(900, ana, "quit");
    await gateway.drainSaves();
    expect(summary(batches[2])).toEqual([
      [1, 70, true],
      [2, 130, false],
    ]);
    gateway.stopAccepting();
  });

  test("a batch that already wrote the pair together makes the pair's own save unnecessary", async () => {
    const { gateway, world, batches } = setup();
    world.known.set(1, character(1, "Ana", 100)).set(2, character(2, "Beto", 100));
    const autosave = gateway.saveOnline();
    // The trade's states arrive (the world takes them, then hands them over) while the autosave
    // waits for its turn: it is built after them, carries both, and the pair's own save finds
    // nothing left to do.
    world.known.set(1, ana).set(2, beto);
    const pair = gateway.saveNow([ana, beto]);
    await Promise.all([autosave, pair]);
    expect(batches).toHaveLength(1);
    expect(summary(batches[0])).toEqual([
      [1, 70, false],
      [2, 130, false],
    ]);
    gateway.stopAccepting();
  });
});
