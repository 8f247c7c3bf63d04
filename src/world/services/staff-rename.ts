/**
 * `/ANAME viejo@nuevo` (VB6 `HandleAlterName`, gm-and-moderation §2.5): a Dios renames a character.
 *
 * Decisions:
 * - G21: the new name passes the rules of character creation (length, letters and single spaces,
 *   the world's forbidden names) and is free in any case; the rename is by id in one statement
 *   (VB6 checked nothing, kept the old name's index online and broke on its offline guild check).
 * - Only an offline character is renamed: the name keys a playing character's session, map and
 *   every list that shows it, so a character in the world here (or marked online by another
 *   server) is refused with a line saying to kick it first.
 * - The rank rule of every punitive command (G11): strictly higher, never oneself.
 * - The rename is on the character's `/PENAS` record in VB6's words and reaches the staff online
 *   (Msg1834). Guild membership is not checked: there are no guilds yet.
 */
import { MESSAGES } from "../../game/messages/index.ts";
import { outranks, PUNISHMENT_TEXT } from "../../game/staff/index.ts";
import type { Logger } from "../../log/index.ts";
import type { StaffServiceCommand } from "../../map/index.ts";
import type { ServiceContext } from "./service.ts";
import { findTarget, type StaffModeration } from "./staff-bans.ts";
import type { StaffCommandRun, StaffSessions } from "./staff.ts";

/** What a rename needs of the database. */
export interface StaffRenames {
  /** Renames a character no server holds; `ok` with the old name, or why not. */
  renameOffline(characterId: number, newName: string): Promise<{ kind: "ok"; oldName: string } | { kind: "not_found" } | { kind: "online" } | { kind: "name_taken" }>;
  /** A `/PENAS` entry (not audited: the command's own row says it). */
  addPunishment(characterId: number, text: string): Promise<void>;
}

export interface RenameContext {
  world: ServiceContext;
  sessions: StaffSessions;
  moderation: StaffModeration;
  renames: StaffRenames;
  /** Why a name may not be a character's (creation's rules), or null. */
  nameProblem(name: string): string | null;
  logger: Logger;
}

export async function runRename(context: RenameContext, run: StaffCommandRun, command: Extract<StaffServiceCommand, { kind: "rename" }>): Promise<void> {
  const problem = context.nameProblem(command.newName);
  if (problem !== null) {
    run.tell(MESSAGES.newNameRefused(command.newName, problem));
    run.audit("refused_rule", { name: command.target }, `new_name_${problem}`);
    return;
  }
  const target = await findTarget(context, command.target);
  if (target === null) {
    run.tell(MESSAGES.renameTargetMissing(command.target));
    run.audit("refused_rule", { name: command.target }, "no_such_character");
    return;
  }
  const named = { name: target.name, characterId: target.characterId };
  if (target.characterId === run.actor.characterId || !outranks(run.standing, target.standing)) {
    run.tell(MESSAGES.cannotRenameHigherRank());
    run.audit("refused_rank", named);
    return;
  }
  if (target.session !== undefined) {
    run.tell(MESSAGES.renameTargetOnline(target.name));
    run.audit("refused_rule", named, "online");
    return;
  }
  try {
    const outcome = await context.renames.renameOffline(target.characterId, command.newName);
    switch (outcome.kind) {
      case "ok":
        await context.renames.addPunishment(target.characterId, PUNISHMENT_TEXT.renamed(run.actor.name, outcome.oldName, command.newName));
        run.tell(MESSAGES.renameDone());
        run.notifyStaff(MESSAGES.staffRenamed(run.actor.name, outcome.oldName, command.newName));
        run.audit("ok", named, `now ${command.newName}`);
        return;
      case "name_taken":
        run.tell(MESSAGES.nameTaken());
        run.audit("refused_rule", named, "name_taken");
        return;
      case "online":
        run.tell(MESSAGES.renameTargetOnline(target.name));
        run.audit("refused_rule", named, "online");
        return;
      case "not_found":
        run.tell(MESSAGES.renameTargetMissing(command.target));
        run.audit("refused_rule", named, "no_such_character");
        return;
    }
  } catch (error) {
    context.logger.error({ err: error, characterId: target.characterId }, "rename failed");
    run.tell(MESSAGES.staffCommandFailed());
    run.audit("error", named, "database");
  }
}
