/**
 * Server configuration: read once at boot from command-line flags and environment variables,
 * validated with zod, then passed down as a plain typed object. Nothing else reads
 * `process.env` for settings.
 */
import { z } from "zod";

export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
export const AOI_MODES = ["grid", "scan", "global"] as const;

/** A whole number written in decimal digits (no blanks, signs, hex or exponents). */
const integerText = (min: number, max: number) =>
  z.string().trim().regex(/^\d+$/, "a whole number").transform(Number).pipe(z.number().int().min(min).max(max));
const port = integerText(0, 65535);

/** A password-hash setting: what `--password-hash` reads (the database's PasswordHashing). */
export type PasswordHashSetting =
  | { readonly algorithm: "argon2id"; readonly memoryCostKiB: number; readonly timeCost: number }
  | { readonly algorithm: "bcrypt"; readonly cost: number };

/** OWASP's minimum argon2id; the database's DEFAULT_PASSWORD_HASHING (a test keeps them equal). */
export const DEFAULT_PASSWORD_HASH = "argon2id:m=19456,t=2";

/**
 * What `--password-hash` accepts, inclusive. Wider than sense on purpose on the cheap side (a
 * private server may trade resistance for fast logins), capped on the dear side where one login
 * would hold a pool thread for seconds or its memory would crowd the server: 256 MiB × the pool.
 */
export const PASSWORD_HASH_BOUNDS = {
  argon2MemoryKiB: [1_024, 262_144],
  argon2Passes: [1, 10],
  bcryptCost: [4, 16],
} as const;

const ARGON2_TEXT = /^argon2id:m=(\d{1,9}),t=(\d{1,9})$/;
const BCRYPT_TEXT = /^bcrypt:(\d{1,9})$/;

function within(value: number, [min, max]: readonly [number, number]): boolean {
  return value >= min && value <= max;
}

function parsePasswordHash(text: string, context: z.RefinementCtx): PasswordHashSetting {
  const argon2 = ARGON2_TEXT.exec(text);
  if (argon2) {
    const memoryCostKiB = Number(argon2[1]);
    const timeCost = Number(argon2[2]);
    const { argon2MemoryKiB, argon2Passes } = PASSWORD_HASH_BOUNDS;
    if (within(memoryCostKiB, argon2MemoryKiB) && within(timeCost, argon2Passes)) return { algorithm: "argon2id", memoryCostKiB, timeCost };
    context.addIssue({ code: "custom", message: `argon2id memory must be ${argon2MemoryKiB.join("-")} KiB and passes ${argon2Passes.join("-")}` });
    return z.NEVER;
  }
  const bcrypt = BCRYPT_TEXT.exec(text);
  if (bcrypt) {
    const cost = Number(bcrypt[1]);
    if (within(cost, PASSWORD_HASH_BOUNDS.bcryptCost)) return { algorithm: "bcrypt", cost };
    context.addIssue({ code: "custom", message: `bcrypt cost must be ${PASSWORD_HASH_BOUNDS.bcryptCost.join("-")}` });
    return z.NEVER;
  }
  context.addIssue({ code: "custom", message: "argon2id:m=<KiB>,t=<passes> or bcrypt:<cost>" });
  return z.NEVER;
}

/** Most map worker threads `--map-workers` starts. */
export const MAX_MAP_WORKERS = 256;
/** The embedded database's `shared_buffers`, MiB; the database's DEFAULT_PGLITE_SHARED_BUFFERS_MB (a test keeps them equal). */
export const DEFAULT_PGLITE_SHARED_BUFFERS_MB = 8;

/** The operator console's token: long enough that guessing it through the rate limit is hopeless. */
export const MIN_ADMIN_TOKEN_LENGTH = 32;
export const MAX_ADMIN_TOKEN_LENGTH = 512;

