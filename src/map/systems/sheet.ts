/**
 * What a player asks to see about itself (the stock client's `/EST`, its skills window and its
 * statistics window): `RequestStats` (VB6 `HandleRequestStats` → `SendUserStatsTxt`: the console
 * lines of `game/character-sheet`), `RequestSkills` (`WriteSendSkills`), `RequestAtributes`
 * (`WriteAttributes`: with a boost in force) and `RequestMiniStats` (`WriteMiniStats`). VB6 answers
 * all four to anyone, ghosts included, with no rate of its own (the gateway's flood limit bounds them).
 */
import { lifeAverageLines, miniStatsOf, shownAttributes, statsSheetLines } from "../../game/character-sheet/index.ts";
import { toRecordInventory } from "../../game/inventory/index.ts";
import type { MapContext, MapSystem, PlayerEntity } from "../kernel/index.ts";

/** `/EST`: name, level and experience, vitals, hit, armour, helmet, gold, the counters, the home city. */
export function requestStats(ctx: MapContext, player: PlayerEntity): void {
  // The record's gold and equipment are written back only when it leaves the map: the live ones.
  const character = { ...player.record, ...toRecordInventory(player.inventory) };
  const lines = statsSheetLines(character, { items: ctx.items, balance: ctx.tables?.balance ?? null, cities: ctx.tables?.cities?.cities ?? null });
  for (const line of lines) ctx.tell(player, line);
}

/** The 24 skills, as the skills window asks each time it opens. */
export function requestSkills(ctx: MapContext, player: PlayerEntity): void {
  ctx.view.send(player, ctx.packets.sendSkills(player.record.skills));
}

/** The five attributes as they are now (a potion's or a spell's boost included). */
export function requestAttributes(ctx: MapContext, player: PlayerEntity): void {
  ctx.view.send(player, ctx.packets.attributes(shownAttributes(player.record.attributes, player.statusEffects.attributeBoost)));
}

/** The statistics window's counters, with the status viewers see. */
export function requestMiniStats(ctx: MapContext, player: PlayerEntity): void {
  ctx.view.send(player, ctx.packets.miniStats(miniStatsOf({ ...player.record, factionStatus: player.status })));
}

/** `/PROMEDIO`: the class, race and level, the life expected at this level and the life it has (VB6 `HandlePromedio`, no condition). */
export function requestLifeAverage(ctx: MapContext, player: PlayerEntity): void {
  const character = { ...player.record, maxHp: player.record.vitals.maxHp, attributes: shownAttributes(player.record.attributes, player.statusEffects.attributeBoost) };
  for (const line of lifeAverageLines(character, ctx.tables?.balance ?? null)) ctx.tell(player, line);
}

export const sheet: MapSystem = {
  name: "sheet",
  packets: { RequestStats: requestStats, RequestSkills: requestSkills, RequestAtributes: requestAttributes, RequestMiniStats: requestMiniStats, Promedio: requestLifeAverage },
};
