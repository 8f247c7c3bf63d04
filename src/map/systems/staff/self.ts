/**
 * A game master's own settings and the small staff commands on the GM's own map
 * (gm-and-moderation §2.3, §2.4, §2.6, §2.9): `/GENIO`, the panel's speed (`SetSpeed`),
 * `/SEGUIR`, `/SETDESC`, `/SHOWNAME`, the panel's GM mark (`MarcaDeGMPack` and its click),
 * `/TRABAJANDO` and `/OCULTANDO`. The gate checked the rank already and audits what each returns.
 *
 * Decisions (named by the quirk or the question they settle):
 * - G25: `SetSpeed` sends `VelocidadToggle` to the GM (VB6 sent it to the user slot numbered like
 *   the speed); the viewers who draw the GM get `SpeedToChar`, newcomers its speed in
 *   `CharacterCreate`, and the server's walk pace is divided by it (else the GM's faster steps
 *   would be refused). SPEED-RANGE: a speed that is not a finite number from 0.1 to 15 (the
 *   panel's buttons are 1, 2, 5 and 15) is refused and changes nothing; VB6 took any float.
 * - GENIO-PERSISTS: `/GENIO`'s 100 points are the record's skills, saved with the character as
 *   VB6 saved them (`SkillDirty`); the client gets the whole list at once (`SendSkills`).
 * - FOLLOW: `/SEGUIR` on an NPC already following someone ends that follow (VB6 toggles
 *   `flags.Follow`); while it follows it only walks after its GM (it neither strikes nor chases),
 *   and the follow ends when the GM leaves the map. Paralysis and immobilisation end either way,
 *   as in VB6. No NPC clicked: `/RMATA`'s line "click an NPC first" (VB6 said nothing).
 * - SETDESC-SHOWN: the description is said to whoever clicks the character (as VB6 13 did with
 *   `DescRM` instead of the status line; the current VB6 sets it and shows it nowhere). It lasts
 *   the session and follows the character from map to map, never saved (VB6 cleared it at every
 *   connection); an empty text clears it; the GM is told it took (VB6 said nothing).
 * - SHOWNAME: VB6 `HandleShowName` toggles `showName` and redraws the name tag
 *   (`RefreshCharStatus`): hidden, every client draws no name under the GM, its own included. A
 *   session's setting, handed to the next map; a login starts shown, as VB6's.
 * - MARK-RANK: the GM mark is staff only at both ends (VB6 checked no rank for the packet nor for
 *   its click): the packet by the gate's row, the click here (a player's click is ignored).
 *   MARK-NOBODY: a click on nobody answers Msg975 "click a character first" (VB6 sent Msg261, a
 *   pick-up line).
 * - WORKING: this server has no work loop yet (the work issue brings mining, fishing, …), so no
 *   character has VB6's `Counters.Trabajando` set: `/TRABAJANDO` answers VB6's empty list
 *   (Msg953). When the loop arrives, it lists who works. `/TRABAJANDO` below Dios is refused with
 *   VB6's own Msg952 (the command row's refusal).
 * - HIDING: nor is there hiding (`Counters.Ocultando`, the work issue's Ocultarse): `/OCULTANDO`
 *   answers VB6's empty list (Msg954).
 */
import { MESSAGES } from "../../../game/messages/index.ts";
import { NpcMovement, restoreOldMovement, type NpcAiProfile } from "../../../game/npc-ai/index.ts";
import { removeEffects } from "../../../game/spells/index.ts";
import { standingOf, type StaffCommandName } from "../../../game/staff/index.ts";
import { SKILL_COUNT, WorkSkill, type ClientPacketFields } from "../../../protocol/index.ts";
import {
  lookAtTile,
  setStatus,
  targetNpcOf,
  targetUserOf,
  type Arrival,
  type MapContext,
  type NpcEntity,
  type PlayerEntity,
  type StaffSelfHandOver,
  type WorkClickHandler,
} from "../../kernel/index.ts";
import { DONE, type StaffEffect, type StaffOutcome } from "./gate.ts";

