/**
 * The report queue in the staff service (world/services/staff-reports.ts) over a fake world, an
 * in-memory queue and a manual clock: `/GM` throttled per account (G14, G15), `/DENUNCIAR` with
 * its target's lines from the target's map (Msg531, Msg532, Msg533, Msg534), the staff told, the
 * SOS panel's list, removal by the key's id with who handled it, `/BORRAR SOS`, and what is audited.
 */
import { describe, expect, test } from "bun:test";
import { testCharacter } from "../../game/character/character-record.test-support.ts";
import { MESSAGES } from "../../game/messages/index.ts";
import { CLEAN_SOS_RESOLUTION, PANEL_RESOLUTION, REPORT_INTERVAL_MS, sosEntry, type QueuedReport, type StaffStanding } from "../../game/staff/index.ts";
import { silentLogger } from "../../log/index.ts";
import type { StaffServiceCommand } from "../../map/index.ts";
import { FakeServiceWorld } from "../fake-service-world.test-support.ts";
import type { AuditRow } from "./audit-log.ts";
import type { BanTarget, StaffModeration, StaffAct } from "./staff-bans.ts";
import type { StaffSanctions } from "./staff-moderation.ts";
import { EXCERPT_WAIT_MS, type StaffReportStore } from "./staff-reports.ts";
import { StaffService } from "./staff.ts";

const CONSEJERO: StaffStanding = { rank: "consejero", roleMaster: false };
const DIOS: StaffStanding = { rank: "dios", roleMaster: false };

/** The `reports` table as the repository keeps it; `closedBy` names each close's actor, as its audit row would. */
class MemoryReports implements StaffReportStore {
  readonly rows: (QueuedReport & { kind: string; targetCharacterId: number | null; status: "open" | "closed"; handledBy: string | null; resolution: string | null })[] = [];
  readonly audited: string[] = [];
  private clockMinute = 0;
  async add(input: Parameters<StaffReportStore["add"]>[0]) {
    const reporterName = `char${input.reporterCharacterId}`;
    this.rows.push({
      id: this.rows.length + 1,
      kind: input.kind,
      reporterName,
      targetCharacterId: input.targetCharacterId,
      text: input.text,
      category: input.category,
      chatExcerpt: [...input.chatExcerpt],
      createdAt: new Date(Date.UTC(2026, 11, 2, 18, this.clockMinute++)),
      status: "open",
      handledBy: null,
      resolution: null,
    });
    return "ok" as const;
  }
  async pending() {
    return this.rows.filter((row) => row.status === "open");
  }
  async close(input: { reportId: number; resolution: string; act: StaffAct }) {
    const row = this.rows.find((candidate) => candidate.id === input.reportId);
    this.audited.push(`${input.act.action} ${input.reportId} by ${input.act.by.name}`);
    if (row === undefined) return "not_found" as const;
    if (row.status === "closed") return "already_closed" as const;
    Object.assign(row, { status: "closed", handledBy: input.act.by.name, resolution: input.resolution });
    return "ok" as const;
  }
  async closeAll(input: { resolution: string; act: StaffAct }) {
    const open = this.rows.filter((row) => row.status === "open");
    for (const row of open) Object.assign(row, { status: "closed", handledBy: input.act.by.name, resolution: input.resolution });
    this.audited.push(`${input.act.action} all ${open.length} by ${input.act.by.name}`);
    return open.length;
  }
}

