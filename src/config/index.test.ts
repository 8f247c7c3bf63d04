import { describe, expect, test } from "bun:test";
import { AOI_MODES, ConfigError, describeSettings, loadConfig, LOG_LEVELS, SETTINGS, type ConfigOutcome, type ServerConfig } from "./index.ts";
import { DEFAULT_PASSWORD_HASH, PASSWORD_HASH_BOUNDS } from "./index.ts";
import { CLUSTER_SETTINGS, loadClusterConfig, type ClusterConfig, type ClusterConfigOutcome } from "./index.ts";
import { DEFAULT_PASSWORD_HASHING, describePasswordHashing, type PasswordHashing } from "../db/index.ts";

function ok(outcome: ConfigOutcome): ServerConfig {
  if (!outcome.ok) throw new Error(`expected a config, got: ${outcome.error.message}`);
  return outcome.config;
}

function failure(outcome: ConfigOutcome): ConfigError {
  if (outcome.ok) throw new Error(`expected an error, got ${JSON.stringify(outcome.config)}`);
  return outcome.error;
}

const DEFAULTS: ServerConfig = {
  tcpPort: 7667,
  httpPort: 8080,
  host: "0.0.0.0",
  dataDir: "./data",
  databaseUrl: undefined,
  world: undefined,
  graphics: undefined,
  logLevel: "info",
  aoiMode: "grid",
  autosaveSeconds: 60,
  loginTimeoutSeconds: 30,
  minPasswordLength: 8,
  passwordHash: { algorithm: "argon2id", memoryCostKiB: 19_456, timeCost: 2 },
  globalChat: true,
  allowWorldChange: false,
  benchSpawn: "off",
  loadAllMaps: false,
  mapWorkers: "auto",
  pgliteSharedBuffersMb: 8,
  maxConnections: 5000,
  maxConnectionsPerIp: 10,
  flushIntervalMs: 20,
  adminToken: undefined,
};

