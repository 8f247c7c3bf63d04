/**
 * The operator console's page (browser only): the token form, then the players online with
 * their buttons, the report queue, bans and penalties with the time left, the audit log with its
 * filters, a broadcast box and live charts of /api/admin/metrics. Every text from the server
 * (names, reasons, reports: a player's words) is set as text, never as markup.
 *
 * The token stays in this tab's sessionStorage; every call sends it as a Bearer header.
 */

type Child = Node | string | null | undefined | false;

const TOKEN_KEY = "argentum-admin-token";
/** How often the charts and the player list are refreshed. */
const METRICS_POLL_MS = 2_000;
const LISTS_POLL_MS = 5_000;
/** Points a sparkline keeps (2 minutes at the poll above). */
const SPARKLINE_POINTS = 60;

function h<K extends keyof HTMLElementTagNameMap>(tag: K, props: Record<string, string | number | boolean | ((event: Event) => void) | undefined> = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (value === undefined || value === false) continue;
    if (typeof value === "function") element.addEventListener(key.replace(/^on/, "").toLowerCase(), value);
    else if (key === "text") element.textContent = String(value);
    else if (key === "className") element.className = String(value);
    else element.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children) if (child !== null && child !== undefined && child !== false) element.append(child);
  return element;
}

function byId<T extends HTMLElement>(id: string): T {
  return document.getElementById(id) as T;
}

class Unauthorized extends Error {}

async function api<T>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  const token = sessionStorage.getItem(TOKEN_KEY) ?? "";
  const response = await fetch(path, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body !== undefined ? { "content-type": "application/json" } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  if (response.status === 401) throw new Unauthorized("the token was refused");
  return { status: response.status, body: (await response.json()) as T };
}

function say(text: string, kind: "ok" | "error" | "" = ""): void {
  const status = byId("status");
  status.textContent = text;
  status.className = kind;
}

