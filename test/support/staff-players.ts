/**
 * Staff members and their audit rows for the end-to-end staff suites: a character granted a rank
 * in the database while offline and logged in again (its standing is read by id at login), the
 * end of a login burst, a quit whose save has landed, and the audit rows of an actor once the
 * staff service has written them.
 */
import { expect } from "bun:test";
import type { StaffRank } from "../../src/game/staff/index.ts";
import type { GameClient, Transport } from "./game-client.ts";
import type { TestServer } from "./test-server.ts";
import { createAndEnter, loginExisting, uniqueName, type InWorld } from "./world-players.ts";

/** The act of a grant made by the command line, as `argentum admin staff grant` writes it. */
export const CLI_GRANT = { by: { kind: "cli" as const, name: "test" }, action: "staff grant" };

/** Waits for the end of a login burst (map/protocol-packets.ts: the safe state, then Privilegios for staff). */
export const burstEnded = (client: GameClient) => client.until(() => client.received.some((packet) => packet.name === "SafeModeOn" || packet.name === "SafeModeOff"), "the login burst");

/** Quits and waits until the gateway wrote the character. */
export async function quitAndSave(ts: TestServer, player: InWorld): Promise<void> {
  player.client.send("Quit");
  await player.client.waitFor("Disconnect");
  await player.client.waitForClose();
  await ts.server.gateway.drainSaves();
}

/** A new character, logged out at once: its e-mail and name. */
export async function offlineCharacter(ts: TestServer, transport: Transport, prefix: string): Promise<{ email: string; name: string }> {
  const email = `${uniqueName(prefix.toLowerCase())}@test.local`;
  const first = await createAndEnter(ts, transport, prefix, email);
  await burstEnded(first.client);
  await quitAndSave(ts, first);
  return { email, name: first.name };
}

/** A character granted `rank` while offline, logged in again: its `Privilegios` and burst have arrived. */
export async function staffMember(ts: TestServer, transport: Transport, rank: StaffRank, prefix = "Gm"): Promise<InWorld & { email: string }> {
  const { email, name } = await offlineCharacter(ts, transport, prefix);
  expect((await ts.server.database.staff.grant(name, { rank, rolemaster: false }, CLI_GRANT)).kind).toBe("ok");
  const member = await loginExisting(ts, transport, email, name);
  await member.client.waitFor("Privilegios", () => true, 0);
  await burstEnded(member.client);
  return { ...member, email };
}

/** The audit rows of `actor` (newest first), once at least `count` are written or after 3 s. */
export async function auditRowsOf(ts: TestServer, actor: string, count: number) {
  const read = async () => (await ts.server.database.audit.query({ limit: 500 })).filter((row) => row.actor.name === actor);
  let rows = await read();
  for (let attempt = 0; attempt < 60 && rows.length < count; attempt++) {
    await Bun.sleep(50);
    rows = await read();
  }
  return rows;
}

/** A `LocaleMsg` of `id` (with those parameters, when given) since `from`. */
export const localeLine = (client: GameClient, id: number, from: number, params?: string) =>
  client.waitFor("LocaleMsg", (fields) => fields.messageId === id && (params === undefined || fields.params === params), from);

/**
 * A SemiDios or higher enters the world admin-invisible (gm-and-moderation §1.3): `/INVISIBLE`
 * shows it, and its answer says so ("Ahora eres visible."), which proves it was invisible.
 */
export async function showStaffMember(client: GameClient): Promise<void> {
  const from = client.received.length;
  client.send("Invisible");
  await client.waitFor("ConsoleMsg", (fields) => fields.text === "Ahora eres visible.", from);
}
