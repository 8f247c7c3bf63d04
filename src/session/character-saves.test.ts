import { describe, expect, test } from "bun:test";
import { testCharacter } from "../game/character/character-record.test-support.ts";
import type { CharacterRecord } from "../game/character/index.ts";
import { silentLogger } from "../log/index.ts";
import { MetricsRegistry } from "../metrics/index.ts";
import { CharacterSaves, CLAIM_BUSY, SAVE_BATCH_LIMIT } from "./character-saves.ts";
import { createGatewayMetrics } from "./gateway-metrics.ts";
import type { BankCredit, StoreSaveOutcome } from "./gateway-store.ts";
import { bankLine, gatewayOver, recordingStore, type SavedBatch } from "./session-fakes.test-support.ts";

type Outcome = "ok" | "unavailable";

/** The node the harness's saves write as. */
const NODE = "node-a:0001";

const character = (id: number, gold: number): CharacterRecord => testCharacter(id, { gold });

/**
 * Character saves over a store that records every batch and answers from `outcomes` in turn
 * (then "ok"); `known` is what the world holds, `settled` every credit settled.
 */
function harness(...outcomes: (StoreSaveOutcome | Promise<StoreSaveOutcome>)[]) {
  const { store, batches, asked } = recordingStore(...outcomes);
  const known = new Map<number, CharacterRecord>();
  const settled: [string, string][] = [];
  const fencedIds: number[] = [];
  let onSettled: (credit: BankCredit, outcome: string) => void = () => {};
  const saves = new CharacterSaves({
    store,
    logger: silentLogger(),
    now: () => 0,
    knownState: (id) => known.get(id) ?? null,
    knownStates: () => known.values(),
    entangledRetryMs: 0,
    ownerNode: NODE,
    onFenced: (id) => fencedIds.push(id),
    onCreditSettled: (credit, outcome) => {
      settled.push([credit.transfer, outcome]);
      onSettled(credit, outcome);
    },
  });
  return {
    saves,
    known,
    asked,
    settled,
    fencedIds,
    batches,
    /** Each batch as [id, final] pairs sorted by id. */
    finals: () => batches.map((batch) => [...batch.finals].sort((a, b) => a[0] - b[0])),
    /** What each batch wrote of the bank: "id:bankGold[F]" per record, then "→name+amount" per credit. */
    lines: () => batches.map(bankLine),
    whenSettled: (handler: typeof onSettled) => (onSettled = handler),
  };
}

describe("character saves: logins and held states", () => {
  test("a login waits until no queued batch may write the character, then takes its unsaved final state", async () => {
    let answer!: (outcome: Outcome) => void;
    const { saves, finals, asked } = harness(new Promise<Outcome>((resolve) => (answer = resolve)));
    const final = character(1, 70);
    const saving = saves.saveFinal(final, "quit");
    let claimed = "waiting" as CharacterRecord | undefined | "waiting" | "busy";
    const login = saves.claim(1).then((state) => (claimed = state));
    await asked(1);
    expect(finals()).toEqual([[[1, true]]]);
    expect(claimed).toBe("waiting"); // the write is still on its way
    expect(saves.unsavedCount).toBe(1);
    answer("unavailable");
    await Promise.all([saving, login]);
    expect(claimed).toBe(final);
    expect(saves.unsavedCount).toBe(0);
    // Nothing to retry while the login holds it.
    expect(await saves.retryUnsaved()).toBe(0);
    expect(finals()).toHaveLength(1);
  });

  test("a state a login took is written NOT final when a partner's batch needs it (the login just marked it online)", async () => {
    const { saves, finals, known } = harness("unavailable", "unavailable");
    const ana = character(1, 70);
    const beto = character(2, 130);
    known.set(1, ana).set(2, beto);
    await saves.saveTogether([ana, beto]);
    known.delete(1);
    await saves.saveFinal(ana, "quit"); // fails: held
    expect(await saves.claim(1)).toBe(ana); // Ana logs in again
    known.delete(2);
    await saves.saveFinal(beto, "quit");
    expect(finals().at(-1)).toEqual([
      [1, false],
      [2, true],
    ]);
    expect(saves.entangledCount).toBe(0);
    saves.entered(1);
  });

  test("a login that gives up puts the taken state back, and the retries write it final again", async () => {
    const { saves, finals } = harness("unavailable");
    const ana = character(1, 70);
    await saves.saveFinal(ana, "quit");
    expect(await saves.claim(1)).toBe(ana);
    expect(saves.giveBack(1)).toBe(true);
    expect(saves.giveBack(1)).toBe(false);
    expect(await saves.retryUnsaved()).toBe(0);
    expect(finals()).toEqual([[[1, true]], [[1, true]]]);
  });

  test("an entangled partner nothing holds any more is dropped from the group, not waited for forever", async () => {
    const { saves, finals } = harness("unavailable");
    const ana = character(1, 70);
    const beto = character(2, 130);
    await saves.saveTogether([ana, beto]); // the world holds neither: the handed-over states are used
    expect(finals()).toEqual([
      [
        [1, false],
        [2, false],
      ],
    ]);
    // Beto is nowhere now (a player the world dropped): Ana's logout cannot carry him.
    await saves.saveFinal(ana, "quit");
    expect(finals().at(-1)).toEqual([[1, true]]);
    expect(saves.entangledCount).toBe(0);
    expect(saves.unsavedCount).toBe(0);
  });
});

