/**
 * Staff commands on an online character wherever it plays (gm-and-moderation §2.4–§2.6, §3.6,
 * §3.7), run by the staff service: `/TELEP` of another, `/SUM`, `/IRA`, `/IRCERCA`, `/REVIVIR`,
 * `/EJECUTAR`, `/DAR`, `/ESTUPIDO`, `/NOESTUPIDO`. The GM's map checked the sender's own rules;
 * here the target is found in the world, the rank rule of the act is checked (both standings are
 * the service's: the ones the logins read by id), and the act is sent to the target's map
 * (`act`), which carries it out and reports (`target_report`). Then the asker is told, the
 * announcements made, and the command audited once with its real outcome.
 *
 * Rank rules: moving someone (`warp`, `summon`, `visit`) needs a rank at least the target's
 * (game/staff `mayMove`, G7): a higher target is asked instead, as VB6 asks for `/SUM` and
 * `/IRA`; `execute` and `dumb` are punitive (`outranks`: strictly higher, never oneself, G11);
 * `revive` and `give` help and have none.
 *
 * An act the target's map never reports (the target left the world, or changed maps, at that
 * instant) stays pending; the oldest is dropped beyond {@link MAX_PENDING_TARGET_ACTS} and
 * audited then as an error, so no command goes unaudited and the table stays bounded.
 */
import { MESSAGES, type PlayerMessage } from "../../game/messages/index.ts";
import { mayMove, outranks, PLAYER, REFUSED_RANK_MESSAGE, type StaffStanding } from "../../game/staff/index.ts";
import { FontIndex } from "../../protocol/index.ts";
import type { StaffServiceCommand, TargetAct, TargetReport } from "../../map/index.ts";
import type { ServiceContext } from "./service.ts";
import type { StaffCommandRun } from "./staff.ts";

/** Acts sent to a target's map and not reported yet, at most. */
export const MAX_PENDING_TARGET_ACTS = 1_000;

type ActOnTarget = Extract<StaffServiceCommand, { kind: "act_on_target" }>;

interface PendingAct {
  readonly run: StaffCommandRun;
  readonly act: TargetAct;
  readonly targetSession: number;
  readonly target: { readonly name: string; readonly characterId: number };
}

/** What VB6 says when the target is not online, per act. */
function notOnline(act: TargetAct, name: string): PlayerMessage {
  switch (act.kind) {
    case "warp":
    case "revive":
      return MESSAGES.warpUserOffline();
    case "summon":
      return MESSAGES.playerNotOnline();
    case "visit":
      return act.nearby ? MESSAGES.userOfflineNearby() : MESSAGES.playerNotOnline();
    case "execute":
      return MESSAGES.executeNotOnline();
    case "give":
      return MESSAGES.giveTargetNotOnline(name);
    case "dumb":
      return MESSAGES.dumbOffline(act.on);
  }
}

/** The refusal of a target the actor may not act on: lines for the asker and, where VB6 asks it, the target. */
function rankRefusal(act: TargetAct, gmName: string, targetName: string): { asker: PlayerMessage; target?: PlayerMessage } {
  switch (act.kind) {
    case "summon":
      return { asker: MESSAGES.askedToBringThem(targetName), target: MESSAGES.wantsToBringYou(gmName) };
    case "visit":
      return act.nearby ? { asker: MESSAGES.cannotGoNearHigherRank() } : { asker: MESSAGES.askedToGoToThem(targetName), target: MESSAGES.wantsToComeToYou(gmName) };
    case "warp":
      return { asker: MESSAGES.cannotMoveHigherRank() };
    default:
      return { asker: MESSAGES.ruleLine(REFUSED_RANK_MESSAGE, FontIndex.Info) };
  }
}

/** Whether the act's rank rule lets `actor` act on `target` (`self`: the same character). */
export function actAllowed(act: TargetAct, actor: StaffStanding, target: StaffStanding, self: boolean): boolean {
  switch (act.kind) {
    case "warp":
    case "summon":
    case "visit":
      return mayMove(actor, target);
    case "execute":
    case "dumb":
      return !self && outranks(actor, target);
    case "revive":
    case "give":
      return true;
  }
}

const REFUSAL_LINES: Record<Extract<TargetReport, { kind: "refused" }>["reason"], (act: TargetAct) => PlayerMessage> = {
  no_room: (act) => (act.kind === "visit" && act.nearby ? MESSAGES.nearbyAllTaken() : MESSAGES.noRoomToLand()),
  dead: () => MESSAGES.cannotSummonGhost(),
  unsafe_map: () => MESSAGES.targetOnUnsafeMap(),
  not_safe_event_map: () => MESSAGES.cannotReviveUnsafe(),
  inventory_full: () => MESSAGES.targetInventoryFull(),
  already_dead: () => MESSAGES.alreadyDead(),
  invalid: () => MESSAGES.staffCommandFailed(),
};

export class StaffTargetActs {
  private readonly pending = new Map<number, PendingAct>();
  private nextTicket = 1;

