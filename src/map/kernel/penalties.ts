/**
 * A player's mute and jail sentence as the other systems ask about them (chat refuses a muted
 * player's lines, `/HOGAR` a prisoner's trip). The countdowns and the sanctions themselves are
 * systems/penalties.ts'.
 */
import { muteMinutesLeft, type Penalties } from "../../game/staff/index.ts";
import { penaltiesOf } from "../../game/character/index.ts";
import type { PlayerEntity } from "../entity-store.ts";
import type { MapContext } from "../map-context.ts";
import { MESSAGES } from "../../game/messages/index.ts";

export function penaltiesOfPlayer(player: PlayerEntity): Penalties {
  return penaltiesOf(player.record);
}

/** Writes the record's penalties (what the next save keeps). */
export function writePenalties(player: PlayerEntity, patch: Partial<Penalties>): Penalties {
  const after = { ...penaltiesOf(player.record), ...patch };
  player.record.penalties = after;
  return after;
}

export function isMuted(player: PlayerEntity): boolean {
  return penaltiesOf(player.record).muteSecondsLeft > 0;
}

/** Serving a jail sentence (`Counters.Pena <> 0`). */
export function isJailed(player: PlayerEntity): boolean {
  return penaltiesOf(player.record).jailMinutesLeft > 0;
}

/**
 * A muted player's line is not said: Msg110 with the minutes left, and true. Decision (G9): every
 * channel a player speaks on is muted, whispers included (VB6 let whispers through).
 */
export function refuseMutedSpeech(ctx: MapContext, player: PlayerEntity): boolean {
  if (!isMuted(player)) return false;
  ctx.tell(player, MESSAGES.mutedCannotSpeak(muteMinutesLeft(penaltiesOf(player.record).muteSecondsLeft)));
  return true;
}
