/**
 * The bank service: what the bank system of a map (map/systems/bank.ts) needs of the main
 * thread, which holds the database and knows who is online. Two requests:
 *
 * - **`load`**: the vault of the session's character, read through the store and told to the map
 *   that owns the player then (`loaded`). Read only for the session's own character while it is
 *   entering or in the world; a read that fails answers null and the player may try again.
 * - **`transfer`**: bank gold sent to a character who is not on the sender's map (`TransFerGold`,
 *   items-and-economy §8.5, VB6 `HandleTransFerGold`). The map has debited the sender and the
 *   world has taken the sender's new state; in that same synchronous step this decides where the
 *   gold goes:
 *   - **Online** (another map, or between maps): the gold is a delta on the recipient
 *     (`creditBank`: its known state at once, its map by a `credit`), and the two states are
 *     saved together, entangled like a trade's until they are (`BankSaves.saveTogether`).
 *   - **Left, final save not on disk yet**: the held final state gets it (the retries and a new
 *     login start from it), saved together with the sender's.
 *   - **Offline** (or nobody by that name): a credit that rides on the sender's saves
 *     (`BankSaves.creditOffline`): the statement that writes the sender adds the gold to the
 *     recipient's row, or writes nothing; VB6 allows one per 10 s per sender.
 *   - **Refused** (its own name, a recipient still logging in, past a VB6 Long, too soon, no such
 *     character, the database refusing the credit): the gold goes back to the sender, wherever
 *     its newest state is now, and the sender's banker says why (`transfer_answer`).
 *
 * It runs per gateway in a cluster: everything it touches belongs to the gateway's own sessions
 * (a recipient on another gateway is offline to this one: the database credit refuses a
 * character marked online, and the gold goes back).
 */
import { MAX_LONG, type BankSlot, type CharacterRecord } from "../../game/character/index.ts";
import type { BankCredit, CreditRefusal } from "../../db/index.ts";
import type { Logger } from "../../log/index.ts";
import type { BankRequest, BankTransferAnswer } from "../../map/index.ts";
import type { ServiceContext, ServiceRequest, WorldService } from "./service.ts";

/** VB6 `HandleTransFerGold`: one transfer to an offline character per this interval per sender (1411). */
export const OFFLINE_TRANSFER_INTERVAL_MS = 10_000;
/** Past this many senders remembered, the ones whose interval is over are forgotten. */
const OFFLINE_TRANSFER_MEMORY = 1_024;

/** Where vaults are read (the gateway's store). */
export interface BankVaults {
  loadBank(characterId: number): Promise<BankSlot[] | "unavailable">;
}

/** Which character a session plays, and whether it is entering or in the world (the gateway's sessions). */
export interface BankSessions {
  sessionCharacter(session: number): { characterId: number; inWorld: boolean } | undefined;
}

/**
 * The character writes the bank's gold must ride on (the gateway's `CharacterSaves`; its header
 * says why each holds).
 */
export interface BankSaves {
  /** These states reach the database in one batch, and stay entangled until they do. */
  saveTogether(states: readonly CharacterRecord[]): Promise<void>;
  /** A final state held in memory (left, not on disk yet: `held`; a login took it: `entering`) of a character of this name. */
  heldNamed(name: string): { state: CharacterRecord; where: "held" | "entering" } | undefined;
  /** Adds bank gold to the held final state of this character; its new state, or undefined when none is held. */
  creditHeld(characterId: number, amount: number): CharacterRecord | undefined;
  /** A credit to an offline character, written only with its sender's state; settled through `BankService.settled`. */
  creditOffline(credit: BankCredit): Promise<void>;
}

/** How an offline credit ended (the saves' `CreditSettlement`): on disk, refused by the database, or dropped with its sender. */
export type BankCreditSettlement = "credited" | CreditRefusal | "dropped";

/** What `creditBank` did: counted and sent to the player's map, or why not (nothing changed). */
export type CreditOutcome = "ok" | "no_route" | "logging_in" | "overflow";

/**
 * Adds bank gold to a player in the world as a delta (ServiceContext.postDelta): to its known
 * state at once and, by a `credit`, to the map that owns it (or the one it is being handed to:
 * the enter carries the known state). Refused, with nothing changed, for a player whose login is
 * still placing it (its state would be dropped if the login failed) or whose known bank gold
 * would pass a VB6 Long; `refund` (the gold was this player's a moment ago) is never refused
 * for those.
 */
