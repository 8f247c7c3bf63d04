/**
 * Resting by a campfire in the browser (`/DESCANSAR`), as the stock client plays it: `RestOK`
 * flips the own resting flag (VB6 client `UserDescansar = Not UserDescansar`; `Logged` clears it);
 * while it is on, an arrow key does not walk but asks once to stand up (`WriteRest`, `UserAvisado`),
 * and the attack key does nothing. The status marks show "Descansando". Pure.
 */
import type { GameState } from "./game-state.ts";

/** `RestOK`: the flag flips, and a stand-up request may be asked again. */
export function applyRestOk(state: GameState): void {
  state.ownStatus.resting = !state.ownStatus.resting;
  state.ownStatus.restStandUpAsked = false;
}

export function isResting(state: GameState): boolean {
  return state.ownStatus.resting;
}

/**
 * What an arrow key does: walk as usual, send `Rest` to stand up (the first press while resting),
 * or nothing (pressed again before the server's `RestOK`).
 */
export function restWalkAction(state: GameState): "walk" | "stand_up" | "wait" {
  if (!state.ownStatus.resting) return "walk";
  return state.ownStatus.restStandUpAsked ? "wait" : "stand_up";
}