const withBank = (record: CharacterRecord, bankGold: number): CharacterRecord => ({ ...record, bankGold });
const credit = (transfer: string, from: number, toName: string, amount: number): BankCredit => ({ transfer, from, toName, amount });

describe("character saves: bank credits to characters not online", () => {
  test("a credit is written in ONE batch with its sender's newest state, and settled", async () => {
    const { saves, known, lines, settled } = harness();
    known.set(1, withBank(character(1, 0), 700)); // Ana sent 300 of her 1000
    await saves.creditOffline(credit("t1", 1, "Beto", 300));
    expect(lines()).toEqual(["1:700 →Beto+300"]);
    expect(settled).toEqual([["t1", "credited"]]);
    expect(saves.pendingCreditCount).toBe(0);
    // Written: the next batch of Ana is hers alone.
    await saves.saveOnline();
    expect(lines().at(-1)).toBe("1:700");
  });

  test("a failure keeps the credit with its sender: every later batch that writes the sender carries it, until one lands", async () => {
    const { saves, known, lines, settled } = harness("unavailable", "unavailable", "unavailable");
    known.set(1, withBank(character(1, 0), 700)).set(2, character(2, 0));
    await saves.creditOffline(credit("t1", 1, "Carla", 300));
    expect(settled).toEqual([]);
    expect(saves.pendingCreditCount).toBe(1);
    // Autosave: everyone, and the credit with Ana.
    expect(await saves.saveOnline()).toEqual({ outcome: "unavailable", characters: 2 });
    // Ana walks on and logs out: her final save carries it.
    known.delete(1);
    await saves.saveFinal(withBank({ ...character(1, 0), level: 2 }, 700), "quit");
    expect(lines()).toEqual(["1:700 →Carla+300", "1:700 2:0 →Carla+300", "1:700F →Carla+300"]);
    expect(saves.unsavedCount).toBe(1);
    // The retry writes them together, and lands.
    expect(await saves.retryUnsaved()).toBe(0);
    expect(lines().at(-1)).toBe("1:700F →Carla+300");
    expect(settled).toEqual([["t1", "credited"]]);
    expect(saves.pendingCreditCount).toBe(0);
  });

  test("a refused credit is settled at once (the gold back to the sender) and the batch is built again without it", async () => {
    const { saves, known, lines, settled, whenSettled } = harness({ kind: "credits_refused", refused: [{ transfer: "t1", reason: "no_such_character" }] });
    known.set(1, withBank(character(1, 0), 700));
    whenSettled((refused, outcome) => {
      if (outcome !== "credited") known.set(1, withBank(known.get(1)!, known.get(1)!.bankGold + refused.amount));
    });
    await saves.creditOffline(credit("t1", 1, "Nadie", 300));
    expect(lines()).toEqual(["1:700 →Nadie+300", "1:1000"]);
    expect(settled).toEqual([["t1", "no_such_character"]]);
  });

  test("a refusal that names none of the batch's credits is a fault, not a loop", async () => {
    const { saves, known, lines } = harness({ kind: "credits_refused", refused: [{ transfer: "other", reason: "online" }] });
    known.set(1, withBank(character(1, 0), 700));
    await saves.creditOffline(credit("t1", 1, "Beto", 300));
    expect(lines()).toEqual(["1:700 →Beto+300"]);
    expect(saves.pendingCreditCount).toBe(1);
  });

  test("a login of the recipient waits for the batch carrying its credit; while a credit to or from a character is not on disk, its login is turned away", async () => {
    let answer!: (outcome: StoreSaveOutcome) => void;
    const { saves, known } = harness(new Promise<StoreSaveOutcome>((resolve) => (answer = resolve)), "ok");
    known.set(1, withBank(character(1, 0), 700));
    const sending = saves.creditOffline(credit("t1", 1, "Beto", 300));
    let claimed: unknown = "waiting";
    const login = saves.claim(2, "BETO").then((outcome) => (claimed = outcome));
    await Bun.sleep(0);
    expect(claimed).toBe("waiting");
    answer("unavailable");
    await Promise.all([sending, login]);
    expect(claimed).toBe(CLAIM_BUSY);
    expect(await saves.claim(1, "P1")).toBe(CLAIM_BUSY); // the sender (say it logged out and in)
    expect(await saves.claim(3, "Carla")).toBeUndefined();
    await saves.retryUnsaved();
    expect(saves.pendingCreditCount).toBe(0);
    expect(await saves.claim(2, "Beto")).toBeUndefined();
  });

  test("a credit whose sender has no state any more is dropped, never written without the debit", async () => {
    const { saves, lines, settled } = harness();
    await saves.creditOffline(credit("t1", 1, "Beto", 300)); // nothing holds Ana
    expect(lines()).toEqual([]);
    expect(settled).toEqual([["t1", "dropped"]]);
    expect(saves.pendingCreditCount).toBe(0);
  });

  test("a held final state takes gold in memory (the retry writes it), found by name; one a login took is only reported", async () => {
    const { saves, lines } = harness("unavailable", "unavailable");
    await saves.saveFinal(withBank(character(2, 0), 10), "quit"); // fails: held
    expect(saves.heldNamed(" p2 ")).toMatchObject({ where: "held", state: { id: 2 } });
    expect(saves.creditHeld(2, 90)?.bankGold).toBe(100);
    expect(saves.creditHeld(3, 90)).toBeUndefined();
    await saves.retryUnsaved();
    expect(lines().at(-1)).toBe("2:100F");
    expect(await saves.claim(2, "P2")).toMatchObject({ bankGold: 100 });
    expect(saves.heldNamed("P2")).toMatchObject({ where: "entering" });
    expect(saves.creditHeld(2, 5)).toBeUndefined();
  });

  test("the shutdown's batch: a credit refused then goes back to the sender's final state, written in the rebuilt batch", async () => {
    const { saves, known, lines, whenSettled } = harness("unavailable", { kind: "credits_refused", refused: [{ transfer: "t1", reason: "online" }] });
    whenSettled((refused, outcome) => {
      if (outcome !== "credited") saves.creditHeld(refused.from, refused.amount);
    });
    const ana = withBank(character(1, 0), 700);
    known.set(1, ana);
    await saves.creditOffline(credit("t1", 1, "Beto", 300)); // fails: kept with Ana
    known.clear(); // the server stops: the workers hand Ana back
    expect(await saves.saveFinals([ana])).toEqual({ outcome: "ok", characters: 1 });
    expect(lines()).toEqual(["1:700 →Beto+300", "1:700F →Beto+300", "1:1000F"]);
    expect(saves.unsavedCount).toBe(0);
    expect(saves.pendingCreditCount).toBe(0);
  });
});

