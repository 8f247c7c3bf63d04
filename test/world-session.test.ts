/**
 * The living world end to end: real server (workers, database), real sockets. The same suite
 * runs over TCP and over WebSocket, and on PGlite and on Postgres (when TEST_DATABASE_URL is set;
 * required in CI), and through a cluster: a gateway and two map nodes on an in-process bus and on
 * NATS (multi-node mode, the same links as `argentum gateway` and `argentum mapnode`).
 */
import { describe, expect, test } from "bun:test";
import { GameClient } from "./support/game-client.ts";
import { approachToExit, canStep, fetchMap, openHeading, step } from "./support/map-paths.ts";
import { availableBackends, clusterBackends, isClusterBackend, startTestServer, transportsFor } from "./support/test-server.ts";
import { createAndEnter, liveWorld, loginExisting, moveOffline, uniqueName } from "./support/world-players.ts";

const TOWN = 1;
const FIELD = 2;
const backends = [...availableBackends(), ...clusterBackends()];

for (const backend of backends) {
  for (const transport of transportsFor(backend)) {
    describe(`living world over ${transport} on ${backend}`, () => {
      const live = liveWorld(backend, transport);
      const enter = live.enter.bind(live);

      test("login burst: byte-valid packets in the order the stock client needs", async () => {
        const player = await enter("Burst");
        const names = player.client.received.map((p) => p.name);
        expect(names[0]).toBe("Connected");
        expect(names).toContain("AccountCharacterList");
        const changeMap = names.indexOf("ChangeMap");
        const firstCreate = names.indexOf("CharacterCreate");
        const userChar = names.indexOf("UserCharIndexInServer");
        const logged = names.indexOf("Logged");
        expect(changeMap).toBeGreaterThan(names.indexOf("Intervals"));
        expect(firstCreate).toBeGreaterThan(changeMap);
        expect(names.indexOf("AreaChanged")).toBeGreaterThan(changeMap);
        expect(userChar).toBeGreaterThan(firstCreate);
        expect(logged).toBeGreaterThan(userChar);
        expect(names.filter((n) => n === "ChangeSpellSlot")).toHaveLength(40);
        expect(player.client.decodeErrors).toBe(0);
        expect(player.map).toBe(TOWN);
      });

      test("two players see each other, walk and talk", async () => {
        const a = await enter("Ana");
        const b = await enter("Beto");
        // B entered next to A: A is told about B.
        await a.client.waitFor("CharacterCreate", (f) => f.charIndex === b.charIndex);
        // B's burst created A.
        expect(b.client.received.some((p) => p.name === "CharacterCreate" && p.fields.charIndex === a.charIndex)).toBe(true);

        const map = await fetchMap(live.ts.httpPort, a.map);
        const heading = openHeading(map, a.x, a.y, a.client.occupiedTiles(a.charIndex));
        const target = step(a.x, a.y, heading);
        const fromB = b.client.received.length;
        a.client.send("Walk", { heading });
        await b.client.waitFor("CharacterMove", (f) => f.charIndex === a.charIndex && f.x === target.x && f.y === target.y, fromB);

        const fromA = a.client.received.length;
        b.client.send("Talk", { text: "hola Ana" });
        const line = await a.client.waitFor("ChatOverHead", (f) => f.text === "hola Ana", fromA);
        expect(line.fields.charIndex).toBe(b.charIndex);
        // The speaker sees its own bubble too.
        await b.client.waitFor("ChatOverHead", (f) => f.text === "hola Ana");

        a.client.send("Whisper", { targetName: b.name, text: "psst" });
        await b.client.waitFor("ConsoleCharText", (f) => f.text === "psst");

        const metrics = await (await fetch(`http://127.0.0.1:${live.ts.httpPort}/metrics`)).text();
        const value = (pattern: RegExp) => Number(pattern.exec(metrics)?.[1] ?? NaN);
        expect(value(new RegExp(`^argentum_sessions\\{transport="${transport}"\\} (\\d+)$`, "m"))).toBeGreaterThanOrEqual(2);
        expect(value(/^argentum_players_online (\d+)$/m)).toBeGreaterThanOrEqual(2);
        expect(value(/^argentum_packets_in_total\{name="Walk"\} (\d+)$/m)).toBeGreaterThanOrEqual(1);
        expect(value(/^argentum_packets_out_total\{name="CharacterMove"\} (\d+)$/m)).toBeGreaterThanOrEqual(1);
      });

      test("a refused step snaps the walker back with PosUpdate", async () => {
        const a = await enter("Muro");
        const map = await fetchMap(live.ts.httpPort, a.map);
        // Walk into whatever blocks first, or run past the pace limit: either way a PosUpdate.
        const blocked = [1, 2, 3, 4].find((h) => !canStep(map, a.x, a.y, h, true));
        const from = a.client.received.length;
        if (blocked !== undefined) a.client.send("Walk", { heading: blocked });
        else for (let i = 0; i < 12; i++) a.client.send("Walk", { heading: openHeading(map, a.x, a.y, a.client.occupiedTiles(a.charIndex)) });
        await a.client.waitFor("PosUpdate", () => true, from);
        a.client.send("RequestPositionUpdate");
        await a.client.waitFor("PosUpdate", () => true, from + 1);
      });

      test("walking faster than the walk interval allows is refused", async () => {
        const a = await enter("Rayo");
        const map = await fetchMap(live.ts.httpPort, a.map);
        // Two tiles back and forth, 20 steps in one burst: the pace check must refuse some.
        const heading = openHeading(map, a.x, a.y, a.client.occupiedTiles(a.charIndex));
        const back = ((heading + 1) % 4) + 1;
        const from = a.client.received.length;
        for (let i = 0; i < 20; i++) a.client.send("Walk", { heading: i % 2 === 0 ? heading : back });
        await a.client.waitFor("PosUpdate", () => true, from);
      });

      test("crossing an exit moves the player to the other map and back", async () => {
        const email = `${uniqueName("x")}@test.local`;
        const a = await enter("Viaje", email);
        const town = await fetchMap(live.ts.httpPort, TOWN);
        const toField = approachToExit(town, FIELD);
        // Put the character next to the exit while offline, then walk onto it.
        a.client.send("Quit");
        await a.client.waitForClose();
        await moveOffline(live.ts, a.name, TOWN, toField.from.x, toField.from.y);
        const again = await loginExisting(live.ts, transport, email, a.name);
        live.keep(again.client);
        expect([again.x, again.y]).toEqual([toField.from.x, toField.from.y]);
        let from = again.client.received.length;
        again.client.send("Walk", { heading: toField.heading });
        const changed = await again.client.waitFor("ChangeMap", () => true, from);
        expect(changed.fields.map).toBe(FIELD);
        await again.client.waitFor("UserCharIndexInServer", () => true, from);

        // And back: the field has an exit to the town.
        const field = await fetchMap(live.ts.httpPort, FIELD);
        const toTown = approachToExit(field, TOWN);
        const quitFrom = again.client.received.length;
        again.client.send("Quit");
        // The field is not safe: a countdown, one console line a second, then Disconnect.
        await again.client.waitFor("ConsoleMsg", (f) => String(f.text).includes("segundos"), quitFrom);
        await again.client.waitFor("Disconnect", () => true, quitFrom, 15_000);
        await again.client.waitForClose(15_000);
        await moveOffline(live.ts, a.name, FIELD, toTown.from.x, toTown.from.y);
        const third = await loginExisting(live.ts, transport, email, a.name);
        live.keep(third.client);
        expect([third.map, third.x, third.y]).toEqual([FIELD, toTown.from.x, toTown.from.y]);
        from = third.client.received.length;
        third.client.send("Walk", { heading: toTown.heading });
        const home = await third.client.waitFor("ChangeMap", () => true, from);
        expect(home.fields.map).toBe(TOWN);
      });

      test("a global line crosses maps and workers: a speaker on the field, a listener in town, both read it once", async () => {
        const email = `${uniqueName("g")}@test.local`;
        const first = await enter("Global", email);
        first.client.send("Quit");
        await first.client.waitForClose();
        const field = await fetchMap(live.ts.httpPort, FIELD);
        await moveOffline(live.ts, first.name, FIELD, Math.ceil(field.width / 2), Math.ceil(field.height / 2));
        const speaker = await loginExisting(live.ts, transport, email, first.name);
        live.keep(speaker.client);
        expect(speaker.map).toBe(FIELD);
        const listener = await enter("Oyente");
        expect(listener.map).toBe(TOWN);
        const line = `[${speaker.name}] ¿alguien en el pueblo?`;
        const speakerFrom = speaker.client.received.length;
        const listenerFrom = listener.client.received.length;
        speaker.client.send("GlobalMessage", { text: "¿alguien en el pueblo?" });
        const heard = await listener.client.waitFor("ConsoleMsg", (f) => f.text === line, listenerFrom);
        expect(heard.fields.fontIndex).toBe(25);
        await speaker.client.waitFor("ConsoleMsg", (f) => f.text === line, speakerFrom);
        // A second line within 5 s is refused to the speaker alone (VB6 IntervaloMensajeGlobal).
        speaker.client.send("GlobalMessage", { text: "otra vez" });
        const refused = await speaker.client.waitFor("LocaleMsg", () => true, speakerFrom);
        expect(refused.fields.messageId).toBe(548);
        speaker.client.send("RequestPositionUpdate");
        await speaker.client.waitFor("PosUpdate", () => true, speakerFrom);
        listener.client.send("RequestPositionUpdate");
        await listener.client.waitFor("PosUpdate", () => true, listenerFrom);
        const globalLines = (client: GameClient, from: number) =>
          client.received.slice(from).filter((p) => p.name === "ConsoleMsg" && String(p.fields.text).startsWith(`[${speaker.name}]`)).length;
        expect(globalLines(listener.client, listenerFrom)).toBe(1);
        expect(globalLines(speaker.client, speakerFrom)).toBe(1);
      });

      test("a command of a system still to come is answered; /ONLINE tells a player it is not for its rank", async () => {
        const a = await enter("Pide");
        const from = a.client.received.length;
        a.client.send("SubastaInfo");
        const notice = await a.client.waitFor("ConsoleMsg", (f) => String(f.text).includes("todavía no está disponible"), from);
        expect(notice.fields.fontIndex).toBe(3);
        a.client.send("Online");
        const rank = await a.client.waitFor("LocaleMsg", () => true, from);
        expect(rank.fields.messageId).toBe(526);
      });

      test("the character windows answer the stock client: /EST's thirteen lines, the skills, the attributes, the mini-stats", async () => {
        const a = await enter("Ficha");
        const from = a.client.received.length;
        a.client.send("RequestSkills");
        const skills = await a.client.waitFor("SendSkills", () => true, from);
        expect(skills.fields.skills).toHaveLength(24);
        a.client.send("RequestAtributes");
        const attributes = await a.client.waitFor("Atributes", () => true, from);
        expect(Object.keys(attributes.fields)).toEqual(["strength", "agility", "intelligence", "constitution", "charisma"]);
        a.client.send("RequestMiniStats");
        const mini = await a.client.waitFor("MiniStats", () => true, from);
        expect(mini.fields.deaths).toBe(0);
        const statsFrom = a.client.received.length;
        a.client.send("RequestStats");
        const home = await a.client.waitFor("LocaleMsg", (f) => f.messageId === 2104, statsFrom);
        expect(home.fields.params).not.toBe("");
        // A new character of the default world wears its starting armour and no shield: that line is a console line.
        const lines = a.client.received.slice(statsFrom).flatMap((p) => (p.name === "LocaleMsg" ? [p.fields.messageId] : p.name === "ConsoleMsg" ? ["armour"] : []));
        expect(lines).toEqual([1295, 1857, 1858, 1860, "armour", 1099, 1298, 1299, 478, 1300, 2078, 1307, 2104]);
        expect(a.client.received.slice(statsFrom).find((p) => p.name === "LocaleMsg")!.fields.params).toBe(a.name);
      });

      test("log out and back in at the same place", async () => {
        const email = `${uniqueName("q")}@test.local`;
        const a = await enter("Vuelvo", email);
        const map = await fetchMap(live.ts.httpPort, a.map);
        const heading = openHeading(map, a.x, a.y, a.client.occupiedTiles(a.charIndex));
        const target = step(a.x, a.y, heading);
        a.client.send("Walk", { heading });
        a.client.send("RequestPositionUpdate");
        await a.client.waitFor("PosUpdate", (f) => f.x === target.x && f.y === target.y);
        const from = a.client.received.length;
        a.client.send("Quit");
        // The town is safe: the logout is immediate.
        await a.client.waitFor("Disconnect", () => true, from);
        await a.client.waitForClose();
        const back = await loginExisting(live.ts, transport, email, a.name);
        live.keep(back.client);
        expect([back.map, back.x, back.y]).toEqual([a.map, target.x, target.y]);
      });

      test("a dropped socket saves the player and removes it for the others", async () => {
        const email = `${uniqueName("s")}@test.local`;
        const a = await enter("Corte", email);
        const b = await enter("Testigo");
        await a.client.waitFor("CharacterCreate", (f) => f.charIndex === b.charIndex);
        const map = await fetchMap(live.ts.httpPort, a.map);
        const heading = openHeading(map, a.x, a.y, a.client.occupiedTiles(a.charIndex));
        const target = step(a.x, a.y, heading);
        a.client.send("Walk", { heading });
        a.client.send("RequestPositionUpdate");
        await a.client.waitFor("PosUpdate", (f) => f.x === target.x && f.y === target.y);
        const from = b.client.received.length;
        a.client.close(); // no Quit: the connection just goes away
        await b.client.waitFor("CharacterRemove", (f) => f.charIndex === a.charIndex, from);
        await live.ts.server.gateway.drainSaves();
        const back = await loginExisting(live.ts, transport, email, a.name);
        live.keep(back.client);
        expect([back.map, back.x, back.y]).toEqual([a.map, target.x, target.y]);
      });

      test("hostile frames close only the sender", async () => {
        const a = await enter("Calmo");
        const b = await enter("Tercero");
        const rogue = await GameClient.connect(transport, live.ts.host, transport === "tcp" ? live.ts.tcpPort : live.ts.httpPort);
        live.keep(rogue);
        await rogue.waitFor("Connected");
        // Unknown packet id 9999 in a well-formed frame.
        rogue.sendBytes(Uint8Array.of(0x02, 0x00, 0x0f, 0x27));
        await rogue.waitForClose();
        const from = a.client.received.length;
        b.client.send("Talk", { text: "sigo aqui" });
        await a.client.waitFor("ChatOverHead", (f) => f.text === "sigo aqui", from);
      });

      test("a repeated action counter closes the connection", async () => {
        const a = await enter("Trampa");
        a.client.send("Talk", { text: "uno", counter: 5 });
        a.client.send("Talk", { text: "dos", counter: 5 });
        await a.client.waitForClose();
      });

      test("a second login of the same character replaces the first session", async () => {
        const email = `${uniqueName("d")}@test.local`;
        const first = await enter("Doble", email);
        const second = await loginExisting(live.ts, transport, email, first.name);
        live.keep(second.client);
        await first.client.waitForClose();
        expect(first.client.received.some((p) => p.name === "ErrorMsg")).toBe(true);
        expect(second.map).toBe(first.map);
      });

      test("a crashed map worker loses no player", async () => {
        const a = await enter("Fenix");
        const from = a.client.received.length;
        live.ts.server.world.crashWorkerOf(a.map);
        // Recovery re-enters the player: a fresh ChangeMap and own char.
        await a.client.waitFor("UserCharIndexInServer", () => true, from, 20_000);
        const map = await fetchMap(live.ts.httpPort, a.map);
        const heading = openHeading(map, a.x, a.y, a.client.occupiedTiles(a.charIndex));
        const after = a.client.received.length;
        a.client.send("Walk", { heading });
        a.client.send("Talk", { text: "sobrevivi" });
        await a.client.waitFor("ChatOverHead", (f) => f.text === "sobrevivi", after);
        // In a cluster the map node restarts its worker and the gateway places the player again.
        if (isClusterBackend(backend)) expect(live.ts.server.world.replaced).toBeGreaterThan(0);
        else expect(live.ts.server.world.stats.restarts).toBeGreaterThan(0);
      });
    });
  }

  // A cluster restarts the same way on either link: it is run once, on NATS.
  if (backend !== "cluster-memory") {
    describe(`server restart on ${backend}`, () => {
      test("characters and positions survive a restart", async () => {
        let ts = await startTestServer(backend);
        try {
          const email = `${uniqueName("r")}@test.local`;
          const a = await createAndEnter(ts, "tcp", "Resto", email);
          const map = await fetchMap(ts.httpPort, a.map);
          const heading = openHeading(map, a.x, a.y, a.client.occupiedTiles(a.charIndex));
          const target = step(a.x, a.y, heading);
          a.client.send("Walk", { heading });
          a.client.send("RequestPositionUpdate");
          await a.client.waitFor("PosUpdate", (f) => f.x === target.x && f.y === target.y);
          // A clean shutdown while the player is online must keep the step.
          ts = await ts.restart();
          await a.client.waitForClose();
          const back = await loginExisting(ts, "ws", email, a.name);
          expect([back.map, back.x, back.y]).toEqual([a.map, target.x, target.y]);
          back.client.close();
        } finally {
          await ts.stop();
          await ts.cleanup();
        }
      }, 120_000);
    });
  }
}

/** Moves an offline character by saving a new position through the server's own repository. */
