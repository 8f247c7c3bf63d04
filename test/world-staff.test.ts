/**
 * Staff power end to end (issue 25, gm-and-moderation §1, §2, §6.3): a character granted a rank
 * in the database (by id, G1) logs in as staff (`Privilegios`), talks on the staff channel, speaks
 * to the whole server, counts who is online and kicks a player; a player sending the same packets
 * is refused on the server, and every attempt, done or refused, is in the audit log with its
 * actor's account, character, rank and address. A revoked role is gone at the next login. Real
 * server (workers, database), over TCP and WebSocket, on PGlite and Postgres.
 */
import { describe, expect, test } from "bun:test";
import { LocaleId } from "../src/game/messages/index.ts";
import { STAFF_COMMANDS } from "../src/game/staff/index.ts";
import { gmPackets, sampleFields } from "../src/map/systems/staff/sample-fields.test-support.ts";
import { clientCodec } from "../src/protocol/index.ts";
import type { GameClient, Transport } from "./support/game-client.ts";
import type { TestServer } from "./support/test-server.ts";
import { availableBackends } from "./support/test-server.ts";
import { GameClient as Client } from "./support/game-client.ts";
import { liveWorld, loginExisting, PASSWORD, uniqueName } from "./support/world-players.ts";

/** Waits for the end of a login burst (map/protocol-packets.ts: the safe state, then Privilegios for staff). */
const burstEnded = (client: GameClient) => client.until(() => client.received.some((packet) => packet.name === "SafeModeOn" || packet.name === "SafeModeOff"), "the login burst");
const CLI = { by: { kind: "cli" as const, name: "test" }, action: "staff grant" };

/** A login that the server refuses: the message box it shows before it closes the connection. */
async function refusedLogin(ts: TestServer, transport: Transport, email: string, name?: string): Promise<{ messageId: number; extra: string }> {
  const client = await Client.connect(transport, "127.0.0.1", transport === "tcp" ? ts.tcpPort : ts.httpPort);
  try {
    await client.waitFor("Connected");
    client.send("LoginAccount", { email, password: PASSWORD });
    if (name !== undefined) {
      const list = await client.waitFor("AccountCharacterList");
      const entry = (list.fields.characters as { id: number; name: string }[]).find((c) => c.name === name)!;
      client.send("LoginExistingChar", { charId: entry.id, name });
    }
    const box = await client.waitFor("ShowMessageBox");
    await client.waitForClose();
    expect(client.received.some((packet) => packet.name === "Logged")).toBe(false);
    return { messageId: box.fields.messageId as number, extra: box.fields.extra as string };
  } finally {
    client.close();
  }
}

/** A new character that quits at once (an offline character to ban), with its account's email. */
async function offlineCharacter(live: ReturnType<typeof liveWorld>, prefix: string): Promise<{ email: string; name: string }> {
  const email = `${uniqueName("o")}@test.local`;
  const player = await live.enter(prefix, email);
  player.client.send("Quit");
  await player.client.waitFor("Disconnect");
  await player.client.waitForClose();
  await live.ts.server.gateway.drainSaves();
  return { email, name: player.name };
}

