/**
 * The frames the gateway itself sends (before a character is on a map, or when closing). The
 * client packets it reads are the protocol's typed `ClientPacket` union.
 */
import type { CharacterRecord } from "../game/character/index.ts";
import { PacketWriter, writeConnected, writeServerPacket, type ServerPacketName } from "../protocol/index.ts";

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
