/**
 * The field types derived from the layouts. Most checks here are compile-time (`tsc`): a wrong
 * derivation makes the project fail to type-check. The runtime test shows narrowing on `name`.
 */
import { expect, test } from "bun:test";
import {
  decodeClientPacket,
  encodeClientPacket,
  fromHex,
  type ClientPacket,
  type ClientPacketFields,
  type SafeArrayInt8,
  type ServerPacket,
  type ServerPacketFields,
} from "./index.ts";

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
function assertType<T extends true>(): T | undefined {
  return undefined;
}

assertType<Equal<ServerPacketFields<"CharacterMove">, { charIndex: number; x: number; y: number }>>();
assertType<Equal<ClientPacketFields<"Walk">, { heading: number; counter: number }>>();
assertType<Equal<ClientPacketFields<"Quit">, Record<string, never>>>();
assertType<Equal<ServerPacketFields<"Logged">, { newUser: boolean }>>();
assertType<Equal<ClientPacketFields<"EquipItem">, { slot: number; isSkin: boolean; skinType?: number; counter: number }>>();
assertType<Equal<ServerPacketFields<"Connected">, { debugArray?: SafeArrayInt8 }>>();
assertType<Equal<ServerPacketFields<"SendClientToggles">, { toggles: string[] }>>();
assertType<Equal<ServerPacketFields<"ShopInit">, { credits: number; items: { objNumber: number; price: number; name: string }[] }>>();
assertType<Equal<ServerPacketFields<"AccountCharacterList">["characters"][number]["name"], string>>();
assertType<Equal<ServerPacketFields<"DatosGrupo">, { inGroup: boolean; memberNames?: string[] }>>();
assertType<Equal<Extract<ServerPacket, { name: "CharacterMove" }>["id"], 44>>();
assertType<Equal<Extract<ClientPacket, { name: "LoginNewChar" }>["id"], 74>>();

test("decoded packets narrow on their name", () => {
  const result = decodeClientPacket(fromHex("4E 00 03 01 00 00 00")!);
  expect(result.ok).toBe(true);
  if (!result.ok) return;
  const packet = result.packet;
  if (packet.name === "Walk") {
    const heading: number = packet.fields.heading;
    expect(heading).toBe(3);
  } else {
    throw new Error(`expected Walk, got ${packet.name}`);
  }
});

test("typed encoding accepts the derived field types", () => {
  // @ts-expect-error -- counter is required
  const missing = encodeClientPacket("Walk", { heading: 1 });
  expect(missing.ok).toBe(false);
  expect(encodeClientPacket("Walk", { heading: 1, counter: 2 }).ok).toBe(true);
});
