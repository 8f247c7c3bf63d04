/**
 * Test support for the session's saves: a store that records every batch it is asked to write
 * and answers from a script, and a gateway over such a store and a fake world.
 */
import type { CharacterRecord } from "../game/character/index.ts";
import { silentLogger } from "../log/index.ts";
import { MetricsRegistry } from "../metrics/index.ts";
import type { World } from "../world/index.ts";
import { createGatewayMetrics } from "./gateway-metrics.ts";
import type { BankCredit, GatewayStore, StoreSaveOutcome } from "./gateway-store.ts";
import { Gateway, type GatewayOptions } from "./gateway.ts";

/** One batch the store was asked to write. */
export interface SavedBatch {
  records: CharacterRecord[];
  /** Character id → final, as the store's `final` option said for it. */
  finals: Map<number, boolean>;
  credits: BankCredit[];
  /** The node the batch was written as (the store's `ownerNode` option). */
  ownerNode: string | undefined;
  /** The store's answer ("pending" while a scripted promise is unsettled). */
  outcome: StoreSaveOutcome | "pending";
}

/**
 * A store whose `saveCharacters` records each batch and answers from `outcomes` in turn (then
 * "ok"); an answer may be a promise the test settles (a write still on its way). Only
 * `saveCharacters` and `markOffline` are there: the saves need nothing else.
 */
export function recordingStore(...outcomes: (StoreSaveOutcome | Promise<StoreSaveOutcome>)[]) {
  const batches: SavedBatch[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  let landing: (batch: SavedBatch) => void = () => {};
  const store = {
    saveCharacters: async (records: readonly CharacterRecord[], options?: Parameters<GatewayStore["saveCharacters"]>[1]) => {
      const final = options?.final;
      const finals = new Map(records.map((r) => [r.id, typeof final === "function" ? final(r.id) : final === true]));
      const batch: SavedBatch = { records: [...records], finals, credits: [...(options?.credits ?? [])], ownerNode: options?.ownerNode, outcome: "pending" };
      batches.push(batch);
      for (const waiter of waiters) if (batches.length >= waiter.count) waiter.resolve();
      batch.outcome = await (outcomes.shift() ?? "ok");
      if (batch.outcome === "ok" || (typeof batch.outcome === "object" && batch.outcome.kind === "ok")) landing(batch);
      return batch.outcome;
    },
    markOffline: async () => {},
  } as unknown as GatewayStore;
  return {
    store,
    batches,
    /** Resolves once the store was asked for its `count`-th batch. */
    asked: (count: number) =>
      new Promise<void>((resolve) => {
        if (batches.length >= count) resolve();
        else waiters.push({ count, resolve });
      }),
    /** Runs `apply` on each batch that lands ("ok"), before the store answers. */
    whenLanded: (apply: (batch: SavedBatch) => void) => void (landing = apply),
  };
}

/** What a batch wrote of the bank: "id:bankGold" per record by id ("F" when final), then "→name+amount" per credit. */
export function bankLine(batch: SavedBatch): string {
  return [
    ...[...batch.records].sort((a, b) => a.id - b.id).map((r) => `${r.id}:${r.bankGold}${batch.finals.get(r.id) ? "F" : ""}`),
    ...batch.credits.map((c) => `→${c.toName}+${c.amount}`),
  ].join(" ");
}

/** A gateway over `store` and a fake `world`, on a clock at 0, with no retry timer, unless `options` say otherwise. */
export function gatewayOver(store: GatewayStore, world: unknown, options: Partial<GatewayOptions> = {}): Gateway {
  return new Gateway({
    store,
    world: world as World,
    entangledRetryMs: 0,
    logger: silentLogger(),
    metrics: createGatewayMetrics(new MetricsRegistry()),
    now: () => 0,
    maxConnections: 10,
    maxConnectionsPerIp: 10,
    createCharacter: () => ({ ok: false, reason: "bad_class" }),
    ...options,
  });
}
