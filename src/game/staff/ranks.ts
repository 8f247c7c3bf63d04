/**
 * Staff ranks (gm-and-moderation §1.1): VB6's `e_PlayerType` bit set in `flags.Privilegios`. A
 * character has exactly one of User / Consejero / SemiDios / Dios / Admin, plus optionally the
 * RoleMaster bit. Here a rank belongs to a character id (`staff_roles`), never to the name a
 * client sends (G1) nor to a name in `Server.ini` (G2).
 */

/** `e_PlayerType` bits (`Codigo/Declares.bas`). */
export const PlayerType = {
  User: 1,
  RoleMaster: 2,
  Consejero: 4,
  SemiDios: 8,
  Dios: 16,
  Admin: 32,
} as const;

/** The staff ranks, lowest first. */
export const STAFF_RANKS = ["consejero", "semidios", "dios", "admin"] as const;
export type StaffRank = (typeof STAFF_RANKS)[number];

/** A character's standing: a rank (null: an ordinary player) and the role-master flag. */
export interface StaffStanding {
  readonly rank: StaffRank | null;
  readonly roleMaster: boolean;
}

export const PLAYER: StaffStanding = { rank: null, roleMaster: false };

const RANK_BITS: Readonly<Record<StaffRank, number>> = {
  consejero: PlayerType.Consejero,
  semidios: PlayerType.SemiDios,
  dios: PlayerType.Dios,
  admin: PlayerType.Admin,
};

/** `CompararPrivilegios` masks out the User bit: Admin | Dios | SemiDios | Consejero | RoleMaster. */
const COMPARED_BITS = PlayerType.Admin | PlayerType.Dios | PlayerType.SemiDios | PlayerType.Consejero | PlayerType.RoleMaster;

export function isStaffRank(value: string): value is StaffRank {
  return (STAFF_RANKS as readonly string[]).includes(value);
}

/** The `Privilegios` value of a standing: 1, 3, 4, 6, 8, 10, 16, 18, 32 or 34. */
export function privilegesOf(standing: StaffStanding): number {
  const base = standing.rank === null ? PlayerType.User : RANK_BITS[standing.rank];
  return standing.roleMaster ? base | PlayerType.RoleMaster : base;
}

/** `EsGM`: any staff rank (the User bit clear). A role-master player is not staff. */
export function isStaff(privileges: number): boolean {
  return (privileges & PlayerType.User) === 0;
}

/** The rank of a `Privilegios` value (null for a player), the RM bit aside. */
export function rankOf(privileges: number): StaffRank | null {
  if (privileges & PlayerType.Admin) return "admin";
  if (privileges & PlayerType.Dios) return "dios";
  if (privileges & PlayerType.SemiDios) return "semidios";
  if (privileges & PlayerType.Consejero) return "consejero";
  return null;
}

/** How high a rank stands: 0 for a player, 1 … 4 for Consejero … Admin. */
export function rankLevel(rank: StaffRank | null): number {
  return rank === null ? 0 : STAFF_RANKS.indexOf(rank) + 1;
}

/**
 * `CompararPrivilegios(left, right)`: both masked with the staff and RM bits and compared as
 * integers (1, 0 or −1). The RM bit counts: Admin+RM (34) outranks Admin (32), an RM player (3)
 * outranks a plain player (1). Known answers of §1.1: (32,16)=1, (34,32)=1, (8,8)=0, (1,3)=−1,
 * (4,3)=1. Kept for the VB6 comparisons the stock client's players may rely on; the punitive
 * commands use {@link outranks} instead (G11).
 */
export function comparePrivileges(left: number, right: number): -1 | 0 | 1 {
  const a = left & COMPARED_BITS;
  const b = right & COMPARED_BITS;
  return a > b ? 1 : a < b ? -1 : 0;
}

/**
 * Decision (G11 fixed): one rule for acting on someone: the actor's rank must be strictly higher
 * than the target's, by rank alone (the RM bit gives no power over anyone), and never on oneself.
 */
export function outranks(actor: StaffStanding, target: StaffStanding): boolean {
  return rankLevel(actor.rank) > rankLevel(target.rank);
}
