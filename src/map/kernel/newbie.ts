/**
 * Leaving newbie status (VB6 `CheckUserLevel` → `QuitarNewbieObj`, ao-org/argentum-online-server
 * `Codigo/InvUsuario.bas`): when a level-up takes a character past `LimiteNewbie` (12, the
 * constant of `Declares.bas`; Balance.dat has no key for it), every inventory slot holding a
 * `Newbie=1` object is emptied (an equipped one taken off first, its looks redrawn) and each slot's
 * new state is sent; the vault loses its newbie objects too; then Msg671 "Has dejado de ser Newbie".
 *
 * Decision (NEWBIE-REBIRTH, reproduced as the data has it): VB6 then warps the character to
 * `Ciudades.dat`'s `[Renacimiento]`; the AO20 file has no such section (map 0), so VB6's warp goes
 * nowhere and the character stays where it is. Here too: nobody is moved.
 * Decision (NEWBIE-VAULT): the vault is stripped when this session has it loaded (it was opened, or
 * came with the record); a vault still only in the database keeps its newbie objects until a
 * later version strips it on load.
 */
import { removeFromSlot, slotAt, type UnequippedSlot } from "../../game/inventory/index.ts";
import { EMPTY_VAULT_SLOT } from "../../game/bank/index.ts";
import { MESSAGES } from "../../game/messages/index.ts";
import type { PlayerEntity } from "../entity-store.ts";
import type { MapContext } from "../map-context.ts";
import { afterUnequip, commit } from "./inventory.ts";

/** `QuitarNewbieObj`: the newbie objects go, then the notice. */
export function takeNewbieItems(ctx: MapContext, player: PlayerEntity): void {
  const isNewbieItem = (objectId: number) => objectId > 0 && ctx.items.get(objectId)?.newbie === true;
  let inventory = player.inventory;
  const changed: number[] = [];
  const unequipped: UnequippedSlot[] = [];
  for (let slot = 1; slot <= inventory.usableSlots; slot++) {
    const held = slotAt(inventory, slot);
    if (!isNewbieItem(held.objectId)) continue;
    const removed = removeFromSlot(inventory, slot, held.amount);
    if (!removed.ok) continue;
    inventory = removed.inventory;
    for (const each of removed.changed) if (!changed.includes(each)) changed.push(each);
    unequipped.push(...removed.unequipped);
  }
  if (changed.length > 0) {
    commit(ctx, player, inventory, changed, 0);
    afterUnequip(ctx, player, unequipped);
  }
  if (player.bank !== null && player.bank.some((slot) => isNewbieItem(slot.objectId))) {
    player.bank = player.bank.map((slot) => (isNewbieItem(slot.objectId) ? EMPTY_VAULT_SLOT : slot));
  }
  ctx.tell(player, MESSAGES.leftNewbie());
}
