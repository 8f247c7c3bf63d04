/**
 * Every character write the gateway makes goes through here, one batch at a time: final saves
 * (logout, disconnect, take-over), a trade's pair save, the retries, autosave and the shutdown's
 * batch. Two rules keep a player trade (map/systems/trade.ts) from ever being on disk for one
 * side only:
 *
 * - **One line, batches built when their turn comes.** Writes run one after another, and each
 *   batch takes the newest state of every character in it at the moment it starts (the world's
 *   last known state, or the final state of one that left). A batch that started later therefore
 *   never carries older states than one that started earlier, and two batches never race each
 *   other on the database (a pool of Postgres connections may commit concurrent statements in
 *   any order).
 * - **Entangled characters are written together.** A trade's two sides are entangled from the
 *   moment the world hands over their swapped states (`saveTogether`) until a batch built after
 *   that moment writes both successfully. Any batch that writes one of them writes all of them
 *   (the group is transitive: A traded with B, B with C, all three), each with its newest state
 *   and its own finality: a trader who logs out while the pair's save had failed is written
 *   final together with the partner's latest state, the partner not final (it stays online).
 *   A failed pair is retried together every ENTANGLED_RETRY_MS and by autosave; never one side
 *   alone.
 *
 * Departures go out together: a final save waits with the others that arrived meanwhile for the
 * next batch of final states, which takes every one waiting when its turn comes and writes them
 * in statements of at most SAVE_BATCH_LIMIT characters, each statement built just before it is
 * sent (both rules above hold per statement). A statement costs a round trip and a plan whether
 * it carries one character or a thousand: one statement per departure managed ~225 saves/s on a
 * loaded two-core machine, so 5,000 players leaving at once took over 20 s to reach the disk;
 * batched they take well under one.
 *
 * Where a character's newest state lives: its final state while that is not known to be on
 * disk (`held`: it left and the save is queued or failed), the state a login took out of
 * `held` until the world has it (`entering`), or the world's last known state while it plays.
 * These never overlap: a login waits until no queued batch may still write the character's
 * final state before taking its held state (`claim`).
 *
 * Bank gold sent to a character that is not online (`creditOffline`, map/systems/bank.ts) rides
 * on its sender: from the moment the sender's debited state is handed over, every batch that
 * writes the sender carries the credit, and the statement adds the gold to the recipient's row
 * (by name, only if no server holds it) or writes nothing. A credit the database refuses (no
 * such character, the recipient online, past a VB6 Long) is handed back through
 * `onCreditSettled`, synchronously, so the gold is back with the sender before the batch is
 * built again without it. A login of either side waits for the batches carrying a credit, and
 * is turned away while one is still not on disk (`claim`).
 *
 * Fencing (multi-node, docs/multi-node.md §7.5): a record carries the generation its login
 * claimed the character with, and the database writes it only while that is still the row's
 * generation. A character whose save comes back fenced was claimed by another process since:
 * that process owns it now, so its states here are dropped (never retried), with its trades
 * and the bank credits it sent, and the rest of the batch is on disk.
 */
import type { CharacterRecord } from "../game/character/index.ts";
import type { Logger } from "../log/index.ts";
import type { BankCredit, CreditRefusal, GatewayStore, StoreSaveOutcome } from "./gateway-store.ts";

/** A trade pair whose save failed is written again (together) this often until it lands. */
export const ENTANGLED_RETRY_MS = 5_000;

/**
 * Most characters one statement of final saves or retries starts from (the entangled partners
 * they carry come on top). A record is about 1 KB of JSON; on Postgres a statement of 1,000
 * takes ~90 ms on a loaded two-core machine, one of 1 takes ~1.5 ms: past a few hundred the rate
 * no longer grows, while a bigger statement holds the line (and a login waiting on it) longer.
 */
export const SAVE_BATCH_LIMIT = 1_000;

export type SaveOutcome = "ok" | "not_found" | "unavailable";