/** One row per setting: its flag, environment variable, schema and help text. */
export const SETTINGS = {
  tcpPort: { flag: "--tcp-port", env: "AO_TCP_PORT", schema: port.default(7667), help: "TCP port for the stock AO20 client (0 picks a free port)" },
  httpPort: { flag: "--http-port", env: "AO_HTTP_PORT", schema: port.default(8080), help: "HTTP and WebSocket port (0 picks a free port)" },
  host: { flag: "--host", env: "AO_HOST", schema: z.string().min(1).default("0.0.0.0"), help: "address to listen on" },
  dataDir: { flag: "--data-dir", env: "AO_DATA_DIR", schema: z.string().min(1).default("./data"), help: "folder for the embedded database and other state" },
  databaseUrl: {
    flag: "--database-url",
    env: "DATABASE_URL",
    schema: z
      .string()
      .regex(/^postgres(ql)?:\/\//, "a postgres:// or postgresql:// URL")
      .optional(),
    help: "Postgres URL; without it the embedded database (PGlite) in the data dir is used",
  },
  world: { flag: "--world", env: "AO_WORLD", schema: z.string().min(1).optional(), help: "folder of an imported world pack; without it the built-in default world" },
  graphics: {
    flag: "--graphics",
    env: "AO_GRAPHICS",
    schema: z.string().min(1).optional(),
    help: "folder of the AO client's images (<n>.png); with an imported world that has a graphics index, the browser client draws with them",
  },
  logLevel: { flag: "--log-level", env: "AO_LOG_LEVEL", schema: z.enum(LOG_LEVELS).default("info"), help: `log level: ${LOG_LEVELS.join(", ")}` },
  aoiMode: { flag: "--aoi", env: "AO_AOI", schema: z.enum(AOI_MODES).default("grid"), help: `area-of-interest mode: ${AOI_MODES.join(", ")}` },
  autosaveSeconds: {
    flag: "--autosave-seconds",
    env: "AO_AUTOSAVE_SECONDS",
    schema: integerText(1, 86_400).default(60),
    help: "seconds between autosaves of online characters",
  },
  loginTimeoutSeconds: {
    flag: "--login-timeout-seconds",
    env: "AO_LOGIN_TIMEOUT_SECONDS",
    schema: integerText(1, 3600).default(30),
    help: "seconds a new connection has to log in to an account",
  },
  minPasswordLength: {
    flag: "--min-password-length",
    env: "AO_MIN_PASSWORD_LENGTH",
    schema: integerText(1, 64).default(8),
    help: "shortest password a new account may have (private servers may lower it); the longest is 64",
  },
  passwordHash: {
    flag: "--password-hash",
    env: "AO_PASSWORD_HASH",
    schema: z.string().trim().default(DEFAULT_PASSWORD_HASH).transform(parsePasswordHash),
    help: `password hash for new and changed passwords: argon2id:m=<KiB ${PASSWORD_HASH_BOUNDS.argon2MemoryKiB.join("-")}>,t=<passes ${PASSWORD_HASH_BOUNDS.argon2Passes.join("-")}> or bcrypt:<cost ${PASSWORD_HASH_BOUNDS.bcryptCost.join("-")}>; default ${DEFAULT_PASSWORD_HASH} (README: why); old hashes keep working`,
  },
  globalChat: {
    flag: "--global-chat",
    env: "AO_GLOBAL_CHAT",
    schema: z.enum(["on", "off"]).default("on").transform((value) => value === "on"),
    help: "on or off: players may send one line to everybody online (/GLOBAL, the stock client's global chat)",
  },
  allowWorldChange: {
    flag: "--allow-world-change",
    env: "AO_ALLOW_WORLD_CHANGE",
    // A switch: the bare flag means on.
    switch: true,
    schema: z.enum(["on", "off"]).default("off").transform((value) => value === "on"),
    help: "on or off (the bare flag is on): start on a database that belongs to another world, moving its characters into this one (home city when their map is gone) and dropping objects this world lacks",
  },
  benchSpawn: {
    flag: "--bench-spawn",
    env: "AO_BENCH_SPAWN",
    schema: z
      .string()
      .regex(/^(off|spread|[1-9][0-9]{0,4})$/, "off, spread, or a map id")
      .default("off"),
    help: "benchmarks only: new characters start on this map (or spread round-robin over all maps) instead of their home city",
  },
  loadAllMaps: {
    flag: "--load-all-maps",
    env: "AO_LOAD_ALL_MAPS",
    switch: true,
    schema: z.enum(["on", "off"]).default("off").transform((value) => value === "on"),
    help: "on or off (the bare flag is on): load every map of the world at start, with all its NPCs, and keep them loaded; off loads a big world's maps on first entry (worlds of up to 32 maps are always loaded whole)",
  },
  mapWorkers: {
    flag: "--map-workers",
    env: "AO_MAP_WORKERS",
    schema: z
      .string()
      .trim()
      .regex(/^(auto|[1-9][0-9]{0,2})$/, `auto or a whole number 1-${MAX_MAP_WORKERS}`)
      .default("auto")
      .transform((value): number | "auto" => (value === "auto" ? "auto" : Number(value)))
      .pipe(z.union([z.literal("auto"), z.number().int().min(1).max(MAX_MAP_WORKERS)])),
    help: `map worker threads, auto or 1-${MAX_MAP_WORKERS}: auto is one per CPU core, never more than the world's maps; each idle worker holds about 8 MB`,
  },
  pgliteSharedBuffersMb: {
    flag: "--pglite-shared-buffers-mb",
    env: "AO_PGLITE_SHARED_BUFFERS_MB",
    schema: integerText(1, 1024).default(DEFAULT_PGLITE_SHARED_BUFFERS_MB),
    help: `embedded database only: its page cache (Postgres shared_buffers) in MiB, 1-1024, all of it resident memory; default ${DEFAULT_PGLITE_SHARED_BUFFERS_MB}`,
  },
  maxConnections: {
    flag: "--max-connections",
    env: "AO_MAX_CONNECTIONS",
    schema: integerText(1, 1_000_000).default(5000),
    help: "connections accepted in total",
  },
  maxConnectionsPerIp: {
    flag: "--max-connections-per-ip",
    env: "AO_MAX_CONNECTIONS_PER_IP",
    schema: integerText(1, 1_000_000).default(10),
    help: "connections accepted from one address",
  },
  flushIntervalMs: {
    flag: "--flush-interval-ms",
    env: "AO_FLUSH_INTERVAL_MS",
    schema: integerText(0, 100).default(20),
    help: "longest wait of a frame for its socket write, ms: a busy server writes each socket at most once per this long, all frames together (a quiet one at once); 0 writes at the end of every event-loop turn",
  },
  // -- the operator console (issue 25, server/admin-console)
  adminToken: {
    flag: "--admin-token",
    env: "AO_ADMIN_TOKEN",
    // A secret: a refusal never repeats it.
    secret: true,
    schema: z
      .string()
      .min(MIN_ADMIN_TOKEN_LENGTH, `at least ${MIN_ADMIN_TOKEN_LENGTH} characters`)
      .max(MAX_ADMIN_TOKEN_LENGTH, `at most ${MAX_ADMIN_TOKEN_LENGTH} characters`)
      .regex(/^[\x21-\x7e]+$/, "printable ASCII without blanks")
      .optional(),
    help: `the operator console's bearer token (${MIN_ADMIN_TOKEN_LENGTH}-${MAX_ADMIN_TOKEN_LENGTH} printable characters, e.g. openssl rand -hex 32): with it the HTTP port serves /admin and /api/admin/*; without it neither exists`,
  },
} as const;

/**
 * The settings of the cluster commands (`argentum gateway`, `argentum mapnode`), besides the
 * server's own: where NATS is, the cluster's name (it prefixes every subject, so clusters share
 * one NATS server), this node's name, and the map lease's length.
 */
export const CLUSTER_SETTINGS = {
  natsUrl: {
    flag: "--nats",
    env: "AO_NATS_URL",
    schema: z
      .string()
      .trim()
      .regex(/^(nats|tls):\/\/[^\s]+$/, "a nats:// or tls:// URL")
      .default("nats://127.0.0.1:4222"),
    help: "NATS server of the cluster",
  },
  cluster: {
    flag: "--cluster",
    env: "AO_CLUSTER",
    schema: z.string().trim().regex(/^[A-Za-z0-9_-]{1,64}$/, "1-64 letters, digits, '_' or '-'").default("argentum"),
    help: "cluster name: prefixes every NATS subject, so several clusters can share one NATS server",
  },
  nodeId: {
    flag: "--node-id",
    env: "AO_NODE_ID",
    schema: z.string().trim().regex(/^[A-Za-z0-9_-]{1,64}$/, "1-64 letters, digits, '_' or '-'").optional(),
    help: "this node's name (default: the role and the host name); a random boot id is added at every start",
  },
  leaseSeconds: {
    flag: "--lease-seconds",
    env: "AO_LEASE_SECONDS",
    schema: integerText(2, 600).default(4),
    help: "seconds a map lease lasts; renewed every second, and a map node stops a map a second before its lease could run out",
  },
} as const;

export type SettingName = keyof typeof SETTINGS;
export type ServerConfig = { [K in SettingName]: z.output<(typeof SETTINGS)[K]["schema"]> };
export type ClusterSettingName = keyof typeof CLUSTER_SETTINGS;
export type ClusterConfig = ServerConfig & { [K in ClusterSettingName]: z.output<(typeof CLUSTER_SETTINGS)[K]["schema"]> };

type AnySettings = Record<string, { flag: string; env: string; schema: z.ZodType; help: string; switch?: true; secret?: true }>;

/** A configuration problem, worded for the operator: one line naming the setting. */
export class ConfigError extends Error {
  readonly code = "bad_config";
  constructor(message: string) {
    super(message);
    this.name = "ConfigError";
  }
}

export type ConfigOutcome = { ok: true; config: ServerConfig } | { ok: false; error: ConfigError };

/**
 * Builds the configuration from flags (`--name value` or `--name=value`) and environment
 * variables; a flag wins over its variable. Unknown flags are errors. A switch (an on/off setting
 * marked `switch`) may also stand alone, meaning on; an `on` or `off` right after it is its value.
 */
export function loadConfig(argv: readonly string[], env: Record<string, string | undefined>): ConfigOutcome {
  const loaded = loadSettings(SETTINGS as unknown as AnySettings, argv, env);
  return loaded.ok ? { ok: true, config: loaded.config as ServerConfig } : loaded;
}

export type ClusterConfigOutcome = { ok: true; config: ClusterConfig } | { ok: false; error: ConfigError };

/**
 * The configuration of a cluster command: the server's settings and the cluster's. A cluster
 * keeps its state in Postgres only (the nodes share it), so `--database-url` is required.
 */
export function loadClusterConfig(argv: readonly string[], env: Record<string, string | undefined>): ClusterConfigOutcome {
  const loaded = loadSettings({ ...SETTINGS, ...CLUSTER_SETTINGS } as unknown as AnySettings, argv, env);
  if (!loaded.ok) return loaded;
  const config = loaded.config as ClusterConfig;
  if (!config.databaseUrl) {
    return { ok: false, error: new ConfigError("a cluster needs Postgres: set --database-url / DATABASE_URL (the embedded database cannot be shared between nodes)") };
  }
  return { ok: true, config };
}

function loadSettings(settings: AnySettings, argv: readonly string[], env: Record<string, string | undefined>): { ok: true; config: Record<string, unknown> } | { ok: false; error: ConfigError } {
  const raw: Record<string, string> = {};
  const byFlag = new Map<string, string>(Object.entries(settings).map(([name, setting]) => [setting.flag, name]));
  for (const [name, setting] of Object.entries(settings)) {
    const value = env[setting.env];
    if (value !== undefined && value !== "") raw[name] = value;
  }
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const eq = arg.indexOf("=");
    const flag = eq > 0 ? arg.slice(0, eq) : arg;
    const name = byFlag.get(flag);
    if (!name) return fail(`unknown option ${JSON.stringify(arg)}; see --help`);
    let value: string | undefined;
    if (eq > 0) value = arg.slice(eq + 1);
    else if (settings[name]!.switch) {
      const next = argv[i + 1];
      value = next === "on" || next === "off" ? argv[++i] : "on";
    } else value = argv[++i];
    if (value === undefined) return fail(`${flag} needs a value (${settings[name]!.help})`);
    raw[name] = value;
  }
  const config: Record<string, unknown> = {};
  for (const [name, setting] of Object.entries(settings)) {
    const parsed = setting.schema.safeParse(raw[name]);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const shown = setting.secret ? "(the value is not repeated)" : JSON.stringify(raw[name]);
      return fail(`invalid ${setting.flag} / ${setting.env} = ${shown}: ${issue?.message ?? "invalid"} (${setting.help})`);
    }
    config[name] = parsed.data;
  }
  return { ok: true, config };
}

function fail(message: string): { ok: false; error: ConfigError } {
  return { ok: false, error: new ConfigError(message) };
}

/** The options block of `argentum serve --help` (with `cluster`: of the cluster commands). */
export function describeSettings(cluster = false): string {
  return Object.values(cluster ? { ...CLUSTER_SETTINGS, ...SETTINGS } : SETTINGS)
    .map((setting) => `  ${`${setting.flag} / ${setting.env}`.padEnd(52)} ${setting.help}`)
    .join("\n");
}