describe("loadConfig", () => {
  test("no flags, no environment: the defaults", () => {
    const config = ok(loadConfig([], {}));
    expect(config).toEqual(DEFAULTS);
    // Every setting of the table is present in the result, and nothing else.
    expect(Object.keys(config).sort()).toEqual(Object.keys(SETTINGS).sort());
  });

  test("every setting from the environment", () => {
    const config = ok(
      loadConfig([], {
        AO_TCP_PORT: "7000",
        AO_HTTP_PORT: "0",
        AO_HOST: "127.0.0.1",
        AO_DATA_DIR: "/var/lib/ao",
        DATABASE_URL: "postgres://ao:secret@db:5432/ao",
        AO_WORLD: "/srv/world",
        AO_GRAPHICS: "/srv/graficos",
        AO_LOG_LEVEL: "debug",
        AO_AOI: "scan",
        AO_AUTOSAVE_SECONDS: "300",
        AO_LOGIN_TIMEOUT_SECONDS: "45",
        AO_GLOBAL_CHAT: "off",
        AO_MIN_PASSWORD_LENGTH: "4",
        AO_PASSWORD_HASH: "bcrypt:10",
        AO_ALLOW_WORLD_CHANGE: "on",
        AO_BENCH_SPAWN: "spread",
        AO_LOAD_ALL_MAPS: "on",
        AO_MAP_WORKERS: "3",
        AO_PGLITE_SHARED_BUFFERS_MB: "32",
        AO_MAX_CONNECTIONS: "20000",
        AO_MAX_CONNECTIONS_PER_IP: "3",
        AO_FLUSH_INTERVAL_MS: "0",
        AO_ADMIN_TOKEN: "t".repeat(32),
        UNRELATED: "ignored",
      }),
    );
    expect(config).toEqual({
      tcpPort: 7000,
      httpPort: 0,
      host: "127.0.0.1",
      dataDir: "/var/lib/ao",
      databaseUrl: "postgres://ao:secret@db:5432/ao",
      world: "/srv/world",
      graphics: "/srv/graficos",
      logLevel: "debug",
      aoiMode: "scan",
      autosaveSeconds: 300,
      loginTimeoutSeconds: 45,
      minPasswordLength: 4,
      passwordHash: { algorithm: "bcrypt", cost: 10 },
      globalChat: false,
      allowWorldChange: true,
      benchSpawn: "spread",
      loadAllMaps: true,
      mapWorkers: 3,
      pgliteSharedBuffersMb: 32,
      maxConnections: 20000,
      maxConnectionsPerIp: 3,
      flushIntervalMs: 0,
      adminToken: "t".repeat(32),
    });
  });

  test("--admin-token: at least 32 printable characters; a refusal names the rule and never repeats the token", () => {
    expect(ok(loadConfig(["--admin-token", "a".repeat(32)], {})).adminToken).toBe("a".repeat(32));
    expect(ok(loadConfig([], {})).adminToken).toBeUndefined();
    for (const bad of ["short-secret-token-31-characters".slice(0, 31), "with a blank inside it and long enough!!", "x".repeat(513)]) {
      const outcome = loadConfig([], { AO_ADMIN_TOKEN: bad });
      expect(outcome.ok).toBe(false);
      const message = outcome.ok ? "" : outcome.error.message;
      expect(message).toContain("--admin-token / AO_ADMIN_TOKEN");
      expect(message).not.toContain(bad);
    }
    const short = loadConfig(["--admin-token", "abc"], {});
    expect(short.ok ? "" : short.error.message).toContain("at least 32 characters");
  });

  test("`--flag value` and `--flag=value` forms; a value may itself contain `=`", () => {
    const config = ok(
      loadConfig(
        ["--tcp-port", "7001", "--http-port=8081", "--database-url=postgresql://u:p@h/db?sslmode=require&x=y", "--aoi", "global", "--log-level=warn"],
        {},
      ),
    );
    expect(config).toMatchObject({ tcpPort: 7001, httpPort: 8081, databaseUrl: "postgresql://u:p@h/db?sslmode=require&x=y", aoiMode: "global", logLevel: "warn" });
  });

  test("a flag wins over its environment variable, whatever the order; an empty variable counts as unset", () => {
    const env = { AO_TCP_PORT: "7100", AO_HOST: "10.0.0.1", AO_AOI: "" };
    expect(ok(loadConfig(["--tcp-port=7200"], env))).toMatchObject({ tcpPort: 7200, host: "10.0.0.1", aoiMode: "grid" });
    expect(ok(loadConfig(["--host", "::", "--tcp-port", "7300"], env))).toMatchObject({ tcpPort: 7300, host: "::" });
    // The same flag twice: the last one counts.
    expect(ok(loadConfig(["--tcp-port=1", "--tcp-port=2"], {})).tcpPort).toBe(2);
  });

  test("a bad value: one ConfigError line naming the flag, the variable and the value", () => {
    const fromFlag = failure(loadConfig(["--tcp-port", "seventy"], {}));
    expect(fromFlag).toBeInstanceOf(ConfigError);
    expect(fromFlag.code).toBe("bad_config");
    expect(fromFlag.name).toBe("ConfigError");
    expect(fromFlag.message.startsWith('invalid --tcp-port / AO_TCP_PORT = "seventy": ')).toBe(true);
    expect(fromFlag.message).toContain(SETTINGS.tcpPort.help);
    expect(fromFlag.message).not.toContain("\n");

    const fromEnv = failure(loadConfig([], { AO_AOI: "octree" }));
    expect(fromEnv.message.startsWith('invalid --aoi / AO_AOI = "octree": ')).toBe(true);
    expect(fromEnv.message).not.toContain("\n");

    // A value with a newline is quoted, so the message stays on one line.
    const sneaky = failure(loadConfig([], { AO_LOG_LEVEL: "info\nfatal" }));
    expect(sneaky.message.startsWith('invalid --log-level / AO_LOG_LEVEL = "info\\nfatal": ')).toBe(true);
    expect(sneaky.message).not.toContain("\n");
  });

  test.each([
    ["--tcp-port", "65536"],
    ["--tcp-port", "-1"],
    ["--http-port", "80.5"],
    ["--http-port", "abc"],
    ["--autosave-seconds", "0"],
    ["--autosave-seconds", "86401"],
    ["--max-connections", "0"],
    ["--max-connections-per-ip", "1000001"],
    ["--database-url", "mysql://u@h/db"],
    ["--database-url", "localhost:5432"],
    ["--log-level", "verbose"],
    ["--aoi", "GRID"],
    ["--host", ""],
    ["--data-dir", ""],
    ["--world", ""],
    ["--login-timeout-seconds", "0"],
    ["--login-timeout-seconds", "3601"],
    ["--bench-spawn", "0"],
    ["--bench-spawn", "100000"],
    ["--bench-spawn", "on"],
    ["--bench-spawn", "01"],
    ["--allow-world-change", "yes"],
    ["--allow-world-change", "ON"],
    ["--allow-world-change", ""],
  ])("%s %p is rejected, naming that flag", (flag, value) => {
    const error = failure(loadConfig([`${flag}=${value}`], {}));
    expect(error.message.startsWith(`invalid ${flag} / `)).toBe(true);
    expect(error.message).toContain(JSON.stringify(value));
  });

  test("range edges that are allowed", () => {
    expect(ok(loadConfig(["--tcp-port=0", "--http-port=65535", "--autosave-seconds=1", "--max-connections=1000000", "--max-connections-per-ip=1"], {}))).toMatchObject({
      tcpPort: 0,
      httpPort: 65535,
      autosaveSeconds: 1,
      maxConnections: 1_000_000,
      maxConnectionsPerIp: 1,
    });
    expect(ok(loadConfig(["--autosave-seconds=86400"], {})).autosaveSeconds).toBe(86_400);
    expect(ok(loadConfig(["--login-timeout-seconds=1"], {})).loginTimeoutSeconds).toBe(1);
    expect(ok(loadConfig(["--login-timeout-seconds=3600"], {})).loginTimeoutSeconds).toBe(3600);
    for (const spawn of ["off", "spread", "1", "99999"]) expect(ok(loadConfig(["--bench-spawn", spawn], {})).benchSpawn).toBe(spawn);
    for (const level of LOG_LEVELS) expect(ok(loadConfig([`--log-level=${level}`], {})).logLevel).toBe(level);
    for (const mode of AOI_MODES) expect(ok(loadConfig(["--aoi", mode], {})).aoiMode).toBe(mode);
  });

  test("unknown flags and stray words are rejected", () => {
    expect(failure(loadConfig(["--tcp"], {})).message).toBe('unknown option "--tcp"; see --help');
    expect(failure(loadConfig(["--nope=1"], {})).message).toBe('unknown option "--nope=1"; see --help');
    expect(failure(loadConfig(["serve"], {})).message).toBe('unknown option "serve"; see --help');
    expect(failure(loadConfig(["-p", "7000"], {})).message).toBe('unknown option "-p"; see --help');
    // The env-variable name is not a flag.
    expect(failure(loadConfig(["AO_TCP_PORT=7000"], {})).message).toBe('unknown option "AO_TCP_PORT=7000"; see --help');
  });

  test("--allow-world-change is a switch: alone it is on; on/off after it or after = is its value", () => {
    expect(ok(loadConfig(["--allow-world-change"], {})).allowWorldChange).toBe(true);
    expect(ok(loadConfig(["--allow-world-change", "--tcp-port", "7001"], {}))).toMatchObject({ allowWorldChange: true, tcpPort: 7001 });
    expect(ok(loadConfig(["--allow-world-change", "off"], {})).allowWorldChange).toBe(false);
    expect(ok(loadConfig(["--allow-world-change", "on"], {})).allowWorldChange).toBe(true);
    expect(ok(loadConfig(["--allow-world-change=off"], { AO_ALLOW_WORLD_CHANGE: "on" })).allowWorldChange).toBe(false);
    expect(ok(loadConfig([], { AO_ALLOW_WORLD_CHANGE: "off" })).allowWorldChange).toBe(false);
    // Only on/off are taken as its value; another word stays a (refused) word of its own.
    expect(failure(loadConfig(["--allow-world-change", "yes"], {})).message).toBe('unknown option "yes"; see --help');
    expect(failure(loadConfig([], { AO_ALLOW_WORLD_CHANGE: "true" })).message).toStartWith('invalid --allow-world-change / AO_ALLOW_WORLD_CHANGE = "true": ');
    // Ordinary settings still need their value.
    expect(failure(loadConfig(["--global-chat"], {})).message).toBe(`--global-chat needs a value (${SETTINGS.globalChat.help})`);
  });

  test("--load-all-maps is a switch like --allow-world-change", () => {
    expect(ok(loadConfig(["--load-all-maps"], {})).loadAllMaps).toBe(true);
    expect(ok(loadConfig(["--load-all-maps", "--bench-spawn", "spread"], {}))).toMatchObject({ loadAllMaps: true, benchSpawn: "spread" });
    expect(ok(loadConfig(["--load-all-maps", "off"], {})).loadAllMaps).toBe(false);
    expect(ok(loadConfig([], { AO_LOAD_ALL_MAPS: "on" })).loadAllMaps).toBe(true);
    expect(ok(loadConfig([], {})).loadAllMaps).toBe(false);
  });

  test("a flag without its value says so", () => {
    const error = failure(loadConfig(["--http-port=8081", "--world"], {}));
    expect(error.message).toBe(`--world needs a value (${SETTINGS.world.help})`);
  });

  test("the input objects are not modified", () => {
    const argv = Object.freeze(["--tcp-port", "7001"]);
    const env = Object.freeze({ AO_HOST: "127.0.0.1" });
    expect(ok(loadConfig(argv, env))).toMatchObject({ tcpPort: 7001, host: "127.0.0.1" });
  });
});

