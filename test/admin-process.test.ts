/**
 * The data folder lock and the start-up refusals seen from the command line: real `argentum`
 * processes (bun src/main.ts) on one embedded database. A running server holds the folder; the
 * admin command (characters, staff, audit), `backup`, `migrate` and a second `serve` are refused
 * naming its pid; a server killed with
 * SIGKILL leaves a lock that the next process takes over; a database of another world is refused
 * with one line.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { buildDefaultWorld, writeWorldPack } from "../src/content/index.ts";
import { DATA_LOCK_FILE } from "../src/server/index.ts";

const repoRoot = resolve(import.meta.dir, "..");
/** A first start of the embedded database runs initdb: tens of seconds on a busy 2-core machine. */
const SERVER_START_TIMEOUT_MS = 120_000;

/** The environment without settings that would redirect the processes elsewhere. */
function cleanEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value !== undefined && !key.startsWith("AO_") && key !== "DATABASE_URL") env[key] = value;
  }
  return env;
}

async function argentum(...argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const child = Bun.spawn([process.execPath, "src/main.ts", ...argv], { cwd: repoRoot, env: cleanEnv(), stdout: "pipe", stderr: "pipe" });
  const [stdout, stderr, code] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited]);
  return { code, stdout, stderr };
}

interface ServerProcess {
  pid: number;
  exited: Promise<number>;
  kill(signal: NodeJS.Signals): void;
}

/** Starts `argentum serve` and resolves once it logs "server listening". */
async function serve(dataDir: string, ...extra: string[]): Promise<ServerProcess> {
  const child = Bun.spawn(
    [process.execPath, "src/main.ts", "serve", "--data-dir", dataDir, "--host", "127.0.0.1", "--tcp-port", "0", "--http-port", "0", ...extra],
    { cwd: repoRoot, env: cleanEnv(), stdout: "pipe", stderr: "pipe" },
  );
  const reader = child.stdout.getReader();
  const decoder = new TextDecoder();
  let seen = "";
  const deadline = setTimeout(() => child.kill("SIGKILL"), SERVER_START_TIMEOUT_MS);
  try {
    while (!seen.includes('"msg":"server listening"')) {
      const { done, value } = await reader.read();
      if (done) throw new Error(`argentum serve exited before listening: ${seen.slice(-2000)} ${await new Response(child.stderr).text()}`);
      seen += decoder.decode(value, { stream: true });
    }
  } finally {
    clearTimeout(deadline);
  }
  // Keep draining its output so the process never blocks on a full pipe.
  void (async () => {
    while (!(await reader.read()).done);
  })();
  return { pid: child.pid, exited: child.exited, kill: (signal) => child.kill(signal) };
}

