/**
 * Client-side prediction of the player's own steps and their reconciliation with the server.
 *
 * The AO20 server answers nothing when a step is accepted; it answers a refused step with
 * `PosUpdate` (the position it kept) and announces a crossed block with `AreaChanged` (the
 * position after the step). So the client moves at once, remembers the steps it sent, and:
 * - on `PosUpdate (x, y)`: the refused step is the oldest remembered one that started on (x, y);
 *   the ones before it were accepted, and the ones after it will be applied by the server from
 *   (x, y), so they are replayed from there (dropping those that are not legal any more);
 * - on `AreaChanged (x, y)`: the oldest remembered step that ended on (x, y) and all before it
 *   are confirmed;
 * - anything that matches no remembered step is the server's word: snap to it and forget.
 * Pure: time and the legality test are passed in.
 */
import { MAX_PENDING_STEPS, STEP_ACK_ASSUMED_AFTER_MS } from "./constants.ts";
import { stepX, stepY, type Heading } from "../game/movement/index.ts";

export interface PendingStep {
  readonly heading: Heading;
  readonly fromX: number;
  readonly fromY: number;
  readonly toX: number;
  readonly toY: number;
  readonly sentAtMs: number;
}

/** Whether a step towards `heading` from (x, y) would be accepted, as far as the client knows. */
export type StepLegality = (x: number, y: number, heading: Heading) => boolean;

export type Reconciliation =
  /** The server agrees with the prediction; nothing to change. */
  | { readonly kind: "confirmed"; readonly x: number; readonly y: number }
  /** A refused step was taken out and the later ones replayed from the server's position. */
  | { readonly kind: "replayed"; readonly x: number; readonly y: number; readonly dropped: number }
  /** Nothing matched: the server's position wins and the remembered steps are forgotten. */
  | { readonly kind: "snapped"; readonly x: number; readonly y: number; readonly forgotten: number };

export class MovementPredictor {
  private steps: PendingStep[] = [];

  /** Steps sent and not yet known to be accepted. */
  get pending(): readonly PendingStep[] {
    return this.steps;
  }

  /** Remembers a step the client just sent (and already shows). */
  record(heading: Heading, fromX: number, fromY: number, sentAtMs: number): PendingStep {
    const step: PendingStep = { heading, fromX, fromY, toX: fromX + stepX(heading), toY: fromY + stepY(heading), sentAtMs };
    this.steps.push(step);
    if (this.steps.length > MAX_PENDING_STEPS) this.steps.splice(0, this.steps.length - MAX_PENDING_STEPS);
    return step;
  }

  /** Forgets steps old enough to count as accepted. */
  expire(nowMs: number): void {
    let keep = 0;
    while (keep < this.steps.length && nowMs - this.steps[keep]!.sentAtMs > STEP_ACK_ASSUMED_AFTER_MS) keep++;
    if (keep > 0) this.steps.splice(0, keep);
  }

  clear(): void {
    this.steps.length = 0;
  }

  /** The server refused a step (or answered `RequestPositionUpdate`): it keeps us on (x, y). */
  onPosUpdate(x: number, y: number, nowMs: number, legal: StepLegality): Reconciliation {
    this.expire(nowMs);
    const refused = this.steps.findIndex((step) => step.fromX === x && step.fromY === y);
    if (refused < 0) return this.snap(x, y);
    const later = this.steps.slice(refused + 1);
    this.steps = [];
    let cx = x;
    let cy = y;
    let dropped = 1;
    for (const step of later) {
      if (!legal(cx, cy, step.heading)) {
        dropped++;
        continue;
      }
      const replayed = this.record(step.heading, cx, cy, step.sentAtMs);
      cx = replayed.toX;
      cy = replayed.toY;
    }
    return { kind: "replayed", x: cx, y: cy, dropped };
  }

  /**
   * The server moved us into a new block and says we stand on (x, y). `currentX/Y` is where the
   * client shows the player now (the end of the remembered steps).
   */
  onAreaChanged(x: number, y: number, currentX: number, currentY: number, nowMs: number): Reconciliation {
    this.expire(nowMs);
    const confirmed = this.steps.findIndex((step) => step.toX === x && step.toY === y);
    if (confirmed >= 0) {
      this.steps.splice(0, confirmed + 1);
      return { kind: "confirmed", x: currentX, y: currentY };
    }
    if (this.steps.length === 0 && x === currentX && y === currentY) return { kind: "confirmed", x, y };
    return this.snap(x, y);
  }

  private snap(x: number, y: number): Reconciliation {
    const forgotten = this.steps.length;
    this.steps = [];
    return { kind: "snapped", x, y, forgotten };
  }
}