describe("describeSettings", () => {
  test("one line per setting: flag / variable, then the help", () => {
    const lines = describeSettings().split("\n");
    expect(lines).toHaveLength(Object.keys(SETTINGS).length);
    for (const [i, setting] of Object.values(SETTINGS).entries()) {
      const line = lines[i]!;
      expect(line.startsWith(`  ${setting.flag} / ${setting.env}`)).toBe(true);
      expect(line.endsWith(` ${setting.help}`)).toBe(true);
    }
    // Flags and variables are unique, so the lookup tables cannot shadow each other.
    const flags = Object.values(SETTINGS).map((s) => s.flag);
    const envs = Object.values(SETTINGS).map((s) => s.env);
    expect(new Set(flags).size).toBe(flags.length);
    expect(new Set(envs).size).toBe(envs.length);
  });
});

describe("regressions", () => {
  test("blank and non-decimal numbers are refused, not read as 0 or hex", () => {
    for (const argv of [["--tcp-port="], ["--tcp-port", " "], ["--http-port", "0x50"], ["--autosave-seconds", "1e2"]]) {
      const outcome = loadConfig(argv, {});
      expect(outcome.ok).toBe(false);
    }
    expect(loadConfig([], { AO_TCP_PORT: " " }).ok).toBe(false);
  });
});