/** A promise the test settles: a write still on its way. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

const range = (from: number, count: number): number[] => Array.from({ length: count }, (_, index) => from + index);

/** Every [id, final] the batches wrote, batch after batch, by id within a batch. */
const written = (batches: readonly SavedBatch[]): [number, boolean][] =>
  batches.flatMap((batch) => batch.records.map((record): [number, boolean] => [record.id, batch.finals.get(record.id)!]).sort((a, b) => a[0] - b[0]));

describe("character saves: a burst of departures", () => {
  test("2,000 departures queued while one slow batch runs are written in two statements after it: each once, final, the first to leave first", async () => {
    const slow = deferred<StoreSaveOutcome>();
    const { saves, known, batches, asked } = harness(slow.promise);
    known.set(9_999, character(9_999, 5));
    const autosave = saves.saveOnline();
    await asked(1);
    const leaving = range(1, 2_000).map((id) => saves.saveFinal(character(id, id), "disconnect"));
    expect(saves.unsavedCount).toBe(2_000);
    slow.resolve("ok");
    await Promise.all([autosave, ...leaving]);
    expect(batches.length).toBeLessThanOrEqual(3);
    expect(batches.slice(1).map((batch) => batch.records.length)).toEqual([SAVE_BATCH_LIMIT, 2_000 - SAVE_BATCH_LIMIT]);
    expect(written(batches.slice(1))).toEqual(range(1, 2_000).map((id): [number, boolean] => [id, true]));
    expect(batches.slice(1).flatMap((batch) => batch.records.map((record) => record.gold)).sort((a, b) => a - b)).toEqual(range(1, 2_000));
    expect(saves.unsavedCount).toBe(0);
  });

  test("each statement is built when its turn comes: a partner's newest state, finality per record; a login waits for the whole batch; a later departure goes in a later batch", async () => {
    const firstStatement = deferred<StoreSaveOutcome>();
    const { saves, known, batches, asked } = harness("unavailable", firstStatement.promise);
    // Ana (1,500) and Beto (9,000) traded; the pair's save failed: they are written together from now on.
    const ana = character(1_500, 70);
    known.set(1_500, ana).set(9_000, character(9_000, 130));
    await saves.saveTogether([ana, character(9_000, 130)]);
    known.delete(1_500);
    const leaving = range(1, 1_500).map((id) => saves.saveFinal(id === 1_500 ? ana : character(id, 1), "quit"));
    await asked(2); // the first statement (1..1,000) is on its way
    known.set(9_000, character(9_000, 999)); // Beto plays on
    let login = "waiting" as unknown;
    const anaLogin = saves.claim(1_500).then((state) => (login = state));
    const late = saves.saveFinal(character(7_000, 1), "quit");
    firstStatement.resolve("ok");
    await Promise.all([...leaving, late, anaLogin]);
    expect(login).toBeUndefined(); // on disk: the login reads the row
    expect(batches.map((batch) => batch.records.length)).toEqual([2, 1_000, 501, 1]);
    const second = batches[2]!;
    expect(second.records.find((record) => record.id === 9_000)?.gold).toBe(999);
    expect([second.finals.get(1_500), second.finals.get(9_000)]).toEqual([true, false]);
    expect(written([batches[3]!])).toEqual([[7_000, true]]);
    expect(saves.entangledCount).toBe(0);
    expect(saves.unsavedCount).toBe(0);
  });

  test("after a database failure the rest of the burst is not tried; every state stays held and the retry writes them SAVE_BATCH_LIMIT at a time", async () => {
    const { saves, batches } = harness("unavailable");
    await Promise.all(range(1, 2_500).map((id) => saves.saveFinal(character(id, 0), "quit")));
    expect(batches.map((batch) => batch.records.length)).toEqual([SAVE_BATCH_LIMIT]);
    expect(saves.unsavedCount).toBe(2_500);
    expect(await saves.retryUnsaved()).toBe(0);
    expect(batches.slice(1).map((batch) => batch.records.length)).toEqual([1_000, 1_000, 500]);
    expect(written(batches.slice(1)).map(([id]) => id).sort((a, b) => a - b)).toEqual(range(1, 2_500));
  });

  test("a character with no row any more does not keep its batch off the disk: it is left out and forgotten", async () => {
    const { saves, finals } = harness({ kind: "not_found", ids: [3] });
    await Promise.all(range(1, 5).map((id) => saves.saveFinal(character(id, 0), "quit")));
    expect(finals().map((batch) => batch.map(([id]) => id))).toEqual([
      [1, 2, 3, 4, 5],
      [1, 2, 4, 5],
    ]);
    expect(saves.unsavedCount).toBe(0);
    expect(await saves.claim(3)).toBeUndefined();
  });
});

