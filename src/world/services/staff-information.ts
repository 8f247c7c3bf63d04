/**
 * The staff's information and server-control commands whose target may be anywhere, or offline
 * (gm-and-moderation §2.2, §2.3, §2.9), run by the staff service. An online character is read
 * from the world's known state (its map is exact; its position, inventory and vault are as of
 * the latest state its map handed over, at most one autosave old); an offline one from its
 * database row. The lines are `game/staff/information.ts`'s; every command is audited once here.
 *
 * Decisions:
 * - G26 (information leaks): a sheet (`/INFO`, `/STAT`, `/BAL`, `/INV`, `/BOV`, `/SKILLS`,
 *   `/SLOT`) and `/DONDE` are shown only of a character the asker is not outranked by, and
 *   `/INFO` never of a Dios or Admin (VB6's rule); addresses only as VB6 filtered them (a
 *   SemiDios sees players' only); no e-mail, no password hash is ever read here.
 * - The sheets of an offline character are read from its row (VB6 answered only online ones);
 *   `/DONDE` and `/NICK2IP` stay online-only (an offline character stands nowhere and has no
 *   address).
 * - GM-only mode (`/HABILITAR`) is the process's (`ServerSettings`), not persisted, as VB6's
 *   `ServerSoloGMs`: the login refuses a non-staff character with Msg1760 while it is on.
 * - `/MENSAJEINFORMACION` to an offline character says it is not kept (no column holds it yet;
 *   VB6 appended it to `user.message_info`), and to nobody says so (VB6 said "sent").
 */
import type { BankSlot, CharacterRecord } from "../../game/character/index.ts";
import { MESSAGES } from "../../game/messages/index.ts";
import {
  PLAYER,
  type StaffStanding,
  addressToNickLines,
  bankGoldLines,
  fullSheetLines,
  INFO_TEXT,
  inventoryLines,
  mayLocate,
  mayReadFullSheet,
  miniSheetLines,
  nickToAddressLines,
  onlineStaffLines,
  plainAddress,
  skillLines,
  slotLines,
  vaultLines,
  whereLines,
  type OnlineCharacter,
} from "../../game/staff/index.ts";
import { FontIndex } from "../../protocol/index.ts";
import type { StaffServiceCommand } from "../../map/index.ts";
import type { Logger } from "../../log/index.ts";
import type { ServiceContext } from "./service.ts";
import type { StaffCommandRun, StaffSessions } from "./staff.ts";

/** Msg2169 "¬1 respondió tu consulta: ¬2": the box a `/MENSAJEINFORMACION` target sees. */
const QUESTION_ANSWERED_BOX = 2169;

/** The server's runtime settings the staff switch (gm-and-moderation §2.9). */
export class ServerSettings {
  /** GM-only mode (`/HABILITAR`): logins of non-staff characters are refused (Msg1760). */
  gmOnly = false;
}

/** What the information commands read beyond the world (the composition adapts the database and the gateway). */
export interface StaffInformationSources {
  /** The stored character of that name (any case) with its staff standing; null when none. */
  characterNamed(name: string): Promise<{ record: CharacterRecord; standing: StaffStanding } | null>;
  /** A character's stored vault. */
  vaultOf(characterId: number): Promise<BankSlot[] | "unavailable">;
  /** An object's name, when the world has it. */
  objectName(objectId: number): string | undefined;
  /** Experience to leave a level, when the world's balance has it. */
  expToNextLevel(level: number): number | undefined;
  /** Every character in the world now, newest known states. */
  onlineStates(): CharacterRecord[];
  /** Writes every character online now (`/GRABAR`). */
  saveOnline(): Promise<{ outcome: "ok" | "not_found" | "unavailable"; characters: number }>;
  /** Keeps a message for an offline character until its next entry (`/MENSAJEINFORMACION`); `invalid` when too long. */
  leaveMessage(characterId: number, fromName: string, text: string): Promise<"ok" | "no_such_character" | "invalid">;
  /** The messages waiting for a character, oldest first, given once. */
  takeMessages(characterId: number): Promise<{ fromName: string; text: string }[]>;
}

export interface InformationContext {
  world: ServiceContext;
  sessions: StaffSessions;
  sources: StaffInformationSources;
  settings: ServerSettings;
  logger: Logger;
}

export type InformationCommand = Extract<
  StaffServiceCommand,
  { kind: "where" | "sheet" | "check_slot" | "online_staff" | "nick_to_ip" | "ip_to_nick" | "user_list" | "gm_only_toggle" | "save_all" | "message_user" }
>;

/** A character as the commands find it: online (with its session) or stored. */
interface FoundCharacter {
  record: CharacterRecord;
  standing: StaffStanding;
  session: number | undefined;
  map: number;
}

