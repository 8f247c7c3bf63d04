/**
 * What a player reads every day (issue 26): `/AYUDA`, a spell's card, signs, and what a faction
 * recruiter says.
 *
 * - `Help` (VB6 `HandleHelp` → `SendHelp`): each line of the world's `Help.dat` as a console line
 *   (FONTTYPE_INFO). A world without the file says nothing, as VB6 with `NumLines=0`.
 * - `SpellInfo(slot)` (VB6 `HandleSpellInfo`, the spell list's "info" button): a slot outside the
 *   book is Msg1134; a learnt spell answers `HECINF*<spell>`, which the stock client words from its
 *   `Hechizos.dat` (name, `Desc`, `MinSkill`, `ManaRequerido`, `StaRequerido` or
 *   `StaPercentRequired`); an empty slot, or a spell the world's table lacks, says nothing.
 * - A left click on a sign (`ObjType` 8, VB6 `HandleSignAction`): `ShowSignal(obj, VGrande)` when
 *   the object has a `Texto` (the client shows its own copy of it), else the blank scroll
 *   `ShowPapiro`; on a mailbox (`ObjType` 47): Msg586, VB6 has the mail off.
 * - `Information` / `Reward` (VB6 `HandleInformation`, `HandleReward`, `/INFORMACION`,
 *   `/RECOMPENSA`): with no NPC targeted Msg761; an NPC that is no recruiter, or a ghost asking:
 *   nothing; farther than 4 tiles: Msg8; then the recruiter answers over its head (to the asker
 *   only): the Royal Army's (`Faccion=0`) Msg1389 / Msg1393 to someone not of the army or its
 *   council, Msg1390 to a member; the Chaos Legion's Msg1391 / Msg1394 and Msg1392 likewise. A
 *   member's reward (`RecompensaArmadaReal`, `RecompensaCaos`) belongs to the faction ranks, which
 *   this server does not have yet: "not available yet".
 *
 * Decision (INFORMATION-OR, fixed): VB6's `/INFORMACION` tests `Status <> Armada Or Status <>
 * consejo`, true for everyone, so a recruiter never tells even its own soldiers their duty (Msg1390,
 * Msg1392 are unreachable). Here the test is the one `/RECOMPENSA` makes (`And`): members hear
 * their duty, everyone else "you are not one of us".
 */
import { FactionStatus } from "../../game/faction/index.ts";
import { ObjectType } from "../../game/items/index.ts";
import { LocaleId, MESSAGES, overHeadLocale } from "../../game/messages/index.ts";
import { NpcType } from "../../content/index.ts";
import { SPELL_SLOT_COUNT } from "../../game/character/index.ts";
import type { ClientPacketFields } from "../../protocol/index.ts";
import { isDead, manhattan, type MapContext, type MapSystem, type NpcEntity, type PlayerEntity } from "../kernel/index.ts";

/** `Distancia(user, recruiter) > 4`: too far for `/INFORMACION` and `/RECOMPENSA`. */
export const RECRUITER_RANGE = 4;
/** `vbWhite`, the colour of the recruiter's words. */
const WHITE = 0xffffff;

/** `/AYUDA`: the world's help lines. */
export function help(ctx: MapContext, player: PlayerEntity): void {
  for (const line of ctx.tables?.help?.lines ?? []) ctx.tell(player, MESSAGES.helpLine(line));
}

/** The spell numbers the world's table has, once per table. */
const spellIds = new WeakMap<object, ReadonlySet<number>>();
function hasSpell(ctx: MapContext, spell: number): boolean {
  const table = ctx.tables?.spells;
  if (!table) return false;
  let ids = spellIds.get(table);
  if (ids === undefined) {
    ids = new Set(table.spells.map((entry) => entry.id));
    spellIds.set(table, ids);
  }
  return ids.has(spell);
}