function duration(seconds: number | null): string {
  if (seconds === null) return "permanent";
  if (seconds < 60) return `${seconds}s`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)}m ${seconds % 60}s`;
  if (seconds < 86_400) return `${Math.floor(seconds / 3600)}h ${Math.floor((seconds % 3600) / 60)}m`;
  return `${Math.floor(seconds / 86_400)}d ${Math.floor((seconds % 86_400) / 3600)}h`;
}

// ---------------------------------------------------------------------------------------------
// Sparklines

class Sparkline {
  readonly element: HTMLElement;
  private readonly canvas: HTMLCanvasElement;
  private readonly value: HTMLElement;
  private readonly points: number[] = [];

  constructor(
    readonly key: string,
    label: string,
    private readonly format: (value: number) => string,
  ) {
    this.canvas = h("canvas", { width: 240, height: 48 });
    this.value = h("span", { className: "value", "data-chart-value": key, text: "–" });
    this.element = h("div", { className: "chart", "data-chart": key }, h("div", { className: "label" }, h("span", { text: label }), this.value), this.canvas);
  }

  push(value: number | null): void {
    if (value === null || !Number.isFinite(value)) return;
    this.points.push(value);
    if (this.points.length > SPARKLINE_POINTS) this.points.shift();
    this.value.textContent = this.format(value);
    this.draw();
  }

  private draw(): void {
    const context = this.canvas.getContext("2d");
    if (!context) return;
    const { width, height } = this.canvas;
    context.clearRect(0, 0, width, height);
    const max = Math.max(...this.points, 1e-9);
    const step = width / Math.max(1, SPARKLINE_POINTS - 1);
    context.beginPath();
    this.points.forEach((point, index) => {
      const x = index * step;
      const y = height - 2 - (point / max) * (height - 4);
      if (index === 0) context.moveTo(x, y);
      else context.lineTo(x, y);
    });
    context.strokeStyle = "#d8a64a";
    context.lineWidth = 2;
    context.stroke();
  }
}

// ---------------------------------------------------------------------------------------------
// Views

interface PlayerRow {
  name: string;
  characterId: number;
  x: number;
  y: number;
  address: string | null;
  rank: string | null;
  level: number;
}

interface CommandAnswer {
  outcome: string;
  detail: string | null;
  lines: string[];
  message?: string;
}

function actionInputs() {
  return {
    reason: byId<HTMLInputElement>("action-reason").value,
    minutes: Number(byId<HTMLInputElement>("action-minutes").value),
    days: byId<HTMLInputElement>("action-days").value.trim(),
  };
}

async function runCommand(what: string, method: string, path: string, body: unknown): Promise<void> {
  try {
    const { status, body: answer } = await api<CommandAnswer>(method, path, body);
    const detail = answer.message ?? [answer.detail, ...(answer.lines ?? [])].filter(Boolean).join(" · ");
    say(`${what}: ${answer.outcome ?? status}${detail ? ` — ${detail}` : ""}`, status < 300 ? "ok" : "error");
  } catch (error) {
    handleFailure(error);
  }
  await refreshLists();
}

function playerAction(action: string, name: string): void {
  const inputs = actionInputs();
  const path = `/api/admin/players/${encodeURIComponent(name)}/${action}`;
  switch (action) {
    case "kick":
      void runCommand(`kick ${name}`, "POST", path, inputs.reason ? { reason: inputs.reason } : {});
      return;
    case "mute":
      void runCommand(`mute ${name}`, "POST", path, { minutes: inputs.minutes });
      return;
    case "jail":
      void runCommand(`jail ${name}`, "POST", path, { minutes: inputs.minutes, reason: inputs.reason });
      return;
    case "warn":
      void runCommand(`warn ${name}`, "POST", path, { reason: inputs.reason });
      return;
    case "ban":
      void runCommand(`ban ${name}`, "POST", "/api/admin/bans", { kind: "character", target: name, reason: inputs.reason, ...(inputs.days ? { days: Number(inputs.days) } : {}) });
      return;
  }
}

function renderPlayers(data: { total: number; maps: { map: number; players: PlayerRow[] }[] }): void {
  byId("players-total").textContent = `${data.total} online`;
  const body = byId("players-body");
  const rows: HTMLElement[] = [];
  for (const { map, players } of data.maps) {
    for (const player of players) {
      const buttons = ["kick", "mute", "jail", "warn", "ban"].map((action) =>
        h("button", { className: action === "ban" || action === "kick" ? "danger" : "", "data-action": action, "data-name": player.name, text: action, onclick: () => playerAction(action, player.name) }),
      );
      rows.push(
        h(
          "tr",
          { "data-player": player.name },
          h("td", { text: player.name }),
          h("td", { text: player.rank ?? "" }),
          h("td", { text: String(player.level) }),
          h("td", { text: `${map} (${player.x}, ${player.y})` }),
          h("td", { text: player.address ?? "?" }),
          h("td", { className: "actions" }, ...buttons),
        ),
      );
    }
  }
  if (rows.length === 0) rows.push(h("tr", {}, h("td", { colspan: 6, className: "muted", text: "nobody online" })));
  body.replaceChildren(...rows);
}

interface BanRow {
  id: number;
  subject: { kind: string; name?: string | null; email?: string | null; range?: string };
  reason: string;
  issuedBy: string;
  secondsLeft: number | null;
}

function renderBans(bans: BanRow[]): void {
  const rows = bans.map((ban) =>
    h(
      "tr",
      { "data-ban": ban.id },
      h("td", { text: String(ban.id) }),
      h("td", { text: `${ban.subject.kind} ${ban.subject.name ?? ban.subject.email ?? ban.subject.range ?? ""}` }),
      h("td", { text: ban.reason }),
      h("td", { text: ban.issuedBy }),
      h("td", { text: duration(ban.secondsLeft) }),
      h("td", { className: "actions" }, h("button", { "data-unban": ban.id, text: "lift", onclick: () => void runCommand(`lift ban ${ban.id}`, "DELETE", `/api/admin/bans/${ban.id}`, undefined) })),
    ),
  );
  if (rows.length === 0) rows.push(h("tr", {}, h("td", { colspan: 6, className: "muted", text: "no active bans" })));
  byId("bans-body").replaceChildren(...rows);
}

function renderPenalties(penalties: { name: string; map: number; muteSecondsLeft: number; jailMinutesLeft: number; warnings: number }[]): void {
  const rows = penalties.map((entry) =>
    h(
      "tr",
      { "data-penalty": entry.name },
      h("td", { text: entry.name }),
      h("td", { text: String(entry.map) }),
      h("td", { text: entry.muteSecondsLeft > 0 ? duration(entry.muteSecondsLeft) : "" }),
      h("td", { text: entry.jailMinutesLeft > 0 ? `${entry.jailMinutesLeft} min` : "" }),
      h("td", { text: String(entry.warnings) }),
    ),
  );
  if (rows.length === 0) rows.push(h("tr", {}, h("td", { colspan: 5, className: "muted", text: "no mutes or sentences running online" })));
  byId("penalties-body").replaceChildren(...rows);
}

function renderReports(reports: { id: number; kind: string; reporter: string; target: string | null; category: string; text: string; createdAt: string; status: string }[]): void {
  const rows = reports.map((report) =>
    h(
      "tr",
      { "data-report": report.id },
      h("td", { text: new Date(report.createdAt).toLocaleString() }),
      h("td", { text: report.kind }),
      h("td", { text: report.reporter }),
      h("td", { text: report.target ?? "" }),
      h("td", { text: report.category ? `${report.category}: ${report.text}` : report.text }),
      h("td", { text: report.status }),
    ),
  );
  if (rows.length === 0) rows.push(h("tr", {}, h("td", { colspan: 6, className: "muted", text: "the queue is empty" })));
  byId("reports-body").replaceChildren(...rows);
}

interface AuditRow {
  id: number;
  at: string;
  actor: { kind: string; name: string; rank: string | null };
  action: string;
  target: { name: string | null } | null;
  outcome: string;
  detail: string | null;
}

async function refreshAudit(): Promise<void> {
  const query = new URLSearchParams();
  for (const [key, id] of [["actor", "audit-actor"], ["action", "audit-action"], ["limit", "audit-limit"]] as const) {
    const value = byId<HTMLInputElement>(id).value.trim();
    if (value) query.set(key, value);
  }
  const since = byId<HTMLInputElement>("audit-since").value;
  if (since) query.set("since", new Date(since).toISOString());
  const { status, body } = await api<{ rows?: AuditRow[]; message?: string }>("GET", `/api/admin/audit?${query}`);
  if (status !== 200 || !body.rows) {
    say(`audit: ${body.message ?? status}`, "error");
    return;
  }
  const rows = body.rows.map((row) =>
    h(
      "tr",
      { "data-audit": row.id },
      h("td", { text: new Date(row.at).toLocaleString() }),
      h("td", { text: `${row.actor.kind === "character" ? "" : `${row.actor.kind}:`}${row.actor.name}${row.actor.rank ? ` (${row.actor.rank})` : ""}` }),
      h("td", { text: row.action }),
      h("td", { text: row.target?.name ?? "" }),
      h("td", { text: `${row.outcome}${row.detail ? ` (${row.detail})` : ""}` }),
    ),
  );
  if (rows.length === 0) rows.push(h("tr", {}, h("td", { colspan: 5, className: "muted", text: "no rows" })));
  byId("audit-body").replaceChildren(...rows);
}

async function refreshLists(): Promise<void> {
  try {
    const [players, bans, penalties, reports] = await Promise.all([
      api<Parameters<typeof renderPlayers>[0]>("GET", "/api/admin/players"),
      api<{ bans: BanRow[] }>("GET", "/api/admin/bans"),
      api<{ penalties: Parameters<typeof renderPenalties>[0] }>("GET", "/api/admin/penalties"),
      api<{ reports: Parameters<typeof renderReports>[0] }>("GET", "/api/admin/reports"),
    ]);
    renderPlayers(players.body);
    if (bans.status === 200) renderBans(bans.body.bans);
    renderPenalties(penalties.body.penalties);
    if (reports.status === 200) renderReports(reports.body.reports);
    await refreshAudit();
  } catch (error) {
    handleFailure(error);
  }
}

const charts = [
  new Sparkline("players", "players online", (value) => String(Math.round(value))),
  new Sparkline("moves", "moves / s", (value) => value.toFixed(1)),
  new Sparkline("lag", "event-loop lag p99", (value) => `${value.toFixed(1)} ms`),
  new Sparkline("cpu", "CPU (cores)", (value) => value.toFixed(2)),
  new Sparkline("memory", "resident memory", (value) => `${(value / 1_048_576).toFixed(0)} MiB`),
];

async function refreshMetrics(): Promise<void> {
  try {
    const { status, body } = await api<{ playersOnline: number; movesPerSecond: number | null; eventLoopLagMs: number; cpu: number | null; residentMemoryBytes: number }>("GET", "/api/admin/metrics");
    if (status !== 200) return;
    const values: Record<string, number | null> = { players: body.playersOnline, moves: body.movesPerSecond, lag: body.eventLoopLagMs, cpu: body.cpu, memory: body.residentMemoryBytes };
    for (const chart of charts) chart.push(values[chart.key] ?? null);
  } catch (error) {
    handleFailure(error);
  }
}

// ---------------------------------------------------------------------------------------------
// Screens

const timers: ReturnType<typeof setInterval>[] = [];

function handleFailure(error: unknown): void {
  if (error instanceof Unauthorized) {
    sessionStorage.removeItem(TOKEN_KEY);
    // The calls in flight fail together: the first shows the form, the others leave it as it is.
    if (!document.getElementById("login")) showLogin("The token was refused.");
    return;
  }
  say(`the server did not answer: ${(error as Error).message}`, "error");
}

function showLogin(message = ""): void {
  for (const timer of timers.splice(0)) clearInterval(timer);
  const input = h("input", { id: "token", type: "password", autocomplete: "off", placeholder: "the server's --admin-token" });
  const submit = (event: Event) => {
    event.preventDefault();
    sessionStorage.setItem(TOKEN_KEY, input.value.trim());
    showConsole();
  };
  byId("console").replaceChildren(
    h(
      "form",
      { id: "login", onsubmit: submit },
      h("h1", { text: "Operator console" }),
      h("p", { className: "muted", text: "The token is kept in this tab only." }),
      input,
      h("button", { className: "primary", id: "connect", type: "submit", text: "Enter" }),
      message ? h("p", { id: "login-error", className: "error", text: message }) : null,
    ),
  );
  input.focus();
}

/** A ban of anyone, online or not: a character, the account of a character, or an address range (the reason and days of the players' fields). */
function banForm(): HTMLElement {
  const kind = h("select", { id: "ban-kind" }, ...["character", "account", "ip"].map((value) => h("option", { value, text: value })));
  const target = h("input", { id: "ban-target", size: 18, placeholder: "name, or 1.2.3.0/24" });
  const submit = (event: Event) => {
    event.preventDefault();
    const { reason, days } = actionInputs();
    void runCommand(`ban ${kind.value} ${target.value}`, "POST", "/api/admin/bans", { kind: kind.value, target: target.value, reason, ...(days ? { days: Number(days) } : {}) });
  };
  return h("form", { className: "row", onsubmit: submit }, kind, target, h("button", { className: "danger", type: "submit", text: "ban" }));
}

function table(id: string, headings: string[]): HTMLElement {
  return h("table", {}, h("thead", {}, h("tr", {}, ...headings.map((heading) => h("th", { text: heading })))), h("tbody", { id }));
}

function showConsole(): void {
  const broadcastText = h("textarea", { id: "broadcast-text", maxlength: 255, placeholder: "a message to everyone online" });
  const sendBroadcast = (event: Event) => {
    event.preventDefault();
    void runCommand("broadcast", "POST", "/api/admin/broadcast", { text: broadcastText.value }).then(() => (broadcastText.value = ""));
  };
  const auditFilters = h(
    "form",
    { className: "row", onsubmit: (event: Event) => (event.preventDefault(), void refreshAudit().catch(handleFailure)) },
    h("label", {}, "actor", h("input", { id: "audit-actor", size: 12 })),
    h("label", {}, "action", h("input", { id: "audit-action", size: 12 })),
    h("label", {}, "since", h("input", { id: "audit-since", type: "datetime-local" })),
    h("label", {}, "limit", h("input", { id: "audit-limit", type: "number", min: 1, max: 1000, value: 50, size: 5 })),
    h("button", { type: "submit", text: "filter" }),
  );
  byId("console").replaceChildren(
    h(
      "header",
      {},
      h("h1", { text: "Operator console" }),
      h("span", { id: "status", text: "connected" }),
      h("button", { id: "logout", text: "leave", onclick: () => (sessionStorage.removeItem(TOKEN_KEY), showLogin()) }),
    ),
    h(
      "main",
      {},
      h("section", { className: "wide" }, h("h2", { text: "Server" }), h("div", { className: "charts" }, ...charts.map((chart) => chart.element))),
      h(
        "section",
        { className: "wide" },
        h("h2", {}, "Players ", h("span", { id: "players-total", className: "muted" })),
        h(
          "div",
          { className: "row" },
          h("label", {}, "reason", h("input", { id: "action-reason", size: 24 })),
          h("label", {}, "minutes", h("input", { id: "action-minutes", type: "number", min: 0, value: 10, size: 5 })),
          h("label", {}, "ban days", h("input", { id: "action-days", type: "number", min: 1, placeholder: "permanent", size: 8 })),
        ),
        table("players-body", ["name", "rank", "level", "map (x, y)", "address", ""]),
      ),
      h("section", {}, h("h2", { text: "Report queue" }), table("reports-body", ["when", "kind", "from", "about", "text", "status"])),
      h("section", {}, h("h2", { text: "Bans" }), banForm(), table("bans-body", ["id", "whom", "reason", "by", "time left", ""])),
      h("section", {}, h("h2", { text: "Mutes and jail" }), table("penalties-body", ["name", "map", "mute left", "jail left", "warnings"])),
      h("section", {}, h("h2", { text: "Broadcast" }), h("form", { onsubmit: sendBroadcast }, broadcastText, h("button", { id: "broadcast-send", className: "primary", type: "submit", text: "send to everyone" }))),
      h("section", { className: "wide" }, h("h2", { text: "Audit log" }), auditFilters, table("audit-body", ["when", "who", "action", "target", "outcome"])),
    ),
  );
  void refreshLists();
  void refreshMetrics();
  timers.push(setInterval(() => void refreshMetrics(), METRICS_POLL_MS));
  timers.push(setInterval(() => void refreshLists(), LISTS_POLL_MS));
}

if (sessionStorage.getItem(TOKEN_KEY)) showConsole();
else showLogin();
