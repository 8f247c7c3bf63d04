/**
 * NPCs and staff (VB6 `EsGM And Not AdminPerseguible`, `/IGNORADO`): a hostile NPC leaves a GM
 * alone and goes for a player; after `/IGNORADO` it goes for the GM too, and a second one switches
 * it back; the choice follows the GM to the next map in the hand-over.
 */
import { describe, expect, test } from "bun:test";
import { GameTablesSchema } from "../../../content/index.ts";
import type { NpcAttackHook } from "../../kernel/index.ts";
import { world } from "../../map-harness.test-support.ts";

const RATA = 511;

function rataWorld() {
  const tables = GameTablesSchema.parse({
    format: "ao20",
    objects: null,
    npcs: { declaredCount: RATA, npcs: [{ id: RATA, name: "Rata", movement: 2, hostile: true, attackable: true, minHp: 15, maxHp: 15, minHit: 2, maxHit: 4, giveExp: 16 }] },
    spells: null,
    balance: null,
    cities: null,
    mapInfo: null,
    specialMaps: null,
  });
  const blows: number[] = [];
  const npcAttack: NpcAttackHook = (_ctx, _npc, player) => blows.push(player.session);
  const w = world({ tables, npcs: [{ npc: RATA, name: "Rata", x: 20, y: 20, body: 9, head: 0, heading: 3 }], safe: false, npcAttack });
  return { ...w, blows };
}

describe("/IGNORADO: whether NPCs chase a GM", () => {
  test("a GM next to a hostile rata is left alone; after /IGNORADO it is hit; a second /IGNORADO ends it", () => {
    const w = rataWorld();
    w.enter(1, "Gm", 21, 20, { with: { staff: { rank: "consejero", roleMaster: false } } });
    w.advance(10_000);
    expect(w.blows).toEqual([]);
    w.drain();

    w.server.act(1, "Ignored", {});
    const told = w.drain().filter((p) => p.session === 1 && p.name === "ConsoleMsg").map((p) => p.fields.text);
    expect(told).toEqual(["Las criaturas ahora te ven y te atacan."]);
    w.advance(10_000);
    expect(w.blows.length).toBeGreaterThanOrEqual(2);
    expect(new Set(w.blows)).toEqual(new Set([1]));

    w.server.act(1, "Ignored", {});
    w.blows.length = 0;
    w.advance(10_000);
    expect(w.blows).toEqual([]);
  });

  test("a player beside the GM is the one the rata goes for; a role master without a rank is a player to NPCs", () => {
    const w = rataWorld();
    w.enter(1, "Gm", 21, 20, { with: { staff: { rank: "dios", roleMaster: false } } });
    w.enter(2, "Rol", 19, 20, { with: { staff: { rank: null, roleMaster: true } } });
    w.advance(10_000);
    expect(w.blows.length).toBeGreaterThanOrEqual(2);
    expect(new Set(w.blows)).toEqual(new Set([2]));
  });

  test("the choice goes with the GM to the next map, and comes back from the hand-over", () => {
    const w = world({ exits: [{ x: 15, y: 10, destMap: 2, destX: 50, destY: 60 }] });
    w.enter(1, "Gm", 14, 10, { heading: 2, with: { staff: { rank: "consejero", roleMaster: false } } });
    w.enter(2, "Otro", 15, 11, { heading: 1, with: { staff: { rank: "consejero", roleMaster: false } } });
    w.server.act(1, "Ignored", {});
    w.server.walk(1, 2);
    w.server.walk(2, 1);
    const handOvers = w.events.flatMap((event) => (event.t === "transfer" ? [[event.session, event.handOver.chasedByNpcs ?? null]] : []));
    expect(handOvers).toEqual([[1, true], [2, null]]);
    // Arriving with it next to a rata, the GM is still chased.
    const transfer = w.events.find((event) => event.t === "transfer" && event.session === 1);
    if (transfer?.t !== "transfer") throw new Error("no transfer");
    const next = rataWorld();
    next.server.enter({ session: 1, record: { ...transfer.state, position: { map: 1, x: 21, y: 20, heading: 2 } }, kind: "transfer", userSlot: 1, cameFrom: undefined, handOver: transfer.handOver });
    next.advance(10_000);
    expect(next.blows.length).toBeGreaterThanOrEqual(2);
  });
});
