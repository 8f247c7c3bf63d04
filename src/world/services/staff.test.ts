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
import { AUDIT_RETRY_MS, AUDIT_WRITE_ROWS, MAX_PENDING_AUDIT_ROWS, type AuditRow } from "./audit-log.ts";
import type { BanTarget, StaffModeration } from "./staff-bans.ts";
import type { PunishmentRecordEntry, StaffSanctions } from "./staff-moderation.ts";
import { StaffService } from "./staff.ts";
import type { StaffRenames } from "./staff-rename.ts";
import { validateCharacterName } from "../../game/character-creation/index.ts";
import { lineText, type ConsoleCommand, type ConsoleOrder } from "./staff-console.ts";
import type { BusMessage } from "../../map/index.ts";

const DIOS: StaffStanding = { rank: "dios", roleMaster: false };
const ADMIN: StaffStanding = { rank: "admin", roleMaster: false };
const CONSEJERO_RM: StaffStanding = { rank: "consejero", roleMaster: true };
const PLAYER_STANDING: StaffStanding = { rank: null, roleMaster: false };

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

/**
 * The database's side of bans: characters by name (offline ones too), and active bans by subject
 * as the repository keeps them (one per subject; a second is `already_banned`). `calls` names
 * each call, as the repository would audit it.
 */
class MemoryModeration implements StaffModeration, StaffSanctions {
  /** Mutes and sentences by character id, as the rows would hold them. */
  readonly muted = new Map<number, number>();
  readonly jailed = new Map<number, number>();
  readonly warnings = new Map<number, number>();
  readonly record = new Map<number, PunishmentRecordEntry[]>();
  readonly characters = new Map<string, BanTarget>();
  readonly bans = new Map<string, { reason: string; days: number | null; punishment?: string }>();
  readonly calls: string[] = [];
  failing = false;
  async characterNamed(name: string): Promise<BanTarget | null> {
    if (this.failing) throw new Error("connection refused");
    return this.characters.get(name.trim().toLowerCase()) ?? null;
  }
  async ban(input: Parameters<StaffModeration["ban"]>[0]) {
    const key = input.subject.kind === "character" ? `character ${input.subject.characterId}` : `account ${input.subject.accountId}`;
    this.calls.push(`${input.act.action} ${key} by ${input.act.by.name}`);
    if (this.bans.has(key)) return "already_banned" as const;
    this.bans.set(key, { reason: input.reason, days: input.days, ...(input.punishment !== undefined ? { punishment: input.punishment } : {}) });
    return "ok" as const;
  }
  async unban(input: Parameters<StaffModeration["unban"]>[0]) {
    const key = input.subject.kind === "character" ? `character ${input.subject.characterId}` : `account ${input.subject.accountId}`;
    this.calls.push(`${input.act.action} ${key} by ${input.act.by.name}`);
    return this.bans.delete(key) ? ("ok" as const) : ("not_banned" as const);
  }
  private punish(characterId: number, text: string | undefined): void {
    if (text === undefined) return;
    const entries = this.record.get(characterId) ?? [];
    entries.push({ number: entries.length + 1, text, createdAt: new Date(Date.UTC(2026, 11, 2)) });
    this.record.set(characterId, entries);
  }
  async mute(input: Parameters<StaffSanctions["mute"]>[0]) {
    this.calls.push(`${input.act.action} mute ${input.characterId} ${input.minutes} ${input.offline ? "offline" : "online"}`);
    this.muted.set(input.characterId, input.minutes);
    this.punish(input.characterId, input.punishment);
    return "ok" as const;
  }
  async unmute(input: Parameters<StaffSanctions["unmute"]>[0]) {
    this.calls.push(`${input.act.action} unmute ${input.characterId}`);
    return this.muted.delete(input.characterId) ? ("ok" as const) : ("not_muted" as const);
  }
  async jail(input: Parameters<StaffSanctions["jail"]>[0]) {
    this.calls.push(`${input.act.action} jail ${input.characterId} ${input.minutes} by ${input.act.by.name}`);
    this.jailed.set(input.characterId, input.minutes);
    this.punish(input.characterId, input.punishment);
    return "ok" as const;
  }
  async warn(input: Parameters<StaffSanctions["warn"]>[0]) {
    this.calls.push(`${input.act.action} warn ${input.characterId} ${input.offline ? "offline" : "online"}`);
    this.warnings.set(input.characterId, (this.warnings.get(input.characterId) ?? 0) + 1);
    this.punish(input.characterId, input.punishment);
    return "ok" as const;
  }
  async served(characterId: number, penalty: "mute" | "jail") {
    this.calls.push(`served ${penalty} ${characterId}`);
    (penalty === "mute" ? this.muted : this.jailed).delete(characterId);
  }
  async punishmentsOf(characterId: number) {
    return this.record.get(characterId) ?? [];
  }
  async editPunishment(input: Parameters<StaffSanctions["editPunishment"]>[0]) {
    const entry = this.record.get(input.characterId)?.find((candidate) => candidate.number === input.number);
    if (entry === undefined) return "not_found" as const;
    entry.text = input.text;
    return "ok" as const;
  }
}