/** SPEED-RANGE: the speeds `SetSpeed` takes (the stock panel sends 1, 2, 5 and 15). */
export const MIN_SPEED = 0.1;
export const MAX_SPEED = 15;
/** `/GENIO`: every skill to this (VB6 `UserSkills(i) = 100`). */
export const GENIUS_SKILL_POINTS = 100;

function refused(detail: string, target?: string): StaffOutcome {
  return { outcome: "refused_rule", detail, ...(target !== undefined ? { target: { name: target } } : {}) };
}

function characterTarget(player: PlayerEntity): StaffOutcome["target"] {
  return { name: player.name, characterId: player.record.id };
}

// ------------------------------------------------------------------ the name drawn, the speed

/** The name viewers draw under a player (VB6 `TempName`): none when hidden, "[CONSULTA]" in a consultation. */
function shownNameOf(player: Pick<PlayerEntity, "name" | "nameHidden" | "inConsultation">): string | undefined {
  if (player.nameHidden === true) return "";
  if (player.inConsultation === true) return `${player.name} [CONSULTA]`;
  return undefined;
}

/**
 * Sets what viewers draw under the player and sends it (VB6 `RefreshCharStatus`,
 * `SetModoConsulta`: `UpdateTagAndStatus` to the area, itself included). An admin-invisible GM is
 * drawn again only by the viewers that see it, and told its own tag.
 */
export function redrawNameTag(ctx: MapContext, player: PlayerEntity): void {
  const shown = shownNameOf(player);
  if (shown === undefined) delete player.shownName;
  else player.shownName = shown;
  const frame = ctx.packets.updateTagAndStatus(player.charIndex, player.status, player.shownName ?? player.name);
  if (player.adminInvisible === true) {
    ctx.view.send(player, frame);
    ctx.view.playerRedrawn(player);
  } else {
    ctx.view.around(player.x, player.y, frame);
  }
}

/** `SetSpeed` (panel, SemiDios and up): the GM's own movement speed (G25, SPEED-RANGE). */
export function setSpeed(ctx: MapContext, player: PlayerEntity, fields: ClientPacketFields<"SetSpeed">): StaffOutcome {
  const speed = fields.speed;
  if (!Number.isFinite(speed) || speed < MIN_SPEED || speed > MAX_SPEED) {
    ctx.tell(player, MESSAGES.speedRefused(MIN_SPEED, MAX_SPEED));
    return refused("bad_speed");
  }
  if (speed === 1) delete player.speed;
  else player.speed = speed;
  ctx.view.send(player, ctx.packets.velocidadToggle(speed));
  if (player.adminInvisible === true) ctx.view.playerRedrawn(player);
  else ctx.view.around(player.x, player.y, ctx.packets.speedToChar(player.charIndex, speed), player.session);
  const shown = Math.round(speed * 100) / 100;
  ctx.tell(player, MESSAGES.speedSet(shown));
  return { outcome: "ok", detail: `speed ${shown}` };
}

// ------------------------------------------------------------------ skills, descriptions, the name

/** `/GENIO` (`HandleGenio`, staff): every own skill to 100 (GENIO-PERSISTS), Msg555. */
export function genio(ctx: MapContext, player: PlayerEntity): StaffOutcome {
  (player.record as { skills: number[] }).skills = Array.from({ length: SKILL_COUNT }, () => GENIUS_SKILL_POINTS);
  ctx.view.send(player, ctx.packets.sendSkills(player.record.skills));
  ctx.tell(player, MESSAGES.skillsEdited());
  return DONE;
}

