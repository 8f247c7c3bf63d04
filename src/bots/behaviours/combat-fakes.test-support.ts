/**
 * What the fighter and caster tests share of their fake session: a walled square room with
 * blocked tiles and NPCs, answering the view's position, legal steps and nearest-NPC questions
 * the way the session does. Each test extends it with its own "server".
 */
import { headingBit, HEADINGS, stepX, stepY } from "../../game/movement/index.ts";
import { posKey } from "../map-view.ts";
import type { RecordedSend } from "../recording-context.ts";

export const OWN_CHAR = 7;
export const WOLF = 50;
/** The scenario runner's per-bot budget. */
export const SCENARIO_LIMITS = { maxTimers: 4, maxSendsPerS: 20, maxSubscriptions: 8 };

/** The sends of one packet, in order. */
export const named = (sends: readonly RecordedSend[], packet: string) => sends.filter((send) => send.packet === packet);

/** The room: terrain (1..side, walls and `blocked`), own position, NPCs by char index. */
export class FakeRoom {
  map = 1;
  charIndex = OWN_CHAR;
  x: number;
  y: number;
  dead = false;
  deaths = 0;
  readonly blocked = new Set<number>();
  readonly npcs = new Map<number, number>();

  constructor(
    x: number,
    y: number,
    private readonly side: number,
  ) {
    this.x = x;
    this.y = y;
  }

  get position(): number {
    return this.charIndex === 0 ? 0 : posKey(this.x, this.y);
  }

  free(x: number, y: number): boolean {
    if (x < 1 || y < 1 || x > this.side || y > this.side || this.blocked.has(posKey(x, y))) return false;
    for (const at of this.npcs.values()) if (at === posKey(x, y)) return false;
    return true;
  }

  legalHeadings(_allowExits: boolean): number {
    if (this.charIndex === 0) return 0;
    let mask = 0;
    for (const heading of HEADINGS) if (this.free(this.x + stepX(heading), this.y + stepY(heading))) mask |= headingBit(heading);
    return mask;
  }

  nearestNpc(skip?: ReadonlySet<number>): number {
    let best = 0;
    let bestDistance = Infinity;
    for (const [charIndex, at] of this.npcs) {
      if (skip?.has(charIndex)) continue;
      const d = Math.abs((at >> 8) - this.x) + Math.abs((at & 0xff) - this.y);
      if (d < bestDistance) [best, bestDistance] = [charIndex, d];
    }
    return best;
  }

  positionOf(charIndex: number): number {
    return this.npcs.get(charIndex) ?? 0;
  }

  isNpc(charIndex: number): boolean {
    return this.npcs.has(charIndex);
  }
}