/** `SpellInfo(slot)`: the card of the spell in that slot of the book. */
export function spellInfo(ctx: MapContext, player: PlayerEntity, fields: ClientPacketFields<"SpellInfo">): void {
  const { slot } = fields;
  if (slot < 1 || slot > SPELL_SLOT_COUNT) {
    ctx.tell(player, MESSAGES.selectSpellFirst());
    return;
  }
  const spell = player.record.spells[slot - 1] ?? 0;
  if (spell > 0 && hasSpell(ctx, spell)) ctx.tell(player, MESSAGES.spellInfo(spell));
}

/** A sign clicked: its window, or the blank scroll when it says nothing. */
function readSign(ctx: MapContext, player: PlayerEntity, at: { readonly obj: number }): void {
  const item = ctx.items.get(at.obj);
  if (item !== undefined && item.text.length > 0) ctx.view.send(player, ctx.packets.showSignal(at.obj, item.bigGrhIndex));
  else ctx.view.send(player, ctx.packets.showPapiro());
}

/** A mailbox clicked: VB6 has the mail off. */
function mailbox(ctx: MapContext, player: PlayerEntity): void {
  ctx.tell(player, MESSAGES.mailDisabled());
}

/** The recruiter a `/INFORMACION` or `/RECOMPENSA` is for, or null (the player was told, or VB6 is silent). */
function recruiterAsked(ctx: MapContext, player: PlayerEntity): NpcEntity | null {
  const npc = player.targetNpc;
  if (npc === null || !npc.alive || ctx.store.npcs().indexOf(npc) < 0) {
    ctx.tell(player, MESSAGES.selectTargetFirst());
    return null;
  }
  if (npc.template?.npcType !== NpcType.Recruiter || isDead(player)) return null;
  if (manhattan(player, npc) > RECRUITER_RANGE) {
    ctx.tell(player, MESSAGES.tooFar());
    return null;
  }
  return npc;
}

/** The side a recruiter enlists for (`Faccion=0`: the Royal Army) and whether the player is one of them. */
function sideOf(npc: NpcEntity, player: PlayerEntity): { readonly royal: boolean; readonly member: boolean } {
  const royal = (npc.template?.faction ?? 0) === 0;
  const status = player.status;
  const member = royal
    ? status === FactionStatus.royalArmy || status === FactionStatus.royalCouncil
    : status === FactionStatus.chaos || status === FactionStatus.chaosCouncil;
  return { royal, member };
}

function sayOverHead(ctx: MapContext, player: PlayerEntity, npc: NpcEntity, id: number): void {
  ctx.view.send(player, ctx.packets.chatOverHead(overHeadLocale(id), npc.charIndex, WHITE, 0, 0));
}

/** `/INFORMACION` at a recruiter: what its side is about. */
export function information(ctx: MapContext, player: PlayerEntity): void {
  const npc = recruiterAsked(ctx, player);
  if (npc === null) return;
  const { royal, member } = sideOf(npc, player);
  const id = royal ? (member ? LocaleId.RoyalDuty : LocaleId.NotRoyalTroops) : member ? LocaleId.ChaosDuty : LocaleId.NotChaosLegion;
  sayOverHead(ctx, player, npc, id);
}

/** `/RECOMPENSA` at a recruiter: a member's reward (the faction ranks are still to come). */
export function reward(ctx: MapContext, player: PlayerEntity): void {
  const npc = recruiterAsked(ctx, player);
  if (npc === null) return;
  const { royal, member } = sideOf(npc, player);
  if (!member) {
    sayOverHead(ctx, player, npc, royal ? LocaleId.RewardNotRoyalTroops : LocaleId.RewardNotChaosLegion);
    return;
  }
  ctx.tell(player, MESSAGES.notAvailableYet());
}

export const reading: MapSystem = {
  name: "reading",
  packets: { Help: help, SpellInfo: spellInfo, Information: information, Reward: reward },
  objectClicks: { [ObjectType.Sign]: readSign, [ObjectType.Mail]: mailbox },
};
