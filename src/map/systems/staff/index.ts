/**
 * Staff and moderation on a map (issue 25, gm-and-moderation.md): every game-master packet of
 * the stock client and the player-side moderation ones, through one gate (gate.ts: the sender's
 * standing against `game/staff`'s matrix, VB6's refusals, one audit row per staff packet), then
 * the command's effect (effects.ts) or "not available yet". The staff lines that cross maps ride
 * the bus (`line_staff`, `line_all`); what reaches past the map (a target on another map, the
 * record of players online) goes through the staff service (`world/services/staff.ts`), which
 * answers here (`fromWorld`).
 */
import { MESSAGES } from "../../../game/messages/index.ts";
import { mayTurnInvisible, rankLevel, STAFF_COMMANDS, standingOf, type StaffCommandName } from "../../../game/staff/index.ts";
import type { BusMessage, MapContext, MapSystem, PacketHandlerTable, PlayerEntity, StaffAnswer } from "../../kernel/index.ts";
import { banAccount, banChar, banForDays, comment, gmMessage, kick, online, serverMessage, unbanAccount, unbanChar } from "./effects.ts";
import { gated, type StaffEffect } from "./gate.ts";
import { MODERATION_EFFECTS } from "./moderation.ts";
import { INFORMATION_EFFECTS } from "./information.ts";
import { messageBoxToAll, SERVER_CONTROL_EFFECTS, takeServerRules } from "./server-control.ts";
import { countdown } from "./countdown.ts";
import { doBackUpUnavailable, editCharDisabled, featureToggleUnavailable, possUserIgnored, resetCharDisabled, showServerFormUnavailable } from "./disabled.ts";
import { toggleChasedByNpcs } from "./ignored.ts";
import { chatColour, DEFAULT_CHAT_COLOUR } from "./chat-colour.ts";
import { applyStanding } from "./standing.ts";
import { antiMacroMessage, forceMidiAll, forceMidiToMap, forceWaveAll, forceWaveToMap, playStaffSound } from "./sounds.ts";
// -- world, NPCs and the GM's map (gm-world: §2.7, §2.5 rest)
import { NPC_EFFECTS } from "./npcs.ts";
import { closeClient, kickAllChars, WORLD_EFFECTS } from "./world.ts";
import { applySanction } from "../penalties.ts";
// -- reports (gm-and-moderation §3.8)
import { forgetChatLines } from "../../kernel/index.ts";
import { lineToRoleMasters, REPORT_EFFECTS, reportAnswer } from "./reports.ts";
// -- staff movement and characters (gm-move)
import { CHARACTER_EFFECTS, characterAct } from "./characters.ts";
import { alterName } from "./rename.ts";
import { canLand, invisibilityHandOver, MOVEMENT_EFFECTS, moveTarget, moveTo } from "./movement.ts";
// -- the GM's map's information and settings (gm-mapinfo)
import { MAP_INFO_EFFECTS } from "./map-info.ts";
// -- a GM's own settings, consultations, the GM mark, /REQDEBUG (gm-self)
import { WorkSkill } from "../../../protocol/index.ts";
import { gmMarkClick, releaseFollowers, SELF_EFFECTS, selfHandOver, selfState } from "./self.ts";
import { CONSULTATION_EFFECTS } from "./consultation.ts";
import { DEBUG_EFFECTS } from "./debug.ts";

/** The effects written so far, by packet (each typed by its own packet's fields). */
const EFFECTS = {
  GMMessage: gmMessage,
  ServerMessage: serverMessage,
  Comment: comment,
  Online: online,
  Kick: kick,
  BanChar: banChar,
  BanCuenta: banAccount,
  BanTemporal: banForDays,
  UnbanChar: unbanChar,
  UnbanCuenta: unbanAccount,
  ...MODERATION_EFFECTS,
  // -- information and server control (gm-info: information.ts, server-control.ts)
  ...INFORMATION_EFFECTS,
  ...SERVER_CONTROL_EFFECTS,
  // -- staff sounds and the anti-macro note (sounds.ts)
  ForceMIDIAll: forceMidiAll,
  ForceWAVEAll: forceWaveAll,
  ForceMIDIToMap: forceMidiToMap,
  ForceWAVEToMap: forceWaveToMap,
  AntiMacroMessage: antiMacroMessage,
  CuentaRegresiva: countdown,
  Ignored: toggleChasedByNpcs,
  ChatColor: chatColour,
  // -- answered as disabled, or ignored, on purpose (disabled.ts)
  EditChar: editCharDisabled,
  ResetChar: resetCharDisabled,
  PossUser: possUserIgnored,
  ShowServerForm: showServerFormUnavailable,
  DoBackUp: doBackUpUnavailable,
  FeatureToggle: featureToggleUnavailable,
  ...REPORT_EFFECTS,
  // -- staff movement and characters (gm-move: movement.ts, characters.ts)
  ...MOVEMENT_EFFECTS,
  ...CHARACTER_EFFECTS,
  // -- world, NPCs and the GM's map (gm-world: §2.7, §2.5 rest)
  ...NPC_EFFECTS,
  ...WORLD_EFFECTS,
  KickAllChars: kickAllChars,
  CerrarCliente: closeClient,
  AlterName: alterName,
  ...MAP_INFO_EFFECTS,
  ...SELF_EFFECTS,
  ...CONSULTATION_EFFECTS,
  ...DEBUG_EFFECTS,
} satisfies { readonly [N in StaffCommandName]?: StaffEffect<N> };

