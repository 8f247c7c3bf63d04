/**
 * Why bots failed, by cause, with what to do about it. A session records how it ended as a value
 * (`FailureSignal`: the server's words, a socket error code, a timeout, ...); `classifyFailure`
 * maps that to a cause from one table, and `groupFailures` folds a run's failures into a few
 * lines: cause, count, one example bot, one remedy. All pure: the texts are matched here, the
 * numbers in remedies (the server's caps, the bots' options) come in a `RemedyContext`.
 *
 * The server's refusals are Spanish `ErrorMsg` texts and `ShowMessageBox` ids (session/gateway.ts,
 * character-creation §8.1). A server that refuses at accept without a word (an older build closes
 * the socket before its `Connected`) shows up as a reset before the greeting; that gets its own
 * cause, whose remedy names the likely limits.
 */
import {
  MESSAGE_ACCOUNT_ALREADY_ONLINE,
  MESSAGE_ACCOUNT_ONLINE_LIMIT,
  MESSAGE_CANNOT_LOAD_CHARACTER,
  MESSAGE_SERVER_FULL,
} from "../game/character-creation/index.ts";

/** Where a bot was when it failed: its login steps (session phases), then the world. */
export type FailureStage = "connecting" | "hello" | "account" | "character" | "entering" | "world";

/** How a bot's session ended, as the session saw it. */
export type FailureSignal =
  /** `ErrorMsg`: the server's own words. */
  | { readonly kind: "server_text"; readonly stage: FailureStage; readonly text: string }
  /** `ShowMessageBox`: a localised message id (and its ¬-separated parameters). */
  | { readonly kind: "message_box"; readonly stage: FailureStage; readonly messageId: number; readonly extra: string }
  /** `Disconnect`. */
  | { readonly kind: "disconnect"; readonly stage: FailureStage }
  /** The connection never opened; `code` is the platform's (ECONNREFUSED, EADDRNOTAVAIL, ...). */
  | { readonly kind: "connect_failed"; readonly code: string | undefined; readonly text: string }
  /** The open connection broke with an error (ECONNRESET, EPIPE, ...). */
  | { readonly kind: "socket_error"; readonly stage: FailureStage; readonly code: string | undefined; readonly text: string }
  /** The server closed the connection without a message. */
  | { readonly kind: "closed"; readonly stage: FailureStage; readonly text: string }
  /** The bots' own login deadline (`--login-timeout`) passed. */
  | { readonly kind: "timeout"; readonly stage: FailureStage; readonly limitMs: number }
  /** Framing, decoding or encoding went wrong. */
  | { readonly kind: "protocol"; readonly stage: FailureStage; readonly text: string }
  /** Still logging in when the run stopped waiting for logins. */
  | { readonly kind: "unfinished"; readonly stage: string }
  /** Anything else the runtime reported (a reason text only). */
  | { readonly kind: "other"; readonly text: string };

export const FAILURE_CAUSES = [
  "too_many_from_address",
  "server_full",
  "refused_at_accept",
  "account_exists",
  "name_taken",
  "wrong_credentials",
  "account_in_use",
  "login_timeout",
  "server_unavailable",
  "server_refused",
  "connection_refused",
  "source_address_unavailable",
  "connect_failed",
  "connection_reset",
  "closed_by_server",
  "dropped_in_world",
  "protocol_error",
  "unfinished",
  "other",
] as const;
export type FailureCause = (typeof FAILURE_CAUSES)[number];

/** A server limit the bots know: read from its `/metrics`, or the server's default. */
export interface ServerLimit {
  readonly value: number;
  readonly source: "metrics" | "default";
}

/** What remedies quote: the run's options and what is known of the server. */
export interface RemedyContext {
  readonly bots: number;
  readonly transport: "tcp" | "ws";
  readonly target: string;
  readonly loopbackTarget: boolean;
  /** Local addresses bots bind to (0: the machine's default, one address). */
  readonly sourceAddresses: number;
  readonly perAddressCap: ServerLimit;
  readonly maxConnections: ServerLimit;
  readonly reuseAccounts: boolean;
  readonly loginTimeoutS: number;
}

/** The spread README and help suggest: every loopback address but .0, .1 (the server's) and .255. */
export const SUGGESTED_SOURCE_ADDRESSES = "127.0.0.2-127.0.0.254";

function byDefault(limit: ServerLimit): string {
  return limit.source === "default" ? " (by default)" : "";
}

