/**
 * The staff service (world/services/staff.ts) over a fake world and an in-memory audit sink: what
 * each audit row says of its actor, the commands that reach past the map (/ONLINE, /ECHAR) with
 * their rank rule (G11) and real outcome, and a database that refuses writes for a while.
 */
import { describe, expect, test } from "bun:test";
import { testCharacter } from "../../game/character/character-record.test-support.ts";
import { MESSAGES } from "../../game/messages/index.ts";
import type { StaffStanding } from "../../game/staff/index.ts";
import { silentLogger } from "../../log/index.ts";
import type { StaffServiceCommand } from "../../map/index.ts";
import { FakeServiceWorld } from "../fake-service-world.test-support.ts";
import { AUDIT_RETRY_MS, AUDIT_WRITE_ROWS, MAX_PENDING_AUDIT_ROWS, StaffService, type AuditRow } from "./staff.ts";

const DIOS: StaffStanding = { rank: "dios", roleMaster: false };
const ADMIN: StaffStanding = { rank: "admin", roleMaster: false };
const CONSEJERO_RM: StaffStanding = { rank: "consejero", roleMaster: true };

/** A sink that fails the next `failures` writes, and keeps what it wrote. */
class MemorySink {
  readonly written: AuditRow[][] = [];
  failures = 0;
  async append(rows: readonly AuditRow[]): Promise<void> {
    if (this.failures > 0) {
      this.failures -= 1;
      throw new Error("connection refused");
    }
    this.written.push([...rows]);
  }
  get rows(): AuditRow[] {
    return this.written.flat();
  }
}

function setup() {
  const world = new FakeServiceWorld();
  const sink = new MemorySink();
  const closed: string[] = [];
  const timers: (() => void)[] = [];
  const staff = new StaffService({
    world,
    audit: sink,
    node: "node-a:boot1",
    logger: silentLogger(),
    setTimer: (callback, ms) => {
      expect(ms).toBe(AUDIT_RETRY_MS);
      timers.push(callback);
    },
    sessions: {
      actorOf: (session) => {
        const state = world.player(session)?.state;
        return state && { accountId: 100 + state.id, characterId: state.id, name: state.name, address: `10.0.0.${session}` };
      },
      disconnect: (session, reason) => closed.push(`${session} ${reason}`),
    },
  });
  const place = (session: number, name: string, standing?: StaffStanding) =>
    world.place(session, testCharacter(session, { name, ...(standing ? { staff: standing } : {}) }));
  const command = (session: number, action: string, command: StaffServiceCommand, params: Record<string, unknown> = {}) =>
    staff.fromMap({ service: "staff", session, map: 1, message: { kind: "command", action, params, command }, state: undefined });
  /** Lets the writes the service scheduled run (it writes on its own; the test never forces one). */
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  const runTimers = () => timers.splice(0).forEach((callback) => callback());
  return { world, sink, staff, closed, place, command, settle, runTimers, timers };
}

describe("audit rows", () => {
  test("a row names the actor as the main thread knows it (account, character, rank, address, node) and the map's outcome", async () => {
    const { staff, sink, place, settle } = setup();
    place(1, "Gm Ana", CONSEJERO_RM);
    staff.fromMap({
      service: "staff",
      session: 1,
      map: 1,
      state: undefined,
      message: { kind: "audit", record: { action: "GMMessage", outcome: "ok", params: { text: "hola" } } },
    });
    await settle();
    expect(sink.rows).toEqual([
      {
        actor: { kind: "character", name: "Gm Ana", accountId: 101, characterId: 1, rank: "consejero", address: "10.0.0.1", node: "node-a:boot1" },
        action: "GMMessage",
        target: null,
        params: { text: "hola" },
        outcome: "ok",
        detail: null,
      },
    ]);
  });

  test("a player's refused attempt is recorded as rank `user` (every refused attempt is audited, rule 8)", async () => {
    const { staff, sink, place, settle } = setup();
    place(2, "Beto");
    staff.fromMap({ service: "staff", session: 2, map: 1, state: undefined, message: { kind: "audit", record: { action: "KickChar", outcome: "refused_rank", params: { target: "Ana" } } } });
    await settle();
    expect(sink.rows.map((row) => [row.actor.rank, row.action, row.outcome])).toEqual([["user", "KickChar", "refused_rank"]]);
  });

  test("rows of one turn go in one write; more than a write takes are split in order", async () => {
    const { staff, sink, place, settle } = setup();
    place(1, "Ana", DIOS);
    const count = AUDIT_WRITE_ROWS + 3;
    for (let index = 0; index < count; index++)
      staff.fromMap({ service: "staff", session: 1, map: 1, state: undefined, message: { kind: "audit", record: { action: "GMMessage", outcome: "ok", params: { index } } } });
    await settle();
    expect(sink.written.map((batch) => batch.length)).toEqual([AUDIT_WRITE_ROWS, 3]);
    expect(sink.rows.map((row) => row.params.index)).toEqual(Array.from({ length: count }, (_, index) => index));
  });

  test("a refused write keeps its rows and tries again after AUDIT_RETRY_MS; nothing is lost or written twice", async () => {
    const { staff, sink, place, settle, runTimers, timers } = setup();
    place(1, "Ana", DIOS);
    sink.failures = 2;
    const audit = (index: number) =>
      staff.fromMap({ service: "staff", session: 1, map: 1, state: undefined, message: { kind: "audit", record: { action: "GMMessage", outcome: "ok", params: { index } } } });
    audit(0);
    await settle();
    expect(sink.rows).toEqual([]);
    expect(staff.pendingRows).toBe(1);
    expect(timers).toHaveLength(1);
    audit(1); // arrives while the retry waits: it rides with it
    await settle();
    expect(timers).toHaveLength(1);
    runTimers();
    await settle();
    expect(sink.rows).toEqual([]);
    runTimers();
    await settle();
    expect(sink.rows.map((row) => row.params.index)).toEqual([0, 1]);
    expect(staff.pendingRows).toBe(0);
  });

  test("past MAX_PENDING_AUDIT_ROWS unwritten rows the oldest are dropped, so a dead database cannot exhaust memory", async () => {
    const { staff, sink, place, settle } = setup();
    place(1, "Ana", DIOS);
    sink.failures = Number.POSITIVE_INFINITY;
    for (let index = 0; index < MAX_PENDING_AUDIT_ROWS + 10; index++)
      staff.fromMap({ service: "staff", session: 1, map: 1, state: undefined, message: { kind: "audit", record: { action: "GMMessage", outcome: "ok", params: { index } } } });
    await settle();
    expect(staff.pendingRows).toBe(MAX_PENDING_AUDIT_ROWS);
    sink.failures = 0;
    while (staff.pendingRows > 0) await staff.flush();
    expect(sink.rows[0]!.params.index).toBe(10);
    expect(sink.rows).toHaveLength(MAX_PENDING_AUDIT_ROWS);
  });
});

