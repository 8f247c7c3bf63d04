import { loadConfig } from "../config/index.ts";
import { DatabaseError, openDatabase } from "../db/index.ts";
import { createLogger } from "../log/index.ts";
import { acquireDataLock, prepareDataDir, type DataLock } from "../server/index.ts";
import type { Command } from "./command.ts";

export const migrateCommand: Command = {
  name: "migrate",
  summary: "apply database migrations and exit (serve does this too)",
  usage: `usage: argentum migrate [--database-url URL] [--data-dir DIR] [--log-level LEVEL]

Applies the embedded migrations to Postgres (DATABASE_URL / --database-url) or to the embedded
database in the data dir, then exits. Running it again changes nothing.
`,
  async run(argv, io) {
    const loaded = loadConfig(argv, process.env);
    if (!loaded.ok) {
      io.err(`argentum migrate: ${loaded.error.message}\n`);
      return 2;
    }
    const { config } = loaded;
    const dataDir = await prepareDataDir(config.dataDir);
    if (!dataDir.ok) {
      io.err(`argentum migrate: ${dataDir.message}\n`);
      return 1;
    }
    // The embedded database must never be opened by two processes: refuse while a server runs.
    let lock: DataLock | null = null;
    if (!config.databaseUrl) {
      const locked = await acquireDataLock(dataDir.path, "argentum migrate");
      if (!locked.ok) {
        io.err(`argentum migrate: ${locked.message}\n`);
        return 1;
      }
      lock = locked.lock;
    }
    try {
      const database = await openDatabase({
        url: config.databaseUrl,
        dataDir: dataDir.path,
        logger: createLogger(config.logLevel).child({ ctx: "db" }),
      });
      await database.close();
      io.out(`migrations applied (${database.backend})\n`);
      return 0;
    } catch (error) {
      io.err(`argentum migrate: ${error instanceof DatabaseError ? error.message : (error as Error).message}\n`);
      return 1;
    } finally {
      await lock?.release();
    }
  },
};
