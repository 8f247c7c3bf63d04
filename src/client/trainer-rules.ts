/**
 * The trainer's window as the client knows it (VB6 client `HandleTrainerCreatureList`,
 * `frmEntrenador`): the server sends the trainer's creature names joined with NUL after
 * `/ENTRENAR` (systems/trainers.ts); the window lists them and the player's choice goes back as
 * `Train(n)`, n the 1-based place in that list, and the window closes (the stock client unloads
 * its form whatever the server then does: a trainer at its limit speaks over its head). Pure.
 */
import { JOINED_LIST_SEPARATOR } from "../protocol/index.ts";
import type { GameState } from "./game-state.ts";

/** Most creatures kept from one list (a trainer's `NroCriaturas` is a handful; `Train` carries a byte). */
export const TRAINER_CREATURES_MAX = 50;
/** Longest creature name kept. */
const TRAINER_NAME_MAX_CHARS = 60;

/** The names of a `TrainerCreatureList` (VB6 `Split`: an empty string is no creature at all). */
export function trainerCreatures(joined: string): string[] {
  if (joined === "") return [];
  return joined
    .split(JOINED_LIST_SEPARATOR)
    .slice(0, TRAINER_CREATURES_MAX)
    .map((name) => Array.from(name).slice(0, TRAINER_NAME_MAX_CHARS).join(""));
}

/** Opens the train window with the list the server sent (a newer list replaces the one shown). */
export function applyTrainerList(state: GameState, joined: string): void {
  state.trainer = { open: true, creatures: trainerCreatures(joined) };
}

/** Why a `Train` was not sent. */
export type TrainRefusal = "not_open" | "no_choice";

/** The `Train.creature` for the window's choice `choice` (1-based), or why not. */
export function checkTrain(state: GameState, choice: number): { readonly ok: true; readonly creature: number } | { readonly ok: false; readonly reason: TrainRefusal } {
  if (state.phase !== "in_world" || !state.trainer.open) return { ok: false, reason: "not_open" };
  if (!Number.isInteger(choice) || choice < 1 || choice > state.trainer.creatures.length) return { ok: false, reason: "no_choice" };
  return { ok: true, creature: choice };
}