function setup() {
  const world = new FakeServiceWorld();
  const reports = new MemoryReports();
  const rows: AuditRow[] = [];
  const characters = new Map<string, BanTarget>();
  let nowMs = 1_000;
  const unused = () => Promise.reject(new Error("not used by reports"));
  const moderation = {
    characterNamed: async (name: string) => characters.get(name.trim().toLowerCase()) ?? null,
    ban: unused,
    unban: unused,
    mute: unused,
    unmute: unused,
    jail: unused,
    warn: unused,
    served: unused,
    punishmentsOf: unused,
    editPunishment: unused,
  } satisfies StaffModeration & StaffSanctions;
  const staff = new StaffService({
    world,
    audit: { append: async (batch) => void rows.push(...batch) },
    moderation,
    reports,
    now: () => nowMs,
    node: "node-a",
    logger: silentLogger(),
    setTimer: () => undefined,
    sessions: {
      actorOf: (session) => {
        const state = world.player(session)?.state;
        return state && { accountId: state.accountId, characterId: state.id, name: state.name, address: "10.0.0.1" };
      },
      disconnect: () => undefined,
      sessionsOfAccount: () => [],
    sessionsInWorld: () => [],
    },
  });
  const place = (session: number, name: string, standing?: StaffStanding, accountId = 100 + session) =>
    world.place(session, testCharacter(session, { name, accountId, ...(standing ? { staff: standing } : {}) }));
  const command = (session: number, action: string, command: StaffServiceCommand, params: Record<string, unknown> = {}) =>
    staff.fromMap({ service: "staff", session, map: 1, message: { kind: "command", action, params, command }, state: undefined });
  const excerpt = (session: number, token: number, lines: string[]) =>
    staff.fromMap({ service: "staff", session, map: 1, message: { kind: "chat_excerpt", token, lines }, state: undefined });
  const settle = async () => {
    for (let turn = 0; turn < 5; turn++) await new Promise((resolve) => setTimeout(resolve, 0));
    await staff.flush();
  };
  const told = (session: number) => world.told.filter((entry) => entry.session === session).map((entry) => entry.message);
  /** The token the service asked the target's map for (the last one). */
  const tokenAsked = (session: number): number => {
    const asked = told(session).filter((message) => message.kind === "chat_excerpt_wanted");
    const last = asked.at(-1);
    if (last === undefined || last.kind !== "chat_excerpt_wanted") throw new Error("no excerpt asked");
    return last.token;
  };
  const advance = (ms: number) => (nowMs += ms);
  return { world, reports, rows, characters, staff, place, command, excerpt, settle, told, tokenAsked, advance };
}

const newSupport = (name: string) => ({ kind: "announce", message: MESSAGES.staffNewSupportMessage(name), minRank: "consejero" }) as const;
const newDenouncement = (name: string) => ({ kind: "announce", message: MESSAGES.staffNewDenouncement(name), minRank: "consejero" }) as const;

describe("/GM", () => {
  test("queued with Msg553 and Msg1836 to the staff; a second within five minutes Msg552, not queued; the next after the interval queued (§11 item 32)", async () => {
    const { place, command, settle, told, reports, advance, rows } = setup();
    place(1, "Pepe");
    command(1, "QuestionGM", { kind: "question_gm", text: "me trabé", category: "Consulta regular" });
    await settle();
    advance(REPORT_INTERVAL_MS - 1);
    command(1, "QuestionGM", { kind: "question_gm", text: "¿y?", category: "Otro" });
    await settle();
    expect(told(1)).toEqual([newSupport("Pepe"), { kind: "tell", message: MESSAGES.supportMessageReceived() }, { kind: "tell", message: MESSAGES.reportTooSoon() }]);
    expect(reports.rows.map((row) => [row.kind, row.text, row.category])).toEqual([["sos", "me trabé", "Consulta regular"]]);
    advance(1);
    command(1, "QuestionGM", { kind: "question_gm", text: "otra vez", category: "" });
    await settle();
    expect(reports.rows.map((row) => [row.text, row.category])).toEqual([
      ["me trabé", "Consulta regular"],
      ["otra vez", "Consulta regular"],
    ]);
    // A player's report is no staff action.
    expect(rows).toEqual([]);
  });

  test("the throttle is the account's (G15): a second character of the account waits; another account does not; nobody is disconnected", async () => {
    const { place, command, settle, reports, told } = setup();
    place(1, "Pepe", undefined, 500);
    place(2, "Pepa", undefined, 500);
    place(3, "Otro", undefined, 600);
    for (const session of [1, 2, 3]) command(session, "QuestionGM", { kind: "question_gm", text: `de ${session}`, category: "Otro" });
    await settle();
    expect(reports.rows.map((row) => row.text)).toEqual(["de 1", "de 3"]);
    expect(told(2)).toEqual([{ kind: "tell", message: MESSAGES.reportTooSoon() }]);
  });
});

