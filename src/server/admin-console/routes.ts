/**
 * The operator console's JSON API, `/api/admin/*` (issue 25). Every request passes the door
 * (auth.ts) first; every body and query is validated with zod, and hostile input is a 400 that
 * says what is wrong, never a crash. Reads go to the world, the repositories and the metrics
 * registry; every change goes through the staff service (`runForConsole`), with the console as
 * the audit actor and an Admin's rank rules, except the two the in-game service has no command
 * for, an address ban and the lifting of a ban by its id, which are the repository's own
 * statements with the console's act (the same calls as `argentum admin ban|unban`), audited in
 * the statement that makes the change.
 */
import { z } from "zod";
import { MAX_BAN_DURATION_MS, MAX_REASON_LENGTH, STAFF_RANKS, type AuditRecord, type AuditRepository, type Ban, type ModerationRepository, type Report, type StaffRepository, type StaffRoleEntry } from "../../db/index.ts";
import { MAX_JAIL_MINUTES, MAX_MUTE_MINUTES, PLAYER, type StaffStanding } from "../../game/staff/index.ts";
import type { Logger } from "../../log/index.ts";
import type { BusMessage } from "../../map/index.ts";
import type { MetricsRegistry } from "../../metrics/index.ts";
import type { ConsoleCommand, ConsoleCommandResult, ConsoleOrder, ServicePlayer } from "../../world/index.ts";
import { AdminAuth } from "./auth.ts";
import { MetricsSampler } from "./metrics-sampler.ts";

