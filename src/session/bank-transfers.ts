/**
 * Bank gold sent to a character who is not on the sender's map (`TransFerGold`, items-and-economy
 * §8.5, VB6 `HandleTransFerGold`). The map has debited the sender and the world has taken the
 * sender's new state; in that same synchronous step this decides where the gold goes, because
 * the gateway is who knows who is online and who writes the database:
 *
 * - **Online** (another map, or between maps): the world adds it to the recipient's known state
 *   and sends it to its map (`World.creditBank`), and the two states are saved together, entangled
 *   like a trade's until they are (`CharacterSaves.saveTogether`).
 * - **Left, final save not on disk yet**: the held final state gets it (the retries and a new
 *   login start from it), saved together with the sender's.
 * - **Offline** (or nobody by that name): a credit that rides on the sender's saves
 *   (`CharacterSaves.creditOffline`): the statement that writes the sender adds the gold to the
 *   recipient's row, or writes nothing; VB6 allows one per 10 s per sender.
 * - **Refused** (its own name, a recipient still logging in, past a VB6 Long, too soon, no such
 *   character, the database refusing the credit): the gold goes back to the sender, wherever its
 *   newest state is now, and the sender's banker says why.
 */
import { MAX_LONG, type CharacterRecord } from "../game/character/index.ts";
import type { Logger } from "../log/index.ts";
import type { BankTransferAnswer } from "../map/index.ts";
import type { BankTransferRequest, World } from "../world/index.ts";
import type { CharacterSaves, CreditSettlement } from "./character-saves.ts";
import type { BankCredit } from "./gateway-store.ts";

/** VB6 `HandleTransFerGold`: one transfer to an offline character per this interval per sender (1411). */
export const OFFLINE_TRANSFER_INTERVAL_MS = 10_000;
/** Past this many senders remembered, the ones whose interval is over are forgotten. */
const OFFLINE_TRANSFER_MEMORY = 1_024;

export interface BankTransfersOptions {
  world: Pick<World, "playerNamed" | "sessionOfCharacter" | "knownState" | "creditBank" | "bankTransferAnswer">;
  saves: Pick<CharacterSaves, "saveTogether" | "heldNamed" | "creditHeld" | "creditOffline">;
  logger: Logger;
  /** Monotonic ms. */
  now(): number;
  /** The id of a new offline credit (a UUID); tests pass their own. */
  newTransferId?(): string;
}

/** Where to answer the sender of an offline credit, and what to undo if it never happened. */
interface Waiting {
  map: number;
  banker: number;
  /** The sender's previous offline transfer, restored when this one turns out to have no recipient. */
  previousAt: number | undefined;
}

export class BankTransfers {
  /** Monotonic ms of each sender's last offline transfer (VB6 `Counters.LastTransferGold`). */
  private readonly lastOfflineAt = new Map<number, number>();
  private readonly waiting = new Map<string, Waiting>();

  constructor(private readonly options: BankTransfersOptions) {}

  /** A map's `bank_transfer`, in the step the world took the sender's debited state. */
  handle(request: BankTransferRequest): void {
    const { world, saves } = this.options;
    const { session, state: sender, amount } = request;
    const name = request.to.trim();
    const answer = (outcome: BankTransferAnswer) => world.bankTransferAnswer(session, request.map, request.banker, outcome);
    const giveBack = (outcome: BankTransferAnswer) => {
      world.creditBank(session, amount, { refund: true });
      answer(outcome);
      this.options.logger.info({ from: sender.id, to: name, amount, outcome }, "bank transfer given back");
    };
    if (name === "") return giveBack("no_such_user");

    const online = world.playerNamed(name);
    if (online !== undefined) {
      if (online.session === session) return giveBack("to_self");
      if (world.creditBank(online.session, amount) !== "ok") return giveBack("failed");
      void saves.saveTogether(this.states(sender.id, online.characterId));
      this.options.logger.info({ from: sender.id, to: online.characterId, amount, online: true }, "bank transfer");
      return answer("done");
    }

    const held = saves.heldNamed(name);
    if (held !== undefined) {
      if (held.where === "entering" || held.state.bankGold + amount > MAX_LONG) return giveBack("failed");
      const credited = saves.creditHeld(held.state.id, amount)!;
      void saves.saveTogether([world.knownState(sender.id) ?? sender, credited]);
      this.options.logger.info({ from: sender.id, to: held.state.id, amount, held: true }, "bank transfer");
      return answer("done");
    }

    const now = this.options.now();
    const previousAt = this.lastOfflineAt.get(sender.id);
    if (previousAt !== undefined && now - previousAt < OFFLINE_TRANSFER_INTERVAL_MS) return giveBack("too_soon");
    this.remember(sender.id, now);
    const credit: BankCredit = { transfer: this.options.newTransferId?.() ?? crypto.randomUUID(), from: sender.id, toName: name, amount };
    this.waiting.set(credit.transfer, { map: request.map, banker: request.banker, previousAt });
    this.options.logger.info({ from: sender.id, to: name, amount, transfer: credit.transfer, online: false }, "bank transfer");
    void saves.creditOffline(credit);
  }

  /**
   * An offline credit is on disk, or the database refused it (nothing written): then the gold
   * goes back to the sender's newest state before the next batch is built (character-saves.ts
   * calls this between two batches). The sender's banker says how it went, if it still stands there.
   */
  settled(credit: BankCredit, outcome: CreditSettlement): void {
    const waiting = this.waiting.get(credit.transfer);
    this.waiting.delete(credit.transfer);
    if (outcome === "dropped") return;
    let answer: BankTransferAnswer = "done";
    if (outcome !== "credited") {
      this.refund(credit.from, credit.amount);
      answer = outcome === "no_such_character" ? "no_such_user" : "failed";
      // VB6 starts the 10 s only with a transfer that happened.
      if (outcome === "no_such_character" && waiting !== undefined && this.lastOfflineAt.has(credit.from)) {
        if (waiting.previousAt === undefined) this.lastOfflineAt.delete(credit.from);
        else this.lastOfflineAt.set(credit.from, waiting.previousAt);
      }
    }
    const session = this.options.world.sessionOfCharacter(credit.from);
    if (waiting !== undefined && session !== undefined) this.options.world.bankTransferAnswer(session, waiting.map, waiting.banker, answer);
  }

  /** Gold back to a sender: its state in the world, or its final state held in memory. */
  private refund(characterId: number, amount: number): void {
    const session = this.options.world.sessionOfCharacter(characterId);
    if (session !== undefined && this.options.world.creditBank(session, amount, { refund: true }) === "ok") return;
    if (this.options.saves.creditHeld(characterId, amount) !== undefined) return;
    // Only when its debited state is gone too (never on disk: every batch with it carried the credit).
    this.options.logger.error({ character: characterId, amount }, "bank gold to give back, but nothing holds its sender");
  }

  /** Both known states, for one batch. */
  private states(senderId: number, recipientId: number): CharacterRecord[] {
    const states: CharacterRecord[] = [];
    for (const id of [senderId, recipientId]) {
      const state = this.options.world.knownState(id);
      if (state) states.push(state);
    }
    return states;
  }

  private remember(senderId: number, now: number): void {
    if (this.lastOfflineAt.size >= OFFLINE_TRANSFER_MEMORY) {
      for (const [id, at] of this.lastOfflineAt) if (now - at >= OFFLINE_TRANSFER_INTERVAL_MS) this.lastOfflineAt.delete(id);
    }
    this.lastOfflineAt.set(senderId, now);
  }
}
