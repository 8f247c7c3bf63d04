/**
 * A character's faction status (combat-and-progression §3.4, §8.2): what it is (VB6
 * `Faccion.Status`, `e_Facciones`), who turns criminal by attacking whom (`UsuarioAtacadoPorUsuario`,
 * `VolverCriminal`), what the "seguro" (the safe toggle, `flags.Seguro`) forbids (`PuedeAtacar`),
 * and its value at login. Pure: the map system keeps the state and tells the clients.
 */

/** `e_Facciones`; also the `status` field of `CharacterCreate` / `UpdateTagAndStatus`. */
export const FactionStatus = {
  criminal: 0,
  citizen: 1, // Ciudadano
  chaos: 2, // Caos (Legión Oscura)
  royalArmy: 3, // Armada (Ejército Real)
  chaosCouncil: 4, // concilio
  royalCouncil: 5, // consejo
} as const;
export type FactionStatusId = (typeof FactionStatus)[keyof typeof FactionStatus];

/** Locale ids `PuedeAtacar` answers with on the faction checks (`modMessageIDs.bas`). */
export const FACTION_REFUSAL = {
  /** Msg1055: the Royal Army may not attack each other. */
  royalArmyOnRoyalArmy: 1055,
  /** Msg1056: the Royal Army may not attack citizens. */
  royalArmyOnCitizen: 1056,
  /** Msg1057: to attack citizens, take the safe off. */
  safeOnCitizen: 1057,
  /** Msg1058: to attack the Royal Army, take the safe off. */
  safeOnRoyalArmy: 1058,
} as const;

/** Msg696: only citizens may switch the safe. */
export const ONLY_CITIZENS_TOGGLE_SAFE = 696;

/** `esCiudadano`. */
export function isCitizen(status: number): boolean {
  return status === FactionStatus.citizen;
}

/** `esArmada`: the Royal Army or its council. */
export function isRoyalArmy(status: number): boolean {
  return status === FactionStatus.royalArmy || status === FactionStatus.royalCouncil;
}

/** `esCaos`: the Chaos Legion or its council. */
export function isChaos(status: number): boolean {
  return status === FactionStatus.chaos || status === FactionStatus.chaosCouncil;
}

/**
 * `PuedeAtacar`'s faction checks (after the arena and safe-fight exits, before the safe map):
 * the Royal Army never attacks the Royal Army or citizens; a citizen with the safe on never
 * attacks citizens or the Royal Army. Returns the refusing locale id, or null. (The Chaos
 * Legion's own safe, `LegionarySecure`, and guild safes are not modelled: nobody can join a
 * faction or a guild yet.)
 */
export function factionAttackRefusal(attacker: { readonly status: number; readonly safeMode: boolean }, victimStatus: number): number | null {
  if (isRoyalArmy(attacker.status)) {
    if (isRoyalArmy(victimStatus)) return FACTION_REFUSAL.royalArmyOnRoyalArmy;
    if (isCitizen(victimStatus)) return FACTION_REFUSAL.royalArmyOnCitizen;
    return null;
  }
  if (isCitizen(attacker.status) && attacker.safeMode) {
    if (isCitizen(victimStatus)) return FACTION_REFUSAL.safeOnCitizen;
    if (isRoyalArmy(victimStatus)) return FACTION_REFUSAL.safeOnRoyalArmy;
  }
  return null;
}

/** `UsuarioAtacadoPorUsuario`: a citizen who attacks a citizen or a Royal Army member turns criminal. */
export function attackTurnsCriminal(attackerStatus: number, victimStatus: number): boolean {
  return isCitizen(attackerStatus) && (isCitizen(victimStatus) || isRoyalArmy(victimStatus));
}

/**
 * `VolverCriminal`: the status after a crime, or null when it stays as it is: never on an arena
 * tile (trigger 6), never for the Chaos Legion or its council. (A Royal Army member turns
 * criminal too: VB6 only logs that it should never happen.)
 */
export function statusAfterCrime(status: number, onArenaTile: boolean): FactionStatusId | null {
  if (onArenaTile) return null;
  if (status === FactionStatus.chaos || status === FactionStatus.chaosCouncil) return null;
  return FactionStatus.criminal;
}

/** `ConnectUser`: the safe starts off for criminals and the Chaos side, on for everyone else. */
export function safeModeAtLogin(status: number): boolean {
  return !(status === FactionStatus.criminal || isChaos(status));
}

/** `HandleSafeToggle`: only citizens switch the safe (guild alignment rules aside: no guilds yet). */
export function canToggleSafeMode(status: number): boolean {
  return isCitizen(status);
}