describe("character saves: the shutdown", () => {
  test("the stop writes the world's states with every departure still queued, every failed one and a login's taken state: all final, each once", async () => {
    const slow = deferred<StoreSaveOutcome>();
    const { saves, known, batches, asked } = harness("unavailable", "unavailable", slow.promise);
    await saves.saveFinal(character(5_000, 1), "quit"); // Ana's save failed: held
    await saves.saveFinal(character(5_001, 1), "quit"); // Bruno's too, and then a login took it...
    expect(await saves.claim(5_001)).toMatchObject({ id: 5_001 }); // ...and the world never got him
    known.set(6_000, character(6_000, 0));
    const autosave = saves.saveOnline();
    await asked(3);
    const leaving = range(1, 1_500).map((id) => saves.saveFinal(character(id, 0), "disconnect"));
    known.clear(); // the workers hand everyone back
    const stop = saves.saveFinals(range(2_001, 1_200).map((id) => character(id, 0)));
    slow.resolve("ok");
    const [outcome] = await Promise.all([stop, autosave, ...leaving]);
    expect(outcome).toEqual({ outcome: "ok", characters: 1_500 + 1_200 + 2 });
    expect(batches.slice(3).map((batch) => batch.records.length)).toEqual([1_000, 1_000, 702]);
    const ids = written(batches.slice(3));
    expect(ids.every(([, final]) => final)).toBe(true);
    expect(ids.map(([id]) => id).sort((a, b) => a - b)).toEqual([...range(1, 1_500), ...range(2_001, 1_200), 5_000, 5_001]);
    expect(saves.unsavedCount).toBe(0);
  });

  test("a character that left while the world stopped is written with its departure's state, never the older copy the world hands back", async () => {
    const { store, batches } = recordingStore();
    const world = { knownState: () => null, knownStates: () => [] };
    const gateway = gatewayOver(store, world);
    gateway.stopAccepting();
    gateway.onWorldLeft(900, character(1, 70), "disconnect"); // the departure's state
    const stop = await gateway.saveFinals([character(1, 10), character(2, 20)]); // the world's copy of 1 is older
    await gateway.drainSaves();
    expect(stop.outcome).toBe("ok");
    const writes = batches.flatMap((batch) => batch.records.map((record) => [record.id, record.gold]));
    expect(writes.sort((a, b) => a[0]! - b[0]!)).toEqual([
      [1, 70],
      [2, 20],
    ]);
    expect(gateway.unsavedCount).toBe(0);
  });
});