export interface CharacterSavesOptions {
  store: Pick<GatewayStore, "saveCharacters">;
  logger: Logger;
  /** The node these saves write as (recorded on every row written); none leaves `owner_node` alone. */
  ownerNode?: string;
  /** A character's save was fenced (another claim raised its generation): called once per fenced character and write. */
  onFenced?(characterId: number): void;
  /** Monotonic ms. */
  now(): number;
  /** The newest state the world holds of a character in it (entering, playing, between maps, being recovered), or null. */
  knownState(characterId: number): CharacterRecord | null;
  /** The newest state of every character in the world. */
  knownStates(): Iterable<CharacterRecord>;
  /** Interval of the retry of failed trade pairs; 0 retries only on `retryUnsaved` (autosave). Default ENTANGLED_RETRY_MS. */
  entangledRetryMs?: number;
  /**
   * A credit of `creditOffline` is settled: on disk together with its sender's state
   * ("credited"), or refused by the database with nothing written. Called synchronously between
   * two batches: on a refusal the caller gives the gold back to the sender's newest state (the
   * world's known state, or `creditHeld`) before the next batch is built.
   */
  onCreditSettled?(credit: BankCredit, outcome: CreditSettlement): void;
}

/**
 * How a bank credit ended: on disk with its sender ("credited"), refused by the database (nothing
 * written: the gold goes back), or dropped because its sender's debited state is gone from memory
 * without ever reaching disk (nothing to give back, nothing to tell).
 */
export type CreditSettlement = "credited" | CreditRefusal | "dropped";

/** What `claim` answers while a bank credit to or from the character is not on disk yet. */
export const CLAIM_BUSY = "busy";

/** One record of a batch: the state and whether the character left the world (clears its online mark). */
interface Entry {
  state: CharacterRecord;
  final: boolean;
}

/** Characters whose states must reach the database in one batch. */
interface Group {
  readonly members: Set<number>;
  /** The trade count when the group last grew: a batch built before that cannot dissolve it. */
  since: number;
}

interface Job {
  readonly done: Promise<void>;
  /** Characters whose final state this job may write, so a login of one of them waits for it. */
  readonly marked: number[];
  /** Names (lower case) of recipients of bank credits this job may write, likewise. */
  readonly markedNames: string[];
}

interface Batch {
  entries: Map<number, Entry>;
  /** Bank credits whose senders are in `entries`: written in the same statement. */
  credits: BankCredit[];
  /** The trade count when the batch was built. */
  builtAt: number;
}

/**
 * How the statement that carried a final state ended (no batch: it was never tried). A fenced
 * final state ends "ok": there is nothing left to write or retry, another process owns it.
 */
interface Written {
  outcome: SaveOutcome;
  batch?: Batch;
}

/** A final state waiting for the next batch of final states: why it left, since when, and who waits for it. */
interface WaitingFinal {
  reason: string;
  since: number;
  settle: ((written: Written) => void)[];
}

const nameKey = (name: string): string => name.trim().toLowerCase();

export class CharacterSaves {
  private readonly held = new Map<number, CharacterRecord>();
  private readonly entering = new Map<number, CharacterRecord>();
  private readonly groupOf = new Map<number, Group>();
  /** Trade pair saves asked for so far: the clock entanglement is measured with. */
  private trades = 0;
  private tail: Promise<void> = Promise.resolve();
  /** By character: the last queued batch that may write its final state. */
  private readonly writing = new Map<number, Promise<void>>();
  /** By recipient name (lower case): the last queued batch that may write a bank credit to it. */
  private readonly writingNames = new Map<string, Promise<void>>();
  /** Bank credits to characters not online, by transfer id, until they are on disk or refused. */
  private readonly credits = new Map<string, BankCredit>();
  private readonly queued = new Set<Promise<void>>();
  /** Final states waiting for the next batch of final states, in the order they left. */
  private readonly waiting = new Map<number, WaitingFinal>();
  /** The queued batch of final states that has not started yet: the next final state joins it. */
  private nextFinals: Job | undefined;
  /** Final states the running batch of final states took and has not answered yet. */
  private readonly writingFinals = new Map<number, WaitingFinal>();
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private stopped = false;
  private readonly retryMs: number;
  private fenced = 0;

  constructor(private readonly options: CharacterSavesOptions) {
    this.retryMs = options.entangledRetryMs ?? ENTANGLED_RETRY_MS;
  }

