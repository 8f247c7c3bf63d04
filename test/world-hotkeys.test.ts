/**
 * The stock client's hotkey bar end to end (issue 26): real server (workers, database), real
 * sockets, over TCP and WebSocket, on PGlite and on Postgres (when TEST_DATABASE_URL is set). The
 * login announces `hotokey-enabled` and the default world's spells as bindable; `SetHotkeySlot`
 * then `UseHKeySlot` cast Alivio through `CastSpell`'s path (the target cursor comes). The bar is
 * not saved, as in VB6 (the stock client keeps it in its own file and sends every slot again at
 * each entry): after a logout the same key does nothing until the client sets the slot again.
 */
import { describe, expect, test } from "bun:test";
import { DEFAULT_SPELLS } from "../src/content/default-world/index.ts";
import { HotkeyType } from "../src/game/hotkeys/index.ts";
import { availableBackends, transportsFor } from "./support/test-server.ts";
import { editOffline, type InWorld, liveWorld, loginExisting, logOut, uniqueName } from "./support/world-players.ts";

const MAGIC_SKILL = 1;


/** Presses hotkey `slot`; the target cursor it brought, or null (a position request fences the answer). */
async function pressHotkey(player: InWorld, slot: number): Promise<boolean> {
  const from = player.client.received.length;
  player.client.send("UseHKeySlot", { slotIndex: slot });
  player.client.send("RequestPositionUpdate");
  await player.client.waitFor("PosUpdate", () => true, from);
  return player.client.received.slice(from).some((p) => p.name === "WorkRequestTarget" && p.fields.skill === MAGIC_SKILL);
}

for (const backend of availableBackends()) {
  for (const transport of transportsFor(backend)) {
    describe(`the hotkey bar over ${transport} on ${backend}`, () => {
      const live = liveWorld(backend, transport);

      test("a bound Alivio casts from its key; after a logout the key does nothing until the slot is set again", async () => {
        const email = `${uniqueName("h")}@test.local`;
        const first = await live.enter("Atajo", email);
        await logOut(first);
        await editOffline(live.ts, first.name, (record) => {
          record.spells = [DEFAULT_SPELLS.spark, DEFAULT_SPELLS.soothe];
        });

        const player = await loginExisting(live.ts, transport, email, first.name);
        live.keep(player.client);
        const toggles = player.client.received.find((p) => p.name === "SendClientToggles");
        expect(toggles?.fields.toggles).toEqual(["hotokey-enabled"]);
        const book = player.client.received.filter((p) => p.name === "ChangeSpellSlot").slice(0, 3).map((p) => [p.fields.spellId, p.fields.bindable]);
        expect(book).toEqual([[DEFAULT_SPELLS.spark, true], [DEFAULT_SPELLS.soothe, true], [0, false]]);

        // What the stock client sends at entry (an empty bar) and on a drag: Alivio on slot 0.
        for (let slot = 0; slot < 10; slot++) player.client.send("SetHotkeySlot", { slotIndex: slot, index: -1, lastKnownSlot: -1, hotkeyType: HotkeyType.Unknown });
        expect(await pressHotkey(player, 0)).toBe(false);
        player.client.send("SetHotkeySlot", { slotIndex: 0, index: DEFAULT_SPELLS.soothe, lastKnownSlot: 2, hotkeyType: HotkeyType.Spell });
        expect(await pressHotkey(player, 0)).toBe(true);
        expect(player.client.decodeErrors).toBe(0);

        await logOut(player);
        const back = await loginExisting(live.ts, transport, email, first.name);
        live.keep(back.client);
        expect(await pressHotkey(back, 0)).toBe(false);
        back.client.send("SetHotkeySlot", { slotIndex: 0, index: DEFAULT_SPELLS.soothe, lastKnownSlot: 2, hotkeyType: HotkeyType.Spell });
        expect(await pressHotkey(back, 0)).toBe(true);
      }, 60_000);
    });
  }
}