describe("character saves: fencing (another process claimed the character)", () => {
  const withGen = (record: CharacterRecord, gen: number): CharacterRecord => ({ ...record, gen });

  test("a final state that comes back fenced is dropped, counted and never retried; the rest of its batch is on disk", async () => {
    const { saves, finals, batches, fencedIds } = harness({ kind: "ok", fenced: [2] });
    await Promise.all([saves.saveFinal(withGen(character(1, 0), 1), "quit"), saves.saveFinal(withGen(character(2, 0), 1), "quit")]);
    expect(finals()).toEqual([
      [
        [1, true],
        [2, true],
      ],
    ]);
    expect(batches[0]!.ownerNode).toBe(NODE);
    expect(batches[0]!.records.map((record) => record.gen)).toEqual([1, 1]);
    expect(saves.unsavedCount).toBe(0);
    expect(saves.fencedWrites).toBe(1);
    expect(fencedIds).toEqual([2]);
    // Nothing left to write: no retry, and a login of it reads the database (the new holder's).
    expect(await saves.retryUnsaved()).toBe(0);
    expect(batches).toHaveLength(1);
    expect(await saves.claim(2)).toBeUndefined();
  });

  test("a fenced trade partner leaves its group and a credit it sent is dropped with its debit; the other side is written", async () => {
    const { saves, known, finals, settled, fencedIds } = harness("unavailable", { kind: "ok", fenced: [2] });
    const ana = withGen(character(1, 70), 1);
    const beto = withGen(character(2, 130), 1);
    known.set(1, ana).set(2, beto);
    await saves.saveTogether([ana, beto]); // fails: entangled
    expect(saves.entangledCount).toBe(2);
    known.delete(1);
    const crediting = saves.creditOffline(credit("t1", 2, "Carla", 50));
    const leaving = saves.saveFinal(ana, "quit");
    // The credit's batch writes Beto with his credit and, entangled, Ana's final state: Beto is fenced.
    await Promise.all([crediting, leaving]);
    expect(finals()[1]).toEqual([
      [1, true],
      [2, false],
    ]);
    expect(fencedIds).toEqual([2]);
    expect(saves.entangledCount).toBe(0);
    expect(saves.unsavedCount).toBe(0);
    expect(settled).toEqual([["t1", "dropped"]]);
    expect(saves.pendingCreditCount).toBe(0);
  });

  test("a login's claim stamps the state it took with its generation, so no batch of that state is fenced by the login itself", async () => {
    const { saves, batches } = harness("unavailable");
    await saves.saveFinal(withGen(character(1, 70), 1), "quit"); // fails: held with generation 1
    const taken = await saves.claim(1);
    expect(taken !== CLAIM_BUSY && taken?.gen).toBe(1);
    expect(saves.stampClaim(1, 2)!.gen).toBe(2);
    expect(saves.stampClaim(7, 2)).toBeUndefined(); // nothing taken for it
    expect(saves.giveBack(1)).toBe(true); // the login gave up
    expect(await saves.retryUnsaved()).toBe(0);
    expect(batches.at(-1)!.records.map((record) => record.gen)).toEqual([2]);
  });

  test("the gateway counts fenced writes in argentum_fenced_writes_total", async () => {
    const { store } = recordingStore({ kind: "ok", fenced: [1, 2] });
    const registry = new MetricsRegistry();
    const world = { knownState: () => null, knownStates: () => [] };
    const gateway = gatewayOver(store, world, { metrics: createGatewayMetrics(registry), ownerNode: NODE });
    await gateway.saveNow([withGen(character(1, 0), 3), withGen(character(2, 0), 3)]);
    expect(gateway.fencedWrites).toBe(2);
    expect(registry.render()).toContain("argentum_fenced_writes_total 2");
  });
});