  /** Final states not known to be on disk (left the world; the save is queued or failed). */
  get unsavedCount(): number {
    return this.held.size;
  }

  /** Characters whose newest states must still be written together. */
  get entangledCount(): number {
    return this.groupOf.size;
  }

  /** Bank credits to characters not online that are not on disk yet. */
  get pendingCreditCount(): number {
    return this.credits.size;
  }

  /** Character writes the database refused since start because another claim raised the character's generation. */
  get fencedWrites(): number {
    return this.fenced;
  }

  /**
   * The final save of a character that left the world: its state, and its online mark cleared
   * in the same statement, with every other final state waiting when the batch starts. A failure
   * keeps the state here (it is what the character logs in with, and what the retries write)
   * and the mark on the row. Resolves once the statement that carried it has ended.
   */
  saveFinal(state: CharacterRecord, reason: string): Promise<void> {
    this.entering.delete(state.id);
    this.held.set(state.id, state);
    return this.queueFinal(state.id, reason).then(() => undefined);
  }

  /**
   * States that must reach the database together: a player trade's two sides, the moment the
   * world hands them over. They are entangled at once, so any batch from now on writes them
   * together; this one writes them (with whoever they are entangled with) unless an earlier
   * batch already did. A failure is logged, never thrown: the states stay where they live.
   */
  saveTogether(states: readonly CharacterRecord[]): Promise<void> {
    if (states.length === 0) return Promise.resolve();
    const ids = states.map((state) => state.id);
    this.entangle(ids);
    // Used only for a side whose state is nowhere else any more.
    const fallback = new Map(states.map((state) => [state.id, { state, final: false }]));
    return this.enqueue([], undefined, async (job) => {
      if (!ids.some((id) => this.groupOf.has(id))) return; // an earlier batch wrote them together
      const { outcome, batch } = await this.writeBuilt((skip) => this.collect(ids, job, { fallback, skip }));
      const characters = [...batch.entries.keys()];
      if (outcome === "ok") this.options.logger.info({ characters }, "trade saved");
      else this.options.logger.error({ characters, outcome }, "trade save failed; kept in memory, written together with either side's next save and retried");
    });
  }

  /**
   * Autosave: every character in the world with its newest state, plus the held final states
   * of any that are entangled with them; one atomic batch.
   */
  saveOnline(): Promise<{ outcome: SaveOutcome; characters: number }> {
    return this.enqueue([], { outcome: "unavailable", characters: 0 }, async (job) => {
      const { outcome, batch } = await this.writeBuilt((skip) => {
        const preferred = new Map<number, Entry>();
        for (const state of this.options.knownStates()) preferred.set(state.id, { state, final: false });
        return this.collect(preferred.keys(), job, { preferred, skip });
      });
      return { outcome, characters: batch.entries.size };
    });
  }

  /**
   * The shutdown's save: the final states the workers handed back (the world holds nobody now),
   * every final state held here (departures still queued, saves that failed) and any state a
   * login took but will never put in the world now, all final; written like departures, in
   * statements of at most SAVE_BATCH_LIMIT, with the held states of any entangled with them.
   * They are held until on disk, like any final state (a credit refused meanwhile goes back to
   * them; a failure leaves them for `retryUnsaved`). `characters`: how many the statements wrote.
   */
  async saveFinals(states: readonly CharacterRecord[]): Promise<{ outcome: SaveOutcome; characters: number }> {
    for (const state of states) {
      this.entering.delete(state.id);
      this.held.set(state.id, state);
    }
    for (const [id, state] of this.entering) this.held.set(id, state);
    this.entering.clear();
    const handedBack = new Set(states.map((state) => state.id));
    const written = await Promise.all(
      [...this.held.keys()].map((id) => {
        // A departure being written now: its statement answers for it (a failure leaves it held for the retry).
        const running = handedBack.has(id) || this.waiting.has(id) ? undefined : this.writingFinals.get(id);
        return running ? new Promise<Written>((resolve) => running.settle.push(resolve)) : this.queueFinal(id, "shutdown");
      }),
    );
    const batches = new Set<Batch>();
    let outcome: SaveOutcome = "ok";
    for (const each of written) {
      if (each.batch) batches.add(each.batch);
      if (outcome === "ok") outcome = each.outcome;
    }
    let characters = 0;
    for (const batch of batches) characters += batch.entries.size;
    return { outcome, characters };
  }

