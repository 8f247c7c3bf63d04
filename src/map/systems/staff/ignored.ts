/**
 * `/IGNORADO` (VB6 `HandleIgnored`): NPCs leave staff alone (VB6 `EsGM And Not
 * AdminPerseguible` in the AI's targeting and the NPC's blow); the command switches that off and
 * on for the GM who types it, for the rest of its session (kernel/npc-ai-loop.ts reads it).
 * Decision: the GM is told which way it switched (VB6 said nothing).
 */
import { MESSAGES } from "../../../game/messages/index.ts";
import type { MapContext, PlayerEntity } from "../../kernel/index.ts";
import type { StaffOutcome } from "./gate.ts";

export function toggleChasedByNpcs(ctx: MapContext, player: PlayerEntity): StaffOutcome {
  player.chasedByNpcs = !player.chasedByNpcs;
  ctx.tell(player, MESSAGES.npcsChaseYou(player.chasedByNpcs));
  return { outcome: "ok", detail: player.chasedByNpcs ? "chased" : "ignored" };
}