/** The per-address advice; also the up-front warning's (connection-budget.ts). */
export function perAddressRemedy(context: RemedyContext): string {
  const cap = context.perAddressCap;
  const raise = "raise --max-connections-per-ip on the server";
  if (context.transport === "ws") {
    return `the server allows ${cap.value} connections per address${byDefault(cap)}: ${raise} (--source-addresses applies to tcp:// targets only)`;
  }
  if (context.sourceAddresses > 0) {
    const room = context.sourceAddresses * cap.value;
    return `${context.sourceAddresses} source addresses × ${cap.value} connections each${byDefault(cap)} = ${room}, for ${context.bots} bots: give --source-addresses more addresses, or ${raise}`;
  }
  const spread = context.loopbackTarget
    ? `spread bots over local addresses with --source-addresses ${SUGGESTED_SOURCE_ADDRESSES}`
    : "spread bots over more of this machine's addresses with --source-addresses";
  return `the server allows ${cap.value} connections per address${byDefault(cap)}: ${spread}, or ${raise}`;
}

function accountsRemedy(context: RemedyContext, what: string): string {
  return context.reuseAccounts
    ? `${what} exist but not as this seed's bots made them: run without --reuse-accounts (new accounts, a new run tag), or with another --seed`
    : `${what} exist from another run with the same run tag: run again (each run draws a new tag), or log into them with --reuse-accounts`;
}

interface CauseRow {
  readonly label: string;
  readonly remedy: (context: RemedyContext) => string;
}

/** Every cause: its label in reports and its one-line remedy. */
export const CAUSES: Readonly<Record<FailureCause, CauseRow>> = {
  too_many_from_address: { label: "refused: too many connections from this address", remedy: perAddressRemedy },
  server_full: {
    label: "refused: server full",
    remedy: (c) => `the server admits ${c.maxConnections.value} connections${byDefault(c.maxConnections)}: raise --max-connections on the server, or run fewer bots`,
  },
  refused_at_accept: {
    label: "refused at connect, no reason given",
    remedy: (c) =>
      `the server dropped the connection before greeting the bot, as a server that sends no reason does over its per-address cap or when full; likely: ${perAddressRemedy(c)} (the server log names the reason)`,
  },
  account_exists: { label: "account exists", remedy: (c) => accountsRemedy(c, "accounts with these e-mails") },
  name_taken: { label: "character name taken", remedy: (c) => accountsRemedy(c, "characters with these names") },
  wrong_credentials: { label: "refused: unknown account or wrong password", remedy: (c) => accountsRemedy(c, "accounts with these e-mails") },
  account_in_use: {
    label: "account in use elsewhere",
    remedy: () => "another client logged into the same account or character: two runs share accounts (--reuse-accounts with the same --seed at once)",
  },
  login_timeout: {
    label: "login timeout",
    remedy: (c) =>
      `logins took longer than the deadline (bots: --login-timeout ${c.loginTimeoutS} s; server: --login-timeout-seconds, 30 s by default): the server is busy hashing passwords; lower --login-concurrency or raise both deadlines`,
  },
  server_unavailable: { label: "refused: the server cannot reach its database", remedy: () => "the server could not read or write accounts: its log says why (database down or locked)" },
  server_refused: { label: "refused by the server", remedy: () => "the example has the server's words; the server log has the detail" },
  connection_refused: { label: "connection refused", remedy: (c) => `nothing listens at ${c.target}: start the server (npm start, argentum serve) or fix --target` },
  source_address_unavailable: {
    label: "source address not available",
    remedy: () =>
      "--source-addresses must be addresses of this machine (on Linux all of 127.0.0.0/8 is loopback; elsewhere add each first, macOS: ifconfig lo0 alias 127.0.0.2) and --target an IP address",
  },
  connect_failed: { label: "connect failed", remedy: (c) => `the bots could not reach ${c.target}: check --target and the network` },
  connection_reset: { label: "connection reset", remedy: () => "the server or the network cut the connection: the server log says why" },
  closed_by_server: { label: "closed by the server without a reason", remedy: () => "the server closed the connection without a message: its log says why" },
  dropped_in_world: {
    label: "dropped while in the world",
    remedy: () => "the server cut bots that were playing (flood limit, packet order, a restart): its log says why",
  },
  protocol_error: { label: "protocol error", remedy: () => "the bots and the server disagree on the protocol: run both from the same version" },
  unfinished: {
    label: "still logging in when the run began measuring",
    remedy: () => "logins are slower than the run waits for: lower --login-concurrency or --bots (login_storm: raise --duration)",
  },
  other: { label: "other", remedy: () => "see the example" },
};

/** Lowercase, accents off, spaces folded: "Dirección" and "direccion" read the same. */
export function foldText(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/\s+/g, " ");
}

/** `ErrorMsg` texts (folded) the server refuses with, first match wins. */
const SERVER_TEXT_CAUSES: readonly (readonly [needle: string, cause: FailureCause])[] = [
  ["demasiadas conexiones", "too_many_from_address"],
  ["se encuentra lleno", "server_full"],
  ["ya existe una cuenta", "account_exists"],
  ["ya existe el personaje", "name_taken"],
  ["usuario o contrasena incorrectos", "wrong_credentials"],
  ["se conecto desde otro lugar", "account_in_use"],
  ["tiempo de espera agotado", "login_timeout"],
  ["intente mas tarde", "server_unavailable"],
  ["no puede leer los personajes", "server_unavailable"],
];

