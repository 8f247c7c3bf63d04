/**
 * Every client packet, sent by a logged-in player who is not staff (issue 26, "every client packet
 * has a decision"): real server (workers, database), real sockets, over TCP and WebSocket, on PGlite
 * and on Postgres (when TEST_DATABASE_URL is set). The body of each is the plainest valid one, read
 * from the protocol's own layout table (`zeroClientFields`: zero numbers, empty strings, lists at
 * their fixed length), its `TS_*` counter filled in per action as the stock client does. After one
 * burst of all of them (in chunks, within the in-world flood limit) the connection still answers a
 * `RequestPositionUpdate`, no decode error happened, and `/metrics` has no
 * `argentum_unhandled_packets_total` series (nor a handler fault): every packet reached a handler.
 *
 * Left out of the burst, because their documented effect ends the session: `Quit` (the logout: in
 * the town it is immediate) goes last, on the same connection; the four login packets
 * (LoginAccount, CreateAccount, LoginExistingChar, LoginNewChar), which the gateway answers in the
 * world by closing the connection as VB6 kicks them, go each on a connection of its own, and the
 * server lets the character in again after each.
 */
import { describe, expect, test } from "bun:test";
import { GATEWAY_PACKETS } from "../src/map/index.ts";
import { CLIENT_PACKETS, zeroClientFields, type ClientPacketName } from "../src/protocol/index.ts";
import { FLOOD_LIMIT_IN_WORLD } from "../src/session/limits.ts";
import type { GameClient } from "./support/game-client.ts";
import { availableBackends, transportsFor } from "./support/test-server.ts";
import { liveWorld, loginExisting, uniqueName, type InWorld } from "./support/world-players.ts";

/** Packets per chunk; with one position check per chunk, the whole burst stays under the flood limit. */
const CHUNK = 60;
const ENDS_SESSION = new Set<string>(["Quit", ...Object.keys(GATEWAY_PACKETS)]);
const BURST = (Object.keys(CLIENT_PACKETS) as ClientPacketName[]).filter((name) => !ENDS_SESSION.has(name)).sort((a, b) => CLIENT_PACKETS[a].id - CLIENT_PACKETS[b].id);

/** The zero body of a packet, without its counter: the client fills it in per action. */
function plainFields(name: ClientPacketName): Record<string, unknown> {
  const { counter: _counter, ...fields } = zeroClientFields(name);
  return fields;
}

async function answersPosition(client: GameClient): Promise<void> {
  const from = client.received.length;
  client.send("RequestPositionUpdate");
  await client.waitFor("PosUpdate", () => true, from);
}

async function metricsText(httpPort: number): Promise<string> {
  return (await fetch(`http://127.0.0.1:${httpPort}/metrics`)).text();
}

describe("the burst", () => {
  test("covers every client packet but the five that end the session, and fits the in-world flood limit", () => {
    expect(BURST.length + ENDS_SESSION.size).toBe(Object.keys(CLIENT_PACKETS).length);
    expect(ENDS_SESSION.size).toBe(5);
    expect(BURST.length + Math.ceil(BURST.length / CHUNK) + 2).toBeLessThan(FLOOD_LIMIT_IN_WORLD);
  });
});

for (const backend of availableBackends()) {
  for (const transport of transportsFor(backend)) {
    describe(`every client packet over ${transport} on ${backend}`, () => {
      const live = liveWorld(backend, transport);

      test("a player sends all of them: the connection still answers, nothing reached a map without a handler; Quit last; each login packet closes its own connection", async () => {
        const email = `${uniqueName("e")}@test.local`;
        const player: InWorld = await live.enter("Todo", email);
        const { client } = player;
        expect(await metricsText(live.ts.httpPort)).not.toContain("argentum_unhandled_packets_total{");

        for (let start = 0; start < BURST.length; start += CHUNK) {
          for (const name of BURST.slice(start, start + CHUNK)) client.send(name, plainFields(name));
          await answersPosition(client);
        }
        expect(client.closed).toBe(false);
        expect(client.decodeErrors).toBe(0);
        await answersPosition(client);

        const metrics = await metricsText(live.ts.httpPort);
        expect(metrics.split("\n").filter((line) => line.startsWith("argentum_unhandled_packets_total{"))).toEqual([]);
        expect(metrics.split("\n").filter((line) => line.startsWith("argentum_map_handler_faults_total{"))).toEqual([]);

        // Last: the logout, immediate in the town.
        const quitFrom = client.received.length;
        client.send("Quit");
        await client.waitFor("Disconnect", () => true, quitFrom);
        await client.waitForClose();

        // The login packets in the world: the gateway closes the connection (VB6 kicks a login packet from a logged user).
        for (const name of Object.keys(GATEWAY_PACKETS) as ClientPacketName[]) {
          await live.ts.server.gateway.drainSaves();
          const again = await loginExisting(live.ts, transport, email, player.name);
          live.keep(again.client);
          await answersPosition(again.client);
          again.client.send(name, plainFields(name));
          await again.client.waitForClose();
        }
        expect((await metricsText(live.ts.httpPort)).includes("argentum_unhandled_packets_total{")).toBe(false);
      }, 90_000);
    });
  }
}