/** The character online (its known state), else its row. */
async function findCharacter(context: InformationContext, name: string): Promise<FoundCharacter | null> {
  const found = context.world.playerNamed(name);
  const player = found && context.world.player(found.session);
  if (found && player) return { record: player.state, standing: player.state.staff ?? PLAYER, session: found.session, map: player.map };
  const stored = await context.sources.characterNamed(name);
  return stored && { record: stored.record, standing: stored.standing, session: undefined, map: stored.record.position.map };
}

/** Everyone online, with the address each connected from. */
function onlineCharacters(context: InformationContext): OnlineCharacter[] {
  return context.sources.onlineStates().map((state) => {
    const session = context.world.sessionOfCharacter(state.id);
    const address = session === undefined ? undefined : context.sessions.actorOf(session)?.address;
    return { name: state.name, standing: state.staff ?? PLAYER, ...(address !== undefined ? { address: plainAddress(address) } : {}) };
  });
}

/** Runs one command; a database that fails is said to the asker and audited as an error. */
export async function runInformationCommand(context: InformationContext, run: StaffCommandRun, command: InformationCommand): Promise<void> {
  try {
    await dispatch(context, run, command);
  } catch (error) {
    context.logger.error({ err: error, action: run.action }, "staff command failed");
    run.tell(MESSAGES.staffCommandFailed());
    run.audit("error", "target" in command ? { name: command.target } : undefined, "database");
  }
}

async function dispatch(context: InformationContext, run: StaffCommandRun, command: InformationCommand): Promise<void> {
  switch (command.kind) {
    case "where":
      return where(context, run, command.target);
    case "sheet":
      return sheet(context, run, command);
    case "check_slot":
      return checkSlot(context, run, command);
    case "online_staff":
      for (const line of onlineStaffLines(run.standing, onlineCharacters(context))) run.tell(line);
      return run.audit("ok");
    case "nick_to_ip":
      return nickToIp(context, run, command.target);
    case "ip_to_nick":
      for (const line of addressToNickLines(run.standing, command.address, onlineCharacters(context))) run.tell(line);
      return run.audit("ok", undefined, command.address);
    case "user_list":
      context.world.tell(run.session, "staff", { kind: "user_names", names: context.sources.onlineStates().map((state) => state.name) });
      return run.audit("ok");
    case "gm_only_toggle":
      return toggleGmOnly(context, run);
    case "save_all":
      return saveAll(context, run);
    case "message_user":
      return messageUser(context, run, command);
  }
}

function named(found: FoundCharacter): { name: string; characterId: number } {
  return { name: found.record.name, characterId: found.record.id };
}

async function where(context: InformationContext, run: StaffCommandRun, name: string): Promise<void> {
  const found = context.world.playerNamed(name);
  const player = found && context.world.player(found.session);
  if (!found || !player) {
    run.tell(MESSAGES.ruleLine(INFO_TEXT.offlineWhere, FontIndex.Info));
    run.audit("refused_rule", { name }, "not_online");
    return;
  }
  const target = { name: player.state.name, characterId: player.state.id };
  // VB6: a target that outranks the asker is not located, and nothing is said.
  if (!mayLocate(run.standing, player.state.staff ?? PLAYER)) {
    run.audit("refused_rank", target);
    return;
  }
  for (const line of whereLines(player.state.name, { ...player.state.position, map: player.map })) run.tell(line);
  run.audit("ok", target);
}

async function sheet(context: InformationContext, run: StaffCommandRun, command: Extract<InformationCommand, { kind: "sheet" }>): Promise<void> {
  const found = await findCharacter(context, command.target);
  if (found === null) {
    run.tell(MESSAGES.ruleLine(INFO_TEXT.noSuchNick, FontIndex.Info));
    run.audit("refused_rule", { name: command.target }, "no_such_character");
    return;
  }
  const detail = found.session === undefined ? "offline" : "online";
  if (!mayLocate(run.standing, found.standing) || (command.sheet === "info" && !mayReadFullSheet(found.standing))) {
    run.audit("refused_rank", named(found), detail);
    return;
  }
  const { sources } = context;
  const names = (id: number) => sources.objectName(id);
  const record = found.record;
  switch (command.sheet) {
    case "info":
      for (const line of fullSheetLines(record, sources.expToNextLevel(record.level))) run.tell(line);
      break;
    case "stats":
      for (const line of miniSheetLines(record)) run.tell(line);
      break;
    case "gold":
      for (const line of bankGoldLines(record)) run.tell(line);
      break;
    case "inventory":
      for (const line of inventoryLines(record, names)) run.tell(line);
      break;
    case "skills":
      for (const line of skillLines(record)) run.tell(line);
      break;
    case "bank": {
      const vault = record.bank ?? (await sources.vaultOf(record.id));
      if (vault === "unavailable") {
        run.tell(MESSAGES.staffCommandFailed());
        run.audit("error", named(found), "database");
        return;
      }
      for (const line of vaultLines(record.name, vault, names)) run.tell(line);
      break;
    }
  }
  run.audit("ok", named(found), detail);
}

