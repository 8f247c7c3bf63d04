/**
 * Players against players (combat-and-progression §3.4, §8.2), what blows, shots and spells
 * share: `PuedeAtacar` as far as this server keeps the state, and `UsuarioAtacadoPorUsuario`, the
 * consequences of an attack that goes ahead.
 */
import { attackTurnsCriminal, factionAttackRefusal } from "../../game/faction/index.ts";
import { LocaleId, MESSAGES } from "../../game/messages/index.ts";
import { IN_COMBAT_MS } from "../../game/vitals/index.ts";
import type { PlayerEntity } from "../entity-store.ts";
import type { MapContext } from "../map-context.ts";
import { turnCriminal } from "./faction.ts";
import { interrupt } from "./interrupts.ts";
import { TRIGGER_ARENA, TRIGGER_SAFE_ZONE } from "./tiles.ts";
import { isDead } from "./vitals.ts";

/** `PuedeAtacar` as far as this server keeps the state: go on (a safe fight when both stand on an arena tile), or the refusing locale id (null: refused silently). */
export type PvpCheck = { readonly ok: true; readonly safeFight: boolean } | { readonly ok: false; readonly message: number | null };

/**
 * `PuedeAtacar`, in its order (the attacker is alive: the callers checked): a ghost victim, arena
 * tiles (trigger 6: both on one is a safe fight, one on one is refused), a player in a consultation
 * with a game master (either side, Msg1047 and Msg1048), the faction checks with
 * the safe toggle, safe maps (`Seguro=1`), trigger-4 tiles. Parties, guilds, duels, GM ranks,
 * mounts and curses are not modelled yet.
 */
export function pvpCheck(ctx: MapContext, attacker: PlayerEntity, victim: PlayerEntity): PvpCheck {
  if (isDead(victim)) return { ok: false, message: LocaleId.AttackVictimDead };
  // A consultation with a game master (`/CONSULTA`, VB6 `EnConsulta`): neither side fights.
  if (attacker.inConsultation === true) return { ok: false, message: LocaleId.AttackWhileInConsultation };
  if (victim.inConsultation === true) return { ok: false, message: LocaleId.AttackPlayerInConsultation };
  const triggers = ctx.terrain.triggers;
  const attackerTrigger = triggers[ctx.store.tile(attacker.x, attacker.y)];
  const victimTrigger = triggers[ctx.store.tile(victim.x, victim.y)];
  // `TriggerZonaPelea`: both on an arena tile fight freely; one on it and one off may not.
  if (attackerTrigger === TRIGGER_ARENA || victimTrigger === TRIGGER_ARENA) {
    return attackerTrigger === victimTrigger ? { ok: true, safeFight: true } : { ok: false, message: null };
  }
  const faction = factionAttackRefusal({ status: attacker.status, safeMode: attacker.safeMode }, victim.status);
  if (faction !== null) return { ok: false, message: faction };
  if (ctx.definition.safe) return { ok: false, message: LocaleId.AttackSafeMap };
  if (attackerTrigger === TRIGGER_SAFE_ZONE || victimTrigger === TRIGGER_SAFE_ZONE) return { ok: false, message: LocaleId.AttackSafeZone };
  // `PeleaSegura`: on a map set to safe fights (`/MAPSETTING SAFEPVP 1`) every fight is one.
  return { ok: true, safeFight: ctx.definition.safeFight === true };
}

/** Sends a `PuedeAtacar` refusal; true when the attack may go on. */
export function pvpAllowed(ctx: MapContext, attacker: PlayerEntity, check: PvpCheck): check is { ok: true; safeFight: boolean } {
  if (check.ok) return true;
  if (check.message !== null) ctx.tell(attacker, MESSAGES.attackRefused(check.message));
  return false;
}

/**
 * `UsuarioAtacadoPorUsuario`, in VB6's order: the victim's logout countdown and meditation end;
 * a safe fight (`PeleaSegura`: both on an arena tile) stops there; otherwise both are in combat
 * (`EnCombate`, no regeneration), a citizen who attacks a citizen turns criminal
 * (`VolverCriminal`), and the systems hear of the fight (`playersFought`: both sides' pets go
 * for the other player, `AllMascotasAtacanUser`).
 *
 * Decision: this one routine serves blows, shots and spells. Before the map kernel, the melee copy
 * set the pets' targets before the criminal turn and the spell copy after, and both did so in a
 * safe fight too; VB6 leaves a safe fight before the pets, and sets them last.
 */
export function usersFought(ctx: MapContext, attacker: PlayerEntity, victim: PlayerEntity, safeFight: boolean): void {
  interrupt(ctx, victim, "attacked_by_user");
  if (safeFight) return;
  const until = ctx.clock.now() + IN_COMBAT_MS;
  attacker.inCombatUntil = until;
  victim.inCombatUntil = until;
  if (attackTurnsCriminal(attacker.status, victim.status)) turnCriminal(ctx, attacker);
  ctx.hooks.playersFought(ctx, attacker, victim);
}