describe("--password-hash", () => {
  test("the default is the database's default hashing, and its text round-trips", () => {
    const config = ok(loadConfig([], {}));
    expect(config.passwordHash).toEqual(DEFAULT_PASSWORD_HASHING);
    expect(describePasswordHashing(config.passwordHash)).toBe(DEFAULT_PASSWORD_HASH);
    expect(SETTINGS.passwordHash.help).toContain(DEFAULT_PASSWORD_HASH);
  });

  test("argon2id and bcrypt from a flag or the environment, blanks around trimmed, bounds inclusive", () => {
    expect(ok(loadConfig(["--password-hash", "argon2id:m=65536,t=3"], {})).passwordHash).toEqual({ algorithm: "argon2id", memoryCostKiB: 65_536, timeCost: 3 });
    expect(ok(loadConfig([], { AO_PASSWORD_HASH: " bcrypt:12 " })).passwordHash).toEqual({ algorithm: "bcrypt", cost: 12 });
    expect(ok(loadConfig(["--password-hash=bcrypt:10"], { AO_PASSWORD_HASH: "bcrypt:12" })).passwordHash).toEqual({ algorithm: "bcrypt", cost: 10 });
    const [minMemory, maxMemory] = PASSWORD_HASH_BOUNDS.argon2MemoryKiB;
    const [minPasses, maxPasses] = PASSWORD_HASH_BOUNDS.argon2Passes;
    const [minCost, maxCost] = PASSWORD_HASH_BOUNDS.bcryptCost;
    expect(ok(loadConfig([`--password-hash=argon2id:m=${minMemory},t=${minPasses}`], {})).passwordHash).toEqual({ algorithm: "argon2id", memoryCostKiB: minMemory, timeCost: minPasses });
    expect(ok(loadConfig([`--password-hash=argon2id:m=${maxMemory},t=${maxPasses}`], {})).passwordHash).toEqual({ algorithm: "argon2id", memoryCostKiB: maxMemory, timeCost: maxPasses });
    expect(ok(loadConfig([`--password-hash=bcrypt:${minCost}`], {})).passwordHash).toEqual({ algorithm: "bcrypt", cost: minCost });
    expect(ok(loadConfig([`--password-hash=bcrypt:${maxCost}`], {})).passwordHash).toEqual({ algorithm: "bcrypt", cost: maxCost });
  });

  test("every value the setting gives is one the database's hasher takes, and describes back to itself", () => {
    for (const text of ["argon2id:m=1024,t=1", "argon2id:m=19456,t=2", "argon2id:m=262144,t=10", "bcrypt:4", "bcrypt:16"]) {
      const hashing: PasswordHashing = ok(loadConfig(["--password-hash", text], {})).passwordHash;
      expect(describePasswordHashing(hashing)).toBe(text);
    }
  });

  test.each([
    "argon2id:m=1023,t=2",
    "argon2id:m=262145,t=2",
    "argon2id:m=19456,t=0",
    "argon2id:m=19456,t=11",
    "bcrypt:3",
    "bcrypt:17",
    "bcrypt:31",
    "argon2id",
    "bcrypt",
    "scrypt:14",
    "argon2i:m=19456,t=2",
    "ARGON2ID:m=19456,t=2",
    "argon2id:t=2,m=19456",
    "argon2id:m=19456,t=2,p=4",
    "argon2id:m=19456, t=2",
    "argon2id:m=-19456,t=2",
    "argon2id:m=1e5,t=2",
    "argon2id:m=0x4c00,t=2",
    "argon2id:m=19456.5,t=2",
    "argon2id:m=١٩٤٥٦,t=2",
    "bcrypt:10\nbcrypt:4",
    "bcrypt:99999999999999999999",
    `argon2id:m=${"9".repeat(40)},t=2`,
    "",
  ])("%p is refused with one line naming the setting", (value) => {
    const error = failure(loadConfig([`--password-hash=${value}`], {}));
    expect(error.message.startsWith(`invalid --password-hash / AO_PASSWORD_HASH = ${JSON.stringify(value)}: `)).toBe(true);
    expect(error.message).not.toContain("\n");
    const fromEnv = loadConfig([], { AO_PASSWORD_HASH: value });
    // An empty variable counts as unset (the default); anything else is refused the same way.
    expect(fromEnv.ok).toBe(value === "");
  });

  test("an out-of-range value says the bounds", () => {
    expect(failure(loadConfig(["--password-hash", "bcrypt:20"], {})).message).toContain("bcrypt cost must be 4-16");
    expect(failure(loadConfig(["--password-hash", "argon2id:m=512,t=2"], {})).message).toContain("argon2id memory must be 1024-262144 KiB and passes 1-10");
    expect(failure(loadConfig(["--password-hash", "md5"], {})).message).toContain("argon2id:m=<KiB>,t=<passes> or bcrypt:<cost>");
  });
});