async function checkSlot(context: InformationContext, run: StaffCommandRun, command: Extract<InformationCommand, { kind: "check_slot" }>): Promise<void> {
  const found = await findCharacter(context, command.target);
  if (found === null) {
    run.tell(MESSAGES.ruleLine(INFO_TEXT.offline, FontIndex.Talk));
    run.audit("refused_rule", { name: command.target }, "no_such_character");
    return;
  }
  if (!mayLocate(run.standing, found.standing)) {
    run.audit("refused_rank", named(found));
    return;
  }
  for (const line of slotLines(found.record, command.slot, (id) => context.sources.objectName(id))) run.tell(line);
  run.audit("ok", named(found), `slot ${command.slot}`);
}

async function nickToIp(context: InformationContext, run: StaffCommandRun, name: string): Promise<void> {
  const online = onlineCharacters(context);
  const found = context.world.playerNamed(name);
  const state = found && context.world.player(found.session)?.state;
  const target = state && online.find((character) => character.name === state.name);
  for (const line of nickToAddressLines(run.standing, target, online)) run.tell(line);
  run.audit(target ? "ok" : "refused_rule", state ? { name: state.name, characterId: state.id } : { name }, target ? undefined : "not_online");
}

function toggleGmOnly(context: InformationContext, run: StaffCommandRun): void {
  context.settings.gmOnly = !context.settings.gmOnly;
  run.tell(context.settings.gmOnly ? MESSAGES.serverStaffOnly() : MESSAGES.serverOpenToAll());
  run.audit("ok", undefined, context.settings.gmOnly ? "gm_only" : "open");
}

async function saveAll(context: InformationContext, run: StaffCommandRun): Promise<void> {
  const saved = await context.sources.saveOnline();
  if (saved.outcome !== "ok") {
    run.tell(MESSAGES.charactersNotSaved());
    run.audit("error", undefined, saved.outcome);
    return;
  }
  run.tell(MESSAGES.charactersSaved(saved.characters));
  run.audit("ok", undefined, `${saved.characters} characters`);
}

async function messageUser(context: InformationContext, run: StaffCommandRun, command: Extract<InformationCommand, { kind: "message_user" }>): Promise<void> {
  const found = await findCharacter(context, command.target);
  if (found === null) {
    run.tell(MESSAGES.noSuchCharacter());
    run.audit("refused_rule", { name: command.target }, "no_such_character");
    return;
  }
  if (found.session === undefined) {
    // VB6 `SetMessageInfoDatabase`: kept for its next entry into the world (StaffService.enteredWorld).
    const kept = await context.sources.leaveMessage(found.record.id, run.actor.name, command.text);
    if (kept !== "ok") {
      run.tell(kept === "invalid" ? MESSAGES.offlineMessageTooLong() : MESSAGES.noSuchCharacter());
      run.audit("refused_rule", named(found), kept === "invalid" ? "too_long" : "no_such_character");
      return;
    }
    run.tell(MESSAGES.messageSentTo(found.record.name));
    run.audit("ok", named(found), "kept_offline");
    return;
  }
  const { world } = context;
  world.tell(found.session, "staff", { kind: "tell", message: MESSAGES.messageReceivedFrom(run.actor.name) });
  world.tell(found.session, "staff", { kind: "tell", message: MESSAGES.messageFromStaff(command.text) });
  world.tell(found.session, "staff", { kind: "message_box", messageId: QUESTION_ANSWERED_BOX, extra: `${run.actor.name}¬${command.text}` });
  run.tell(MESSAGES.messageSentTo(found.record.name));
  run.audit("ok", named(found));
}

/** The messages kept for a character that was offline, shown as VB6 shows a live one: who, the text, the answer box. */
export async function deliverKeptMessages(context: { world: ServiceContext; sources: StaffInformationSources; logger: Logger }, session: number, characterId: number): Promise<void> {
  let messages: { fromName: string; text: string }[];
  try {
    messages = await context.sources.takeMessages(characterId);
  } catch (error) {
    // Still waiting in the database: the next entry tries again.
    context.logger.warn({ err: error, characterId }, "kept staff messages could not be read");
    return;
  }
  for (const message of messages) {
    context.world.tell(session, "staff", { kind: "tell", message: MESSAGES.messageReceivedFrom(message.fromName) });
    context.world.tell(session, "staff", { kind: "tell", message: MESSAGES.messageFromStaff(message.text) });
  }
  const last = messages.at(-1);
  if (last !== undefined) context.world.tell(session, "staff", { kind: "message_box", messageId: QUESTION_ANSWERED_BOX, extra: `${last.fromName}¬${last.text}` });
}
