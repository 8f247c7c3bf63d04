/**
 * How cross-map messages travel between the maps of a world. A map worker publishes through the
 * gateway thread; the `World` hands the message to its `BusTransport`, and whatever the
 * transport delivers is posted to every local worker. In one process the transport is a
 * loopback; with several nodes (the multi-node issue) a NATS transport publishes to a subject
 * and delivers what any node published, so maps and workers do not change.
 */
import type { BusMessage } from "../map/index.ts";

export interface BusTransport {
  publish(message: BusMessage): void;
  /** `deliver` is called for every message published anywhere in the world, ours included. */
  subscribe(deliver: (message: BusMessage) => void): void;
}

/** One process: what is published is delivered at once, to the one subscriber. */
export class LoopbackBusTransport implements BusTransport {
  private deliver: ((message: BusMessage) => void) | undefined;

  publish(message: BusMessage): void {
    this.deliver?.(message);
  }

  subscribe(deliver: (message: BusMessage) => void): void {
    this.deliver = deliver;
  }
}