/** `/SETDESC texto` (`HandleSetCharDescription`, RoleMaster or Dios): the clicked character's role-play description (SETDESC-SHOWN). */
export function setCharDescription(ctx: MapContext, player: PlayerEntity, fields: ClientPacketFields<"SetCharDescription">): StaffOutcome {
  const target = targetUserOf(ctx, player);
  if (target === null) {
    ctx.tell(player, MESSAGES.clickCharacterBefore());
    return refused("no_target");
  }
  const text = fields.description.trim();
  if (text === "") delete target.roleplayDescription;
  else target.roleplayDescription = text;
  ctx.tell(player, MESSAGES.roleplayDescriptionSet(target.name, text === ""));
  return { outcome: "ok", target: characterTarget(target), detail: text === "" ? "cleared" : "set" };
}

/** `/SHOWNAME` (`HandleShowName`, RoleMaster or Dios): the GM's own name shown or hidden (SHOWNAME). */
export function showName(ctx: MapContext, player: PlayerEntity): StaffOutcome {
  if (player.nameHidden === true) delete player.nameHidden;
  else player.nameHidden = true;
  redrawNameTag(ctx, player);
  const shown = player.nameHidden !== true;
  ctx.tell(player, MESSAGES.nameShown(shown));
  return { outcome: "ok", detail: shown ? "shown" : "hidden" };
}

// ------------------------------------------------------------------ an NPC following the GM

/** The AI profile each following NPC had before (`OldMovement`, `OldHostil`), to restore. */
const profilesBeforeFollow = new WeakMap<NpcEntity, NpcAiProfile>();

/** VB6 `DoFollow`, on: movement `NpcDefensa`, not hostile, after the GM (FOLLOW); its AI thinks from now on. */
function startFollowing(ctx: MapContext, npc: NpcEntity, leader: PlayerEntity): void {
  // Its AI changes kind: out of the loop with the old profile, back in with one that thinks.
  ctx.npcAi.release(ctx, npc);
  profilesBeforeFollow.set(npc, npc.ai);
  npc.ai = { ...npc.ai, movement: NpcMovement.defend, hostile: false };
  npc.movement = NpcMovement.defend;
  npc.hostile = false;
  npc.target = null;
  npc.targetNpc = null;
  npc.leader = leader;
  npc.path.length = 0;
  ctx.npcAi.adopt(ctx, npc);
}

/** VB6 `DoFollow`, off: back to its own movement and hostility. */
export function stopFollowing(ctx: MapContext, npc: NpcEntity): void {
  ctx.npcAi.release(ctx, npc);
  const before = profilesBeforeFollow.get(npc);
  if (before !== undefined) npc.ai = before;
  profilesBeforeFollow.delete(npc);
  npc.leader = null;
  restoreOldMovement(npc);
  npc.path.length = 0;
  if (npc.alive) ctx.npcAi.adopt(ctx, npc);
}

/** The NPCs following a GM who leaves the map stop (hook `leaving`). */
export function releaseFollowers(ctx: MapContext, player: PlayerEntity): void {
  for (const npc of ctx.store.npcs()) if (npc.leader === player) stopFollowing(ctx, npc);
}

/** VB6 clears `Inmovilizado`, `Paralizado` and `Contadores.Paralisis` of the NPC. */
function endHold(ctx: MapContext, npc: NpcEntity): void {
  const effects = npc.statusEffects;
  if (effects.paralyzed === undefined && effects.immobilized === undefined) return;
  const change = removeEffects(effects, ["paralyzed", "immobilized"], ctx.clock.now());
  setStatus(ctx, npc, change.effects, change.notices);
}

/** `/SEGUIR` (`HandleNPCFollow`, SemiDios and up): the clicked NPC follows the GM, or stops following (FOLLOW). */
export function npcFollow(ctx: MapContext, player: PlayerEntity): StaffOutcome {
  const npc = targetNpcOf(ctx, player);
  if (npc === null) {
    ctx.tell(player, MESSAGES.clickNpcFirst());
    return refused("no_target_npc");
  }
  const wasFollowing = npc.leader !== undefined && npc.leader !== null;
  if (wasFollowing) stopFollowing(ctx, npc);
  else startFollowing(ctx, npc, player);
  endHold(ctx, npc);
  ctx.tell(player, MESSAGES.npcFollowsYou(npc.name, !wasFollowing));
  return { outcome: "ok", target: { name: npc.name }, detail: wasFollowing ? "stopped" : "follows" };
}

