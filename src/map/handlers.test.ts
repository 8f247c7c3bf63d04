import { describe, expect, test } from "bun:test";
import { CHAT_COMMANDS } from "../client/index.ts";
import { clientCodec, SEQUENCED_CLIENT_PACKETS } from "../protocol/index.ts";
import { BUS_HANDLERS, PACKET_HANDLERS } from "./handlers.ts";

/** Packets the gateway answers itself (connection and login); a map never sees them. */
const CONNECTION_PACKETS = ["LoginAccount", "CreateAccount", "LoginExistingChar", "LoginNewChar"];

describe("the packet table", () => {
  test("every entry names a real client packet and none of the gateway's login packets", () => {
    const names = Object.keys(PACKET_HANDLERS);
    expect(names.length).toBeGreaterThan(10);
    for (const name of names) {
      expect(clientCodec.get(name)?.name).toBe(name);
      expect(CONNECTION_PACKETS).not.toContain(name);
      expect(typeof PACKET_HANDLERS[name as keyof typeof PACKET_HANDLERS]).toBe("function");
    }
  });

  test("every command the browser's chat box sends is answered by a map handler (never silently ignored)", () => {
    const unanswered = CHAT_COMMANDS.map((command) => command.packet).filter((packet) => PACKET_HANDLERS[packet] === undefined);
    expect(unanswered).toEqual([]);
  });

  test("the walk-and-talk packets of the stock client are handled, sequenced ones included", () => {
    for (const name of ["Walk", "ChangeHeading", "Talk", "Yell", "Whisper", "RequestPositionUpdate", "Quit", "CancelarExit"] as const) {
      expect(PACKET_HANDLERS[name]).toBeDefined();
    }
    expect(SEQUENCED_CLIENT_PACKETS).toContain("Walk");
  });

  test("every bus message kind has a handler", () => {
    expect(Object.keys(BUS_HANDLERS)).toEqual(["console_all", "line_all", "line_staff", "staff_sound", "line_rolemasters"]);
  });
});
