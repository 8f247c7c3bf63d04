/**
 * The faction rules against VB6 `PuedeAtacar` (the faction block), `UsuarioAtacadoPorUsuario`,
 * `VolverCriminal`, `ConnectUser` and `HandleSafeToggle`.
 */
import { describe, expect, test } from "bun:test";
import {
  attackTurnsCriminal,
  canToggleSafeMode,
  factionAttackRefusal,
  FactionStatus,
  safeModeAtLogin,
  statusAfterCrime,
} from "./index.ts";

const { criminal, citizen, chaos, royalArmy, chaosCouncil, royalCouncil } = FactionStatus;

describe("faction status", () => {
  test("a citizen with the safe on attacks no citizen and no Royal Army member; with it off, anyone", () => {
    const safe = { status: citizen, safeMode: true };
    expect([citizen, royalArmy, royalCouncil, criminal, chaos].map((victim) => factionAttackRefusal(safe, victim))).toEqual([1057, 1058, 1058, null, null]);
    const unsafe = { status: citizen, safeMode: false };
    expect([citizen, royalArmy, criminal].map((victim) => factionAttackRefusal(unsafe, victim))).toEqual([null, null, null]);
  });

  test("the Royal Army attacks neither itself nor citizens, safe or not; criminals and the Chaos side have no such rule", () => {
    for (const army of [royalArmy, royalCouncil]) {
      expect([royalArmy, citizen, criminal].map((victim) => factionAttackRefusal({ status: army, safeMode: false }, victim))).toEqual([1055, 1056, null]);
    }
    expect(factionAttackRefusal({ status: criminal, safeMode: true }, citizen)).toBeNull();
    expect(factionAttackRefusal({ status: chaos, safeMode: true }, royalArmy)).toBeNull();
  });

  test("a citizen attacking a citizen or the Royal Army turns criminal, never on an arena tile, never the Chaos side", () => {
    expect([citizen, royalArmy, royalCouncil, criminal, chaos].map((victim) => attackTurnsCriminal(citizen, victim))).toEqual([true, true, true, false, false]);
    expect(attackTurnsCriminal(criminal, citizen)).toBe(false);
    expect(statusAfterCrime(citizen, false)).toBe(criminal);
    expect(statusAfterCrime(citizen, true)).toBeNull();
    expect(statusAfterCrime(chaos, false)).toBeNull();
    expect(statusAfterCrime(chaosCouncil, false)).toBeNull();
    expect(statusAfterCrime(royalArmy, false)).toBe(criminal);
  });

  test("the safe starts on for citizens and the Royal Army, off for criminals and the Chaos side; only citizens switch it", () => {
    expect([criminal, citizen, chaos, royalArmy, chaosCouncil, royalCouncil].map(safeModeAtLogin)).toEqual([false, true, false, true, false, true]);
    expect([criminal, citizen, royalArmy].map(canToggleSafeMode)).toEqual([false, true, false]);
  });
});