export function creditBank(world: ServiceContext, session: number, amount: number, options: { refund?: boolean } = {}): CreditOutcome {
  const player = world.player(session);
  if (player === undefined) return "no_route";
  if (options.refund !== true) {
    if (player.loggingIn) return "logging_in";
    if (player.state.bankGold + amount > MAX_LONG) return "overflow";
  }
  world.postDelta(session, "bank", { kind: "credit", amount }, (state) => ({ ...state, bankGold: state.bankGold + amount }));
  return "ok";
}

export interface BankServiceOptions {
  world: ServiceContext;
  vaults: BankVaults;
  sessions: BankSessions;
  saves: BankSaves;
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

export class BankService implements WorldService<"bank"> {
  readonly name = "bank";
  readonly placement = "per_player";
  /** Monotonic ms of each sender's last offline transfer (VB6 `Counters.LastTransferGold`). */
  private readonly lastOfflineAt = new Map<number, number>();
  private readonly waiting = new Map<string, Waiting>();

  constructor(private readonly options: BankServiceOptions) {}

  fromMap(request: ServiceRequest<"bank">): void {
    const message: BankRequest = request.message;
    if (message.kind === "load") this.load(request.session, message.character);
    else if (request.state === undefined) this.options.logger.error({ session: request.session }, "a bank transfer came without the sender's state; ignored");
    else this.transfer(request.session, request.map, request.state, message.to, message.amount, message.banker);
  }

  /**
   * The vault of the session's character: read through the store and told to the map that owns
   * the player then. The vault the map already holds is never replaced (the map takes only the
   * first answer of a session).
   */
  private load(session: number, characterId: number): void {
    const { sessions, vaults, world } = this.options;
    const playing = sessions.sessionCharacter(session);
    if (playing === undefined || playing.characterId !== characterId || !playing.inWorld) return;
    void vaults.loadBank(characterId).then((vault) => {
      if (sessions.sessionCharacter(session)?.characterId !== characterId) return;
      world.tell(session, "bank", { kind: "loaded", vault: vault === "unavailable" ? null : vault });
    });
  }

  /** A map's transfer, in the step the world took the sender's debited state. */
  private transfer(session: number, map: number, sender: CharacterRecord, to: string, amount: number, banker: number): void {
    const { world, saves } = this.options;
    const name = to.trim();
    const answer = (outcome: BankTransferAnswer) => world.tell(session, "bank", { kind: "transfer_answer", banker, answer: outcome }, { onMap: map });
    const giveBack = (outcome: BankTransferAnswer) => {
      creditBank(world, session, amount, { refund: true });
      answer(outcome);
      this.options.logger.info({ from: sender.id, to: name, amount, outcome }, "bank transfer given back");
    };
    if (name === "") return giveBack("no_such_user");

    const online = world.playerNamed(name);
    if (online !== undefined) {
      if (online.session === session) return giveBack("to_self");
      if (creditBank(world, online.session, amount) !== "ok") return giveBack("failed");
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
    this.waiting.set(credit.transfer, { map, banker, previousAt });
    this.options.logger.info({ from: sender.id, to: name, amount, transfer: credit.transfer, online: false }, "bank transfer");
    void saves.creditOffline(credit);
  }

  /**
   * An offline credit is on disk, or the database refused it (nothing written): then the gold
   * goes back to the sender's newest state before the next batch is built (the saves call this
   * between two batches). The sender's banker says how it went, if it still stands there.
   */
  settled(credit: BankCredit, outcome: BankCreditSettlement): void {
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
    if (waiting !== undefined && session !== undefined) {
      this.options.world.tell(session, "bank", { kind: "transfer_answer", banker: waiting.banker, answer }, { onMap: waiting.map });
    }
  }

  /** Gold back to a sender: its state in the world, or its final state held in memory. */
  private refund(characterId: number, amount: number): void {
    const session = this.options.world.sessionOfCharacter(characterId);
    if (session !== undefined && creditBank(this.options.world, session, amount, { refund: true }) === "ok") return;
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
