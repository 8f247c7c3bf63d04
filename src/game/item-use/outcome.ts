/**
 * The shared pieces of item use: what a use handler receives and how it answers.
 */
import type { CharacterVitals } from "../character/index.ts";
import type { ItemCatalog, ItemTemplate } from "../items/index.ts";
import { removeFromSlot, type Inventory } from "../inventory/index.ts";
import type { Random } from "../../random/index.ts";
import type { NotAvailableReason, UseEffect, UseNotice, UseOutcome, UseRefusal, UseState, UseTimers } from "./types.ts";

export interface UseDeps {
  readonly catalog: ItemCatalog;
  readonly random: Random;
  /** The map's clock (ms). */
  readonly now: number;
}

/** Shared by the effect handlers: the state after the interval, and how to answer. */
export interface UseContext {
  readonly state: UseState;
  readonly item: ItemTemplate;
  readonly slot: number;
  readonly deps: UseDeps;
  readonly timers: UseTimers;
  readonly stopMeditating: boolean;
}

/** A refusal after the interval was spent. */
export function refuse(context: UseContext, reason: UseRefusal): UseOutcome {
  return { kind: "refused", reason, timers: context.timers, stopMeditating: context.stopMeditating };
}

export function notAvailable(context: UseContext, reason: NotAvailableReason): UseOutcome {
  return { kind: "not_available", reason, timers: context.timers, stopMeditating: context.stopMeditating };
}

interface UsedParts {
  readonly inventory?: Inventory;
  readonly changed?: readonly number[];
  readonly goldDelta?: number;
  readonly consumed?: number;
  readonly vitals?: CharacterVitals;
  readonly effect?: UseEffect;
  readonly sound?: number;
  readonly notice?: UseNotice;
  readonly cooldowns?: Readonly<Record<number, number>>;
}

export function used(context: UseContext, parts: UsedParts): UseOutcome {
  return {
    kind: "used",
    objectId: context.item.id,
    inventory: parts.inventory ?? context.state.inventory,
    changed: parts.changed ?? [],
    goldDelta: parts.goldDelta ?? 0,
    consumed: parts.consumed ?? 0,
    vitals: parts.vitals ?? context.state.vitals,
    effect: parts.effect ?? {},
    sound: parts.sound ?? 0,
    ...(parts.notice === undefined ? {} : { notice: parts.notice }),
    ...(parts.cooldowns === undefined ? {} : { cooldowns: parts.cooldowns }),
    timers: context.timers,
    stopMeditating: context.stopMeditating,
  };
}

/** Takes `amount` units of the used slot (the slot is known to hold at least one). */
export function consume(context: UseContext, inventory: Inventory = context.state.inventory, amount = 1): { inventory: Inventory; changed: readonly number[] } {
  const removed = removeFromSlot(inventory, context.slot, amount);
  return removed.ok ? { inventory: removed.inventory, changed: removed.changed } : { inventory, changed: [] };
}

/** New vitals with `delta` added to `key`, capped at `max` and floored at 0; returns the applied delta. */
export function raise(vitals: CharacterVitals, key: keyof CharacterVitals, delta: number, max: number): { vitals: CharacterVitals; applied: number } {
  const before = vitals[key];
  const after = Math.max(0, Math.min(before + delta, max));
  return { vitals: { ...vitals, [key]: after }, applied: after - before };
}