// ------------------------------------------------------------------ the GM mark

/** `MarcaDeGMPack` (panel, staff: MARK-RANK): the client's target cursor for the mark (`WorkRequestTarget` 92). */
export function gmMark(ctx: MapContext, player: PlayerEntity): StaffOutcome {
  ctx.view.send(player, ctx.packets.workRequestTarget(WorkSkill.GmMark));
  return DONE;
}

/** The mark's click (`HandleWorkLeftClick`, `e_Skill.MarcaDeGM`): the clicked character's name (Msg1133), staff only. */
export const gmMarkClick: WorkClickHandler = (ctx, player, x, y) => {
  if (standingOf(player.privileges).rank === null) return;
  lookAtTile(ctx, player, x, y);
  const target = targetUserOf(ctx, player);
  ctx.tell(player, target === null ? MESSAGES.clickCharacterBefore() : MESSAGES.gmMarkName(target.name));
};

// ------------------------------------------------------------------ who works, who hides

/** `/TRABAJANDO` (`HandleWorking`, Dios and up, not RoleMaster): nobody works yet (WORKING). */
export function working(ctx: MapContext, player: PlayerEntity): StaffOutcome {
  // No work loop on this server yet: no player has VB6's `Counters.Trabajando` set.
  const names: string[] = [];
  ctx.tell(player, names.length > 0 ? MESSAGES.usersWorking(names) : MESSAGES.noUsersWorking());
  return { outcome: "ok", detail: `working ${names.length}` };
}

/** `/OCULTANDO` (`HandleHiding`, SemiDios and up, not RoleMaster): nobody hides yet (HIDING). */
export function hiding(ctx: MapContext, player: PlayerEntity): StaffOutcome {
  // No hiding on this server yet: no player has VB6's `Counters.Ocultando` set.
  const names: string[] = [];
  ctx.tell(player, names.length > 0 ? MESSAGES.usersHiding(names) : MESSAGES.noUsersHiding());
  return { outcome: "ok", detail: `hiding ${names.length}` };
}

// ------------------------------------------------------------------ the session's settings from map to map

/** What of these settings goes to the next map (only what differs from a fresh login). */
export function selfHandOver(player: PlayerEntity): { staffSelf?: StaffSelfHandOver } {
  const handOver: StaffSelfHandOver = {
    ...(player.speed !== undefined ? { speed: player.speed } : {}),
    ...(player.nameHidden === true ? { nameHidden: true } : {}),
    ...(player.roleplayDescription !== undefined ? { roleplayDescription: player.roleplayDescription } : {}),
    ...(player.inConsultation === true ? { inConsultation: true } : {}),
  };
  return Object.keys(handOver).length > 0 ? { staffSelf: handOver } : {};
}

/** The settings a player arrives with (none at login). */
export function selfState(name: string, arrival: Arrival): Partial<PlayerEntity> {
  const handed = arrival.handOver?.staffSelf;
  if (handed === undefined) return {};
  const state: Partial<PlayerEntity> = {
    ...(handed.speed !== undefined ? { speed: handed.speed } : {}),
    ...(handed.nameHidden === true ? { nameHidden: true } : {}),
    ...(handed.roleplayDescription !== undefined ? { roleplayDescription: handed.roleplayDescription } : {}),
    ...(handed.inConsultation === true ? { inConsultation: true } : {}),
  };
  const shown = shownNameOf({ name, ...state });
  return shown === undefined ? state : { ...state, shownName: shown };
}

/** The self effects, by packet. */
export const SELF_EFFECTS = {
  Genio: genio,
  SetSpeed: setSpeed,
  NPCFollow: npcFollow,
  SetCharDescription: setCharDescription,
  ShowName: showName,
  MarcaDeGMPack: gmMark,
  Working: working,
  Hiding: hiding,
} satisfies { readonly [N in StaffCommandName]?: StaffEffect<N> };