describe("/DENUNCIAR", () => {
  test("an online target: its map is asked for its lines; with them the report is queued, Msg534, Msg1826 to the staff; a second within five minutes Msg552", async () => {
    const { place, command, excerpt, settle, told, tokenAsked, reports } = setup();
    place(1, "Testigo");
    place(2, "Pepe");
    command(1, "Denounce", { kind: "denounce", target: "pepe", reason: "insultos" });
    await settle();
    excerpt(2, tokenAsked(2), ["hola", "tonto"]);
    await settle();
    expect(told(1)).toEqual([newDenouncement("Testigo"), { kind: "tell", message: MESSAGES.denounceReceived() }]);
    expect(reports.rows).toMatchObject([{ kind: "denounce", targetCharacterId: 2, category: "Denuncia a Pepe", text: "[Últimos mensajes de Pepe] Motivo: insultos", chatExcerpt: ["hola", "tonto"] }]);
    command(1, "Denounce", { kind: "denounce", target: "Pepe", reason: "" });
    await settle();
    expect(told(1).at(-1)).toEqual({ kind: "tell", message: MESSAGES.reportTooSoon() });
    expect(reports.rows).toHaveLength(1);
  });

  test("Msg531 for staff (online or offline), Msg532 for an offline or unknown name, Msg533 when the target said nothing: none queued, none spends the slot (§11 item 33)", async () => {
    const { place, command, excerpt, settle, told, tokenAsked, reports, characters } = setup();
    place(1, "Testigo");
    place(2, "Gm Ana", CONSEJERO);
    place(3, "Callado");
    characters.set("haracin", { characterId: 40, name: "Haracin", accountId: 9, standing: DIOS });
    characters.set("dormido", { characterId: 41, name: "Dormido", accountId: 9, standing: { rank: null, roleMaster: false } });
    // One at a time: a denouncement in flight holds the account's slot until it is queued or not.
    for (const target of ["Gm Ana", "Haracin", "Dormido", "Nadie"]) {
      command(1, "Denounce", { kind: "denounce", target, reason: "" });
      await settle();
    }
    command(1, "Denounce", { kind: "denounce", target: "Callado", reason: "" });
    await settle();
    excerpt(3, tokenAsked(3), []);
    await settle();
    expect(told(1)).toEqual([
      { kind: "tell", message: MESSAGES.cannotDenounceStaff() },
      { kind: "tell", message: MESSAGES.cannotDenounceStaff() },
      { kind: "tell", message: MESSAGES.denounceReceivedOffline() },
      { kind: "tell", message: MESSAGES.denounceReceivedOffline() },
      { kind: "tell", message: MESSAGES.denounceNothingSaid() },
    ]);
    expect(reports.rows).toEqual([]);
    // The slot was never spent: a real report goes through.
    command(1, "Denounce", { kind: "denounce", target: "Callado", reason: "" });
    await settle();
    excerpt(3, tokenAsked(3), ["ahora sí"]);
    await settle();
    expect(reports.rows.map((row) => row.chatExcerpt)).toEqual([["ahora sí"]]);
  });

  test("only the asked map's answer counts: another session's, a stale or an unknown token is ignored; a map that never answers frees the slot", async () => {
    const { place, command, excerpt, settle, tokenAsked, reports, advance } = setup();
    place(1, "Testigo");
    place(2, "Pepe");
    place(3, "Tercero");
    command(1, "Denounce", { kind: "denounce", target: "Pepe", reason: "" });
    await settle();
    const token = tokenAsked(2);
    excerpt(3, token, ["falso"]);
    excerpt(2, token + 100, ["falso"]);
    await settle();
    expect(reports.rows).toEqual([]);
    advance(EXCERPT_WAIT_MS);
    command(1, "Denounce", { kind: "denounce", target: "Pepe", reason: "" });
    await settle();
    excerpt(2, token, ["tarde"]);
    excerpt(2, tokenAsked(2), ["a tiempo"]);
    await settle();
    expect(reports.rows.map((row) => row.chatExcerpt)).toEqual([["a tiempo"]]);
  });
});