  /**
   * Writes again, in one batch, the final states whose save failed and every entangled
   * character (with its partners' newest states); returns how many final states are still
   * not on disk.
   */
  async retryUnsaved(): Promise<number> {
    if (this.held.size === 0 && this.groupOf.size === 0 && this.credits.size === 0) return 0;
    await this.enqueue(this.held.keys(), undefined, async (job) => {
      const seeds = [...new Set([...this.held.keys(), ...this.groupOf.keys(), ...this.creditSenders()])];
      for (let start = 0; start < seeds.length; start += SAVE_BATCH_LIMIT) {
        // A seed an earlier statement of this retry wrote (as someone's partner) is done.
        const senders = new Set(this.creditSenders());
        const ids = seeds.slice(start, start + SAVE_BATCH_LIMIT).filter((id) => this.held.has(id) || this.groupOf.has(id) || senders.has(id));
        if (ids.length === 0) continue;
        const { outcome, batch } = await this.writeBuilt((skip) => this.collect(ids, job, { skip }));
        if (outcome === "ok") continue;
        this.options.logger.error({ characters: batch.entries.size, outcome }, "retry of unsaved characters failed");
        if (outcome === "unavailable") break; // the next statements would meet the same database
      }
    });
    return this.held.size;
  }

  /**
   * Bank gold for a character that is not online (`credit.toName`: not in the world, nothing
   * held for it here), sent by `credit.from`, whose debited state the world (or `held`) has now.
   * From now on every batch that writes the sender carries the credit, and this one writes them
   * now unless an earlier batch did. Settled through `onCreditSettled`; a failure is retried
   * with the sender (every ENTANGLED_RETRY_MS and by autosave), never dropped while the sender's
   * state exists. A login of the recipient waits for this batch (`claim`).
   */
  creditOffline(credit: BankCredit): Promise<void> {
    this.credits.set(credit.transfer, credit);
    return this.enqueue(
      [],
      undefined,
      async (job) => {
        if (!this.credits.has(credit.transfer)) return; // an earlier batch settled it
        const { outcome, batch } = await this.writeBuilt((skip) => this.collect([credit.from], job, { skip }));
        if (outcome !== "ok") {
          this.options.logger.error({ transfer: credit.transfer, from: credit.from, characters: batch.entries.size, outcome }, "bank credit not written; kept with its sender and retried");
        }
      },
      [credit.toName],
    );
  }

  /**
   * A final state held here whose character has this name (any case): `held` if it left and is
   * not on disk yet (a credit goes to it: `creditHeld`), `entering` if a login took it.
   */
  heldNamed(name: string): { state: CharacterRecord; where: "held" | "entering" } | undefined {
    const key = nameKey(name);
    for (const state of this.held.values()) if (nameKey(state.name) === key) return { state, where: "held" };
    for (const state of this.entering.values()) if (nameKey(state.name) === key) return { state, where: "entering" };
    return undefined;
  }

  /**
   * Adds bank gold to the final state held for this character (it left and is not on disk yet),
   * so the retries write it with the gold and a login starts from it; returns the new state, or
   * undefined when nothing is held for it. The caller makes the gold's other side part of the
   * same batch (`saveTogether`).
   */
  creditHeld(characterId: number, amount: number): CharacterRecord | undefined {
    const state = this.held.get(characterId);
    if (state === undefined) return undefined;
    const credited = { ...state, bankGold: state.bankGold + amount };
    this.held.set(characterId, credited);
    return credited;
  }

