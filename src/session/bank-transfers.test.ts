/**
 * Bank gold sent to someone not on the sender's map, as the gateway's process places it (the bank
 * service, world/services/bank.ts, over the gateway's sessions and its character-saves.ts): a
 * fake world with the World's delta rules, a fake store with a "disk" of bank balances, and the
 * totals checked on both.
 */
import { describe, expect, test } from "bun:test";
import { testCharacter } from "../game/character/character-record.test-support.ts";
import { MAX_LONG, type CharacterRecord } from "../game/character/index.ts";
import { silentLogger } from "../log/index.ts";
import { BankService, OFFLINE_TRANSFER_INTERVAL_MS } from "../world/index.ts";
import { FakeServiceWorld } from "../world/fake-service-world.test-support.ts";
import type { StoreSaveOutcome } from "./gateway-store.ts";
import type { Gateway } from "./gateway.ts";
import { bankLine, gatewayOver, recordingStore } from "./session-fakes.test-support.ts";

const character = (id: number, name: string, bankGold: number): CharacterRecord => testCharacter(id, { name, bankGold });

/** The world as the bank service sees it; `posted`: what reached the maps, "credit <session> <amount>" and "answer <session> <outcome>". */
class FakeWorld extends FakeServiceWorld {
  get posted(): string[] {
    return this.told.flatMap(({ session, message }) =>
      message.kind === "credit" ? [`credit ${session} ${message.amount}`] : message.kind === "transfer_answer" ? [`answer ${session} ${message.answer}`] : [],
    );
  }
  /** The map debits and asks; the world takes the debited state and hands the request to the bank service. */
  send(bank: BankService, session: number, to: string, amount: number): void {
    const route = this.routes.get(session)!;
    route.state = { ...route.state, bankGold: route.state.bankGold - amount };
    bank.fromMap({ service: "bank", session, map: 1, message: { kind: "transfer", to, amount, banker: 9 }, state: route.state });
  }
  /** The player of `session` quits: the world lets it go and hands its final state to the gateway. */
  quit(gateway: Gateway, session: number): void {
    const route = this.routes.get(session)!;
    this.routes.delete(session);
    gateway.onWorldLeft(session, route.state, "quit");
  }
}

/**
 * The gateway over a store with a "disk" of bank balances by character: a batch that lands writes
 * its records' bank gold and adds its credits to the rows of their names (as the statement does);
 * answers come from `outcomes` in turn (then "ok"). `lines()`: what each batch wrote (see `bankLine`).
 */
function setup(...outcomes: StoreSaveOutcome[]) {
  const disk = new Map<number, { name: string; bankGold: number }>([
    [1, { name: "Ana", bankGold: 1_000 }],
    [2, { name: "Beto", bankGold: 10 }],
    [3, { name: "Carla", bankGold: 5 }],
  ]);
  const { store, batches, whenLanded } = recordingStore(...outcomes);
  whenLanded((batch) => {
    for (const record of batch.records) disk.set(record.id, { name: record.name, bankGold: record.bankGold });
    for (const credit of batch.credits) {
      for (const row of disk.values()) if (row.name.toLowerCase() === credit.toName.toLowerCase()) row.bankGold += credit.amount;
    }
  });
  const world = new FakeWorld();
  let now = 0;
  let transfers = 0;
  // As the composition wires them (server/index.ts): the gateway's saves settle credits with the bank service.
  let bank: BankService | undefined;
  const gateway = gatewayOver(store, world, { now: () => now, onCreditSettled: (credit, outcome) => bank?.settled(credit, outcome) });
  bank = new BankService({
    world,
    vaults: store,
    sessions: gateway,
    saves: gateway.characterSaves,
    logger: silentLogger(),
    now: () => now,
    newTransferId: () => `t${++transfers}`,
  });
  world.place(1, character(1, "Ana", 1_000));
  const onDisk = () => [...disk.values()].reduce((sum, row) => sum + row.bankGold, 0);
  const inWorld = () => world.knownStates().reduce((sum, state) => sum + state.bankGold, 0);
  return { gateway, bank, world, disk, lines: () => batches.map(bankLine), onDisk, inWorld, advance: (ms: number) => (now += ms) };
}

const TOTAL = 1_015;

describe("bank gold to someone on another map", () => {
  test("the recipient's known state and map get it in the same step; both states in ONE batch; the sender's banker says done", async () => {
    const { gateway, bank, world, lines, onDisk, inWorld } = setup();
    world.place(2, character(2, "Beto", 10));
    world.send(bank, 1, " BETO ", 300);
    expect(world.knownState(2)?.bankGold).toBe(310);
    expect(world.posted).toEqual(["credit 2 300", "answer 1 done"]);
    expect(inWorld()).toBe(1_010);
    await gateway.drainSaves();
    expect(lines()).toEqual(["1:700 2:310"]);
    expect(onDisk()).toBe(TOTAL);
    gateway.stopAccepting();
  });

  test("given back with the banker's reason: its own name, a recipient whose login is still placing it, past a VB6 Long", async () => {
    const { gateway, bank, world, lines, inWorld } = setup();
    world.place(2, character(2, "Beto", 10), true);
    world.place(3, character(3, "Carla", MAX_LONG - 5));
    world.send(bank, 1, "ana", 100);
    world.send(bank, 1, "Beto", 100);
    world.send(bank, 1, "Carla", 100);
    world.send(bank, 1, "", 100);
    expect(world.posted).toEqual([
      "credit 1 100",
      "answer 1 to_self",
      "credit 1 100",
      "answer 1 failed",
      "credit 1 100",
      "answer 1 failed",
      "credit 1 100",
      "answer 1 no_such_user",
    ]);
    expect(world.knownState(1)?.bankGold).toBe(1_000);
    expect(inWorld()).toBe(1_000 + 10 + MAX_LONG - 5);
    await gateway.drainSaves();
    expect(lines()).toEqual([]);
    gateway.stopAccepting();
  });
});

