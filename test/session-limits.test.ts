/**
 * Connection-level protection against a real server: per-address and total caps, the login
 * deadline, flooding and unauthenticated traffic. Each case closes only the offending connection.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { GameClient } from "./support/game-client.ts";
import { startTestServer, type TestServer } from "./support/test-server.ts";
import { GATEWAY_TEXT } from "../src/session/index.ts";

describe("connection limits", () => {
  let ts: TestServer;
  const clients: GameClient[] = [];
  const connect = async () => {
    const client = await GameClient.connect("tcp", "127.0.0.1", ts.tcpPort);
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    // The test server raises the per-address cap; this one sets it to 3 and the login deadline to 1 s.
    ts = await startTestServer("pglite", ["--max-connections-per-ip", "3", "--login-timeout-seconds", "1"]);
  }, 120_000);

  afterAll(async () => {
    for (const client of clients) client.close();
    await ts.stop();
    ts.cleanup();
  });

  test("more connections from one address than allowed are refused and told why; the others stay", async () => {
    const first = await Promise.all([connect(), connect(), connect()]);
    for (const client of first) await client.waitFor("Connected");
    const fourth = await connect();
    await fourth.waitForClose();
    // Only the reason, as the stock client shows it (an ErrorMsg box), then a clean close.
    expect(fourth.received.map((packet) => packet.name)).toEqual(["ErrorMsg"]);
    expect(fourth.received[0]!.fields.message).toBe(GATEWAY_TEXT.tooManyFromAddress);
    expect(first.every((client) => !client.closed)).toBe(true);
    for (const client of first) client.close();
    await Promise.all(first.map((client) => client.waitForClose()));
  });

  test("a connection that does not log in within the deadline is closed with a message", async () => {
    const idle = await connect();
    await idle.waitFor("Connected");
    await idle.waitForClose(5_000);
    expect(idle.received.map((packet) => packet.name)).toEqual(["Connected", "ErrorMsg"]);
  });

  test("game packets before login close the connection", async () => {
    const early = await connect();
    await early.waitFor("Connected");
    early.send("Walk", { heading: 1 });
    await early.waitForClose();
  });

  test("a flood before login closes the connection", async () => {
    const flooder = await connect();
    await flooder.waitFor("Connected");
    // 150 empty-account logins in one burst: over the 100-per-5-s limit before login.
    for (let i = 0; i < 150; i++) flooder.send("LoginAccount", { email: "", password: "" });
    await flooder.waitForClose();
  });

  test("a zero-length frame and a truncated body close the connection", async () => {
    const zero = await connect();
    await zero.waitFor("Connected");
    zero.sendBytes(Uint8Array.of(0x00, 0x00));
    await zero.waitForClose();
    const truncated = await connect();
    await truncated.waitFor("Connected");
    // LoginAccount with a string length pointing past the end.
    truncated.sendBytes(Uint8Array.of(0x04, 0x00, 0x31, 0x01, 0x7f, 0x61));
    await truncated.waitForClose();
  });

  test("wrong password gets ErrorMsg and a clean close", async () => {
    const creator = await connect();
    await creator.waitFor("Connected");
    creator.send("CreateAccount", { email: "limits@test.local", password: "correcto" });
    await creator.waitFor("AccountCharacterList");
    creator.close();
    const wrong = await connect();
    await wrong.waitFor("Connected");
    wrong.send("LoginAccount", { email: "limits@test.local", password: "otra-cosa" });
    const error = await wrong.waitFor("ErrorMsg");
    expect(String(error.fields.message).length).toBeGreaterThan(0);
    await wrong.waitForClose();
  });

  test("a new account's password must be 8 to 64 characters: the stock client's ErrorMsg, nothing created", async () => {
    for (const password of ["corto12", "x".repeat(65)]) {
      const client = await connect();
      await client.waitFor("Connected");
      client.send("CreateAccount", { email: `short${password.length}@test.local`, password });
      const error = await client.waitFor("ErrorMsg");
      expect(error.fields.message).toBe(GATEWAY_TEXT.passwordLength(8, 64));
      await client.waitForClose();
      const again = await connect();
      await again.waitFor("Connected");
      again.send("LoginAccount", { email: `short${password.length}@test.local`, password });
      // No account was made: an unknown account (a password past the longest is refused as such).
      const expected = password.length > 64 ? GATEWAY_TEXT.badCredentialsFormat : GATEWAY_TEXT.wrongCredentials;
      expect((await again.waitFor("ErrorMsg")).fields.message).toBe(expected);
      await again.waitForClose();
    }
  });
});
