/**
 * Players of a multi-process cluster: a new character entering through the gateway's TCP port,
 * put on a chosen tile (logged out, moved in the database, logged in again), and walks whose
 * acceptance is read back from the server (a `RequestPositionUpdate` after the step).
 */
import type postgres from "postgres";
import { canStep, fetchMap, HEADINGS, step, type ApiMap } from "./map-paths.ts";
import { createAndEnter, loginExisting, uniqueName, type InWorld } from "./world-players.ts";

/** VB6 IntervaloCaminar is 210 ms; a little more keeps every paced walk legal. */
export const WALK_PACE_MS = 260;
/** How long a walk waits for the position the server answers with. */
const WALK_ANSWER_MS = 1_500;
/** How long the gateway's final save of a quitting player may take. */
const LOGOUT_SAVE_MS = 10_000;

export interface ClusterPlayer extends InWorld {
  email: string;
}

export interface Endpoint {
  host: string;
  tcpPort: number;
}

/** A new account and character, in the world (its home map) over TCP. */
export async function enterNew(gateway: Endpoint, prefix: string): Promise<ClusterPlayer> {
  const email = `${uniqueName("c")}@test.local`;
  return { ...(await createAndEnter(gateway, "tcp", prefix, email)), email };
}

/** An existing character logging in again. */
export async function enterExisting(gateway: Endpoint, email: string, name: string): Promise<ClusterPlayer> {
  return { ...(await loginExisting(gateway, "tcp", email, name)), email };
}

/**
 * A new character standing on (map, x, y): created in its home city, logged out (the town is
 * safe: at once), moved in the database once its final save cleared the online mark, and
 * logged in again.
 */
export async function enterAt(gateway: Endpoint, sql: postgres.Sql, prefix: string, map: number, x: number, y: number): Promise<ClusterPlayer> {
  const first = await enterNew(gateway, prefix);
  first.client.send("Quit");
  await first.client.waitForClose();
  await waitOffline(sql, first.name);
  const moved = await sql`UPDATE characters SET map = ${map}, x = ${x}, y = ${y} WHERE name = ${first.name} AND online_since IS NULL RETURNING id`;
  if (moved.length !== 1) throw new Error(`could not move ${first.name} offline (is it still marked online?)`);
  const again = await enterExisting(gateway, first.email, first.name);
  if (again.map !== map || again.x !== x || again.y !== y) throw new Error(`${first.name} entered at ${again.map} (${again.x},${again.y}), not ${map} (${x},${y})`);
  return again;
}

/** Waits until a character's online mark is cleared (its final save landed). */
export async function waitOffline(sql: postgres.Sql, name: string, timeoutMs = LOGOUT_SAVE_MS): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const [row] = await sql`SELECT online_since FROM characters WHERE name = ${name}`;
    if (row && row.online_since === null) return;
    if (performance.now() > deadline) throw new Error(`${name} still marked online after ${timeoutMs} ms`);
    await Bun.sleep(50);
  }
}

export interface WalkOutcome {
  accepted: boolean;
  /** Walk sent → the server's answer to the position request after it, ms; NaN without an answer. */
  roundTripMs: number;
}

/**
 * A player that walks on one map and knows where the server says it stands. Every step is a
 * `Walk` followed by a `RequestPositionUpdate`: the `PosUpdate` answer tells whether the step was
 * taken (the new tile) or refused (the old one).
 */
export class Walker {
  x: number;
  y: number;
  private lastWalkAt = 0;

  constructor(readonly player: InWorld, private map: ApiMap) {
    this.x = player.x;
    this.y = player.y;
  }

  static async on(httpPort: number, player: InWorld): Promise<Walker> {
    return new Walker(player, await fetchMap(httpPort, player.map));
  }

  /** One paced step onto a free plain tile; `answerMs` bounds the wait for the server's answer. */
  async walk(answerMs = WALK_ANSWER_MS): Promise<WalkOutcome> {
    const wait = this.lastWalkAt + WALK_PACE_MS - performance.now();
    if (wait > 0) await Bun.sleep(wait);
    const client = this.player.client;
    const occupied = client.occupiedTiles(this.player.charIndex);
    const heading = HEADINGS.find((h) => {
      const to = step(this.x, this.y, h);
      return canStep(this.map, this.x, this.y, h) && !occupied.has(`${to.x},${to.y}`);
    });
    if (heading === undefined) throw new Error(`${this.player.name} is boxed in at (${this.x},${this.y}) on map ${this.map.id}`);
    const target = step(this.x, this.y, heading);
    const from = client.received.length;
    const sentAt = performance.now();
    this.lastWalkAt = sentAt;
    client.send("Walk", { heading });
    client.send("RequestPositionUpdate");
    let answer;
    try {
      answer = await client.waitFor("PosUpdate", () => true, from, answerMs);
    } catch {
      return { accepted: false, roundTripMs: Number.NaN };
    }
    const roundTripMs = performance.now() - sentAt;
    this.x = answer.fields.x as number;
    this.y = answer.fields.y as number;
    return { accepted: this.x === target.x && this.y === target.y, roundTripMs };
  }

  /** Walks until a step is accepted (or `timeoutMs` passes); the time it took, ms. */
  async walkUntilAccepted(timeoutMs: number, answerMs = 500): Promise<number> {
    const started = performance.now();
    for (;;) {
      const outcome = await this.walk(answerMs);
      if (outcome.accepted) return performance.now() - started;
      if (performance.now() - started > timeoutMs) throw new Error(`${this.player.name}: no walk accepted within ${timeoutMs} ms (at ${this.x},${this.y}); last packets: ${this.player.client.received.slice(-10).map((p) => p.name).join(", ")}`);
    }
  }

  /** After a re-placement (a new charIndex, maybe another map), the walker follows it. */
  async replaced(httpPort: number, from: number): Promise<void> {
    const client = this.player.client;
    const own = await client.waitFor("UserCharIndexInServer", () => true, from);
    const changeMap = client.received.slice(from).find((p) => p.name === "ChangeMap");
    this.player.charIndex = own.fields.charIndex as number;
    const map = (changeMap?.fields.map as number | undefined) ?? this.player.map;
    if (map !== this.map.id) this.map = await fetchMap(httpPort, map);
    this.player.map = map;
    const create = client.received.slice(from).find((p) => p.name === "CharacterCreate" && p.fields.charIndex === this.player.charIndex);
    if (create) {
      this.x = create.fields.x as number;
      this.y = create.fields.y as number;
    }
  }
}

/** Packets named `name` received from index `from` on. */
export function countOf(player: InWorld, name: string, from = 0): number {
  return player.client.received.slice(from).filter((packet) => packet.name === name).length;
}
