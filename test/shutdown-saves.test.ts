/**
 * The stop saves everything: final saves still queued when the signal comes (a wave of
 * disconnects just before it) reach the database, final (online marks cleared), before the stop
 * lets the database go. Real server, on PGlite and on Postgres (TEST_DATABASE_URL).
 */
import { describe, expect, test } from "bun:test";
import type { InternalDatabase } from "../src/db/database.ts";
import { openDatabase } from "../src/db/index.ts";
import { testCharacter } from "../src/game/character/character-record.test-support.ts";
import type { CharacterRecord } from "../src/game/character/index.ts";
import { availableBackends, startTestServer } from "./support/test-server.ts";
import { PASSWORD } from "./support/world-players.ts";

/** More than one statement's worth (SAVE_BATCH_LIMIT is 1,000). */
const DEPARTURES = 1_200;
/** Characters created at once while setting up. */
const CREATE_CONCURRENCY = 50;
/** What every departure's final state carries, so the rows show which state landed. */
const FINAL_GOLD = 4_321;

for (const backend of availableBackends()) {
  describe(`the stop on ${backend}`, () => {
    test(`${DEPARTURES} final saves still queued when the stop comes are all on disk, final, when it returns`, async () => {
      const ts = await startTestServer(backend);
      try {
        const { database, gateway } = ts.server;
        const account = await database.accounts.createAccount(`cierre${process.pid}@test.local`, PASSWORD);
        if (account.kind !== "ok") throw new Error(`account setup failed: ${account.kind}`);
        const created: CharacterRecord[] = [];
        for (let from = 0; from < DEPARTURES; from += CREATE_CONCURRENCY) {
          const names = Array.from({ length: Math.min(CREATE_CONCURRENCY, DEPARTURES - from) }, (_, index) => `Cierre${from + index}`);
          const outcomes = await Promise.all(names.map((name) => database.characters.createCharacter(testCharacter(0, { accountId: account.account.id, name }), { online: true })));
          for (const outcome of outcomes) {
            if (outcome.kind !== "ok") throw new Error(`character setup failed: ${outcome.kind}`);
            created.push(outcome.character);
          }
        }
        // The world hands them over all at once, as on a wave of disconnects; then the signal.
        created.forEach((record, index) => gateway.onWorldLeft(1_000_000 + index, { ...record, gold: FINAL_GOLD }, "disconnect"));
        expect(gateway.unsavedCount).toBe(DEPARTURES);
        await ts.stop();
        expect(gateway.unsavedCount).toBe(0);
        const reopened = (await openDatabase({ url: ts.database?.url, dataDir: ts.dataDir })) as InternalDatabase;
        try {
          const rows = (await reopened.sql.query(
            "SELECT count(*)::integer AS total, (count(*) FILTER (WHERE gold = $2 AND online_since IS NULL))::integer AS saved FROM characters WHERE account_id = $1",
            [account.account.id, FINAL_GOLD],
            "object",
          )) as { total: number; saved: number }[];
          expect(rows[0]).toEqual({ total: DEPARTURES, saved: DEPARTURES });
        } finally {
          await reopened.close();
        }
      } finally {
        await ts.cleanup();
      }
    }, 120_000);
  });
}
