/**
 * The skills (`Work` cursors and `WorkLeftClick` clicks) the stock client can use that belong to a
 * system this server does not have yet: each is answered "not available yet" (the player is told,
 * never silently ignored), and each names the issue area that will own it. When a system arrives,
 * its manifest claims the skill and the line goes from here (two claims fail at start, so nothing
 * is answered twice). The client packets without a system have their decision in
 * `decisions/table.ts` (disabled, ignored or planned, each with its area).
 */
import { MESSAGES } from "../../game/messages/index.ts";
import { WorkSkill } from "../../protocol/index.ts";
import { type MapContext, type MapSystem, type PlayerEntity, type WorkClickHandler } from "../kernel/index.ts";

/** A command of a feature this server does not have yet (guilds, parties, duels, …). */
export function notAvailableYet(ctx: MapContext, player: PlayerEntity): void {
  ctx.tell(player, MESSAGES.notAvailableYet());
}

const clickNotAvailableYet: WorkClickHandler = (ctx, player) => notAvailableYet(ctx, player);

/** `e_Skill` values `HandleWorkLeftClick` acts on whose systems do not exist yet, and the issue area that owns each. */
const WOODCUTTING = WorkSkill.Woodcutting; // work
const FISHING = WorkSkill.Fishing; // work
const MINING = WorkSkill.Mining; // work
const ALCHEMY = WorkSkill.Alchemy; // work
const TARGETABLE_ITEM = WorkSkill.TargetableItem; // everyday surface
const PARTY_INVITE = WorkSkill.Group; // society
const CLAN_MARK = WorkSkill.ClanMark; // society

export const planned: MapSystem = {
  name: "planned",
  workClicks: {
    [WOODCUTTING]: clickNotAvailableYet,
    [FISHING]: clickNotAvailableYet,
    [MINING]: clickNotAvailableYet,
    [ALCHEMY]: clickNotAvailableYet,
    [TARGETABLE_ITEM]: clickNotAvailableYet,
    [PARTY_INVITE]: clickNotAvailableYet,
    [CLAN_MARK]: clickNotAvailableYet,
  },
};