describe("commands past the map", () => {
  test("/ONLINE tells the asker the count and the record (VB6's two lines), audited ok", async () => {
    const { world, sink, place, command, settle } = setup();
    place(1, "Ana", DIOS);
    place(2, "Beto");
    place(3, "Carla");
    world.routes.delete(3);
    command(1, "Online", { kind: "online" });
    await settle();
    expect(world.told.map((entry) => entry.message)).toEqual([
      { kind: "tell", message: MESSAGES.usersOnline(2) },
      { kind: "tell", message: MESSAGES.usersRecord(3) },
    ]);
    expect(sink.rows.map((row) => [row.action, row.outcome])).toEqual([["Online", "ok"]]);
  });

  test("/ECHAR a lower rank: the target's connection closes, Dios and Admin hear of it, the row names the target", async () => {
    const { world, sink, closed, place, command, settle } = setup();
    place(1, "Ana", ADMIN);
    place(2, "Beto", DIOS);
    command(1, "KickChar", { kind: "kick", target: " beto " }, { target: " beto " });
    await settle();
    expect(closed).toEqual(["2 kicked"]);
    expect(world.told.map((entry) => entry.message)).toEqual([{ kind: "announce", message: MESSAGES.staffKicked("Ana", "Beto"), minRank: "dios" }]);
    expect(sink.rows.map((row) => [row.outcome, row.target])).toEqual([["ok", { kind: "character", id: 2, name: "Beto" }]]);
  });

  test("/ECHAR an equal or higher rank, or oneself, is refused and audited refused_rank (decision G11: VB6 let equals and oneself go)", async () => {
    const { world, sink, closed, place, command, settle } = setup();
    place(1, "Ana", DIOS);
    place(2, "Beto", DIOS);
    place(3, "Carla", ADMIN);
    for (const target of ["Beto", "Carla", "Ana"]) command(1, "KickChar", { kind: "kick", target });
    await settle();
    expect(closed).toEqual([]);
    expect(world.told.map((entry) => entry.message)).toEqual(Array(3).fill({ kind: "tell", message: MESSAGES.cannotKickHigherRank() }));
    expect(sink.rows.map((row) => [row.target?.name, row.outcome])).toEqual([
      ["Beto", "refused_rank"],
      ["Carla", "refused_rank"],
      ["Ana", "refused_rank"],
    ]);
  });

  test("/ECHAR nobody online answers so and is audited refused_rule with the name asked", async () => {
    const { world, sink, closed, place, command, settle } = setup();
    place(1, "Ana", DIOS);
    command(1, "KickChar", { kind: "kick", target: "Nadie" });
    await settle();
    expect(closed).toEqual([]);
    expect(world.told.map((entry) => entry.message)).toEqual([{ kind: "tell", message: MESSAGES.userNotOnline() }]);
    expect(sink.rows.map((row) => [row.target, row.outcome, row.detail])).toEqual([[{ kind: "character", id: null, name: "Nadie" }, "refused_rule", "not_online"]]);
  });
});

describe("shutdown", () => {
  test("drain writes every pending row at once, a retry waiting or not; what the database still refuses is counted", async () => {
    const { staff, sink, place, settle } = setup();
    place(1, "Ana", DIOS);
    sink.failures = 1;
    const audit = (index: number) =>
      staff.fromMap({ service: "staff", session: 1, map: 1, state: undefined, message: { kind: "audit", record: { action: "GMMessage", outcome: "ok", params: { index } } } });
    audit(0);
    await settle();
    audit(1);
    expect(await staff.drain()).toBe(0);
    expect(sink.rows.map((row) => row.params.index)).toEqual([0, 1]);
    sink.failures = 1;
    audit(2);
    expect(await staff.drain()).toBe(1);
  });
});
