/**
 * The staff commands on the NPCs of the GM's own map (gm-and-moderation §2.7): `/RMATA`, `/MATA`,
 * `/MASSKILL`, the spawn window (`/CC`), `/ACC`, `/RACC` and `/RESETINV`. The gate let the sender
 * through and audits what each returns; the NPCs are spawned and removed by the kernel's verbs
 * (`spawnNpc`, `killNpc`), never by hand. A GM's removal gives no experience, gold or drops (those
 * are combat's, before `killNpc`).
 *
 * Decisions (named by the quirk they settle):
 * - RMATA-NAME: Msg1477 names the NPC (VB6 sent its slot number).
 * - SPAWN-TABLE (game/staff/world.ts): an NPC number the world's npcs.dat lacks is refused with a
 *   line, and nothing appears.
 * - G27 (game/staff/world.ts): the spawn window's full list for Dios and up only.
 * - RESETINV-STOCK: `/RESETINV` puts the trader's npcs.dat stock back (what the command is for);
 *   VB6 emptied the shop instead. A creature that does not trade: nothing to reset, said so in
 *   the audit row.
 * - RACC-RESPAWN: a `/RACC` creature comes back after death as its npcs.dat says (at least once);
 *   an `/ACC` or `/CC` one never does, as VB6 spawns them.
 */
import { openShopStock } from "../../../game/commerce/index.ts";
import { MESSAGES } from "../../../game/messages/index.ts";
import { spawnListIsFull, spawnPermission, standingOf, tilesAround } from "../../../game/staff/index.ts";
import { HEADING_SOUTH } from "../../../game/movement/index.ts";
import type { NpcAiProfile } from "../../../game/npc-ai/index.ts";
import type { ClientPacketFields } from "../../../protocol/index.ts";
import { entityAt, killNpc, npcSpawnTile, npcTemplate, spawnNpc, targetNpcOf, type MapContext, type NpcEntity, type PlayerEntity } from "../../kernel/index.ts";
import { DONE, type StaffEffect, type StaffOutcome } from "./gate.ts";

const NO_TARGET_NPC: StaffOutcome = { outcome: "refused_rule", detail: "no_target_npc" };

function npcTarget(npc: NpcEntity): StaffOutcome["target"] {
  return { name: npc.name };
}

/** `/RMATA` (`HandleKillNPC`): the clicked NPC goes (no rewards) and, if npcs.dat brings it back, comes back at once. */
export function killTargetNpc(ctx: MapContext, player: PlayerEntity): StaffOutcome {
  const npc = targetNpcOf(ctx, player);
  if (npc === null) {
    ctx.tell(player, MESSAGES.clickNpcFirst());
    return NO_TARGET_NPC;
  }
  ctx.tell(player, MESSAGES.staffKilledNpc(npc.name));
  killNpc(ctx, npc, null, "at_once");
  player.targetNpc = null;
  return { outcome: "ok", target: npcTarget(npc) };
}

/** `/MATA` (`HandleKillNPCNoRespawn`): the clicked NPC is removed for good; no NPC clicked, nothing (as VB6). */
export function removeTargetNpc(ctx: MapContext, player: PlayerEntity): StaffOutcome {
  const npc = targetNpcOf(ctx, player);
  if (npc === null) return NO_TARGET_NPC;
  killNpc(ctx, npc, null, "never");
  player.targetNpc = null;
  return { outcome: "ok", target: npcTarget(npc) };
}

/** `/MASSKILL` (`HandleKillAllNearbyNPCs`): every NPC within x ± 11, y ± 9 of the GM is removed for good. */
export function removeNearbyNpcs(ctx: MapContext, player: PlayerEntity): StaffOutcome {
  const { width, height } = ctx.terrain;
  let removed = 0;
  for (const tile of tilesAround(player.x, player.y, width, height)) {
    const standing = entityAt(ctx, tile.x, tile.y);
    if (standing?.kind !== "npc") continue;
    killNpc(ctx, standing, null, "never");
    removed++;
  }
  return { outcome: "ok", detail: `removed ${removed}` };
}

/** `/CC` (`HandleSpawnListRequest`): the stock client's spawn window; a SemiDios hears its list is limited (Msg970). */
export function openSpawnList(ctx: MapContext, player: PlayerEntity): StaffOutcome {
  const standing = standingOf(player.privileges);
  const full = spawnListIsFull(standing);
  if (!full) ctx.tell(player, MESSAGES.spawnListLimited());
  ctx.view.send(player, ctx.packets.spawnList(full));
  return { outcome: "ok", detail: full ? "full_list" : "summonable_only" };
}

type Comeback = "never" | "by_rules";

