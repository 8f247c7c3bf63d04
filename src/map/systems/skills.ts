/**
 * Spending free skill points (`ModifySkills`, VB6 `HandleModifySkills`; combat-and-progression
 * §7.4). The client sends how many points go to each of the 24 skills; the rule is
 * `spendSkillPoints` in `game/progression`.
 *
 * Hostile input (more points than the character has free; a malformed list cannot come through
 * the codec) changes nothing. VB6 logs it as a hacking attempt and closes the connection; here
 * the connection stays and nothing is answered, since VB6 answers nothing on success either (the
 * client already shows what it asked for). Points beyond 100 in a skill are given back, as VB6.
 */
import { spendSkillPoints } from "../../game/progression/index.ts";
import type { ClientPacketFields } from "../../protocol/index.ts";
import type { MapContext, MapSystem, PlayerEntity } from "../kernel/index.ts";

export function modifySkills(_ctx: MapContext, player: PlayerEntity, fields: ClientPacketFields<"ModifySkills">): void {
  const { record } = player;
  const outcome = spendSkillPoints(record.skills, record.freeSkillPoints, fields.skillDeltas);
  if (!outcome.ok) return;
  record.skills = [...outcome.skills];
  record.freeSkillPoints = outcome.freeSkillPoints;
}

export const skills: MapSystem = {
  name: "skills",
  packets: { ModifySkills: modifySkills },
};
