/**
 * The safety net of the packet tables (issue 26): the client packets that reached a map with no
 * handler, counted by name for /metrics (`argentum_unhandled_packets_total`), and logged once per
 * name. Every client packet has a system or a line in map/systems/decisions/table.ts (a test holds
 * it), so this stays empty unless a table lost a name. One per process that hosts map workers: the
 * world (`argentum serve`, a cluster gateway's own maps) or a map node.
 */
import type { Logger } from "../log/index.ts";

export class UnhandledPackets {
  /** Packets seen, by name, since start. */
  readonly counts = new Map<string, number>();

  /** One more `packet` with no handler; the first of each name is logged (with who sent it). */
  add(report: { packet: string; map?: number; session?: number; worker?: number }, logger: Logger): void {
    const seen = this.counts.get(report.packet) ?? 0;
    this.counts.set(report.packet, seen + 1);
    if (seen === 0) {
      logger.warn(
        { packet: report.packet, map: report.map, session: report.session, worker: report.worker },
        "a client packet reached a map with no handler; it has no decision (map/systems/decisions/table.ts); logged once per packet",
      );
    }
  }
}
