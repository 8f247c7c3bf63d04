/**
 * `/CHATCOLOR r g b` (VB6 `HandleChatColor`): a GM's talk over its head in the chosen colour (VB6's
 * RGB long, red in the low byte), white before; a player's packet changes nothing, silently, and
 * is audited; the colour goes with the GM in the hand-over.
 */
import { describe, expect, test } from "bun:test";
import { world } from "../../map-harness.test-support.ts";
import { vbRgb } from "./chat-colour.ts";

const overHead = (w: ReturnType<typeof world>) =>
  w
    .drain()
    .filter((p) => p.session === 2 && p.name === "ChatOverHead")
    .map((p) => [p.fields.text, p.fields.color]);

describe("/CHATCOLOR", () => {
  test("a Consejero talks in white, then in its colour; a player's /CHATCOLOR changes nothing and says nothing", () => {
    const w = world({ exits: [{ x: 15, y: 10, destMap: 2, destX: 50, destY: 60 }] });
    w.enter(1, "Gm", 11, 10, { with: { staff: { rank: "consejero", roleMaster: false } } });
    w.enter(2, "Pepe", 12, 12);
    w.drain();
    w.server.talk(1, "hola", false);
    expect(overHead(w)).toEqual([["hola", 0xffffff]]);
    w.server.act(1, "ChatColor", { red: 255, green: 128, blue: 0 });
    w.server.talk(1, "en color", false);
    expect(overHead(w)).toEqual([["en color", vbRgb(255, 128, 0)]]);
    expect(vbRgb(255, 128, 0)).toBe(0x0080ff);

    w.server.act(2, "ChatColor", { red: 1, green: 2, blue: 3 });
    const answered = w.drain().filter((p) => p.session === 2);
    expect(answered).toEqual([]);
    w.server.talk(2, "yo", false);
    expect(w.drain().filter((p) => p.session === 1 && p.name === "ChatOverHead").map((p) => p.fields.color)).toEqual([0xffffff]);
    const audits = w.events.flatMap((event) => (event.t === "service" && event.message.kind === "audit" ? [`${event.message.record.action} ${event.message.record.outcome}`] : []));
    expect(audits).toEqual(["ChatColor ok", "ChatColor refused_rank"]);

    for (let step = 0; step < 4; step++) w.server.walk(1, 2);
    const transfer = w.events.find((event) => event.t === "transfer");
    expect(transfer?.t === "transfer" ? transfer.handOver.chatColour : null).toBe(vbRgb(255, 128, 0));
  });
});