describe("flush interval", () => {
  test("0..100 ms, 20 by default; anything else is refused naming the setting", () => {
    expect(ok(loadConfig([], {})).flushIntervalMs).toBe(20);
    expect(ok(loadConfig(["--flush-interval-ms", "0"], {})).flushIntervalMs).toBe(0);
    expect(ok(loadConfig([], { AO_FLUSH_INTERVAL_MS: "100" })).flushIntervalMs).toBe(100);
    for (const bad of ["101", "-1", "2.5", "5ms", "0x10"]) {
      expect(failure(loadConfig(["--flush-interval-ms", bad], {})).message).toContain("--flush-interval-ms / AO_FLUSH_INTERVAL_MS");
    }
  });
});

describe("memory settings (issue 17)", () => {
  test("--map-workers: auto by default, or a count 1-256 from the flag or AO_MAP_WORKERS", () => {
    expect(ok(loadConfig([], {})).mapWorkers).toBe("auto");
    expect(ok(loadConfig(["--map-workers", "auto"], {})).mapWorkers).toBe("auto");
    expect(ok(loadConfig(["--map-workers=1"], {})).mapWorkers).toBe(1);
    expect(ok(loadConfig([], { AO_MAP_WORKERS: "256" })).mapWorkers).toBe(256);
    expect(ok(loadConfig(["--map-workers", "2"], { AO_MAP_WORKERS: "8" })).mapWorkers).toBe(2);
  });

  test.each(["0", "257", "-1", "1.5", "two", "AUTO", "01", "0x4", ""])("--map-workers %p is refused naming the setting", (value) => {
    const error = failure(loadConfig([`--map-workers=${value}`], {}));
    expect(error.message.startsWith(`invalid --map-workers / AO_MAP_WORKERS = ${JSON.stringify(value)}: `)).toBe(true);
  });

  test("--pglite-shared-buffers-mb: 8 MiB by default, 1-1024 from the flag or its variable", () => {
    expect(ok(loadConfig([], {})).pgliteSharedBuffersMb).toBe(8);
    expect(ok(loadConfig(["--pglite-shared-buffers-mb", "1"], {})).pgliteSharedBuffersMb).toBe(1);
    expect(ok(loadConfig([], { AO_PGLITE_SHARED_BUFFERS_MB: "1024" })).pgliteSharedBuffersMb).toBe(1024);
    for (const bad of ["0", "1025", "16MB", "-4", "2.5"]) {
      expect(failure(loadConfig(["--pglite-shared-buffers-mb", bad], {})).message).toStartWith(
        `invalid --pglite-shared-buffers-mb / AO_PGLITE_SHARED_BUFFERS_MB = ${JSON.stringify(bad)}: `,
      );
    }
  });

  test("both appear in the help", () => {
    const help = describeSettings();
    expect(help).toContain("--map-workers / AO_MAP_WORKERS");
    expect(help).toContain("--pglite-shared-buffers-mb / AO_PGLITE_SHARED_BUFFERS_MB");
  });
});