/** No comeback: the creature is gone once dead (`SpawnNpc(…, Respawn:=False)`). */
const neverComesBack = (loaded: NpcAiProfile): NpcAiProfile => ({ ...loaded, respawns: false });
/** RACC-RESPAWN: it comes back after death, whatever npcs.dat's `ReSpawn` says for its first life. */
const comesBack = (loaded: NpcAiProfile): NpcAiProfile => ({ ...loaded, respawns: true });

/** NPC `npcNumber` on the free tile nearest the GM its feet may stand on; the outcome for the audit row. */
function spawnNextTo(ctx: MapContext, player: PlayerEntity, npcNumber: number, comeback: Comeback, rankLimitsChoice: boolean): StaffOutcome {
  const template = npcTemplate(ctx.tables, npcNumber);
  const permission = template === null ? "unknown_npc" : rankLimitsChoice ? spawnPermission(template, standingOf(player.privileges)) : "ok";
  if (permission === "unknown_npc" || template === null) {
    ctx.tell(player, MESSAGES.unknownNpc(npcNumber));
    return { outcome: "refused_rule", detail: "unknown_npc" };
  }
  const target = { name: template.name };
  if (permission === "not_summonable") {
    ctx.tell(player, MESSAGES.npcNotSummonable(template.name));
    return { outcome: "refused_rule", target, detail: "not_summonable" };
  }
  const spawn = { npc: npcNumber, name: template.name, body: template.body, head: template.head, heading: template.heading || HEADING_SOUTH, x: player.x, y: player.y };
  const tile = npcSpawnTile(ctx, spawn);
  const npc = tile === null ? null : spawnNpc(ctx, { ...spawn, x: tile.x, y: tile.y }, tile.x, tile.y, tile, comeback === "never" ? neverComesBack : comesBack);
  if (npc === null) {
    ctx.tell(player, MESSAGES.noRoomForNpc());
    return { outcome: "refused_rule", target, detail: "no_room" };
  }
  return { outcome: "ok", target, detail: `at ${npc.x},${npc.y}` };
}

/** The spawn window's pick (`HandleSpawnCreature`): a SemiDios only `PuedeInvocar=1` creatures; no comeback. */
export function spawnCreature(ctx: MapContext, player: PlayerEntity, fields: ClientPacketFields<"SpawnCreature">): StaffOutcome {
  return spawnNextTo(ctx, player, fields.creatureIndex, "never", true);
}

/** `/ACC n` (`HandleCreateNPC`, Dios and up): NPC n next to the GM, no comeback. */
export function createNpc(ctx: MapContext, player: PlayerEntity, fields: ClientPacketFields<"CreateNPC">): StaffOutcome {
  return spawnNextTo(ctx, player, fields.npcIndex, "never", false);
}

/** `/RACC n` (`HandleCreateNPCWithRespawn`, Admin): NPC n next to the GM, coming back after death. */
export function createNpcWithRespawn(ctx: MapContext, player: PlayerEntity, fields: ClientPacketFields<"CreateNPCWithRespawn">): StaffOutcome {
  return spawnNextTo(ctx, player, fields.npcIndex, "by_rules", false);
}

/** `/RESETINV` (`HandleResetNPCInventory`): RESETINV-STOCK, the clicked trader's stock as npcs.dat lists it. */
export function resetNpcInventory(ctx: MapContext, player: PlayerEntity): StaffOutcome {
  const npc = targetNpcOf(ctx, player);
  if (npc === null) return NO_TARGET_NPC;
  if (npc.shop === null) return { outcome: "refused_rule", target: npcTarget(npc), detail: "not_a_trader" };
  npc.shop.stock = openShopStock(npc.shop.template);
  return { ...DONE, target: npcTarget(npc) };
}

export const NPC_EFFECTS = {
  KillNPC: killTargetNpc,
  KillNPCNoRespawn: removeTargetNpc,
  KillAllNearbyNPCs: removeNearbyNpcs,
  SpawnListRequest: openSpawnList,
  SpawnCreature: spawnCreature,
  CreateNPC: createNpc,
  CreateNPCWithRespawn: createNpcWithRespawn,
  ResetNPCInventory: resetNpcInventory,
} satisfies {
  readonly KillNPC: StaffEffect<"KillNPC">;
  readonly KillNPCNoRespawn: StaffEffect<"KillNPCNoRespawn">;
  readonly KillAllNearbyNPCs: StaffEffect<"KillAllNearbyNPCs">;
  readonly SpawnListRequest: StaffEffect<"SpawnListRequest">;
  readonly SpawnCreature: StaffEffect<"SpawnCreature">;
  readonly CreateNPC: StaffEffect<"CreateNPC">;
  readonly CreateNPCWithRespawn: StaffEffect<"CreateNPCWithRespawn">;
  readonly ResetNPCInventory: StaffEffect<"ResetNPCInventory">;
};