describe("argentum processes on one data folder", () => {
  let work: string;
  let dataDir: string;
  let otherPack: string;
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), "argentum-processes-"));
    dataDir = join(work, "data");
    otherPack = join(work, "other");
    const written = await writeWorldPack(otherPack, { ...buildDefaultWorld(), name: "Otro Mundo" });
    if (!written.ok) throw new Error(JSON.stringify(written.errors));
  });

  afterAll(async () => {
    if (server) {
      server.kill("SIGKILL");
      await server.exited;
    }
    rmSync(work, { recursive: true, force: true });
  });

  test(
    "a running server holds the folder: admin, migrate and a second serve are refused naming its pid",
    async () => {
      server = await serve(dataDir);
      const lock = JSON.parse(await Bun.file(join(dataDir, DATA_LOCK_FILE)).text()) as { pid: number; startedAt: string };
      expect(lock.pid).toBe(server.pid);
      const inUse = `data folder ${dataDir} is in use by process ${server.pid} (argentum serve, started ${lock.startedAt})`;

      const show = await argentum("admin", "character", "show", "Nadie", "--data-dir", dataDir);
      expect(show).toEqual({ code: 1, stdout: "", stderr: `argentum admin: ${inUse}\n` });
      const give = await argentum("admin", "character", "give", "Nadie", "--gold", "5", "--data-dir", dataDir);
      expect(give).toEqual({ code: 1, stdout: "", stderr: `argentum admin: ${inUse}\n` });
      const grant = await argentum("admin", "staff", "grant", "Nadie", "admin", "--data-dir", dataDir);
      expect(grant).toEqual({ code: 1, stdout: "", stderr: `argentum admin: ${inUse}\n` });
      const audit = await argentum("admin", "audit", "--data-dir", dataDir);
      expect(audit).toEqual({ code: 1, stdout: "", stderr: `argentum admin: ${inUse}\n` });
      const backup = await argentum("backup", "--out", join(work, "while-serving.jsonl"), "--data-dir", dataDir);
      expect(backup).toEqual({ code: 1, stdout: "", stderr: `argentum backup: ${inUse}\n` });
      expect(existsSync(join(work, "while-serving.jsonl.partial"))).toBe(false);
      writeFileSync(join(work, "some-backup.jsonl"), "{}\n");
      const restore = await argentum("restore", join(work, "some-backup.jsonl"), "--data-dir", dataDir);
      expect(restore).toEqual({ code: 1, stdout: "", stderr: `argentum restore: ${inUse}\n` });
      const migrate = await argentum("migrate", "--data-dir", dataDir);
      expect(migrate).toMatchObject({ code: 1, stderr: `argentum migrate: ${inUse}\n` });
      const second = await argentum("serve", "--data-dir", dataDir, "--tcp-port", "0", "--http-port", "0");
      expect(second.code).toBe(1);
      expect(second.stderr).toBe(`argentum: ${inUse}\n`);

      server.kill("SIGTERM");
      expect(await server.exited).toBe(0);
      server = undefined;
      expect(existsSync(join(dataDir, DATA_LOCK_FILE))).toBe(false);
      const free = await argentum("admin", "character", "show", "Nadie", "--data-dir", dataDir);
      expect(free).toEqual({ code: 1, stdout: "", stderr: 'argentum admin: no character named "Nadie"\n' });
    },
    SERVER_START_TIMEOUT_MS * 2,
  );

  test(
    "a server killed with SIGKILL leaves a stale lock, taken over by the next process",
    async () => {
      server = await serve(dataDir);
      const killedPid = server.pid;
      server.kill("SIGKILL");
      await server.exited;
      server = undefined;
      expect(existsSync(join(dataDir, DATA_LOCK_FILE))).toBe(true);
      const show = await argentum("admin", "character", "show", "Nadie", "--data-dir", dataDir);
      expect(show.code).toBe(1);
      expect(show.stderr).toBe(`argentum admin: took over the lock of process ${killedPid}, which is gone\nargentum admin: no character named "Nadie"\n`);
      expect(existsSync(join(dataDir, DATA_LOCK_FILE))).toBe(false);
    },
    SERVER_START_TIMEOUT_MS * 2,
  );

  test(
    "a database of another world: serve exits 1 with one line naming both worlds",
    async () => {
      const refused = await argentum("serve", "--data-dir", dataDir, "--tcp-port", "0", "--http-port", "0", "--world", otherPack);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toBe(
        `argentum: the database belongs to world "${buildDefaultWorld().name}" but this server loads "Otro Mundo"; start with --world for "${buildDefaultWorld().name}", or pass --allow-world-change to move its characters to "Otro Mundo"\n`,
      );
      // The refused start let go of the folder.
      expect(existsSync(join(dataDir, DATA_LOCK_FILE))).toBe(false);
    },
    SERVER_START_TIMEOUT_MS,
  );

  test("import --name refuses a hostile name with one line, exit 2", async () => {
    const result = await argentum("import", "--maps", join(work, "Mapas"), "--out", join(work, "pack"), "--name", "evil\nname");
    expect(result).toEqual({ code: 2, stdout: "", stderr: 'argentum import: --name "evil\\nname": a world name cannot contain control characters\n' });
  });
});
