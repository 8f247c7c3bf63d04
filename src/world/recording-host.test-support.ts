/**
 * Test support for driving a `World` without workers: a host that records what the world posts
 * to a map's worker, and the world's internals a test plays the worker's side through.
 */
import type { FromWorker, ToWorker } from "../map/index.ts";

/** Stands in for a map worker: records what the world posts to it. */
export class RecordingHost {
  readonly posted: ToWorker[] = [];
  readonly maps = new Set<number>();
  readonly isDead = false;
  constructor(readonly workerId: number) {}
  post(message: ToWorker): void {
    this.posted.push(message);
  }
  queueIntent(): void {}
}

/** World internals these tests drive (the worker's side of the channel). */
export interface WorldInside {
  hostOfMap: Map<number, RecordingHost>;
  onWorkerMessage(host: RecordingHost, message: FromWorker): void;
}
