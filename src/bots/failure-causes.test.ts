import { describe, expect, test } from "bun:test";
import { loadConfig } from "../config/index.ts";
import { GATEWAY_TEXT } from "../session/index.ts";
import { connectionWarnings, SERVER_DEFAULT_MAX_CONNECTIONS, SERVER_DEFAULT_MAX_CONNECTIONS_PER_IP, serverLimits } from "./connection-budget.ts";
import { CAUSES, classifyFailure, describeFailure, FAILURE_CAUSES, foldText, groupFailures, SOURCE_NOT_BOUND, type FailureCause, type FailureSignal, type RemedyContext } from "./failure-causes.ts";

const CONTEXT: RemedyContext = {
  bots: 50,
  transport: "tcp",
  target: "tcp://127.0.0.1:7667",
  loopbackTarget: true,
  sourceAddresses: 0,
  perAddressCap: { value: 10, source: "default" },
  maxConnections: { value: 5_000, source: "default" },
  reuseAccounts: false,
  loginTimeoutS: 60,
};

describe("failure causes", () => {
  test("each way a login ends maps to one cause", () => {
    const rows: [FailureSignal, FailureCause][] = [
      // What the server says when it refuses at accept (session/gateway.ts, being added).
      [{ kind: "server_text", stage: "hello", text: "Demasiadas conexiones desde tu dirección." }, "too_many_from_address"],
      [{ kind: "server_text", stage: "hello", text: "DEMASIADAS CONEXIONES DESDE TU DIRECCION" }, "too_many_from_address"],
      [{ kind: "server_text", stage: "hello", text: "El server se encuentra lleno." }, "server_full"],
      // The login steps' refusals, word for word as the gateway sends them.
      [{ kind: "server_text", stage: "account", text: "Ya existe una cuenta con ese email." }, "account_exists"],
      [{ kind: "server_text", stage: "account", text: "Usuario o contraseña incorrectos." }, "wrong_credentials"],
      [{ kind: "server_text", stage: "world", text: "Tu personaje se conectó desde otro lugar." }, "account_in_use"],
      [{ kind: "server_text", stage: "account", text: "Tiempo de espera agotado." }, "login_timeout"],
      [{ kind: "server_text", stage: "account", text: "El servidor no puede crear la cuenta ahora. Intente más tarde." }, "server_unavailable"],
      [{ kind: "server_text", stage: "account", text: "El servidor no puede leer los personajes ahora." }, "server_unavailable"],
      [{ kind: "server_text", stage: "account", text: "La cuenta está bloqueada." }, "server_refused"],
      [{ kind: "server_text", stage: "entering", text: "Error interno del servidor." }, "server_refused"],
      [{ kind: "message_box", stage: "entering", messageId: 1759, extra: "" }, "server_full"],
      [{ kind: "message_box", stage: "entering", messageId: 1769, extra: "" }, "name_taken"],
      [{ kind: "message_box", stage: "entering", messageId: 1764, extra: "" }, "account_in_use"],
      [{ kind: "message_box", stage: "entering", messageId: 1773, extra: "" }, "server_unavailable"],
      [{ kind: "message_box", stage: "entering", messageId: 1768, extra: "" }, "server_refused"],
      // Without the server's words: socket errors, by where the bot was.
      [{ kind: "socket_error", stage: "hello", code: "ECONNRESET", text: "socket error: ECONNRESET" }, "refused_at_accept"],
      [{ kind: "closed", stage: "hello", text: "closed by the server" }, "refused_at_accept"],
      [{ kind: "socket_error", stage: "account", code: "ECONNRESET", text: "socket error: ECONNRESET" }, "connection_reset"],
      [{ kind: "socket_error", stage: "entering", code: undefined, text: "socket error: ?" }, "connection_reset"],
      [{ kind: "closed", stage: "character", text: "closed by the server" }, "closed_by_server"],
      [{ kind: "socket_error", stage: "world", code: "ECONNRESET", text: "socket error: ECONNRESET" }, "dropped_in_world"],
      [{ kind: "closed", stage: "world", text: "closed by the server" }, "dropped_in_world"],
      [{ kind: "disconnect", stage: "world" }, "dropped_in_world"],
      [{ kind: "disconnect", stage: "entering" }, "closed_by_server"],
      [{ kind: "connect_failed", code: "ECONNREFUSED", text: "connect failed: ECONNREFUSED" }, "connection_refused"],
      [{ kind: "connect_failed", code: "EADDRNOTAVAIL", text: "connect failed: EADDRNOTAVAIL" }, "source_address_unavailable"],
      [{ kind: "connect_failed", code: SOURCE_NOT_BOUND, text: "connect failed: bound elsewhere" }, "source_address_unavailable"],
      [{ kind: "connect_failed", code: "ETIMEDOUT", text: "connect failed: ETIMEDOUT" }, "connect_failed"],
      [{ kind: "connect_failed", code: undefined, text: "connect failed (code 1006)" }, "connect_failed"],
      [{ kind: "timeout", stage: "account", limitMs: 60_000 }, "login_timeout"],
      [{ kind: "protocol", stage: "world", text: "framing: body too long" }, "protocol_error"],
      [{ kind: "unfinished", stage: "entering" }, "unfinished"],
      [{ kind: "other", text: "behaviour threw" }, "other"],
    ];
    for (const [signal, cause] of rows) expect([describeFailure(signal), classifyFailure(signal)]).toEqual([describeFailure(signal), cause]);
  });

  test("the server's own refusal texts map to their causes (kept in step with session/gateway.ts)", () => {
    const expected: Record<string, FailureCause> = {
      serverFull: "server_full",
      tooManyFromAddress: "too_many_from_address",
      wrongCredentials: "wrong_credentials",
      emailTaken: "account_exists",
      replaced: "account_in_use",
      loginTimeout: "login_timeout",
      cannotVerify: "server_unavailable",
      cannotCreate: "server_unavailable",
      cannotList: "server_unavailable",
    };
    const texts = GATEWAY_TEXT as Record<string, string | ((...args: number[]) => string)>;
    for (const [key, cause] of Object.entries(expected)) {
      const text = texts[key];
      expect([key, typeof text]).toEqual([key, "string"]);
      expect([key, classifyFailure({ kind: "server_text", stage: "hello", text: text as string })]).toEqual([key, cause]);
    }
    // Every other text is a refusal the example shows in the server's words.
    for (const [key, text] of Object.entries(texts)) {
      if (key in expected) continue;
      const words = typeof text === "function" ? text(8, 64) : text;
      expect([key, classifyFailure({ kind: "server_text", stage: "account", text: words })]).toEqual([key, "server_refused"]);
    }
  });

  test("every cause has a label and a one-line remedy", () => {
    for (const cause of FAILURE_CAUSES) {
      const remedy = CAUSES[cause].remedy(CONTEXT);
      expect([cause, CAUSES[cause].label.length > 0, remedy.length > 10, remedy.includes("\n")]).toEqual([cause, true, true, false]);
    }
    expect(foldText("Dirección  ÚNICA")).toBe("direccion unica");
  });

  test("the per-address remedy quotes the cap, says whether it is the default, and fits the run", () => {
    const remedy = (overrides: Partial<RemedyContext>) => CAUSES.too_many_from_address.remedy({ ...CONTEXT, ...overrides });
    expect(remedy({})).toBe(
      "the server allows 10 connections per address (by default): spread bots over local addresses with --source-addresses 127.0.0.2-127.0.0.254, or raise --max-connections-per-ip on the server",
    );
    expect(remedy({ perAddressCap: { value: 3, source: "metrics" } })).toStartWith("the server allows 3 connections per address: spread");
    expect(remedy({ sourceAddresses: 4, bots: 50 })).toBe(
      "4 source addresses × 10 connections each (by default) = 40, for 50 bots: give --source-addresses more addresses, or raise --max-connections-per-ip on the server",
    );
    expect(remedy({ transport: "ws" })).toContain("--source-addresses applies to tcp:// targets only");
    expect(remedy({ loopbackTarget: false })).toContain("more of this machine's addresses with --source-addresses");
    expect(CAUSES.refused_at_accept.remedy(CONTEXT)).toContain("--source-addresses 127.0.0.2-127.0.0.254");
    expect(CAUSES.server_full.remedy({ ...CONTEXT, maxConnections: { value: 100, source: "metrics" } })).toBe("the server admits 100 connections: raise --max-connections on the server, or run fewer bots");
    expect(CAUSES.account_exists.remedy(CONTEXT)).toContain("--reuse-accounts");
    expect(CAUSES.account_exists.remedy({ ...CONTEXT, reuseAccounts: true })).toContain("another --seed");
    expect(CAUSES.connection_refused.remedy(CONTEXT)).toContain("tcp://127.0.0.1:7667");
  });

  test("a run's failures fold into causes, most frequent first, with the first bot as the example", () => {
    const refused = (bot: string): { bot: string; signal: FailureSignal } => ({ bot, signal: { kind: "server_text", stage: "hello", text: "Demasiadas conexiones desde tu dirección" } });
    const groups = groupFailures(
      [
        { bot: "Botaaaaaaa", signal: { kind: "timeout", stage: "account", limitMs: 1_000 } },
        refused("Botaaaaaab"),
        refused("Botaaaaaac"),
        { bot: "Botaaaaaad", signal: { kind: "message_box", stage: "entering", messageId: 1759, extra: "" } },
      ],
      CONTEXT,
    );
    expect(groups.map(({ cause, count, example_bot }) => [cause, count, example_bot])).toEqual([
      ["too_many_from_address", 2, "Botaaaaaab"],
      ["server_full", 1, "Botaaaaaad"],
      ["login_timeout", 1, "Botaaaaaaa"],
    ]);
    expect(groups[0]).toEqual({
      cause: "too_many_from_address",
      label: "refused: too many connections from this address",
      count: 2,
      example_bot: "Botaaaaaab",
      example: "server error: Demasiadas conexiones desde tu dirección",
      remedy: CAUSES.too_many_from_address.remedy(CONTEXT),
    });
    expect(groupFailures([], CONTEXT)).toEqual([]);
  });
});

