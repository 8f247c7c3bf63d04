/**
 * Which system hears what a main-thread service tells a player's map (a `system` message,
 * worker-protocol.ts): one handler per service, exhaustive over `ServiceName` as `BUS_HANDLERS`
 * is over bus kinds (handlers.ts), so a service added to `ServiceProtocol` without a system to
 * answer it does not compile. The system manifests will take this table over (each manifest's
 * `fromWorld`); until then it is written here.
 */
import type { PlayerEntity } from "./entity-store.ts";
import type { MapContext } from "./map-context.ts";
import type { ServiceName, ToMap } from "./service-protocol.ts";
import * as bank from "./systems/bank.ts";

/** A system's handler of its service's messages, for a player standing on this map. */
export type ServiceAnswerHandler<S extends ServiceName> = (ctx: MapContext, player: PlayerEntity, message: ToMap<S>) => void;

export type ServiceAnswerTable = { readonly [S in ServiceName]: ServiceAnswerHandler<S> };

export const SERVICE_ANSWERS: ServiceAnswerTable = {
  bank: bank.fromWorld,
};