describe("bank gold to someone who left and whose final save failed", () => {
  test("the held final state takes it (a retry never overwrites it), written together with the sender", async () => {
    const { gateway, bank, world, lines, onDisk } = setup("unavailable");
    gateway.onWorldLeft(7, character(2, "Beto", 10), "quit"); // no session: the save alone; it fails
    await gateway.drainSaves();
    world.send(bank, 1, "beto", 300);
    expect(world.posted).toEqual(["answer 1 done"]);
    await gateway.drainSaves();
    expect(lines()).toEqual(["2:10F", "1:700 2:310F"]);
    expect(onDisk()).toBe(TOTAL);
    expect(await gateway.retryUnsaved()).toBe(0);
    expect(lines()).toHaveLength(2);
    gateway.stopAccepting();
  });
});

describe("bank gold to someone offline", () => {
  test("one batch: the sender's debited state and the recipient's credit; the banker says done when it is on disk", async () => {
    const { gateway, bank, world, lines, onDisk } = setup();
    world.send(bank, 1, "carla", 300);
    expect(world.posted).toEqual([]);
    await gateway.drainSaves();
    expect(lines()).toEqual(["1:700 →carla+300"]);
    expect(world.posted).toEqual(["answer 1 done"]);
    expect(onDisk()).toBe(TOTAL);
    gateway.stopAccepting();
  });

  test("one offline transfer per 10 s per sender (VB6 1411): the second is given back; after 10 s it goes", async () => {
    const { gateway, bank, world, lines, onDisk, advance } = setup();
    world.send(bank, 1, "Carla", 100);
    advance(OFFLINE_TRANSFER_INTERVAL_MS - 1);
    world.send(bank, 1, "Carla", 100);
    await gateway.drainSaves();
    expect(world.posted).toEqual(["credit 1 100", "answer 1 too_soon", "answer 1 done"]);
    advance(1);
    world.send(bank, 1, "Carla", 100);
    await gateway.drainSaves();
    expect(lines()).toEqual(["1:900 →Carla+100", "1:800 →Carla+100"]);
    expect(onDisk()).toBe(TOTAL);
    gateway.stopAccepting();
  });

  test("no such character: the gold goes back to the sender before the batch is built again, the banker says so, and the 10 s do not start", async () => {
    const { gateway, bank, world, lines, onDisk } = setup({ kind: "credits_refused", refused: [{ transfer: "t1", reason: "no_such_character" }] });
    world.send(bank, 1, "Nadie", 300);
    await gateway.drainSaves();
    expect(lines()).toEqual(["1:700 →Nadie+300", "1:1000"]);
    expect(world.posted).toEqual(["credit 1 300", "answer 1 no_such_user"]);
    world.send(bank, 1, "Carla", 50); // not too soon
    await gateway.drainSaves();
    expect(world.posted.at(-1)).toBe("answer 1 done");
    expect(onDisk()).toBe(TOTAL);
    gateway.stopAccepting();
  });

  test("a failure keeps both in memory: the sender's logout carries the credit, the retry writes them together; never one without the other", async () => {
    const { gateway, bank, world, lines, onDisk, disk } = setup("unavailable", "unavailable");
    world.send(bank, 1, "Carla", 300);
    await gateway.drainSaves();
    // Ana quits: the world hands her final state back.
    world.quit(gateway, 1);
    await gateway.drainSaves();
    expect(lines()).toEqual(["1:700 →Carla+300", "1:700F →Carla+300"]);
    expect(disk.get(1)!.bankGold + disk.get(3)!.bankGold).toBe(1_005); // neither side on disk yet
    expect(await gateway.retryUnsaved()).toBe(0);
    expect(lines().at(-1)).toBe("1:700F →Carla+300");
    expect(onDisk()).toBe(TOTAL);
    expect(disk.get(3)!.bankGold).toBe(305);
    gateway.stopAccepting();
  });

  test("refused after the sender left: the gold goes back to its held final state, which is what gets written", async () => {
    const { gateway, bank, world, lines, onDisk, disk } = setup("unavailable", { kind: "credits_refused", refused: [{ transfer: "t1", reason: "online" }] });
    world.send(bank, 1, "Carla", 300);
    await gateway.drainSaves();
    world.quit(gateway, 1);
    await gateway.drainSaves();
    expect(lines()).toEqual(["1:700 →Carla+300", "1:700F →Carla+300", "1:1000F"]);
    expect(disk.get(1)!.bankGold).toBe(1_000);
    expect(onDisk()).toBe(TOTAL);
    gateway.stopAccepting();
  });
});
