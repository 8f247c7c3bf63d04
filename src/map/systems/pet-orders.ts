/**
 * Orders to pets (VB6 `HandlePetStand`, `HandlePetFollow`, `HandlePetLeave`, `HandlePetFollowAll`,
 * `HandlePetLeaveAll` in `Codigo/Protocol.bas`; the stock client's `/QUIETO`, `/ACOMPAÑAR`,
 * `/LIBERAR`, `/ACOMPAÑARTODOS`, `/LIBERARTODOS`). The pets themselves are systems/pets.ts's.
 *
 * The one-pet orders act on the NPC last clicked (`flags.TargetNPC`), in VB6's order: a ghost hears
 * 77; nothing targeted, 757; farther than 10 tiles (Manhattan), 1163 (`/QUIETO`) or 1164
 * (`/ACOMPAÑAR`) — `/LIBERAR` has no distance check; a creature that is not the player's own pet,
 * nothing at all. Then:
 * - `/QUIETO`: the pet stands where it is (`SetMovement(Estatico)`) and says one of its lines.
 * - `/ACOMPAÑAR`: it follows its master again, forgetting its prey (`FollowAmo`) and says a line.
 * - `/LIBERAR`: it leaves the world and is no longer owned (`QuitarNPC`, `QuitarMascota`), silently.
 *
 * A pet's line (`Expresar`): one of its npcs.dat `Exp<n>` lines, `RandomNumber(1, NROEXP)`, over
 * its head in white for the area around its master; a creature with none says nothing and draws
 * nothing.
 *
 * The "all" forms act on every pet of the player in the world:
 * - `/ACOMPAÑARTODOS` (`PetFollowAll`): 77 for a ghost, then — quirk PETS-FOLLOW-ALL-TARGET,
 *   reproduced — VB6 still asks for a targeted NPC (757) within 10 tiles (1164), any NPC, before it
 *   calls every pet back (each says a line). The stock client sends it as is, so a player who
 *   clicked nothing is told to click someone; we keep that answer rather than invent another.
 * - `/LIBERARTODOS` (`PetLeaveAll`): no checks at all (VB6 has none, not even a ghost's: a ghost
 *   has no pets left anyway); every pet goes and, when at least one went, 1278.
 */
import { MESSAGES } from "../../game/messages/index.ts";
import { NpcMovement } from "../../game/npc-ai/index.ts";
import { randomInt } from "../../random/index.ts";
import { COLOUR_WHITE, isDead, killNpc, manhattan, targetNpcOf, type MapContext, type MapSystem, type NpcEntity, type PlayerEntity } from "../kernel/index.ts";
import { followMaster } from "./pets.ts";

/** The orders reach a pet (or, for `/ACOMPAÑARTODOS`, the targeted NPC) this far (VB6 `Distancia(...) > 10`). */
export const PET_ORDER_RANGE = 10;

type TooFar = "stand" | "follow";

/**
 * The VB6 checks every targeted order shares: alive (77), an NPC targeted (757), near enough when
 * the order checks it (1163 / 1164). The NPC, or null when refused.
 */
function orderTarget(ctx: MapContext, player: PlayerEntity, tooFar: TooFar | null): NpcEntity | null {
  if (isDead(player)) {
    ctx.tell(player, MESSAGES.item("dead"));
    return null;
  }
  const npc = targetNpcOf(ctx, player);
  if (npc === null || !npc.alive) {
    ctx.tell(player, MESSAGES.selectNpcFirst());
    return null;
  }
  if (tooFar !== null && manhattan(player, npc) > PET_ORDER_RANGE) {
    ctx.tell(player, tooFar === "stand" ? MESSAGES.petStandTooFar() : MESSAGES.petFollowTooFar());
    return null;
  }
  return npc;
}

/** `Expresar`: one of the pet's lines over its head, for the area around its master. */
export function petSpeaks(ctx: MapContext, pet: NpcEntity, master: PlayerEntity): void {
  const lines = pet.template?.expressions ?? [];
  if (lines.length === 0) return;
  const line = lines[randomInt(ctx.random, 1, lines.length) - 1]!;
  ctx.view.around(master.x, master.y, ctx.packets.chatOverHead(line, pet.charIndex, COLOUR_WHITE, pet.x, pet.y));
}

/** `/QUIETO` (`PetStand`). */
export function petStand(ctx: MapContext, player: PlayerEntity): void {
  const pet = orderTarget(ctx, player, "stand");
  if (pet === null || pet.master !== player) return;
  pet.movement = NpcMovement.static;
  petSpeaks(ctx, pet, player);
}

/** `/ACOMPAÑAR` (`PetFollow`). */
export function petFollow(ctx: MapContext, player: PlayerEntity): void {
  const pet = orderTarget(ctx, player, "follow");
  if (pet === null || pet.master !== player) return;
  followMaster(pet);
  petSpeaks(ctx, pet, player);
}

/** `/LIBERAR` (`PetLeave`): the pet leaves the world and its master's kept pets (kernel `killNpc`). */
export function petLeave(ctx: MapContext, player: PlayerEntity): void {
  const pet = orderTarget(ctx, player, null);
  if (pet === null || pet.master !== player) return;
  killNpc(ctx, pet, null);
}

/** `/ACOMPAÑARTODOS` (`PetFollowAll`), with the targeted-NPC checks VB6 keeps (PETS-FOLLOW-ALL-TARGET). */
export function petFollowAll(ctx: MapContext, player: PlayerEntity): void {
  if (orderTarget(ctx, player, "follow") === null) return;
  for (const pet of [...player.pets]) {
    if (!pet.alive || pet.master !== player) continue;
    followMaster(pet);
    petSpeaks(ctx, pet, player);
  }
}

/** `/LIBERARTODOS` (`PetLeaveAll`): every pet goes; 1278 when one did. */
export function petLeaveAll(ctx: MapContext, player: PlayerEntity): void {
  const going = player.pets.filter((pet) => pet.alive);
  for (const pet of going) killNpc(ctx, pet, null);
  if (going.length > 0) ctx.tell(player, MESSAGES.petsReleased());
}

export const petOrders: MapSystem = {
  name: "pet-orders",
  uses: ["pets"],
  packets: { PetStand: petStand, PetFollow: petFollow, PetLeave: petLeave, PetFollowAll: petFollowAll, PetLeaveAll: petLeaveAll },
};