describe("connection budget", () => {
  test("the assumed caps are the server's own defaults", () => {
    const loaded = loadConfig([], {});
    if (!loaded.ok) throw loaded.error;
    expect([loaded.config.maxConnectionsPerIp, loaded.config.maxConnections]).toEqual([SERVER_DEFAULT_MAX_CONNECTIONS_PER_IP, SERVER_DEFAULT_MAX_CONNECTIONS]);
  });

  test("caps come from /metrics when exported, else the defaults", () => {
    expect(serverLimits(undefined)).toEqual({ perAddress: { value: 10, source: "default" }, total: { value: 5_000, source: "default" } });
    expect(serverLimits({ maxConnectionsPerIp: Number.NaN, maxConnections: 200 })).toEqual({ perAddress: { value: 10, source: "default" }, total: { value: 200, source: "metrics" } });
    expect(serverLimits({ maxConnectionsPerIp: 3, maxConnections: 0 }).perAddress).toEqual({ value: 3, source: "metrics" });
  });

  test("warns up front when the bots will not fit, with the remedy; silent when they do", () => {
    expect(connectionWarnings({ ...CONTEXT, bots: 10 })).toEqual([]);
    expect(connectionWarnings({ ...CONTEXT, bots: 50 })).toEqual([
      "50 bots from one address is more than the server lets in from there (10): about 40 will be refused; the server allows 10 connections per address (by default): spread bots over local addresses with --source-addresses 127.0.0.2-127.0.0.254, or raise --max-connections-per-ip on the server",
    ]);
    expect(connectionWarnings({ ...CONTEXT, bots: 1_000, sourceAddresses: 253 })).toEqual([]);
    expect(connectionWarnings({ ...CONTEXT, bots: 3_000, sourceAddresses: 253 })).toEqual([
      "3000 bots from 253 source addresses is more than the server lets in from there (2530): about 470 will be refused; 253 source addresses × 10 connections each (by default) = 2530, for 3000 bots: give --source-addresses more addresses, or raise --max-connections-per-ip on the server",
    ]);
    const overTotal = connectionWarnings({ ...CONTEXT, bots: 6_000, sourceAddresses: 1_000 });
    expect(overTotal).toEqual(["6000 bots is more than the server admits in total (5000 by default): raise --max-connections on the server, or run fewer bots"]);
  });
});
