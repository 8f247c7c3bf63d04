/**
 * The safe toggle (`/SEG`, `SafeToggle` → `SafeModeOn` / `SafeModeOff`, combat-and-progression
 * §8.2): while on, a citizen attacks no citizen. Turning criminal is the kernel's
 * (kernel/faction.ts); the rules are `game/faction`'s.
 *
 * Not modelled (nothing to act on yet): the faction score a citizen loses, leaving the party,
 * maps that admit no criminals (`NoPKs`), guild tags in the name.
 */
import { canToggleSafeMode } from "../../game/faction/index.ts";
import { MESSAGES } from "../../game/messages/index.ts";
import type { MapContext, MapSystem, PlayerEntity } from "../kernel/index.ts";

/** `SafeToggle` (`/SEG`, VB6 `HandleSafeToggle`): citizens switch the safe; anyone else is told they cannot. */
export function safeToggle(ctx: MapContext, player: PlayerEntity): void {
  if (!canToggleSafeMode(player.status)) {
    ctx.tell(player, MESSAGES.onlyCitizensToggleSafe());
    return;
  }
  player.safeMode = !player.safeMode;
  player.record.safeMode = player.safeMode;
  ctx.view.send(player, ctx.packets.safeMode(player.safeMode));
}

export const faction: MapSystem = {
  name: "faction",
  packets: { SafeToggle: safeToggle },
};