  /**
   * For a login: waits until no queued or running batch may still write the character's final
   * state (clearing its online mark, or landing after the login reads the row), then takes its
   * held final state, in the same step, so no batch built meanwhile can take it as final. From
   * then on it is the entering state, written not final by batches that need it, until the world
   * has the character (`entered`) or the login gives up (`giveBack`). Undefined when nothing is
   * held: the database has the newest state. With `name`, it also waits for batches carrying bank
   * credits to that name; `busy` while a credit to or from the character is not on disk yet.
   */
  async claim(characterId: number, name?: string): Promise<CharacterRecord | undefined | typeof CLAIM_BUSY> {
    const key = name === undefined ? undefined : nameKey(name);
    const pendingWrite = () => this.writing.get(characterId) ?? (key === undefined ? undefined : this.writingNames.get(key));
    for (let pending = pendingWrite(); pending; pending = pendingWrite()) await pending;
    // A bank credit to or from it that is still not on disk: its sender's state (or its row) is
    // not what the login would read. Not now; the retries settle it.
    for (const credit of this.credits.values()) if (credit.from === characterId || (key !== undefined && nameKey(credit.toName) === key)) return CLAIM_BUSY;
    const state = this.held.get(characterId);
    if (state === undefined) return undefined;
    this.held.delete(characterId);
    this.entering.set(characterId, state);
    return state;
  }

  /**
   * A login claimed the character in the database with generation `gen`: the state it took from
   * `held` (if any) carries it from now on, so a batch that writes it (a trade partner's, or the
   * retries after `giveBack`) is not fenced by this very claim. Returns that state, or undefined.
   */
  stampClaim(characterId: number, gen: number): CharacterRecord | undefined {
    const state = this.entering.get(characterId);
    if (state === undefined) return undefined;
    const stamped = { ...state, gen };
    this.entering.set(characterId, stamped);
    return stamped;
  }

  /** The login did not get the character into the world: a state taken from `held` goes back. True if there was one. */
  giveBack(characterId: number): boolean {
    const state = this.entering.get(characterId);
    if (state === undefined) return false;
    this.entering.delete(characterId);
    this.held.set(characterId, state);
    return true;
  }

  /** The world placed the character: its known state is the newest from now on. */
  entered(characterId: number): void {
    this.entering.delete(characterId);
  }

  /** Resolves once every batch queued so far has finished. */
  async drain(): Promise<void> {
    while (this.queued.size > 0) await Promise.allSettled([...this.queued]);
  }

  /** Stops the timed retry (shutdown runs its own). */
  stop(): void {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
  }

  // ---------------------------------------------------------------- internals

  /**
   * Queues `work` behind every batch queued before it. `finals`: characters whose final state it
   * will write, so a login of one of them waits for it. A fault in `work` is logged and answered
   * with `failed`: callers never see a rejection.
   */
  private enqueue<T>(finals: Iterable<number>, failed: T, work: (job: Job) => Promise<T>, creditNames: readonly string[] = []): Promise<T> {
    return this.enqueueJob(finals, failed, work, creditNames).result;
  }

  private enqueueJob<T>(finals: Iterable<number>, failed: T, work: (job: Job) => Promise<T>, creditNames: readonly string[] = []): { job: Job; result: Promise<T> } {
    let resolveDone!: () => void;
    const job: Job = { done: new Promise<void>((resolve) => (resolveDone = resolve)), marked: [], markedNames: [] };
    for (const id of finals) this.mark(job, id);
    for (const name of creditNames) this.markName(job, name);
    const result = this.tail
      .then(() => work(job))
      .catch((error: unknown) => {
        this.options.logger.error({ err: error }, "saving characters failed");
        return failed;
      });
    void result.then(resolveDone);
    this.tail = job.done;
    this.queued.add(job.done);
    void job.done.then(() => {
      this.queued.delete(job.done);
      for (const id of job.marked) if (this.writing.get(id) === job.done) this.writing.delete(id);
      for (const key of job.markedNames) if (this.writingNames.get(key) === job.done) this.writingNames.delete(key);
      this.scheduleRetry();
    });
    return { job, result };
  }

  /**
   * Puts a held final state in the next batch of final states (queued now if none is waiting
   * for its turn), so a login of the character waits for that batch.
   */
  private queueFinal(id: number, reason: string): Promise<Written> {
    const job = this.nextFinals ?? this.enqueueFinals();
    this.mark(job, id);
    return new Promise<Written>((resolve) => {
      const waiting = this.waiting.get(id);
      if (waiting) waiting.settle.push(resolve);
      else this.waiting.set(id, { reason, since: this.options.now(), settle: [resolve] });
    });
  }

