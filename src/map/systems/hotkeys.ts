/**
 * The stock client's hotkey bar (VB6 `HandleSetHotkeySlot`, `HandleUseHKeySlot` in
 * `Codigo/Protocol.bas`; the rules and their quirks are `game/hotkeys`).
 *
 * - `SetHotkeySlot(slot, index, lastKnownSlot, type)`: the client tells what it put on slot
 *   0 … 10 — at each entry into the world every slot from its own settings file, then one per drag
 *   onto the bar. The entry is kept for the session (it follows the player from map to map); it is
 *   never saved, as in VB6, where the client's file is the bar's only store. Answers nothing.
 * - `UseHKeySlot(slot)`: a bindable spell on the slot goes `CastSpell`'s way (VB6 `UseSpellSlot`,
 *   systems/spells.ts: a ghost hears 77, a self-cast spell goes off, any other asks for a target);
 *   anything else does nothing. The client sends it only when this server announced
 *   `hotokey-enabled` (protocol-packets.ts `CLIENT_TOGGLES`), which VB6 also checks here: always on.
 */
import { setHotkey, useHotkey, type HotkeyList } from "../../game/hotkeys/index.ts";
import type { ClientPacketFields } from "../../protocol/index.ts";
import { spellBindable, type MapContext, type MapSystem, type PlayerEntity } from "../kernel/index.ts";
import { castSpell } from "./spells.ts";

/** `SetHotkeySlot`: the entry goes on the slot; a slot outside 0 … 10 changes nothing. */
export function setHotkeySlot(_ctx: MapContext, player: PlayerEntity, fields: ClientPacketFields<"SetHotkeySlot">): void {
  const list = setHotkey(player.hotkeys, fields.slotIndex, { type: fields.hotkeyType, index: fields.index, lastKnownSlot: fields.lastKnownSlot });
  if (list !== null) player.hotkeys = list;
}

/** `UseHKeySlot`: the slot's spell, when bindable, as if chosen in the spell book. */
export function useHotkeySlot(ctx: MapContext, player: PlayerEntity, fields: ClientPacketFields<"UseHKeySlot">): void {
  const use = useHotkey(player.hotkeys, fields.slotIndex, player.record.spells, (spellId) => spellBindable(ctx, spellId));
  if (use.kind === "cast") castSpell(ctx, player, { slot: use.spellSlot, counter: 0 });
}

export const hotkeys: MapSystem = {
  name: "hotkeys",
  uses: ["spells"],
  packets: { SetHotkeySlot: setHotkeySlot, UseHKeySlot: useHotkeySlot },
  playerState: (_ctx, _record, arrival) => ({ hotkeys: arrival.handOver?.hotkeys ?? ({} as HotkeyList) }),
  handOver: (_ctx, player) => (Object.keys(player.hotkeys).length > 0 ? { hotkeys: player.hotkeys } : {}),
};