/** `ShowMessageBox` ids a login can end with (§8.1); any other id is `server_refused`. */
const MESSAGE_BOX_CAUSES: ReadonlyMap<number, FailureCause> = new Map<number, FailureCause>([
  [MESSAGE_SERVER_FULL, "server_full"],
  [1769, "name_taken"],
  [MESSAGE_ACCOUNT_ALREADY_ONLINE, "account_in_use"],
  [MESSAGE_ACCOUNT_ONLINE_LIMIT, "account_in_use"],
  [MESSAGE_CANNOT_LOAD_CHARACTER, "server_unavailable"],
]);

/** The code the TCP transport gives a socket that did not get the source address it asked for. */
export const SOURCE_NOT_BOUND = "ESOURCENOTBOUND";

/** Platform codes of a connect that failed. */
const CONNECT_CODE_CAUSES: Readonly<Record<string, FailureCause>> = {
  ECONNREFUSED: "connection_refused",
  EADDRNOTAVAIL: "source_address_unavailable",
  [SOURCE_NOT_BOUND]: "source_address_unavailable",
};

export function classifyFailure(signal: FailureSignal): FailureCause {
  switch (signal.kind) {
    case "server_text": {
      const folded = foldText(signal.text);
      for (const [needle, cause] of SERVER_TEXT_CAUSES) if (folded.includes(needle)) return cause;
      return "server_refused";
    }
    case "message_box":
      return MESSAGE_BOX_CAUSES.get(signal.messageId) ?? "server_refused";
    case "disconnect":
      return signal.stage === "world" ? "dropped_in_world" : "closed_by_server";
    case "connect_failed":
      return (signal.code && CONNECT_CODE_CAUSES[signal.code]) || "connect_failed";
    case "socket_error":
    case "closed":
      // Before `Connected` the gateway has not taken the connection: only its accept-time
      // limits (or a shutdown) drop it there.
      if (signal.stage === "hello" || signal.stage === "connecting") return "refused_at_accept";
      if (signal.stage === "world") return "dropped_in_world";
      return signal.kind === "closed" ? "closed_by_server" : "connection_reset";
    case "timeout":
      return "login_timeout";
    case "protocol":
      return "protocol_error";
    case "unfinished":
      return "unfinished";
    case "other":
      return "other";
  }
}

function whileText(stage: FailureStage): string {
  return stage === "world" ? "in the world" : `logging in: ${stage}`;
}

/** One line for a log or a report example: what happened, in the bots' words. */
export function describeFailure(signal: FailureSignal): string {
  switch (signal.kind) {
    case "server_text":
      return `server error: ${signal.text}`;
    case "message_box":
      return `server message box ${signal.messageId}${signal.extra ? ` (${signal.extra})` : ""}`;
    case "disconnect":
      return "the server disconnected the bot";
    case "connect_failed":
      return signal.text;
    case "socket_error":
    case "closed":
      return `${signal.text} (while ${whileText(signal.stage)})`;
    case "timeout":
      return `login timed out after ${signal.limitMs} ms (at ${signal.stage})`;
    case "protocol":
      return `protocol: ${signal.text}`;
    case "unfinished":
      return `still logging in (at ${signal.stage}) when measuring began`;
    case "other":
      return signal.text;
  }
}

/** One line of a report's failures. */
export interface FailureGroup {
  readonly cause: FailureCause;
  readonly label: string;
  readonly count: number;
  /** The first bot (in actor order) that failed this way: its character name. */
  readonly example_bot: string;
  /** What happened to that bot. */
  readonly example: string;
  readonly remedy: string;
}

export interface FailedBot {
  readonly bot: string;
  readonly signal: FailureSignal;
}

/** Folds failures into causes, most frequent first (ties in table order). */
export function groupFailures(failed: readonly FailedBot[], context: RemedyContext): FailureGroup[] {
  const groups = new Map<FailureCause, { count: number; first: FailedBot }>();
  for (const entry of failed) {
    const cause = classifyFailure(entry.signal);
    const group = groups.get(cause);
    if (group) group.count++;
    else groups.set(cause, { count: 1, first: entry });
  }
  return [...groups]
    .sort((a, b) => b[1].count - a[1].count || FAILURE_CAUSES.indexOf(a[0]) - FAILURE_CAUSES.indexOf(b[0]))
    .map(([cause, { count, first }]) => ({
      cause,
      label: CAUSES[cause].label,
      count,
      example_bot: first.bot,
      example: describeFailure(first.signal),
      remedy: CAUSES[cause].remedy(context),
    }));
}