  constructor(
    private readonly world: ServiceContext,
    private readonly standingOf: (session: number) => StaffStanding = (session) => world.player(session)?.state.staff ?? PLAYER,
    /** Whether a character (by name, any case) has a request pending in the SOS queue; absent: never (no queue). */
    private readonly hasPendingRequest: (name: string) => Promise<boolean> = async () => false,
  ) {}

  /** Acts not reported yet (tests and diagnostics). */
  get pendingCount(): number {
    return this.pending.size;
  }

  /** Finds the target, checks the rank rule and sends the act to the target's map. */
  start(run: StaffCommandRun, command: ActOnTarget): void {
    if (command.act.kind === "visit" && command.act.sosOnly === true) {
      void this.startForRequest(run, command);
      return;
    }
    this.startChecked(run, command);
  }

  /** A Consejero's `/IRCERCA`: only near a player whose request waits in the SOS queue (VB6 `Ayuda.Existe`), else Msg539. */
  private async startForRequest(run: StaffCommandRun, command: ActOnTarget): Promise<void> {
    let pending: boolean;
    try {
      pending = await this.hasPendingRequest(command.target);
    } catch {
      run.tell(MESSAGES.staffCommandFailed());
      run.audit("error", { name: command.target }, "database");
      return;
    }
    if (!pending) {
      run.tell(MESSAGES.nearbyOnlySos());
      run.audit("refused_rule", { name: command.target }, "no_sos");
      return;
    }
    this.startChecked(run, command);
  }

  private startChecked(run: StaffCommandRun, command: ActOnTarget): void {
    const { act } = command;
    const found = this.world.playerNamed(command.target);
    if (found === undefined) {
      run.tell(notOnline(act, command.target));
      run.audit("refused_rule", { name: command.target }, "not_online");
      return;
    }
    const target = { name: this.world.player(found.session)?.state.name ?? command.target, characterId: found.characterId };
    if (!actAllowed(act, run.standing, this.standingOf(found.session), found.session === run.session)) {
      const lines = rankRefusal(act, run.actor.name, target.name);
      run.tell(lines.asker);
      if (lines.target !== undefined) this.world.tell(found.session, "staff", { kind: "tell", message: lines.target });
      run.audit("refused_rank", target);
      return;
    }
    const ticket = this.nextTicket++;
    this.pending.set(ticket, { run, act, targetSession: found.session, target });
    this.dropOldest();
    this.world.tell(found.session, "staff", { kind: "act", ticket, asker: run.actor.name, act });
  }

  /** The target's map reported `ticket` (from the target's own session, else ignored). */
  report(session: number, ticket: number, report: TargetReport): void {
    const pending = this.pending.get(ticket);
    if (pending === undefined || pending.targetSession !== session) return;
    this.pending.delete(ticket);
    if (report.kind === "refused") {
      pending.run.tell(REFUSAL_LINES[report.reason](pending.act));
      pending.run.audit("refused_rule", pending.target, report.reason);
      return;
    }
    this.finish(pending, report);
  }

  private finish({ run, act, target }: PendingAct, report: Extract<TargetReport, { kind: "done" }>): void {
    switch (act.kind) {
      case "warp":
        run.audit("ok", target, `to ${act.to.map} ${act.to.x} ${act.to.y}`);
        return;
      case "summon":
        run.tell(MESSAGES.brought(target.name));
        if (act.announced) this.world.tell(run.session, "staff", { kind: "announce_all", message: MESSAGES.movedUserToMap(run.actor.name, target.name, act.to.map) });
        run.audit("ok", target, `to ${act.to.map} ${act.to.x} ${act.to.y}`);
        return;
      case "visit": {
        const tile = report.tile!;
        const message = act.nearby ? MESSAGES.teleportedNear(target.name) : MESSAGES.wentTo(target.name);
        this.world.tell(run.session, "staff", { kind: "go", to: tile, message });
        run.audit("ok", target, `to ${tile.map} ${tile.x} ${tile.y}`);
        return;
      }
      case "revive":
        run.audit("ok", target, report.revived === true ? "revived" : "healed");
        return;
      case "execute":
        run.notifyStaff(MESSAGES.executed(run.actor.name, target.name));
        run.audit("ok", target);
        return;
      case "give":
        this.world.tell(run.session, "staff", { kind: "announce_all", message: MESSAGES.granted(run.actor.name, target.name, act.amount, act.objectName, act.reason) });
        run.audit("ok", target, `${act.objectId} x${act.amount}`);
        return;
      case "dumb":
        run.audit("ok", target);
        return;
    }
  }

  private dropOldest(): void {
    if (this.pending.size <= MAX_PENDING_TARGET_ACTS) return;
    const [ticket, oldest] = this.pending.entries().next().value as [number, PendingAct];
    this.pending.delete(ticket);
    oldest.run.audit("error", oldest.target, "target_unreachable");
  }
}
