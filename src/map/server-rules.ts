/**
 * The server's rules a staff member changes at runtime (`SetMOTD`, `/GLOBAL`: the `server_rules`
 * bus message) as the workers keep them. Every map of a worker reads one rules object, so the
 * worker writes the change into it even when it holds no map at that moment: the map it loads next
 * (a player logging in where nobody was) shows the new MOTD. The gateway (or a map node) also keeps
 * the latest rules in the settings a restarted worker starts from, and sends the message to every
 * live worker, with maps or not.
 */
import type { BusMessage } from "./cross-map-bus.ts";
import type { MapRules } from "./map-context.ts";

type ServerRules = Extract<BusMessage, { kind: "server_rules" }>;

/** Whether a bus message goes to a worker holding `mapCount` maps (the server's rules go to all). */
export function busReachesWorker(message: BusMessage, mapCount: number): boolean {
  return mapCount > 0 || message.kind === "server_rules";
}

/** The rules after the change (a new object; what the next worker starts from). */
export function rulesAfter(rules: MapRules, message: ServerRules): MapRules {
  return {
    ...rules,
    ...(message.motd !== undefined ? { motd: [...message.motd] } : {}),
    ...(message.globalChat !== undefined ? { globalChat: message.globalChat } : {}),
  };
}

/** Writes the change into the worker's own rules object, which its maps read. */
export function takeRulesInto(rules: MapRules, message: ServerRules): void {
  const writable = rules as { -readonly [K in keyof MapRules]: MapRules[K] };
  if (message.motd !== undefined) writable.motd = [...message.motd];
  if (message.globalChat !== undefined) writable.globalChat = message.globalChat;
}
