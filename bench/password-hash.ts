#!/usr/bin/env bun
/**
 * What a password-hash setting costs on this machine, alone (no server, no database; issue 17).
 * A login is one verify (a new account one hash of the same cost) on Bun's thread pool, so a
 * login storm can go no faster than the verifies/s measured here with the pool kept full.
 *
 * For each setting: one verify alone (the fastest of a few, and its CPU time), then verifies/s
 * with 1, every core, 4 per core and 32 (the bots' logins in flight) verifies always running; the
 * best of those is the login ceiling. Prints one JSON document: the machine, its load average before and after,
 * and a row per setting.
 *
 *   node_modules/.bin/bun bench/password-hash.ts                     # the configured setting + a few others
 *   node_modules/.bin/bun bench/password-hash.ts --password-hash bcrypt:12 --only
 *   AO_PASSWORD_HASH=argon2id:m=65536,t=2 node_modules/.bin/bun bench/password-hash.ts
 *
 * The configured setting is `--password-hash` (repeatable), else AO_PASSWORD_HASH, else the
 * server's default; `--only` leaves out the others. `--seconds S` (default 1.5) is about how long
 * each in-flight level runs.
 */
import { cpus, loadavg } from "node:os";
import { DEFAULT_PASSWORD_HASH, loadConfig } from "../src/config/index.ts";
import { describePasswordHashing, measurePasswordHashCost, type PasswordHashing } from "../src/db/index.ts";

/** Compared with the configured setting: the other default candidates of the README. */
const OTHERS = ["argon2id:m=19456,t=2", "argon2id:m=65536,t=2", "argon2id:m=47104,t=1", "bcrypt:10", "bcrypt:12"];
/** What `argentum bots` keeps in flight (DEFAULT_LOGIN_CONCURRENCY). */
const BOTS_LOGINS_IN_FLIGHT = 32;
const SINGLE_VERIFIES = 5;
const MS_PER_SECOND = 1_000;

function fail(message: string): never {
  process.stderr.write(`bench/password-hash: ${message}\n`);
  process.exit(2);
}

function setting(text: string): PasswordHashing {
  const loaded = loadConfig(["--password-hash", text], {});
  if (!loaded.ok) fail(loaded.error.message);
  return loaded.config.passwordHash;
}

const args = process.argv.slice(2);
const configured: string[] = [];
let seconds = 1.5;
let only = false;
for (let i = 0; i < args.length; i++) {
  const arg = args[i]!;
  if (arg === "--password-hash") configured.push(args[++i] ?? fail("--password-hash needs a value"));
  else if (arg.startsWith("--password-hash=")) configured.push(arg.slice("--password-hash=".length));
  else if (arg === "--only") only = true;
  else if (arg === "--seconds") seconds = Number(args[++i]);
  else fail(`unknown option ${JSON.stringify(arg)}`);
}
if (!(seconds > 0 && seconds <= 60)) fail("--seconds must be > 0 and at most 60");
if (configured.length === 0) configured.push(process.env.AO_PASSWORD_HASH?.trim() || DEFAULT_PASSWORD_HASH);

const settings = new Map<string, PasswordHashing>();
for (const text of [...configured, ...(only ? [] : OTHERS)]) {
  const hashing = setting(text);
  settings.set(describePasswordHashing(hashing), hashing);
}

const cores = navigator.hardwareConcurrency || 1;
const levels = [...new Set([1, cores, cores * 4, BOTS_LOGINS_IN_FLIGHT])].sort((a, b) => a - b);
const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;

const loadBefore = loadavg().map((value) => round(value, 2));
const rows = [];
for (const [text, hashing] of settings) {
  process.stderr.write(`bench/password-hash: ${text}\n`);
  const alone = await measurePasswordHashCost(hashing, { singleVerifies: SINGLE_VERIFIES, inFlight: 1, verifies: 1 });
  const perLevel: Record<string, number> = {};
  let best = 0;
  for (const inFlight of levels) {
    // Enough verifies to fill about `seconds` at the speed the first level suggests.
    const verifies = Math.max(inFlight * 2, Math.ceil((seconds * Math.min(inFlight, cores)) / alone.verifyAloneS));
    const cost = await measurePasswordHashCost(hashing, { singleVerifies: 1, inFlight, verifies });
    perLevel[String(inFlight)] = round(cost.verifiesPerS);
    best = Math.max(best, cost.verifiesPerS);
  }
  rows.push({
    setting: text,
    default: text === DEFAULT_PASSWORD_HASH,
    configured: configured.some((candidate) => describePasswordHashing(setting(candidate)) === text),
    verify_alone_ms: round(alone.verifyAloneS * MS_PER_SECOND, 2),
    /** CPU per verify over the single verifies: the cost other load on the machine does not stretch. */
    verify_cpu_ms: round(alone.verifyCpuS * MS_PER_SECOND, 2),
    verifies_per_s_by_in_flight: perLevel,
    login_ceiling_per_s: round(best),
    /** A restart's storm: seconds for 5,000 logins at the ceiling. */
    storm_5000_s: round(5_000 / best, 0),
  });
}

const result = {
  bench: "password-hash",
  bun: Bun.version,
  cpus: `${cores} × ${cpus()[0]?.model.trim() ?? "?"}`,
  load_average_before: loadBefore,
  load_average_after: loadavg().map((value) => round(value, 2)),
  in_flight_levels: levels,
  settings: rows,
};
process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