/** Every staff packet through the gate, with its effect where one is written. */
function packets(): PacketHandlerTable {
  const effects: Readonly<Record<string, unknown>> = EFFECTS;
  const table: Record<string, unknown> = {};
  // One name at a time: the generic over the whole union of packet names is too deep for tsc.
  const gate = gated as (name: StaffCommandName, effect: unknown) => unknown;
  for (const name of Object.keys(STAFF_COMMANDS) as StaffCommandName[]) table[name] = gate(name, effects[name]);
  return table as PacketHandlerTable;
}

/** A catalogue line for everyone on this map (`/RMSG`). */
function lineToAll(ctx: MapContext, message: Extract<BusMessage, { kind: "line_all" }>): void {
  for (const player of ctx.store.players()) ctx.tell(player, message.message);
}

/** A line for this map's staff of at least the rank (`/GMSG`, notices to Dios and Admin). */
function lineToStaff(ctx: MapContext, message: Extract<BusMessage, { kind: "line_staff" }>): void {
  const least = rankLevel(message.minRank);
  for (const player of ctx.store.players()) if (rankLevel(standingOf(player.privileges).rank) >= least) ctx.tell(player, message.message);
}

function fromWorld(ctx: MapContext, player: PlayerEntity, answer: StaffAnswer): void {
  switch (answer.kind) {
    case "tell":
      ctx.tell(player, answer.message);
      return;
    case "announce":
      ctx.bus.publish({ kind: "line_staff", message: answer.message, minRank: answer.minRank });
      return;
    case "sanction":
      applySanction(ctx, player, answer.sanction);
      return;
    // -- information and server control (gm-info)
    case "user_names":
      ctx.view.send(player, ctx.packets.userNameList(answer.names));
      return;
    case "message_box":
      ctx.view.send(player, ctx.packets.showMessageBox(answer.messageId, answer.extra));
      return;
    // -- reports
    case "sos_list":
    case "chat_excerpt_wanted":
      reportAnswer(ctx, player, answer);
      return;
    // -- staff movement and characters (gm-move)
    case "act": {
      const { act } = answer;
      const report = act.kind === "warp" || act.kind === "summon" || act.kind === "visit" ? moveTarget(ctx, player, answer.asker, act) : characterAct(ctx, player, answer.asker, act);
      ctx.ask("staff", player, { kind: "target_report", ticket: answer.ticket, report });
      return;
    }
    case "go":
      if (!canLand(ctx, answer.to)) {
        ctx.tell(player, MESSAGES.noRoomToLand());
        return;
      }
      ctx.tell(player, answer.message);
      moveTo(ctx, player, answer.to);
      return;
    case "announce_all":
      ctx.bus.publish({ kind: "line_all", message: answer.message });
      return;
    // -- world and the GM's map (gm-world)
    case "standing":
      applyStanding(ctx, player, answer.standing);
      return;
    case "close_client":
      ctx.view.send(player, ctx.packets.cerrarleCliente());
      return;
  }
}

export const staff: MapSystem = {
  name: "staff",
  uses: ["penalties"],
  packets: packets(),
  // `/IGNORADO`, `/CHATCOLOR` and `/INVISIBLE` last the session: they follow the GM from map to map.
  playerState: (_ctx, record, arrival) => ({
    chasedByNpcs: arrival.handOver?.chasedByNpcs ?? false,
    chatColour: arrival.handOver?.chatColour ?? DEFAULT_CHAT_COLOUR,
    // §1.3: SemiDios, Dios and Admin enter the world admin-invisible (VB6 ConnectUser_Complete); `/INVISIBLE` shows them.
    ...(arrival.handOver?.adminInvisible === true || (arrival.kind === "login" && mayTurnInvisible(record.staff?.rank ?? null)) ? { adminInvisible: true } : {}),
    ...selfState(record.name, arrival),
  }),
  handOver: (ctx, player) => ({
    ...(player.chasedByNpcs ? { chasedByNpcs: true } : {}),
    ...(player.chatColour !== DEFAULT_CHAT_COLOUR ? { chatColour: player.chatColour } : {}),
    ...invisibilityHandOver(ctx, player),
    ...selfHandOver(player),
  }),
  bus: { line_all: lineToAll, line_staff: lineToStaff, message_box_all: messageBoxToAll, server_rules: takeServerRules, staff_sound: playStaffSound, line_rolemasters: lineToRoleMasters },
  fromWorld: { staff: fromWorld },
  // -- reports: a player's chat lines stay with the map they were said on
  hooks: {
    leaving: (ctx, player) => {
      forgetChatLines(ctx, player);
      // -- the NPCs following a GM stop when it goes (self.ts)
      releaseFollowers(ctx, player);
    },
  },
  // -- the GM panel's mark: its click (self.ts)
  workClicks: { [WorkSkill.GmMark]: gmMarkClick },
};