describe("the SOS panel", () => {
  test("the list as VB6 entries; removal by the key closes that report's id with who and how, audited by the store; /BORRAR SOS closes the rest; the list audited ok", async () => {
    const { place, command, settle, told, reports, rows, advance } = setup();
    place(1, "Pepe");
    place(2, "Ana", undefined, 777);
    place(3, "Gm Ana", CONSEJERO);
    place(4, "Dios Juan", DIOS);
    command(1, "QuestionGM", { kind: "question_gm", text: "hola", category: "Consulta regular" });
    command(2, "QuestionGM", { kind: "question_gm", text: "hola", category: "Consulta regular" });
    await settle();
    advance(REPORT_INTERVAL_MS);
    command(1, "QuestionGM", { kind: "question_gm", text: "bug", category: "Reporte de bug" });
    await settle();
    command(3, "SOSShowList", { kind: "sos_list" });
    await settle();
    const pending = await reports.pending();
    expect(told(3).at(-1)).toEqual({ kind: "sos_list", entries: pending.map(sosEntry) });
    expect(pending.map(sosEntry)[0]).toBe("char1ØholaØConsulta regularØ2026-12-02 18:00:00");

    command(3, "SOSRemove", { kind: "sos_remove", key: "char1ØholaØConsulta regular" }, { userName: "char1ØholaØConsulta regular" });
    command(3, "SOSRemove", { kind: "sos_remove", key: "nadieØnadaØOtro" });
    await settle();
    expect(reports.rows.map((row) => [row.id, row.status, row.handledBy, row.resolution])).toEqual([
      [1, "closed", "Gm Ana", PANEL_RESOLUTION],
      [2, "open", null, null],
      [3, "open", null, null],
    ]);
    command(3, "SOSRemove", { kind: "sos_remove", key: "#3" });
    await settle();
    command(4, "CleanSOS", { kind: "sos_clean" });
    await settle();
    expect(reports.rows.map((row) => [row.id, row.status, row.handledBy, row.resolution])).toEqual([
      [1, "closed", "Gm Ana", PANEL_RESOLUTION],
      [2, "closed", "Dios Juan", CLEAN_SOS_RESOLUTION],
      [3, "closed", "Gm Ana", PANEL_RESOLUTION],
    ]);
    expect(reports.audited).toEqual(["SOSRemove 1 by Gm Ana", "SOSRemove 3 by Gm Ana", "CleanSOS all 1 by Dios Juan"]);
    // The service's own rows: the list, and the key that named nothing.
    expect(rows.map((row) => [row.action, row.outcome, row.detail, row.actor.name])).toEqual([
      ["SOSShowList", "ok", "3 pending", "Gm Ana"],
      ["SOSRemove", "refused_rule", "no_such_report", "Gm Ana"],
    ]);
  });

  test("without a report store the commands say they failed and are audited as errors", async () => {
    const world = new FakeServiceWorld();
    const rows: AuditRow[] = [];
    const staff = new StaffService({
      world,
      audit: { append: async (batch) => void rows.push(...batch) },
      moderation: {} as StaffModeration & StaffSanctions,
      node: "n",
      logger: silentLogger(),
      setTimer: () => undefined,
      sessions: { actorOf: () => undefined, disconnect: () => undefined, sessionsOfAccount: () => [], sessionsInWorld: () => [] },
    });
    world.place(1, testCharacter(1, { name: "Gm", staff: CONSEJERO }));
    staff.fromMap({ service: "staff", session: 1, map: 1, message: { kind: "command", action: "SOSShowList", params: {}, command: { kind: "sos_list" } }, state: undefined });
    await staff.flush();
    expect(world.told.map((entry) => entry.message)).toEqual([{ kind: "tell", message: MESSAGES.staffCommandFailed() }]);
    expect(rows.map((row) => [row.action, row.outcome, row.detail])).toEqual([["SOSShowList", "error", "no_report_store"]]);
  });
});
