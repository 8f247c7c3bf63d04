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
import type { PlayerMessage } from "../game/messages/index.ts";
import type { StaffRank } from "../game/staff/index.ts";

export type BusMessage =
  /** A console line for every player online (global chat). */
  | { readonly kind: "console_all"; readonly text: string; readonly font: number }
  /** A line of the catalogue for every player online (`/RMSG`: the server's broadcasts). */
  | { readonly kind: "line_all"; readonly message: PlayerMessage }
  /** A line for the staff online, those of at least `minRank` (`/GMSG`; notices to Dios and Admin). */
  | { readonly kind: "line_staff"; readonly message: PlayerMessage; readonly minRank: StaffRank }
  // -- staff sounds (`/FORCEMIDI`, `/FORCEWAV`, `/FORCEMIDIMAP`, `/FORCEWAVMAP`)
  /** Music or a sound for every player of map `map` (null: of every map). */
  | { readonly kind: "staff_sound"; readonly map: number | null; readonly sound: StaffSound }
  // -- reports (gm-and-moderation §2.1): `/ROL` reaches whoever holds the RoleMaster bit (VB6 `ToRolesMasters`)
  | { readonly kind: "line_rolemasters"; readonly message: PlayerMessage };

/** What a staff sound plays: a music (0 on a map: that map's own), or a wave at a tile (0, 0: not positional). */
export type StaffSound = { readonly kind: "midi"; readonly midi: number } | { readonly kind: "wave"; readonly wave: number; readonly x: number; readonly y: number };

export type BusMessageKind = BusMessage["kind"];

/** Every bus message kind, so the handler table built from the systems can be checked whole at start. */
export const BUS_MESSAGE_KINDS = ["console_all", "line_all", "line_staff", "staff_sound", "line_rolemasters"] as const satisfies readonly BusMessageKind[];
// A kind added to `BusMessage` and not listed above fails to compile here.
const BUS_KINDS_LISTED: Exclude<BusMessageKind, (typeof BUS_MESSAGE_KINDS)[number]> extends never ? true : never = true;
void BUS_KINDS_LISTED;

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