for (const backend of availableBackends()) {
  for (const transport of ["tcp", "ws"] as const satisfies readonly Transport[]) {
    describe(`staff commands over ${transport} on ${backend}`, () => {
      const live = liveWorld(backend, transport);

      test("a granted Dios logs in as staff and its commands work; a player's are refused; every attempt is audited", async () => {
        const { ts } = live;
        const email = `${uniqueName("g")}@test.local`;
        const first = await live.enter("Gm", email);
        await burstEnded(first.client);
        expect(first.client.received.some((packet) => packet.name === "Privilegios")).toBe(false);
        first.client.send("Quit");
        await first.client.waitFor("Disconnect");
        await first.client.waitForClose();
        await ts.server.gateway.drainSaves();
        const granted = await ts.server.database.staff.grant(first.name, { rank: "dios", rolemaster: false }, CLI);
        expect(granted.kind).toBe("ok");

        const gm = await loginExisting(ts, transport, email, first.name);
        live.keep(gm.client);
        // The burst ends with it (after SafeModeOn/Off); a player's burst has none.
        expect((await gm.client.waitFor("Privilegios", () => true, 0)).fields).toEqual({ isStaff: true });
        const player = await live.enter("Jugador");

        // The player tries staff packets first: nothing happens, nobody hears it.
        let gmFrom = gm.client.received.length;
        const playerFrom = player.client.received.length;
        player.client.send("GMMessage", { text: "soy gm" });
        player.client.send("ServerMessage", { text: "aviso falso" });
        player.client.send("Kick", { userName: gm.name });
        await player.client.waitFor("LocaleMsg", (fields) => fields.messageId === LocaleId.CommandDisabledForPost, playerFrom);

        // The GM's staff channel line reaches staff only; its broadcast reaches everyone.
        gm.client.send("GMMessage", { text: "hola equipo" });
        await gm.client.waitFor("ConsoleMsg", (fields) => fields.text === `${gm.name} » hola equipo`, gmFrom);
        gm.client.send("ServerMessage", { text: "reinicio en 5" });
        await player.client.waitFor("LocaleMsg", (fields) => fields.messageId === LocaleId.ServerBroadcast && fields.params === "reinicio en 5", playerFrom);
        expect(player.client.received.slice(playerFrom).some((packet) => packet.name === "ConsoleMsg" && String(packet.fields.text).includes("soy gm"))).toBe(false);
        expect(player.client.received.slice(playerFrom).some((packet) => packet.name === "ConsoleMsg" && String(packet.fields.text).includes("hola equipo"))).toBe(false);
        expect(gm.client.received.slice(gmFrom).some((packet) => packet.name === "LocaleMsg" && packet.fields.params === "aviso falso")).toBe(false);

        gm.client.send("Online");
        const online = await gm.client.waitFor("LocaleMsg", (fields) => fields.messageId === LocaleId.UsersOnline, gmFrom);
        expect(Number(online.fields.params)).toBeGreaterThanOrEqual(2);

        gmFrom = gm.client.received.length;
        gm.client.send("Kick", { userName: player.name.toUpperCase() });
        await player.client.waitForClose();
        await gm.client.waitFor("LocaleMsg", (fields) => fields.messageId === LocaleId.StaffKicked && String(fields.params).includes(player.name), gmFrom);

        // The audit log: the player's three refusals and the GM's four actions, each with its actor.
        const rows = async () => (await ts.server.database.audit.query({ limit: 100 })).filter((row) => row.actor.kind === "character" && [gm.name, player.name].includes(row.actor.name));
        let audited = await rows();
        for (let attempt = 0; attempt < 50 && audited.length < 7; attempt++) {
          await Bun.sleep(50);
          audited = await rows();
        }
        const summary = audited
          .map((row) => `${row.actor.name === gm.name ? "gm" : "player"} ${row.actor.rank} ${row.action} ${row.outcome}${row.target ? ` -> ${row.target.name}` : ""}`)
          .sort();
        expect(summary).toEqual(
          [
            `gm dios GMMessage ok`,
            `gm dios Kick ok -> ${player.name}`,
            `gm dios Online ok`,
            `gm dios ServerMessage ok`,
            `player user GMMessage refused_rank`,
            `player user Kick refused_rank`,
            `player user ServerMessage refused_rank`,
          ].sort(),
        );
        for (const row of audited) {
          expect(row.actor.accountId).toBeGreaterThan(0);
          expect(row.actor.characterId).toBeGreaterThan(0);
          expect(row.actor.address).toMatch(/^127\.0\.0\.1$|^::1$/);
        }

        // Revoked: the next login has no power (read by id at every login).
        gm.client.send("Quit");
        await gm.client.waitFor("Disconnect");
        await gm.client.waitForClose();
        expect((await ts.server.database.staff.revoke(gm.name, { ...CLI, action: "staff revoke" })).kind).toBe("ok");
        const again = await loginExisting(ts, transport, email, gm.name);
        live.keep(again.client);
        await burstEnded(again.client);
        expect(again.client.received.some((packet) => packet.name === "Privilegios")).toBe(false);
        const againFrom = again.client.received.length;
        again.client.send("ServerMessage", { text: "ya no" });
        await again.client.waitFor("LocaleMsg", (fields) => fields.messageId === LocaleId.CommandDisabledForPost, againFrom);
      }, 60_000);

      test("/BAN closes the player and keeps it out (Msg1755 with the reason and the GM), /UNBAN lets it in; /BANCUENTA keeps the account out (Msg1785); an address ban made by the command line refuses every login from it", async () => {
        const { ts } = live;
        const gmEmail = `${uniqueName("g")}@test.local`;
        const first = await live.enter("Juez", gmEmail);
        first.client.send("Quit");
        await first.client.waitFor("Disconnect");
        await first.client.waitForClose();
        expect((await ts.server.database.staff.grant(first.name, { rank: "dios", rolemaster: false }, CLI)).kind).toBe("ok");
        const gm = await loginExisting(ts, transport, gmEmail, first.name);
        live.keep(gm.client);

        const email = `${uniqueName("b")}@test.local`;
        const player = await live.enter("Tramposo", email);
        let gmFrom = gm.client.received.length;
        gm.client.send("BanChar", { userName: player.name, reason: "uso de macros" });
        await player.client.waitForClose();
        await gm.client.waitFor("LocaleMsg", (fields) => fields.messageId === LocaleId.StaffBanned && fields.params === `${gm.name}¬${player.name}¬uso de macros`, gmFrom);
        await ts.server.gateway.drainSaves();
        expect(await refusedLogin(ts, transport, email, player.name)).toEqual({ messageId: 1755, extra: `uso de macros¬${gm.name}` });

        gmFrom = gm.client.received.length;
        gm.client.send("UnbanChar", { userName: player.name });
        await gm.client.waitFor("LocaleMsg", (fields) => fields.messageId === LocaleId.Unbanned, gmFrom);
        const back = await loginExisting(ts, transport, email, player.name);
        live.keep(back.client);
        back.client.send("Quit");
        await back.client.waitForClose();

        // The account of an offline character: the account list itself is refused.
        const other = await offlineCharacter(live, "Cuenta");
        gmFrom = gm.client.received.length;
        gm.client.send("BanCuenta", { userName: other.name, reason: "cuentas compartidas" });
        await gm.client.waitFor("LocaleMsg", (fields) => fields.messageId === LocaleId.StaffBannedAccount, gmFrom);
        expect(await refusedLogin(ts, transport, other.email)).toEqual({ messageId: 1785, extra: "cuentas compartidas" });

        // The audit log has each, written by the database with the change.
        const actions = (await ts.server.database.audit.query({ actor: gm.name })).map((row) => `${row.action} ${row.outcome} ${row.target?.name ?? ""}`);
        expect(actions).toContain(`BanChar ok ${player.name}`);
        expect(actions).toContain(`UnbanChar ok ${player.name}`);
        expect(actions.some((line) => line.startsWith("BanCuenta ok"))).toBe(true);

        // An address ban (here the loopback every test connects from), lifted again at once.
        const byCli = { by: { kind: "cli" as const, name: "test" }, action: "ban ip" };
        const ipBan = await ts.server.database.moderation.addBan({ subject: { kind: "ip", range: "127.0.0.0/8" }, reason: "red abusiva", act: byCli });
        if (ipBan.kind !== "ok") throw new Error(`ip ban: ${ipBan.kind}`);
        try {
          expect(await refusedLogin(ts, transport, email)).toEqual({ messageId: 1785, extra: "red abusiva" });
        } finally {
          await ts.server.database.moderation.liftBan({ banId: ipBan.ban.id, act: { ...byCli, action: "unban ip" } });
        }
      }, 60_000);

      test("a player sends every game-master packet with valid bodies (§11 test 6): the connection stays, nothing is said but VB6's refusals, one refused_rank row each", async () => {
        const { ts } = live;
        const player = await live.enter("Curioso");
        await burstEnded(player.client);
        const from = player.client.received.length;
        for (const name of gmPackets) player.client.send(name, sampleFields(clientCodec.get(name)!.def.layout as never) as never);
        // Still connected and answered in order: the position request after them all is.
        player.client.send("RequestPositionUpdate");
        await player.client.waitFor("PosUpdate", () => true, from);
        const said = player.client.received.slice(from).filter((packet) => packet.name === "LocaleMsg").map((packet) => packet.fields.messageId as number);
        const refusals = gmPackets.flatMap((name) => (STAFF_COMMANDS[name].refusal === undefined ? [] : [STAFF_COMMANDS[name].refusal!]));
        expect(said).toEqual(refusals);
        expect(player.client.received.slice(from).some((packet) => packet.name === "Disconnect")).toBe(false);
        const rows = async () => (await ts.server.database.audit.query({ actor: player.name, limit: 1_000 })).filter((row) => row.actor.name === player.name);
        let audited = await rows();
        for (let attempt = 0; attempt < 60 && audited.length < gmPackets.length; attempt++) {
          await Bun.sleep(50);
          audited = await rows();
        }
        expect(audited.map((row) => `${row.action} ${row.outcome}`).sort()).toEqual(gmPackets.map((name) => `${name} refused_rank`).sort());
      }, 60_000);
    });
  }
}
