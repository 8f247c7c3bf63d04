/**
 * The client packets the gateway understands, decoded into a small typed union, and the
 * frames the gateway itself sends (before a character is on a map, or when closing).
 */
import type { CharacterRecord } from "../game/character-record.ts";
import { PacketWriter, decodeClientPacket, writeConnected, writeServerPacket, type ServerPacketName } from "../protocol/index.ts";

export type ClientMessage =
  | { name: "LoginAccount"; email: string; password: string }
  | { name: "CreateAccount"; email: string; password: string }
  | { name: "LoginExistingChar"; charId: number; charName: string }
  | { name: "LoginNewChar"; charName: string; race: number; gender: number; class: number; head: number; homeCity: number }
  | { name: "Walk"; heading: number; counter: number }
  | { name: "ChangeHeading"; heading: number; counter: number }
  | { name: "Talk"; text: string; counter: number }
  | { name: "Yell"; text: string }
  | { name: "Whisper"; target: string; text: string }
  | { name: "RequestPositionUpdate" }
  | { name: "Quit" }
  | { name: "CancelarExit" }
  /** A packet the protocol knows but the gateway has no handler for (yet). */
  | { name: "Other"; packet: string; counter?: number };

export type DecodeOutcome = { ok: true; message: ClientMessage } | { ok: false; code: string; message: string };

/** Client packets with a TS_* counter the gateway does not handle yet still have it checked. */
const COUNTER_FIELD = "counter";

export function decodeClientMessage(body: Uint8Array): DecodeOutcome {
  const result = decodeClientPacket(body);
  if (!result.ok) return { ok: false, code: result.error.code, message: result.error.message };
  const { name, fields } = result.packet as { name: string; fields: Record<string, unknown> };
  const num = (key: string) => Number(fields[key] ?? 0);
  const text = (key: string) => String(fields[key] ?? "");
  switch (name) {
    case "LoginAccount":
    case "CreateAccount":
      return { ok: true, message: { name, email: text("email"), password: text("password") } };
    case "LoginExistingChar":
      return { ok: true, message: { name, charId: num("charId"), charName: text("name") } };
    case "LoginNewChar":
      return {
        ok: true,
        message: {
          name,
          charName: text("name"),
          race: num("race"),
          gender: num("gender"),
          class: num("class"),
          head: num("head"),
          homeCity: num("homeCity"),
        },
      };
    case "Walk":
    case "ChangeHeading":
      return { ok: true, message: { name, heading: num("heading"), counter: num("counter") } };
    case "Talk":
      return { ok: true, message: { name, text: text("text"), counter: num("counter") } };
    case "Yell":
      return { ok: true, message: { name, text: text("text") } };
    case "Whisper":
      return { ok: true, message: { name, target: text("targetName"), text: text("text") } };
    case "RequestPositionUpdate":
    case "Quit":
    case "CancelarExit":
      return { ok: true, message: { name } };
    default:
      return {
        ok: true,
        message: COUNTER_FIELD in fields ? { name: "Other", packet: name, counter: num(COUNTER_FIELD) } : { name: "Other", packet: name },
      };
  }
}

/** The name counters and metrics use for a message. */
export function messagePacketName(message: ClientMessage): string {
  return message.name === "Other" ? message.packet : message.name;
}

const writer = new PacketWriter(256);

function frame(name: ServerPacketName, fields: Record<string, unknown>): Uint8Array {
  writer.reset();
  const error = writeServerPacket(writer, name, fields as never);
  if (error) throw error;
  return writer.copyBytes();
}

/** Status colour in the character list: 1 citizen. */
const LIST_STATUS_CITIZEN = 1;

export const gatewayFrames = {
  /** `Connected` with the 13-byte debug payload, safe for every client build (§1.5). */
  connected(): Uint8Array {
    writer.reset();
    writeConnected(writer, true);
    return writer.copyBytes();
  },
  errorMsg: (message: string) => frame("ErrorMsg", { message }),
  showMessageBox: (messageId: number, extra: string) => frame("ShowMessageBox", { messageId, extra }),
  disconnect: () => frame("Disconnect", { fullLogout: false }),
  accountCharacterList(characters: readonly CharacterRecord[]): Uint8Array {
    return frame("AccountCharacterList", {
      characters: characters.map((c) => ({
        id: c.id,
        name: c.name,
        body: c.body,
        head: c.head,
        class: c.class,
        map: c.position.map,
        x: c.position.x,
        y: c.position.y,
        level: c.level,
        status: LIST_STATUS_CITIZEN,
        helmet: 0,
        shield: 0,
        weapon: 0,
        backpack: 0,
      })),
    });
  },
};