/** Offline renames as the repository answers them: by id, refused when the name is held in any case or the row is online. */
class MemoryRenames implements StaffRenames {
  readonly names = new Map<number, string>();
  readonly online = new Set<number>();
  readonly record: string[] = [];
  failing = false;
  async renameOffline(characterId: number, newName: string) {
    if (this.failing) throw new Error("connection refused");
    const oldName = this.names.get(characterId);
    if (oldName === undefined) return { kind: "not_found" as const };
    if (this.online.has(characterId)) return { kind: "online" as const };
    if ([...this.names].some(([id, name]) => id !== characterId && name.toLowerCase() === newName.toLowerCase())) return { kind: "name_taken" as const };
    this.names.set(characterId, newName);
    return { kind: "ok" as const, oldName };
  }
  async addPunishment(characterId: number, text: string) {
    this.record.push(`${characterId} ${text}`);
  }
}

function setup() {
  const world = new FakeServiceWorld();
  const sink = new MemorySink();
  const moderation = new MemoryModeration();
  const renames = new MemoryRenames();
  const closed: string[] = [];
  const timers: (() => void)[] = [];
  const staff = new StaffService({
    world,
    audit: sink,
    moderation,
    node: "node-a:boot1",
    logger: silentLogger(),
    renames: { store: renames, nameProblem: (name) => { const check = validateCharacterName(name); return check.ok ? null : check.problem; } },
    setTimer: (callback, ms) => {
      expect(ms).toBe(AUDIT_RETRY_MS);
      timers.push(callback);
    },
    sessions: {
      actorOf: (session) => {
        const state = world.player(session)?.state;
        return state && { accountId: 100 + state.id, characterId: state.id, name: state.name, address: `10.0.0.${session}` };
      },
      disconnect: (session, reason, box) => closed.push(`${session} ${reason}${box ? ` box ${box.messageId} ${box.extra}` : ""}`),
      sessionsInWorld: () => [...world.routes.keys()],
      sessionsOfAccount: (accountId) => [...world.routes].filter(([, route]) => route.state.accountId === accountId).map(([session]) => session),
    },
  });
  const place = (session: number, name: string, standing?: StaffStanding, accountId = 100 + session) =>
    world.place(session, testCharacter(session, { name, accountId, ...(standing ? { staff: standing } : {}) }));
  const command = (session: number, action: string, command: StaffServiceCommand, params: Record<string, unknown> = {}) =>
    staff.fromMap({ service: "staff", session, map: 1, message: { kind: "command", action, params, command }, state: undefined });
  /** Lets the writes the service scheduled run (it writes on its own; the test never forces one). */
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  const runTimers = () => timers.splice(0).forEach((callback) => callback());
  return { world, sink, moderation, renames, staff, closed, place, command, settle, runTimers, timers };
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

// -- world and the GM's map (gm-world)
describe("/ECHARTODOSPJS", () => {
  test("every character without a staff rank is closed, role masters too (VB6: they have the User bit); the staff stay; one row with the count", async () => {
    const { world, sink, closed, place, command, settle } = setup();
    place(1, "Ana", DIOS);
    place(2, "Beto");
    place(3, "Carla", CONSEJERO_RM);
    place(4, "Dario", { rank: null, roleMaster: true });
    place(5, "Eva", PLAYER_STANDING);
    command(1, "KickAllChars", { kind: "kick_all" });
    await settle();
    expect(closed).toEqual(["2 kicked_all", "4 kicked_all", "5 kicked_all"]);
    expect(world.told.map((entry) => entry.message)).toEqual([{ kind: "tell", message: MESSAGES.kickedEveryone(3) }]);
    expect(sink.rows.map((row) => [row.action, row.outcome, row.detail])).toEqual([["KickAllChars", "ok", "kicked 3"]]);
  });
});

describe("CerrarCliente", () => {
  test("an online lower rank's map is told to close its client; Dios and Admin hear of it (Msg1704); an equal rank, oneself or nobody online is refused (G11)", async () => {
    const { world, sink, closed, place, command, settle } = setup();
    place(1, "Ana", ADMIN);
    place(2, "Beto");
    place(3, "Carla", ADMIN);
    for (const target of ["beto", "Carla", "Ana", "Nadie"]) command(1, "CerrarCliente", { kind: "close_client", target });
    await settle();
    expect(closed).toEqual([]);
    expect(world.told.map((entry) => [entry.session, entry.message])).toEqual([
      [1, { kind: "announce", message: MESSAGES.staffClosedClient("Ana", "Beto"), minRank: "dios" }],
      [2, { kind: "close_client" }],
      [1, { kind: "tell", message: MESSAGES.cannotKickHigherRank() }],
      [1, { kind: "tell", message: MESSAGES.cannotKickHigherRank() }],
      [1, { kind: "tell", message: MESSAGES.userNotOnline() }],
    ]);
    expect(sink.rows.map((row) => [row.target?.name, row.outcome])).toEqual([
      ["Beto", "ok"],
      ["Carla", "refused_rank"],
      ["Ana", "refused_rank"],
      ["Nadie", "refused_rule"],
    ]);
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

describe("bans", () => {
  const ban = (target: string, reason: string, days: number | null = null, scope: "character" | "account" = "character") => ({ kind: "ban" as const, scope, target, reason, days });
  const lines = (world: FakeServiceWorld) => world.told.map((entry) => entry.message);

  test("/BAN an online player: the database writes the ban (and its row), Dios and Admin hear of it, the connection closes", async () => {
    const { world, sink, moderation, closed, place, command, settle } = setup();
    place(1, "Ana", DIOS);
    place(2, "Beto");
    command(1, "BanChar", ban("beto", "macro"), { userName: "beto", reason: "macro" });
    await settle();
    expect(moderation.calls).toEqual(["BanChar character 2 by Ana"]);
    expect(moderation.bans.get("character 2")).toEqual({ reason: "macro", days: null, punishment: "Baneado por Ana: macro" });
    expect(lines(world)).toEqual([{ kind: "announce", message: MESSAGES.staffBanned("Ana", "Beto", "macro"), minRank: "dios" }]);
    expect(closed).toEqual(["2 banned"]);
    // The database audits the change itself, in its statement: the service adds no row.
    expect(sink.rows).toEqual([]);
  });

  test("/BAN an offline character is found in the database; the rank rule reads its role there (Msg2070)", async () => {
    const { world, sink, moderation, closed, place, command, settle } = setup();
    place(1, "Ana", DIOS);
    moderation.characters.set("carla", { characterId: 7, name: "Carla", accountId: 70, standing: PLAYER_STANDING });
    moderation.characters.set("dario", { characterId: 8, name: "Dario", accountId: 80, standing: ADMIN });
    command(1, "BanChar", ban("Carla", "insultos"));
    await settle();
    command(1, "BanChar", ban("Dario", "abuso"));
    await settle();
    expect(moderation.calls).toEqual(["BanChar character 7 by Ana"]);
    expect(closed).toEqual([]);
    expect(lines(world)).toEqual([
      { kind: "announce", message: MESSAGES.staffBanned("Ana", "Carla", "insultos"), minRank: "dios" },
      { kind: "tell", message: MESSAGES.cannotBanHigherRank(false) },
    ]);
    expect(sink.rows.map((row) => [row.action, row.outcome, row.target?.name])).toEqual([["BanChar", "refused_rank", "Dario"]]);
  });

  test("oneself, an equal rank online, nobody by that name: refused and audited by the service; a second ban is the database's refusal", async () => {
    const { world, sink, moderation, place, command, settle } = setup();
    place(1, "Ana", DIOS);
    place(2, "Beto", DIOS);
    place(3, "Carla");
    for (const target of ["Ana", "Beto", "Nadie"]) {
      command(1, "BanChar", ban(target, "x"));
      await settle();
    }
    command(1, "BanChar", ban("Carla", "x"));
    await settle();
    command(1, "BanChar", ban("Carla", "otra vez"));
    await settle();
    expect(lines(world)).toEqual([
      { kind: "tell", message: MESSAGES.cannotBanSelf() },
      { kind: "tell", message: MESSAGES.cannotBanHigherRank(true) },
      { kind: "tell", message: MESSAGES.characterDoesNotExist() },
      { kind: "announce", message: MESSAGES.staffBanned("Ana", "Carla", "x"), minRank: "dios" },
      { kind: "tell", message: MESSAGES.alreadyBanned() },
    ]);
    expect(sink.rows.map((row) => [row.outcome, row.detail])).toEqual([
      ["refused_rule", "self"],
      ["refused_rank", null],
      ["refused_rule", "no_such_character"],
    ]);
    expect(moderation.calls).toEqual(["BanChar character 3 by Ana", "BanChar character 3 by Ana"]);
  });

  test("/BANCUENTA closes every session of the account after Msg1785 with the reason; the ban is the account's", async () => {
    const { world, moderation, closed, place, command, settle } = setup();
    place(1, "Ana", ADMIN);
    place(2, "Beto", undefined, 55);
    place(3, "Bety", undefined, 55);
    place(4, "Otro", undefined, 56);
    command(1, "BanCuenta", ban("Beto", "cuentas compartidas", null, "account"));
    await settle();
    expect([...moderation.bans.keys()]).toEqual(["account 55"]);
    expect(moderation.bans.get("account 55")?.punishment).toBeUndefined();
    expect(closed).toEqual(["2 banned_account box 1785 cuentas compartidas", "3 banned_account box 1785 cuentas compartidas"]);
    expect(lines(world)).toEqual([{ kind: "announce", message: MESSAGES.staffBannedAccount("Ana", "Beto", "cuentas compartidas"), minRank: "dios" }]);
  });

  test("a temporary ban carries its days to the database and says them (Msg1705)", async () => {
    const { world, moderation, closed, place, command, settle } = setup();
    place(1, "Ana", DIOS);
    place(2, "Beto");
    command(1, "BanTemporal", ban("Beto", "spam", 3));
    await settle();
    expect(moderation.bans.get("character 2")).toEqual({ reason: "spam", days: 3, punishment: "Baneado 3 días por Ana: spam" });
    expect(lines(world)).toEqual([{ kind: "announce", message: MESSAGES.staffBannedForDays("Beto", "spam", 3, "Ana"), minRank: "dios" }]);
    expect(closed).toEqual(["2 banned"]);
  });

  test("/UNBAN and /UNBANCUENTA lift what is banned and say so; nothing banned is Msg1614", async () => {
    const { world, moderation, place, command, settle } = setup();
    place(1, "Ana", DIOS);
    moderation.characters.set("carla", { characterId: 7, name: "Carla", accountId: 70, standing: PLAYER_STANDING });
    moderation.bans.set("character 7", { reason: "x", days: null });
    moderation.bans.set("account 70", { reason: "x", days: null });
    command(1, "UnbanChar", { kind: "unban", scope: "character", target: "carla" });
    await settle();
    command(1, "UnbanCuenta", { kind: "unban", scope: "account", target: "carla" });
    await settle();
    command(1, "UnbanChar", { kind: "unban", scope: "character", target: "carla" });
    await settle();
    expect(moderation.bans.size).toBe(0);
    expect(lines(world)).toEqual([
      { kind: "tell", message: MESSAGES.unbanned("Carla") },
      { kind: "announce", message: MESSAGES.staffUnbannedAccount("Ana", "Carla"), minRank: "dios" },
      { kind: "tell", message: MESSAGES.notBanned("Carla") },
    ]);
  });

  test("a database that fails is said to the GM and audited as an error; nothing closes", async () => {
    const { world, sink, moderation, closed, place, command, settle } = setup();
    place(1, "Ana", DIOS);
    moderation.failing = true;
    command(1, "BanChar", ban("Carla", "x"));
    await settle();
    expect(lines(world)).toEqual([{ kind: "tell", message: MESSAGES.staffCommandFailed() }]);
    expect(sink.rows.map((row) => [row.action, row.outcome, row.detail])).toEqual([["BanChar", "error", "database"]]);
    expect(closed).toEqual([]);
  });
});

// -- the operator console (issue 25, staff-console.ts)
describe("a staff member entering the world", () => {
  test("is announced to Dios and Admin through its map (Msg1706, §1.3); a player is not; nothing is audited", () => {
    const { world, sink, place, staff } = setup();
    place(1, "Cora", CONSEJERO_RM);
    place(2, "Beto");
    staff.enteredWorld(1);
    staff.enteredWorld(2);
    staff.enteredWorld(99);
    expect(world.told).toEqual([{ session: 1, service: "staff", message: { kind: "announce", message: MESSAGES.staffConnected("Cora"), minRank: "dios" } }]);
    expect(sink.rows).toEqual([]);
  });
});

describe("/ANAME", () => {
  const rename = (target: string, newName: string) => ({ kind: "rename" as const, target, newName });
  const lines = (world: FakeServiceWorld) => world.told.map((entry) => entry.message);

  test("an offline lower rank is renamed by id: the record says it in VB6's words, every staff member hears Msg1834, audited ok", async () => {
    const { world, sink, moderation, renames, place, command, settle } = setup();
    place(1, "Ana", DIOS);
    moderation.characters.set("carla", { characterId: 7, name: "Carla", accountId: 70, standing: PLAYER_STANDING });
    renames.names.set(7, "Carla");
    command(1, "AlterName", rename("carla", "Carla Nueva"), { userName: "carla", newName: "Carla Nueva" });
    await settle();
    expect(renames.names.get(7)).toBe("Carla Nueva");
    expect(renames.record).toEqual(['7 Ana: nombre cambiado de "Carla" a "Carla Nueva".']);
    expect(lines(world)).toEqual([
      { kind: "tell", message: MESSAGES.renameDone() },
      { kind: "announce", message: MESSAGES.staffRenamed("Ana", "Carla", "Carla Nueva"), minRank: "consejero" },
    ]);
    expect(sink.rows.map((row) => [row.action, row.outcome, row.target?.name, row.target?.id, row.detail])).toEqual([["AlterName", "ok", "Carla", 7, "now Carla Nueva"]]);
  });

  test("refused, nothing renamed: a bad or forbidden form (G21), nobody by that name, oneself, an equal rank, a player online here, a name taken", async () => {
    const { world, sink, moderation, renames, place, command, settle } = setup();
    place(1, "Ana", DIOS);
    place(2, "Beto");
    moderation.characters.set("dario", { characterId: 8, name: "Dario", accountId: 80, standing: DIOS });
    moderation.characters.set("carla", { characterId: 7, name: "Carla", accountId: 70, standing: PLAYER_STANDING });
    renames.names.set(7, "Carla");
    renames.names.set(9, "Eva");
    for (const [target, newName] of [["Carla", "C4rla"], ["Carla", "Ca"], ["Carla", "Carla  Doble"], ["Nadie", "Alguien"], ["Ana", "Anita"], ["Dario", "Darito"], ["Beto", "Roberto"], ["Carla", "EVA"]] as const) {
      command(1, "AlterName", rename(target, newName));
      await settle();
    }
    expect(renames.names.get(7)).toBe("Carla");
    expect(renames.record).toEqual([]);
    expect(lines(world)).toEqual([
      { kind: "tell", message: MESSAGES.newNameRefused("C4rla", "bad_character") },
      { kind: "tell", message: MESSAGES.newNameRefused("Ca", "too_short") },
      { kind: "tell", message: MESSAGES.newNameRefused("Carla  Doble", "double_space") },
      { kind: "tell", message: MESSAGES.renameTargetMissing("Nadie") },
      { kind: "tell", message: MESSAGES.cannotRenameHigherRank() },
      { kind: "tell", message: MESSAGES.cannotRenameHigherRank() },
      { kind: "tell", message: MESSAGES.renameTargetOnline("Beto") },
      { kind: "tell", message: MESSAGES.nameTaken() },
    ]);
    expect(sink.rows.map((row) => [row.outcome, row.detail])).toEqual([
      ["refused_rule", "new_name_bad_character"],
      ["refused_rule", "new_name_too_short"],
      ["refused_rule", "new_name_double_space"],
      ["refused_rule", "no_such_character"],
      ["refused_rank", null],
      ["refused_rank", null],
      ["refused_rule", "online"],
      ["refused_rule", "name_taken"],
    ]);
  });

  test("marked online by another server, or a database that fails: said to the GM and audited; nothing renamed", async () => {
    const { world, sink, moderation, renames, place, command, settle } = setup();
    place(1, "Ana", ADMIN);
    moderation.characters.set("carla", { characterId: 7, name: "Carla", accountId: 70, standing: PLAYER_STANDING });
    renames.names.set(7, "Carla");
    renames.online.add(7);
    command(1, "AlterName", rename("Carla", "Carlita"));
    await settle();
    renames.online.clear();
    renames.failing = true;
    command(1, "AlterName", rename("Carla", "Carlita"));
    await settle();
    expect(renames.names.get(7)).toBe("Carla");
    expect(lines(world)).toEqual([
      { kind: "tell", message: MESSAGES.renameTargetOnline("Carla") },
      { kind: "tell", message: MESSAGES.staffCommandFailed() },
    ]);
    expect(sink.rows.map((row) => [row.outcome, row.detail])).toEqual([
      ["refused_rule", "online"],
      ["error", "database"],
    ]);
  });
});

describe("commands of the operator console", () => {
  const order = (command: ConsoleCommand, published: BusMessage[] = []): ConsoleOrder => ({
    operator: "operator",
    address: "192.0.2.7",
    action: `console ${command.kind}`,
    params: { ...command },
    command,
    publish: (message) => (published.push(message), true),
  });

  test("a kick closes the target, tells the staff over the bus and is audited once with the console as the actor", async () => {
    const { staff, sink, place, closed, settle } = setup();
    place(2, "Beto");
    const published: BusMessage[] = [];
    const result = await staff.runForConsole(order({ kind: "kick", target: "beto" }, published));
    await settle();
    expect(result).toEqual({ outcome: "ok", detail: null, lines: [lineText(MESSAGES.staffKicked("operator", "Beto"))] });
    expect(closed).toEqual(["2 kicked"]);
    expect(published).toEqual([{ kind: "line_staff", message: MESSAGES.staffKicked("operator", "Beto"), minRank: "dios" }]);
    expect(sink.rows).toEqual([
      {
        actor: { kind: "console", name: "operator", accountId: null, characterId: null, rank: "admin", address: "192.0.2.7", node: "node-a:boot1" },
        action: "console kick",
        target: { kind: "character", id: 2, name: "Beto" },
        params: { kind: "kick", target: "beto" },
        outcome: "ok",
        detail: null,
      },
    ]);
  });

  test("decision: the console has an Admin's standing, so it acts on a Dios and not on an Admin (G11, strictly higher)", async () => {
    const { staff, sink, place, closed, settle } = setup();
    place(1, "Jefa", ADMIN);
    place(2, "Dios Uno", DIOS);
    expect(await staff.runForConsole(order({ kind: "kick", target: "Jefa" }))).toMatchObject({ outcome: "refused_rank" });
    expect(await staff.runForConsole(order({ kind: "mute", target: "Jefa", minutes: 5 }))).toMatchObject({ outcome: "refused_rank" });
    expect(await staff.runForConsole(order({ kind: "kick", target: "Dios Uno" }))).toMatchObject({ outcome: "ok" });
    await settle();
    expect(closed).toEqual(["2 kicked"]);
    expect(sink.rows.map((row) => [row.actor.kind, row.action, row.outcome])).toEqual([
      ["console", "console kick", "refused_rank"],
      ["console", "console mute", "refused_rank"],
      ["console", "console kick", "ok"],
    ]);
  });

  test("a ban goes through the same repository call as /BAN with the console's act; a second one is refused as already banned", async () => {
    const { staff, moderation, place, closed } = setup();
    place(3, "Tramposo");
    expect(await staff.runForConsole(order({ kind: "ban", scope: "character", target: "Tramposo", reason: "cheats", days: 2 }))).toMatchObject({ outcome: "ok" });
    expect(closed).toEqual(["3 banned"]);
    expect(moderation.calls).toEqual(["console ban character 3 by operator"]);
    expect(await staff.runForConsole(order({ kind: "ban", scope: "character", target: "Tramposo", reason: "again", days: null }))).toMatchObject({ outcome: "refused_rule", detail: "already_banned" });
  });

  test("nobody of that name: not online for a kick and a jail, no such character for a mute; said as refused", async () => {
    const { staff } = setup();
    expect(await staff.runForConsole(order({ kind: "kick", target: "Nadie" }))).toMatchObject({ outcome: "refused_rule", detail: "not_online" });
    expect(await staff.runForConsole(order({ kind: "jail", target: "Nadie", minutes: 5, reason: "x" }))).toMatchObject({ outcome: "refused_rule", detail: "not_online" });
    expect(await staff.runForConsole(order({ kind: "mute", target: "Nadie", minutes: 5 }))).toMatchObject({ outcome: "refused_rule", detail: "no_such_character" });
  });

  test("the broadcast is Msg1660 to everyone over the bus, audited; where there is no bus (a cluster gateway) it is refused and audited so", async () => {
    const { staff, sink, settle } = setup();
    const published: BusMessage[] = [];
    expect(await staff.runForConsole(order({ kind: "broadcast", text: "reinicio" }, published))).toMatchObject({ outcome: "ok" });
    expect(published).toEqual([{ kind: "line_all", message: MESSAGES.serverBroadcast("reinicio") }]);
    const refused = await staff.runForConsole({ ...order({ kind: "broadcast", text: "x" }), publish: () => false });
    expect(refused).toMatchObject({ outcome: "refused_rule", detail: "no_bus_here" });
    await settle();
    expect(sink.rows.map((row) => [row.action, row.outcome, row.detail])).toEqual([
      ["console broadcast", "ok", null],
      ["console broadcast", "refused_rule", "no_bus_here"],
    ]);
  });

  test("a database that fails is an error outcome, audited as such", async () => {
    const { staff, moderation, sink, settle } = setup();
    moderation.failing = true;
    expect(await staff.runForConsole(order({ kind: "ban", scope: "account", target: "Alguien", reason: "x", days: null }))).toMatchObject({ outcome: "error", detail: "database" });
    await settle();
    expect(sink.rows.map((row) => [row.actor.kind, row.outcome])).toEqual([["console", "error"]]);
  });
});