describe("loadClusterConfig (multi-node)", () => {
  const DB = "postgres://ao:secret@db:5432/ao";

  function cluster(outcome: ClusterConfigOutcome): ClusterConfig {
    if (!outcome.ok) throw new Error(`expected a cluster config, got: ${outcome.error.message}`);
    return outcome.config;
  }

  function clusterFailure(outcome: ClusterConfigOutcome): ConfigError {
    if (outcome.ok) throw new Error(`expected an error, got ${JSON.stringify(outcome.config)}`);
    return outcome.error;
  }

  test("--database-url (or DATABASE_URL) is required: a cluster cannot share the embedded database", () => {
    const error = clusterFailure(loadClusterConfig([], {}));
    expect(error).toBeInstanceOf(ConfigError);
    expect(error.message).toContain("--database-url");
    expect(error.message).not.toContain("\n");
    expect(cluster(loadClusterConfig(["--database-url", DB], {})).databaseUrl).toBe(DB);
    expect(cluster(loadClusterConfig([], { DATABASE_URL: DB })).databaseUrl).toBe(DB);
  });

  test("defaults: the local NATS, cluster argentum, no node name, 4-second leases; the server's settings as loadConfig has them", () => {
    const config = cluster(loadClusterConfig(["--database-url", DB], {}));
    expect(config).toMatchObject({ natsUrl: "nats://127.0.0.1:4222", cluster: "argentum", nodeId: undefined, leaseSeconds: 4 });
    const { natsUrl, cluster: name, nodeId, leaseSeconds, ...server } = config;
    expect([natsUrl, name, nodeId, leaseSeconds].length).toBe(4);
    expect(server).toEqual(ok(loadConfig(["--database-url", DB], {})));
    expect(Object.keys(config).sort()).toEqual([...Object.keys(SETTINGS), ...Object.keys(CLUSTER_SETTINGS)].sort());
  });

  test("reads --nats, --cluster, --node-id and --lease-seconds", () => {
    const config = cluster(
      loadClusterConfig(["--database-url", DB, "--nats", "nats://bus:4222", "--cluster=prod-1", "--node-id", "map_node-2", "--lease-seconds=10"], {}),
    );
    expect(config).toMatchObject({ natsUrl: "nats://bus:4222", cluster: "prod-1", nodeId: "map_node-2", leaseSeconds: 10 });
    expect(cluster(loadClusterConfig(["--database-url", DB, "--nats", "tls://secure.example:4443"], {})).natsUrl).toBe("tls://secure.example:4443");
  });

  test("reads AO_NATS_URL, AO_CLUSTER, AO_NODE_ID and AO_LEASE_SECONDS; a flag wins over its variable", () => {
    const env = { DATABASE_URL: DB, AO_NATS_URL: "nats://env:4222", AO_CLUSTER: "envcluster", AO_NODE_ID: "envnode", AO_LEASE_SECONDS: "2" };
    expect(cluster(loadClusterConfig([], env))).toMatchObject({ natsUrl: "nats://env:4222", cluster: "envcluster", nodeId: "envnode", leaseSeconds: 2 });
    expect(cluster(loadClusterConfig(["--cluster", "flag", "--lease-seconds", "600"], env))).toMatchObject({ cluster: "flag", leaseSeconds: 600, nodeId: "envnode" });
  });

  test.each([
    ["--cluster", "AO_CLUSTER", ["bad.name", "with space", "x".repeat(65), "ñ", "a*"]],
    ["--node-id", "AO_NODE_ID", ["node:1", "a.b", "y".repeat(65), "n>", "a\tb"]],
    ["--lease-seconds", "AO_LEASE_SECONDS", ["1", "0", "601", "-3", "2.5", "4s", "0x4"]],
    ["--nats", "AO_NATS_URL", ["http://bus:4222", "bus:4222", "nats:/bus", "nats://has space", "postgres://db/ao"]],
  ] as const)("a bad %s is refused with one line naming the flag and its variable", (flag, variable, values) => {
    for (const value of values) {
      const error = clusterFailure(loadClusterConfig(["--database-url", DB, `${flag}=${value}`], {}));
      expect(error).toBeInstanceOf(ConfigError);
      expect(error.message).toStartWith(`invalid ${flag} / ${variable} = ${JSON.stringify(value)}: `);
      expect(error.message).not.toContain("\n");
      // The same value from the variable is refused the same way.
      expect(clusterFailure(loadClusterConfig(["--database-url", DB], { [variable]: value })).message).toStartWith(`invalid ${flag} / ${variable} = `);
    }
  });

  test("a cluster flag without its value says so", () => {
    expect(clusterFailure(loadClusterConfig(["--database-url", DB, "--nats"], {})).message).toStartWith("--nats needs a value");
  });

  test("serve (loadConfig) still refuses the cluster flags as unknown", () => {
    for (const argv of [["--nats", "nats://bus:4222"], ["--cluster=prod"], ["--node-id", "n1"], ["--lease-seconds", "4"]]) {
      const error = failure(loadConfig(argv, {}));
      expect(error.message).toStartWith(`unknown option ${JSON.stringify(argv[0])}`);
    }
    // Their variables do not leak into a single server's config either.
    const config = ok(loadConfig([], { AO_NATS_URL: "nats://bus:4222", AO_CLUSTER: "c", AO_NODE_ID: "n", AO_LEASE_SECONDS: "5" }));
    expect(Object.keys(config).sort()).toEqual(Object.keys(SETTINGS).sort());
  });

  test("the cluster help lists the cluster settings; serve's does not", () => {
    const help = describeSettings(true);
    for (const setting of Object.values(CLUSTER_SETTINGS)) expect(help).toContain(`${setting.flag} / ${setting.env}`);
    expect(describeSettings()).not.toContain("--nats");
  });
});
