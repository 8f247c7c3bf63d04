/**
 * The `decisions` system: the handlers of every client packet no other system handles, generated
 * from the decision table (table.ts), so no client packet reaches a map without one. A disabled
 * feature says VB6's line, a planned one "not available yet" (or nothing when quiet), an ignored
 * one nothing. A system that claims a packet removes its line from the table (a second claim fails
 * at start).
 */
import { MESSAGES } from "../../../game/messages/index.ts";
import type { ClientPacketName } from "../../../protocol/index.ts";
import type { MapContext, MapSystem, PacketHandlerTable, PlayerEntity } from "../../kernel/index.ts";
import { PACKET_DECISIONS, type PacketDecision } from "./table.ts";

export { GATEWAY_PACKETS, PACKET_DECISIONS, type PacketDecision, type PlannedArea } from "./table.ts";

type DecisionHandler = (ctx: MapContext, player: PlayerEntity) => void;

const nothing: DecisionHandler = () => {};
const notAvailableYet: DecisionHandler = (ctx, player) => ctx.tell(player, MESSAGES.notAvailableYet());

/** The handler a decision stands for; the packet's fields are never read. */
export function decisionHandler(decision: PacketDecision): DecisionHandler {
  switch (decision.state) {
    case "disabled":
      return (ctx, player) => ctx.tell(player, decision.answer());
    case "ignored":
      return nothing;
    case "planned":
      return decision.quiet === true ? nothing : notAvailableYet;
  }
}

function handlersOf(table: { readonly [N in ClientPacketName]?: PacketDecision }): PacketHandlerTable {
  const handlers: Record<string, DecisionHandler> = {};
  for (const [name, decision] of Object.entries(table)) if (decision) handlers[name] = decisionHandler(decision);
  return handlers as PacketHandlerTable;
}

export const decisions: MapSystem = {
  name: "decisions",
  packets: handlersOf(PACKET_DECISIONS),
};