  /** Queues a batch of final states: when its turn comes it takes every one waiting then. */
  private enqueueFinals(): Job {
    const { job } = this.enqueueJob([], undefined, async (started) => {
      if (this.nextFinals === started) this.nextFinals = undefined;
      const taken = [...this.waiting];
      this.waiting.clear();
      await this.writeFinals(taken, started);
    });
    this.nextFinals = job;
    return job;
  }

  /**
   * Writes the final states a batch took, SAVE_BATCH_LIMIT to a statement, each statement built
   * when the one before has ended. After a database failure the rest are not tried (they would
   * meet the same database): they stay held for the retries. Every waiter is answered.
   */
  private async writeFinals(taken: readonly [number, WaitingFinal][], job: Job): Promise<void> {
    for (const [id, waiting] of taken) this.writingFinals.set(id, waiting);
    const answer = (id: number, waiting: WaitingFinal, written: Written) => {
      if (this.writingFinals.get(id) === waiting) this.writingFinals.delete(id);
      for (const settle of waiting.settle) settle(written);
    };
    let done = 0;
    try {
      while (done < taken.length) {
        const chunk = taken.slice(done, done + SAVE_BATCH_LIMIT);
        const ids = chunk.map(([id]) => id);
        const partners = new Map<number, number[]>();
        // Empty for a state a batch before this one already carried (a trade pair's save, a retry).
        const { outcome, batch, missing, fenced } = await this.writeBuilt((skip) => {
          const built = this.collect(ids, job, { skip });
          for (const id of ids) {
            const group = this.groupOf.get(id);
            if (group) partners.set(id, [...group.members].filter((member) => member !== id && built.entries.has(member)));
          }
          return built;
        });
        done += chunk.length;
        if (outcome !== "ok") {
          this.options.logger.error({ characters: ids, outcome }, "final saves failed; kept in memory for retry");
        }
        for (const [id, waiting] of chunk) {
          const mine: SaveOutcome = missing.has(id) ? "not_found" : outcome;
          if (mine === "ok" && !fenced.has(id)) {
            const ms = Math.round(this.options.now() - waiting.since);
            this.options.logger.info({ character: id, reason: waiting.reason, ms, batch: batch.entries.size, with: partners.get(id)?.length ? partners.get(id) : undefined }, "character saved");
          }
          answer(id, waiting, { outcome: mine, batch });
        }
        if (outcome === "unavailable") break;
      }
    } finally {
      const untried = taken.slice(done);
      if (untried.length > 0) {
        this.options.logger.error({ characters: untried.map(([id]) => id) }, "final saves not tried after a failure; kept in memory for retry");
        for (const [id, waiting] of untried) answer(id, waiting, { outcome: "unavailable" });
      }
    }
  }

  private mark(job: Job, id: number): void {
    if (this.writing.get(id) === job.done) return;
    this.writing.set(id, job.done);
    job.marked.push(id);
  }

  private markName(job: Job, name: string): void {
    const key = nameKey(name);
    if (this.writingNames.get(key) === job.done) return;
    this.writingNames.set(key, job.done);
    job.markedNames.push(key);
  }

  /** Senders of the bank credits not on disk yet. */
  private creditSenders(): number[] {
    return [...new Set([...this.credits.values()].map((credit) => credit.from))];
  }

  /** Merges the groups of these characters into one, entangled from now on. */
  private entangle(ids: readonly number[]): void {
    const group: Group = { members: new Set(ids), since: ++this.trades };
    for (const id of ids) {
      const old = this.groupOf.get(id);
      if (old) for (const member of old.members) group.members.add(member);
    }
    for (const member of group.members) this.groupOf.set(member, group);
  }

