/**
 * The staff movement and item rules (movement.ts): G7's `/TELEP` limits and rank rule, G16's
 * announcement, G28's unit bounds, who sees an admin-invisible GM (§5.7), `/IRCERCA`'s order.
 */
import { describe, expect, test } from "bun:test";
import { canSee, createdAmount, mayMove, nearbyTiles, privilegesOf, summonIsAnnounced, warpCheck, type StaffStanding } from "./index.ts";

const standing = (rank: StaffStanding["rank"], roleMaster = false): StaffStanding => ({ rank, roleMaster });
const ELSEWHERE = { destinationIsThisSafeMap: false, destinationIsEventMap: false };

describe("/TELEP (G7)", () => {
  test("a Dios or an Admin sends anyone anywhere (VB6 limited every rank to event maps); a SemiDios others only to event maps, itself anywhere", () => {
    for (const rank of ["dios", "admin"] as const) expect(warpCheck(standing(rank), { self: false, ...ELSEWHERE })).toEqual({ ok: true });
    expect(warpCheck(standing("semidios"), { self: false, ...ELSEWHERE })).toEqual({ ok: false, reason: "only_event_maps" });
    expect(warpCheck(standing("semidios"), { self: false, destinationIsThisSafeMap: false, destinationIsEventMap: true })).toEqual({ ok: true });
    expect(warpCheck(standing("semidios"), { self: true, ...ELSEWHERE })).toEqual({ ok: true });
  });

  test("a Consejero: only itself, only to the safe map it stands on (§11 item 9; another map's safety is unknown here, so refused)", () => {
    expect(warpCheck(standing("consejero"), { self: true, destinationIsThisSafeMap: true, destinationIsEventMap: false })).toEqual({ ok: true });
    expect(warpCheck(standing("consejero"), { self: true, ...ELSEWHERE })).toEqual({ ok: false, reason: "only_safe_maps" });
    expect(warpCheck(standing("consejero"), { self: false, destinationIsThisSafeMap: true, destinationIsEventMap: true })).toEqual({ ok: false, reason: "only_self" });
  });

  test("nobody moves a higher rank; equal ranks may; the RM bit gives no power (G7, as G11)", () => {
    expect(mayMove(standing("semidios"), standing("dios"))).toBe(false);
    expect(mayMove(standing("dios"), standing("dios"))).toBe(true);
    expect(mayMove(standing("consejero", true), standing("semidios"))).toBe(false);
    expect(mayMove(standing("consejero"), standing(null, true))).toBe(true);
  });
});

describe("G16 and G28", () => {
  test("/SUM is announced only by a visible GM", () => {
    expect(summonIsAnnounced(false)).toBe(true);
    expect(summonIsAnnounced(true)).toBe(false);
  });

  test("/CI and /DAR take 1 … 10,000 whole units", () => {
    expect(createdAmount(1)).toEqual({ ok: true, amount: 1 });
    expect(createdAmount(10_000)).toEqual({ ok: true, amount: 10_000 });
    expect(createdAmount(10_001)).toEqual({ ok: false, reason: "too_many" });
    for (const amount of [0, -5, 1.5, Number.NaN]) expect(createdAmount(amount)).toEqual({ ok: false, reason: "not_positive" });
  });
});

describe("who sees an admin-invisible GM (§5.7)", () => {
  const semidios = { session: 1, privileges: privilegesOf(standing("semidios")), adminInvisible: true };
  const viewer = (session: number, rank: StaffStanding["rank"], roleMaster = false) => ({ session, privileges: privilegesOf(standing(rank, roleMaster)) });

  test("itself, and staff of its rank or higher; not a Consejero, a player or a role-master player", () => {
    expect(canSee(viewer(1, "semidios"), semidios)).toBe(true);
    expect(canSee(viewer(2, "semidios"), semidios)).toBe(true);
    expect(canSee(viewer(3, "dios"), semidios)).toBe(true);
    expect(canSee(viewer(4, "consejero"), semidios)).toBe(false);
    expect(canSee(viewer(5, null), semidios)).toBe(false);
    expect(canSee(viewer(6, null, true), semidios)).toBe(false);
  });

  test("a visible character is seen by all", () => {
    expect(canSee(viewer(5, null), { ...semidios, adminInvisible: false })).toBe(true);
    expect(canSee(viewer(5, null), { session: 1, privileges: 8 })).toBe(true);
  });
});

test("/IRCERCA tries the rings of radius 2 … 5, x outer and y inner, starting at the top-left corner", () => {
  const tiles = [...nearbyTiles(10, 10)];
  expect(tiles.slice(0, 3)).toEqual([
    { x: 8, y: 8 },
    { x: 8, y: 9 },
    { x: 8, y: 10 },
  ]);
  expect(tiles.length).toBe(5 * 5 + 7 * 7 + 9 * 9 + 11 * 11);
  expect(tiles.at(-1)).toEqual({ x: 15, y: 15 });
});
