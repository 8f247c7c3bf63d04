/**
 * Game-master packets this server answers as disabled, or ignores, on purpose (rule: no packet
 * falls on the floor). Each is audited like every staff packet.
 *
 * Decisions:
 * - `/MOD` (`HandleEditChar`) and `/RESET` (`HandleResetChar`) are disabled, as in VB6's
 *   production build (`#If DEBUGGING = 0 Then Exit Sub`: its authors wrote that character editing
 *   "should have never been enabled"). An operator changes a character with `argentum admin
 *   character`, which is audited too and never races a running map. The GM is told why (VB6 said
 *   nothing).
 * - `PossUser` (G24) returns before any check in VB6: nothing happens and nothing is said; the
 *   audit row keeps the attempt.
 * - `/SHOW INT` (`HandleShowServerForm`) opened the server's window on the host: this server has
 *   no window; the GM is told so.
 * - `/DOBACKUP` (`HandleDoBackUp`) only paused the clients twice and wrote a log line (no backup
 *   was made): the GM is told to ask the operator for `argentum backup`.
 * - `/FEATURETOGGLE` (`HandleFeatureToggle`, G30) switched VB6's runtime feature flags: this
 *   server has none (its behaviour is its configuration, set at start); the Admin is told so.
 */
import { MESSAGES } from "../../../game/messages/index.ts";
import type { MapContext, PlayerEntity } from "../../kernel/index.ts";
import type { StaffOutcome } from "./gate.ts";

export function editCharDisabled(ctx: MapContext, player: PlayerEntity): StaffOutcome {
  ctx.tell(player, MESSAGES.characterEditingDisabled());
  return { outcome: "refused_rule", detail: "disabled_as_in_vb6_production" };
}

export function resetCharDisabled(ctx: MapContext, player: PlayerEntity): StaffOutcome {
  ctx.tell(player, MESSAGES.characterEditingDisabled());
  return { outcome: "refused_rule", detail: "disabled_as_in_vb6_production" };
}

export function possUserIgnored(): StaffOutcome {
  return { outcome: "refused_rule", detail: "ignored_as_vb6_does" };
}

export function showServerFormUnavailable(ctx: MapContext, player: PlayerEntity): StaffOutcome {
  ctx.tell(player, MESSAGES.noServerWindow());
  return { outcome: "refused_rule", detail: "no_server_window" };
}

export function featureToggleUnavailable(ctx: MapContext, player: PlayerEntity): StaffOutcome {
  ctx.tell(player, MESSAGES.noFeatureToggles());
  return { outcome: "refused_rule", detail: "no_feature_toggles" };
}

export function doBackUpUnavailable(ctx: MapContext, player: PlayerEntity): StaffOutcome {
  ctx.tell(player, MESSAGES.backupsAreTheOperators());
  return { outcome: "refused_rule", detail: "backups_are_the_operators" };
}