  /**
   * The batch for these characters and everyone entangled with them, each with its newest
   * state, built synchronously now; `skip`: characters with no row (left out). Marks the final
   * states in it as being written by `job` (a login of one of those characters waits for it).
   */
  private collect(
    ids: Iterable<number>,
    job: Job,
    sources: { preferred?: ReadonlyMap<number, Entry>; fallback?: ReadonlyMap<number, Entry>; skip?: ReadonlySet<number> } = {},
  ): Batch {
    const entries = new Map<number, Entry>();
    const pending = [...ids];
    for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
      if (entries.has(id) || sources.skip?.has(id)) continue;
      const entry = sources.preferred?.get(id) ?? this.newest(id) ?? sources.fallback?.get(id);
      const group = this.groupOf.get(id);
      if (entry === undefined) {
        if (group) {
          // Nothing holds its state any more (a player dropped by the world): nothing to wait for.
          this.options.logger.error({ character: id, group: [...group.members] }, "entangled character has no state to save; its partners are written without it");
          group.members.delete(id);
          this.groupOf.delete(id);
        }
        for (const credit of this.credits.values()) {
          if (credit.from !== id) continue;
          // Its debited state is gone too (never on disk: every batch with it carried the credit).
          this.options.logger.error({ transfer: credit.transfer, from: id, amount: credit.amount }, "bank credit whose sender has no state any more; dropped with the debit");
          this.credits.delete(credit.transfer);
          this.settle(credit, "dropped");
        }
        continue;
      }
      entries.set(id, entry);
      if (entry.final) this.mark(job, id);
      if (group) for (const member of group.members) if (!entries.has(member)) pending.push(member);
    }
    const credits = [...this.credits.values()].filter((credit) => entries.has(credit.from));
    for (const credit of credits) this.markName(job, credit.toName);
    return { entries, credits, builtAt: this.trades };
  }

  private newest(id: number): Entry | undefined {
    const held = this.held.get(id);
    if (held) return { state: held, final: true };
    const known = this.options.knownState(id);
    if (known) return { state: known, final: false };
    const entering = this.entering.get(id);
    return entering ? { state: entering, final: false } : undefined;
  }

  /**
   * Builds a batch and writes it; when the database refuses credits it carried, or finds no row
   * for some of its characters (nothing was written either way), the credits are settled (the
   * gold goes back to the senders), the rowless characters forgotten, and the batch is built
   * again without them. Each round removes at least one, so it ends. `missing`: the characters
   * left out for want of a row; `fenced`: those the database refused for their generation
   * (the rest of the batch is on disk; these are forgotten here).
   */
  private async writeBuilt(
    build: (skip: ReadonlySet<number>) => Batch,
  ): Promise<{ outcome: SaveOutcome; batch: Batch; missing: ReadonlySet<number>; fenced: ReadonlySet<number> }> {
    const missing = new Set<number>();
    const fenced = new Set<number>();
    for (;;) {
      const batch = build(missing);
      if (batch.entries.size === 0) return { outcome: "ok", batch, missing, fenced };
      const outcome = await this.write(batch, fenced);
      if (outcome === "credits_refused") continue;
      if (typeof outcome !== "object") return { outcome, batch, missing, fenced };
      for (const id of outcome.missing) missing.add(id);
    }
  }

  /** Writes one batch; the characters the database fenced are forgotten here and added to `fenced`. */
  private async write(batch: Batch, fenced: Set<number>): Promise<SaveOutcome | "credits_refused" | { missing: number[] }> {
    const records = [...batch.entries.values()].map((entry) => entry.state);
    const final = (id: number) => batch.entries.get(id)?.final === true;
    const ownerNode = this.options.ownerNode;
    let outcome: StoreSaveOutcome;
    try {
      outcome = await this.options.store.saveCharacters(records, {
        final,
        ...(batch.credits.length === 0 ? {} : { credits: batch.credits }),
        ...(ownerNode === undefined ? {} : { ownerNode }),
      });
    } catch (error) {
      this.options.logger.error({ err: error, characters: records.length }, "saving characters threw");
      outcome = "unavailable";
    }
    if (typeof outcome === "object" && outcome.kind === "not_found") {
      // One deleted character must not keep a whole batch of departures off the disk.
      const gone = outcome.ids.filter((id) => batch.entries.has(id));
      if (gone.length === 0) return "not_found";
      for (const id of gone) this.forgetRowless(id, batch.entries.get(id)!);
      return { missing: gone };
    }
    if (typeof outcome === "object" && outcome.kind === "ok") {
      for (const id of outcome.fenced) {
        const entry = batch.entries.get(id);
        if (entry === undefined) continue;
        fenced.add(id);
        this.forgetFenced(id, entry);
      }
    } else if (typeof outcome === "object") {
      let settled = 0;
      for (const { transfer, reason } of outcome.refused) {
        const credit = this.credits.get(transfer);
        if (credit === undefined || !batch.credits.includes(credit)) continue;
        this.credits.delete(transfer);
        settled++;
        this.options.logger.warn({ transfer, from: credit.from, to: credit.toName, amount: credit.amount, reason }, "bank credit refused; the gold goes back to its sender");
        this.settle(credit, reason);
      }
      // Refusals that name none of this batch's credits would loop for ever: a fault, not a refusal.
      return settled > 0 ? "credits_refused" : "unavailable";
    } else if (outcome !== "ok") return outcome;
    for (const [id, entry] of batch.entries) if (entry.final && this.held.get(id) === entry.state) this.held.delete(id);
    for (const id of batch.entries.keys()) {
      const group = this.groupOf.get(id);
      if (!group || group.since > batch.builtAt) continue;
      let whole = true;
      for (const member of group.members) whole &&= batch.entries.has(member);
      if (whole) for (const member of group.members) this.groupOf.delete(member);
    }
    for (const credit of batch.credits) {
      if (!this.credits.delete(credit.transfer)) continue;
      this.options.logger.info({ transfer: credit.transfer, from: credit.from, to: credit.toName, amount: credit.amount }, "bank credit written");
      this.settle(credit, "credited");
    }
    return "ok";
  }

  /**
   * The database refused a character's state for its generation: another process claimed the
   * character since this one's login, and owns it now. Nothing of it here may be written any
   * more: its held state is dropped (not retried), it leaves its trade groups (their others
   * were written), and bank gold it sent is dropped with its debited state (neither is on disk).
   * A state a newer login of this gateway stamped with its own claim is a different object and
   * stays.
   */
  private forgetFenced(id: number, entry: Entry): void {
    this.fenced++;
    this.options.logger.warn(
      { character: id, name: entry.state.name, gen: entry.state.gen, final: entry.final },
      "character save fenced: another claim raised its generation; its state here is dropped, not retried",
    );
    try {
      this.options.onFenced?.(id);
    } catch (error) {
      this.options.logger.error({ err: error, character: id }, "counting a fenced save threw");
    }
    if (this.entering.get(id) === entry.state) this.entering.delete(id);
    this.forgetUnwritable(id, entry, "bank credit whose sender was fenced; dropped with the debit");
  }

  /**
   * A character of a batch has no row any more (deleted while it played or while its final state
   * was held): its held state can never be written, its trades hold nobody back, and bank gold
   * it sent is dropped with its debited state (that gold went with the row).
   */
  private forgetRowless(id: number, entry: Entry): void {
    this.options.logger.error({ character: id, name: entry.state.name, final: entry.final }, "character has no row any more; left out of the save");
    this.forgetUnwritable(id, entry, "bank credit whose sender has no row any more; dropped with the debit");
  }

  /** A state that can never be written: not held, out of its trade group, and the bank gold it sent dropped with it. */
  private forgetUnwritable(id: number, entry: Entry, creditMessage: string): void {
    if (this.held.get(id) === entry.state) this.held.delete(id);
    const group = this.groupOf.get(id);
    if (group) {
      group.members.delete(id);
      this.groupOf.delete(id);
    }
    for (const credit of this.credits.values()) {
      if (credit.from !== id) continue;
      this.options.logger.error({ transfer: credit.transfer, from: id, amount: credit.amount }, creditMessage);
      this.credits.delete(credit.transfer);
      this.settle(credit, "dropped");
    }
  }

  private settle(credit: BankCredit, outcome: CreditSettlement): void {
    try {
      this.options.onCreditSettled?.(credit, outcome);
    } catch (error) {
      this.options.logger.error({ err: error, transfer: credit.transfer, outcome }, "settling a bank credit threw");
    }
  }

  private scheduleRetry(): void {
    if (this.stopped || this.retryMs <= 0 || this.retryTimer !== undefined || (this.groupOf.size === 0 && this.credits.size === 0) || this.queued.size > 0) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      void this.retryUnsaved();
    }, this.retryMs);
    this.retryTimer.unref?.();
  }
}
