/**
 * Messages that cross maps (and so workers, and later nodes): global console lines today;
 * guild, party and faction channels later. A map publishes through `CrossMapBus`; every map of
 * the world receives what was published (the publisher's own map included) and its systems
 * decide which of their players hear it (see `BUS_HANDLERS` in handlers.ts).
 *
 * In one process the worker posts the message to the gateway thread, which relays it to every
 * worker (`world/bus-relay.ts`). A multi-node deployment replaces that relay with NATS subjects;
 * the message shapes are plain JSON for that reason.
 */

export type BusMessage =
  /** A console line for every player online (global chat, server announcements). */
  { readonly kind: "console_all"; readonly text: string; readonly font: number };

export type BusMessageKind = BusMessage["kind"];

export interface CrossMapBus {
  publish(message: BusMessage): void;
}

/** A bus that keeps what is published, for tests of a single map. */
export class RecordingBus implements CrossMapBus {
  readonly published: BusMessage[] = [];
  publish(message: BusMessage): void {
    this.published.push(message);
  }
}
