/**
 * A probe player for `bench/cluster.ts`: a real TCP AO20 client (test/support/game-client.ts)
 * that creates an account and a character, then walks on a fixed cadence and records which walks
 * the map accepted and how long the answer took.
 *
 * The server does not echo a mover's own step, so each walk goes out together with a
 * `RequestPositionUpdate`: the map handles both in order and answers with `PosUpdate`. A
 * `PosUpdate` that shows a new position is an accepted walk (its round trip is from the walk's
 * send); one that shows the old position is a refusal (terrain, another character, pace), which
 * is a map round trip all the same. A walk unanswered for `LOST_AFTER_MS` is given up and the
 * next one sent (a dead map answers nothing).
 */
import { GameClient } from "../test/support/game-client.ts";

/** The stock walk interval is 212 ms less 15 % tolerance: 200 ms never hits the pace check. */
export const PROBE_WALK_EVERY_MS = 200;
/** A walk this long unanswered is counted lost and the next goes out (default of `start`). */
export const PROBE_LOST_AFTER_MS = 1_000;
const PASSWORD = "secreto123";
const HEADING_NORTH = 1;
const HEADING_EAST = 2;
const HEADING_SOUTH = 3;
const HEADING_WEST = 4;
const OPPOSITE: Record<number, number> = { [HEADING_NORTH]: HEADING_SOUTH, [HEADING_SOUTH]: HEADING_NORTH, [HEADING_EAST]: HEADING_WEST, [HEADING_WEST]: HEADING_EAST };
const TURN: Record<number, number> = { [HEADING_EAST]: HEADING_NORTH, [HEADING_NORTH]: HEADING_WEST, [HEADING_WEST]: HEADING_SOUTH, [HEADING_SOUTH]: HEADING_EAST };
/** The probe's wait for its login, ms (a loaded gateway can take a while). */
const ENTER_TIMEOUT_MS = 30_000;

export interface ProbeAnswer {
  /** performance.now() of the send and of the answer. */
  readonly sentMs: number;
  readonly answeredMs: number;
  readonly accepted: boolean;
  readonly map: number;
}

export class WalkProbe {
  readonly answers: ProbeAnswer[] = [];
  /** Accepted walks whose answer came after their cycle was given up (a late answer). */
  readonly lateAccepts: number[] = [];
  lost = 0;
  sent = 0;
  private x: number;
  private y: number;
  private heading = HEADING_EAST;
  private outstanding: { sentMs: number; fromX: number; fromY: number } | undefined;
  /** Old-position answers still owed by a refused walk's position request. */
  private staleAnswers = 0;
  private seen = 0;
  private timer: ReturnType<typeof setInterval> | undefined;
  private stopped = false;
  private lostAfterMs = PROBE_LOST_AFTER_MS;

  private constructor(
    readonly client: GameClient,
    readonly name: string,
    public charIndex: number,
    public map: number,
    x: number,
    y: number,
  ) {
    this.x = x;
    this.y = y;
  }

  /** A new account and character over TCP, in the world and with its login burst read. */
  static async enter(host: string, port: number, name: string): Promise<WalkProbe> {
    const client = await GameClient.connect("tcp", host, port);
    await client.waitFor("Connected", () => true, 0, ENTER_TIMEOUT_MS);
    client.send("CreateAccount", { email: `${name}@probe.local`, password: PASSWORD });
    await client.waitFor("AccountCharacterList", () => true, 0, ENTER_TIMEOUT_MS);
    const from = client.received.length;
    client.send("LoginNewChar", { name, race: 1, gender: 1, class: 3, head: 1, homeCity: 1 });
    await client.waitFor("Logged", () => true, from, ENTER_TIMEOUT_MS);
    client.resetCounters();
    const own = await client.waitFor("UserCharIndexInServer", () => true, from, ENTER_TIMEOUT_MS);
    const charIndex = own.fields.charIndex as number;
    const create = client.received.slice(from).find((p) => p.name === "CharacterCreate" && p.fields.charIndex === charIndex);
    const map = client.received.slice(from).find((p) => p.name === "ChangeMap")?.fields.map as number;
    if (!create || map === undefined) throw new Error(`probe ${name}: no own CharacterCreate or ChangeMap in the login burst`);
    return new WalkProbe(client, name, charIndex, map, create.fields.x as number, create.fields.y as number);
  }

  get closed(): boolean {
    return this.client.closed;
  }

  /**
   * Walks every `everyMs` until `stop`; a walk unanswered for `lostAfterMs` is given up (short:
   * a finer hitch while a map is down; long: slow answers still measured).
   */
  start(everyMs = PROBE_WALK_EVERY_MS, lostAfterMs = PROBE_LOST_AFTER_MS): void {
    this.lostAfterMs = lostAfterMs;
    this.seen = this.client.received.length;
    // A waiter that never resolves: its test runs on every packet as it arrives.
    this.client.until(() => this.onPackets(), "probe stop", 24 * 3600_000).catch(() => {});
    this.timer = setInterval(() => this.tick(), everyMs);
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.client.received.push({ name: "ProbeStop", fields: {} });
    this.client.close();
  }

  private tick(): void {
    if (this.client.closed) return;
    const now = performance.now();
    if (this.outstanding) {
      if (now - this.outstanding.sentMs < this.lostAfterMs) return;
      this.lost++;
      this.outstanding = undefined;
      this.staleAnswers = 0;
    }
    this.outstanding = { sentMs: now, fromX: this.x, fromY: this.y };
    this.sent++;
    this.client.send("Walk", { heading: this.heading });
    this.client.send("RequestPositionUpdate", {});
  }

  private onPackets(): boolean {
    const received = this.client.received;
    for (; this.seen < received.length; this.seen++) {
      const packet = received[this.seen]!;
      const f = packet.fields;
      switch (packet.name) {
        case "ProbeStop":
          return true;
        case "UserCharIndexInServer":
          this.charIndex = f.charIndex as number;
          break;
        case "ChangeMap":
          this.map = f.map as number;
          break;
        case "CharacterCreate":
          // Our own char placed again (the map came back on another node, a warp).
          if (f.charIndex === this.charIndex) {
            this.x = f.x as number;
            this.y = f.y as number;
          }
          break;
        case "PosUpdate":
          this.onPosition(f.x as number, f.y as number);
          break;
      }
    }
    return this.stopped;
  }

  private onPosition(x: number, y: number): void {
    const now = performance.now();
    const moved = x !== this.x || y !== this.y;
    this.x = x;
    this.y = y;
    const cycle = this.outstanding;
    if (moved) {
      // Walk back next: the probe paces between two tiles and stays on its map.
      this.heading = OPPOSITE[this.heading]!;
      if (!cycle) {
        this.lateAccepts.push(now);
        return;
      }
      this.answers.push({ sentMs: cycle.sentMs, answeredMs: now, accepted: true, map: this.map });
      this.outstanding = undefined;
      this.staleAnswers = 0;
      return;
    }
    if (this.staleAnswers > 0) {
      this.staleAnswers--;
      return;
    }
    if (!cycle) return;
    // Refused: the position request's own answer follows; try another direction next.
    this.answers.push({ sentMs: cycle.sentMs, answeredMs: now, accepted: false, map: this.map });
    this.outstanding = undefined;
    this.staleAnswers = 1;
    this.heading = TURN[this.heading]!;
  }
}

/** Nearest-rank percentile of `values` (ms), null when empty. */
export function percentile(values: readonly number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}