const JSON_HEADERS = { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" };
/** The largest body the console sends is a ban with a full reason; anything past this is refused unread. */
export const MAX_BODY_BYTES = 16_384;
const DAY_MS = 86_400_000;
const MAX_BAN_DAYS = Math.floor(MAX_BAN_DURATION_MS / DAY_MS);
/** Longest broadcast, in characters (a console line of the stock client). */
export const MAX_BROADCAST_LENGTH = 255;
/** Character names are short; a longer one names nobody and is refused before any lookup. */
const MAX_NAME_LENGTH = 30;
const MAX_LIST_LIMIT = 1_000;
const DEFAULT_LIST_LIMIT = 100;
/**
 * The world's known states lag the maps (they are refreshed by autosave's snapshot and by
 * hand-overs): the console asks the maps for a snapshot before it lists, at most this often, so
 * a page polling every few seconds costs the maps no more than this.
 */
export const FRESH_STATES_INTERVAL_MS = 2_000;
/** "Has sido baneado del servidor. Motivo: ¬1": what a banned address's sessions read before they close (as `/BANCUENTA`'s). */
const MESSAGE_BANNED = 1785;
/** The operator's label in the audit rows (one token, one operator). */
export const CONSOLE_OPERATOR = "operator";

/** What the console reads and changes, given by the composition (serve-process.ts). */
export interface AdminConsoleDeps {
  token: string;
  /** Milliseconds, for the rate limit and the metrics' rates. */
  now(): number;
  world: { players(): ServicePlayer[]; publishBus(message: BusMessage): boolean; snapshot(): Promise<unknown> };
  sessions: {
    actorOf(session: number): { address: string } | undefined;
    disconnect(session: number, reason: string, messageBox?: { messageId: number; extra: string }): void;
  };
  staff: {
    runForConsole(order: ConsoleOrder): Promise<ConsoleCommandResult>;
    /** A rank now in the database, applied at once to the character if it plays here (false: it is not online here). */
    applyStanding(characterId: number, standing: StaffStanding): boolean;
  };
  /** Staff ranks (the same repository as `argentum admin staff`). */
  staffRoles: Pick<StaffRepository, "grant" | "revoke" | "list">;
  moderation: Pick<ModerationRepository, "addBan" | "liftBan" | "listBans" | "listReports" | "checkBans">;
  audit: Pick<AuditRepository, "query">;
  metrics: Pick<MetricsRegistry, "sample">;
  /** This process's node id, for the audit rows the repository writes. */
  node: string;
  logger: Logger;
}

/** A 4xx or 5xx with a JSON body that says why. */
function problem(status: number, error: string, message: string, headers: Record<string, string> = {}): Response {
  return Response.json({ error, message }, { status, headers: { ...JSON_HEADERS, ...headers } });
}

function json(body: unknown, status = 200): Response {
  return Response.json(body, { status, headers: JSON_HEADERS });
}

/** Why input was refused, in one line an operator can act on. */
class BadInput extends Error {}

function zodMessage(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.length > 0 ? issue.path.join(".") : "body"}: ${issue.message}`)
    .join("; ");
}

function parsed<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (!result.success) throw new BadInput(zodMessage(result.error));
  return result.data;
}

async function bodyOf(request: Request): Promise<unknown> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > MAX_BODY_BYTES) throw new BadInput(`the body is larger than ${MAX_BODY_BYTES} bytes`);
  const bytes = new Uint8Array(await request.arrayBuffer());
  if (bytes.length > MAX_BODY_BYTES) throw new BadInput(`the body is larger than ${MAX_BODY_BYTES} bytes`);
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new BadInput("the body is not UTF-8");
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new BadInput("the body is not JSON");
  }
}

// ---------------------------------------------------------------------------------------------
// Schemas

const reason = z.string().max(MAX_REASON_LENGTH, `at most ${MAX_REASON_LENGTH} characters`);
const wholeNumber = (min: number, max: number) => z.number().int("a whole number").min(min).max(max);
const characterName = z.string().trim().min(1, "a character name").max(MAX_NAME_LENGTH, `at most ${MAX_NAME_LENGTH} characters`);

export const SCHEMAS = {
  kick: z.strictObject({ reason: reason.optional() }),
  mute: z.strictObject({ minutes: wholeNumber(0, MAX_MUTE_MINUTES) }),
  jail: z.strictObject({ minutes: wholeNumber(1, MAX_JAIL_MINUTES), reason: reason.min(1, "a reason") }),
  warn: z.strictObject({ reason: reason.min(1, "a reason") }),
  ban: z.strictObject({
    kind: z.enum(["character", "account", "ip"]),
    target: z.string().trim().min(1, "a target").max(64, "at most 64 characters"),
    reason: reason.default(""),
    days: wholeNumber(1, MAX_BAN_DAYS).nullable().optional(),
  }),
  broadcast: z.strictObject({ text: z.string().trim().min(1, "a text").max(MAX_BROADCAST_LENGTH, `at most ${MAX_BROADCAST_LENGTH} characters`) }),
  banId: z.string().regex(/^[1-9]\d{0,9}$/, "a ban id").transform(Number).pipe(z.number().max(2_147_483_647)),
  audit: z.strictObject({
    since: z.iso.datetime({ offset: true }).transform((text) => new Date(text)).optional(),
    actor: z.string().trim().min(1).max(64).optional(),
    action: z.string().trim().min(1).max(64).optional(),
    limit: z.string().regex(/^\d{1,5}$/, "a whole number").transform(Number).pipe(z.number().int().min(1).max(MAX_LIST_LIMIT)).optional(),
  }),
  name: characterName,
  /** A rank to grant: one of the four, or none with `rolemaster` (a role master who is no GM). */
  rank: z
    .strictObject({ rank: z.enum(STAFF_RANKS).nullable(), rolemaster: z.boolean().default(false) })
    .refine((grant) => grant.rank !== null || grant.rolemaster, "a rank, or rolemaster true"),
} as const;

// ---------------------------------------------------------------------------------------------
// JSON views

function secondsLeft(until: Date | null, now: number): number | null {
  return until === null ? null : Math.max(0, Math.ceil((until.getTime() - now) / 1000));
}

function banView(ban: Ban, now: number) {
  const subject =
    ban.subject.kind === "character"
      ? { kind: "character", id: ban.subject.characterId, name: ban.subject.characterName }
      : ban.subject.kind === "account"
        ? { kind: "account", id: ban.subject.accountId, email: ban.subject.accountEmail }
        : { kind: "ip", range: ban.subject.range };
  return {
    id: ban.id,
    subject,
    reason: ban.reason,
    issuedBy: ban.issuedBy,
    issuedAt: ban.issuedAt.toISOString(),
    expiresAt: ban.expiresAt?.toISOString() ?? null,
    secondsLeft: ban.active ? secondsLeft(ban.expiresAt, now) : 0,
    active: ban.active,
  };
}

function reportView(report: Report) {
  return {
    id: report.id,
    kind: report.kind,
    reporter: report.reporterName,
    target: report.targetName,
    category: report.category,
    text: report.text,
    chatExcerpt: report.chatExcerpt,
    createdAt: report.createdAt.toISOString(),
    status: report.status,
    handledBy: report.handledBy,
  };
}

function auditView(row: AuditRecord) {
  return { id: row.id, at: row.at.toISOString(), actor: row.actor, action: row.action, target: row.target, params: row.params, outcome: row.outcome, detail: row.detail };
}

/** The HTTP status of a console command's outcome. */
export function statusOfOutcome(result: Pick<ConsoleCommandResult, "outcome" | "detail">): number {
  switch (result.outcome) {
    case "ok":
      return 200;
    case "refused_rank":
      return 403;
    case "error":
      return 503;
    case "refused_rule":
      return result.detail === "not_online" || result.detail === "no_such_character" || result.detail === "no_such_subject" ? 404 : 409;
  }
}

// ---------------------------------------------------------------------------------------------
// The router

type Handler = (request: Request, match: RegExpExecArray, address: string) => Promise<Response> | Response;
interface Route {
  method: "GET" | "POST" | "PUT" | "DELETE";
  pattern: RegExp;
  handler: Handler;
}

/** A path segment as the client encoded it; a malformed escape is bad input. */
function segment(raw: string | undefined): string {
  try {
    return decodeURIComponent(raw ?? "");
  } catch {
    throw new BadInput("a malformed path segment");
  }
}

/** The console's API: `handle` answers every `/api/admin/*` request. */
export class AdminConsoleApi {
  private readonly auth: AdminAuth;
  private readonly sampler: MetricsSampler;
  private readonly routes: Route[];
  private snapshotAt = Number.NEGATIVE_INFINITY;
  private snapshotting: Promise<unknown> | undefined;

  constructor(private readonly deps: AdminConsoleDeps) {
    this.auth = new AdminAuth(deps.token, deps.now);
    this.sampler = new MetricsSampler(deps.metrics, deps.now);
    const player = (action: string) => new RegExp(`^/api/admin/players/([^/]+)/${action}$`);
    this.routes = [
      { method: "GET", pattern: /^\/api\/admin\/players$/, handler: async () => json(this.players(await this.freshPlayers())) },
      { method: "POST", pattern: player("kick"), handler: (request, match, address) => this.kick(request, match, address) },
      { method: "POST", pattern: player("mute"), handler: (request, match, address) => this.mute(request, match, address) },
      { method: "POST", pattern: player("jail"), handler: (request, match, address) => this.jail(request, match, address) },
      { method: "POST", pattern: player("warn"), handler: (request, match, address) => this.warn(request, match, address) },
      { method: "GET", pattern: /^\/api\/admin\/bans$/, handler: () => this.bans() },
      { method: "POST", pattern: /^\/api\/admin\/bans$/, handler: (request, _match, address) => this.ban(request, address) },
      { method: "DELETE", pattern: /^\/api\/admin\/bans\/([^/]+)$/, handler: (_request, match, address) => this.unban(match, address) },
      { method: "GET", pattern: /^\/api\/admin\/penalties$/, handler: async () => json(this.penalties(await this.freshPlayers())) },
      { method: "GET", pattern: /^\/api\/admin\/reports$/, handler: () => this.reports() },
      { method: "GET", pattern: /^\/api\/admin\/audit$/, handler: (request) => this.auditLog(request) },
      { method: "POST", pattern: /^\/api\/admin\/broadcast$/, handler: (request, _match, address) => this.broadcast(request, address) },
      { method: "GET", pattern: /^\/api\/admin\/metrics$/, handler: () => json(this.sampler.read()) },
      { method: "GET", pattern: /^\/api\/admin\/staff$/, handler: () => this.staffList() },
      { method: "PUT", pattern: /^\/api\/admin\/staff\/([^/]+)$/, handler: (request, match, address) => this.grant(request, match, address) },
      { method: "DELETE", pattern: /^\/api\/admin\/staff\/([^/]+)$/, handler: (_request, match, address) => this.revoke(match, address) },
    ];
  }

  /** Answers one request of `/api/admin/*` from `address`. */
  async handle(request: Request, address: string): Promise<Response> {
    const door = this.auth.authorize(address, request.headers.get("authorization"));
    if (door.kind === "limited") return problem(429, "too_many_attempts", "too many failed attempts from this address; wait and try again", { "retry-after": String(door.retryAfterSeconds) });
    if (door.kind === "unauthorized") return problem(401, "unauthorized", "this needs the console's token: Authorization: Bearer <token>", { "www-authenticate": 'Bearer realm="argentum-admin"' });
    const { pathname } = new URL(request.url);
    let allowed: string[] = [];
    for (const route of this.routes) {
      const match = route.pattern.exec(pathname);
      if (!match) continue;
      if (route.method !== request.method) {
        allowed.push(route.method);
        continue;
      }
      try {
        return await route.handler(request, match, address);
      } catch (error) {
        if (error instanceof BadInput) return problem(400, "bad_request", error.message);
        this.deps.logger.error({ err: error, path: pathname, method: request.method }, "operator console request failed");
        return problem(503, "unavailable", "the server could not complete this now; nothing was changed that is not in the audit log");
      }
    }
    allowed = [...new Set(allowed)];
    if (allowed.length > 0) return problem(405, "method_not_allowed", `use ${allowed.join(" or ")}`, { allow: allowed.join(", ") });
    return problem(404, "not_found", `no console endpoint ${pathname}`);
  }

  // -- reads

  private addressOf(session: number): string | null {
    return this.deps.sessions.actorOf(session)?.address ?? null;
  }

  /** The players with their states as their maps have them (see FRESH_STATES_INTERVAL_MS). */
  private async freshPlayers(): Promise<ServicePlayer[]> {
    if (this.deps.now() - this.snapshotAt >= FRESH_STATES_INTERVAL_MS) {
      this.snapshotting ??= this.deps.world.snapshot().finally(() => {
        this.snapshotAt = this.deps.now();
        this.snapshotting = undefined;
      });
    }
    if (this.snapshotting) await this.snapshotting;
    return this.deps.world.players();
  }

  /** Online players by map, each with its tile and address. */
  players(all: readonly ServicePlayer[]) {
    const byMap = new Map<number, { name: string; characterId: number; x: number; y: number; address: string | null; rank: string | null; level: number }[]>();
    let total = 0;
    for (const player of all) {
      if (player.loggingIn) continue;
      const { state } = player;
      const entry = { name: state.name, characterId: state.id, x: state.position.x, y: state.position.y, address: this.addressOf(player.session), rank: state.staff?.rank ?? null, level: state.level };
      byMap.set(player.map, [...(byMap.get(player.map) ?? []), entry]);
      total++;
    }
    const maps = [...byMap]
      .sort(([a], [b]) => a - b)
      .map(([map, players]) => ({ map, players: players.sort((a, b) => a.name.localeCompare(b.name)) }));
    return { total, maps };
  }

  /** Running mutes and sentences of the players online (their countdowns are their maps'). */
  penalties(all: readonly ServicePlayer[]) {
    const penalties = [];
    for (const player of all) {
      const running = player.state.penalties;
      if (!running || (running.muteSecondsLeft === 0 && running.jailMinutesLeft === 0)) continue;
      penalties.push({
        name: player.state.name,
        characterId: player.state.id,
        map: player.map,
        muteSecondsLeft: running.muteSecondsLeft,
        jailMinutesLeft: running.jailMinutesLeft,
        warnings: running.warnings,
      });
    }
    return { penalties: penalties.sort((a, b) => a.name.localeCompare(b.name)) };
  }

  private async bans(): Promise<Response> {
    const bans = await this.deps.moderation.listBans({ active: true, limit: DEFAULT_LIST_LIMIT });
    const now = Date.now();
    return json({ bans: bans.map((ban) => banView(ban, now)) });
  }

  private async reports(): Promise<Response> {
    const reports = await this.deps.moderation.listReports({ status: "pending", limit: DEFAULT_LIST_LIMIT });
    return json({ reports: reports.map(reportView) });
  }

  private async auditLog(request: Request): Promise<Response> {
    const query = parsed(SCHEMAS.audit, Object.fromEntries(new URL(request.url).searchParams));
    const rows = await this.deps.audit.query({
      ...(query.since ? { since: query.since } : {}),
      ...(query.actor ? { actor: query.actor } : {}),
      ...(query.action ? { action: query.action } : {}),
      limit: query.limit ?? DEFAULT_LIST_LIMIT,
    });
    return json({ rows: rows.map(auditView) });
  }

  // -- changes

  private consoleActor(address: string) {
    return { kind: "console" as const, name: CONSOLE_OPERATOR, accountId: null, characterId: null, rank: "admin", address, node: this.deps.node };
  }

  private async command(action: string, params: Record<string, unknown>, command: ConsoleCommand, address: string): Promise<Response> {
    const result = await this.deps.staff.runForConsole({
      operator: CONSOLE_OPERATOR,
      address,
      action: `console ${action}`,
      params,
      command,
      publish: (message) => this.deps.world.publishBus(message),
    });
    return json(result, statusOfOutcome(result));
  }

  private nameOf(match: RegExpExecArray): string {
    return parsed(SCHEMAS.name, segment(match[1]));
  }

  private async kick(request: Request, match: RegExpExecArray, address: string): Promise<Response> {
    const target = this.nameOf(match);
    const body = parsed(SCHEMAS.kick, await bodyOf(request));
    return this.command("kick", { target, ...(body.reason ? { reason: body.reason } : {}) }, { kind: "kick", target }, address);
  }

  private async mute(request: Request, match: RegExpExecArray, address: string): Promise<Response> {
    const target = this.nameOf(match);
    const { minutes } = parsed(SCHEMAS.mute, await bodyOf(request));
    return this.command("mute", { target, minutes }, { kind: "mute", target, minutes }, address);
  }

  private async jail(request: Request, match: RegExpExecArray, address: string): Promise<Response> {
    const target = this.nameOf(match);
    const { minutes, reason } = parsed(SCHEMAS.jail, await bodyOf(request));
    return this.command("jail", { target, minutes, reason }, { kind: "jail", target, minutes, reason }, address);
  }

  private async warn(request: Request, match: RegExpExecArray, address: string): Promise<Response> {
    const target = this.nameOf(match);
    const { reason } = parsed(SCHEMAS.warn, await bodyOf(request));
    return this.command("warn", { target, reason }, { kind: "warn", target, reason }, address);
  }

  private async ban(request: Request, address: string): Promise<Response> {
    const body = parsed(SCHEMAS.ban, await bodyOf(request));
    const days = body.days ?? null;
    if (body.kind !== "ip") {
      const target = parsed(SCHEMAS.name, body.target);
      return this.command("ban", { kind: body.kind, target, reason: body.reason, ...(days === null ? {} : { days }) }, { kind: "ban", scope: body.kind, target, reason: body.reason, days }, address);
    }
    // No in-game command bans an address: the repository's statement, as `argentum admin ban ip`.
    const outcome = await this.deps.moderation.addBan({
      subject: { kind: "ip", range: body.target },
      reason: body.reason,
      durationMs: days === null ? null : days * DAY_MS,
      act: { by: this.consoleActor(address), action: "console ban", params: { kind: "ip", target: body.target, ...(days === null ? {} : { days }) } },
    });
    switch (outcome.kind) {
      case "ok": {
        const closed = await this.closeBannedAddresses(body.reason);
        return json({ outcome: "ok", detail: null, ban: banView(outcome.ban, Date.now()), closed, lines: [] });
      }
      case "already_banned":
        return json({ outcome: "refused_rule", detail: "already_banned", ban: banView(outcome.ban, Date.now()), lines: [] }, 409);
      case "no_such_subject":
        return json({ outcome: "refused_rule", detail: "no_such_subject", lines: [] }, 404);
      case "invalid":
        throw new BadInput("message" in outcome && typeof outcome.message === "string" ? outcome.message : `the ${outcome.field} is refused (${outcome.problem})`);
    }
  }

  /**
   * After an address ban, the sessions in the world from a banned address close (after Msg1785
   * with the reason), as a ban in game closes what it bans; the database judges which addresses
   * the range holds (`checkBans`, one query per address online). How many closed.
   */
  private async closeBannedAddresses(reason: string): Promise<number> {
    const sessionsByAddress = new Map<string, number[]>();
    for (const player of this.deps.world.players()) {
      const address = this.addressOf(player.session);
      if (address !== null) sessionsByAddress.set(address, [...(sessionsByAddress.get(address) ?? []), player.session]);
    }
    let closed = 0;
    for (const [address, sessions] of sessionsByAddress) {
      const verdict = await this.deps.moderation.checkBans({ address });
      if (verdict.kind !== "banned") continue;
      for (const session of sessions) this.deps.sessions.disconnect(session, "banned_address", { messageId: MESSAGE_BANNED, extra: reason });
      closed += sessions.length;
    }
    return closed;
  }

  private async unban(match: RegExpExecArray, address: string): Promise<Response> {
    const banId = parsed(SCHEMAS.banId, segment(match[1]));
    // The in-game /UNBAN names a character; lifting by id is the repository's, as `argentum admin unban`.
    const outcome = await this.deps.moderation.liftBan({ banId, act: { by: this.consoleActor(address), action: "console unban", params: { banId } } });
    switch (outcome.kind) {
      case "ok":
        return json({ outcome: "ok", detail: null, ban: banView(outcome.ban, Date.now()), lines: [] });
      case "not_found":
        return json({ outcome: "refused_rule", detail: "not_found", lines: [] }, 404);
      case "not_active":
        return json({ outcome: "refused_rule", detail: "not_active", lines: [] }, 409);
      case "invalid":
        throw new BadInput(`the ${outcome.field} is refused (${outcome.problem})`);
    }
  }

  // -- staff ranks: written like `argentum admin staff`, and applied at once to a character online here

  private async staffList(): Promise<Response> {
    const roles = await this.deps.staffRoles.list();
    return json({ staff: roles.map((role: StaffRoleEntry) => ({ character: role.characterName, id: role.characterId, rank: role.rank, rolemaster: role.rolemaster, grantedBy: role.grantedBy, grantedAt: role.grantedAt.toISOString() })) });
  }

  private async grant(request: Request, match: RegExpExecArray, address: string): Promise<Response> {
    const name = this.nameOf(match);
    const grant = parsed(SCHEMAS.rank, await bodyOf(request));
    const outcome = await this.deps.staffRoles.grant(name, grant, { by: this.consoleActor(address), action: "console staff grant", params: { rank: grant.rank, rolemaster: grant.rolemaster } });
    switch (outcome.kind) {
      case "ok":
      case "unchanged": {
        const appliedNow = this.deps.staff.applyStanding(outcome.role.characterId, { rank: outcome.role.rank, roleMaster: outcome.role.rolemaster });
        return json({ outcome: "ok", detail: outcome.kind === "unchanged" ? "unchanged" : null, character: outcome.role.characterName, rank: outcome.role.rank, rolemaster: outcome.role.rolemaster, appliedNow, lines: [] });
      }
      case "no_such_character":
        return json({ outcome: "refused_rule", detail: "no_such_character", lines: [] }, 404);
      case "invalid":
        throw new BadInput(`the ${outcome.field} is refused (${outcome.problem})`);
    }
  }

  private async revoke(match: RegExpExecArray, address: string): Promise<Response> {
    const name = this.nameOf(match);
    const outcome = await this.deps.staffRoles.revoke(name, { by: this.consoleActor(address), action: "console staff revoke" });
    switch (outcome.kind) {
      case "ok": {
        const appliedNow = this.deps.staff.applyStanding(outcome.previous.characterId, PLAYER);
        return json({ outcome: "ok", detail: null, character: outcome.previous.characterName, appliedNow, lines: [] });
      }
      case "not_staff":
        return json({ outcome: "refused_rule", detail: "not_staff", lines: [] }, 409);
      case "no_such_character":
        return json({ outcome: "refused_rule", detail: "no_such_character", lines: [] }, 404);
      case "invalid":
        throw new BadInput(`the ${outcome.field} is refused (${outcome.problem})`);
    }
  }

  private async broadcast(request: Request, address: string): Promise<Response> {
    const { text } = parsed(SCHEMAS.broadcast, await bodyOf(request));
    return this.command("broadcast", { text }, { kind: "broadcast", text }, address);
  }
}
