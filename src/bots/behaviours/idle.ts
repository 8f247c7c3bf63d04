/** Logs in and stands still: the population that only receives (AoI recipients, memory per session). */
import type { Behaviour, BehaviourContext } from "../behaviour.ts";

export class IdleBehaviour implements Behaviour {
  readonly name = "idle";

  start(context: BehaviourContext): void {
    context.log.debug({ actor: context.actor.id }, "idle: standing still");
  }
}
