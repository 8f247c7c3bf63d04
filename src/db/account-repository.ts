/**
 * Accounts: creation, password checks, bans. Emails are unique case-insensitively and keep the
 * spelling given at creation.
 */
import { eq, sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { toDatabaseError } from "./database-error.ts";
import type { PasswordHasher } from "./password-hashing.ts";
import { accounts, type AccountRow } from "./schema.ts";

/** RFC 5321 limit on a forward path. */
export const MAX_EMAIL_LENGTH = 254;
/** Bounds hashing work per request; far above any real password. */
export const MAX_PASSWORD_LENGTH = 1_024;
/** One "@" with something on both sides, no spaces: enough to catch typos, not a full RFC parser. */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+$/;

export interface Account {
  id: number;
  email: string;
  banned: boolean;
  createdAt: Date;
  lastLoginAt: Date | null;
}

export type CreateAccountOutcome =
  | { kind: "ok"; account: Account }
  | { kind: "email_taken" }
  | { kind: "invalid"; reason: "email" | "password" };

export type VerifyPasswordOutcome =
  | { kind: "ok"; account: Account }
  | { kind: "unknown_account" }
  | { kind: "wrong_password" }
  /** Only reported to someone who knows the password, so a ban does not reveal an account exists. */
  | { kind: "banned"; account: Account };

export interface AccountRepository {
  /** Hashes the password and stores the account; the email is trimmed, its case kept. */
  createAccount(email: string, password: string): Promise<CreateAccountOutcome>;
  /** Takes about the same time whether or not the account exists. */
  verifyPassword(email: string, password: string): Promise<VerifyPasswordOutcome>;
  findAccountByEmail(email: string): Promise<Account | null>;
  findAccountById(id: number): Promise<Account | null>;
  /** Records a login now; false when there is no such account. */
  touchLastLogin(accountId: number): Promise<boolean>;
  /** False when there is no such account. */
  setBanned(accountId: number, banned: boolean): Promise<boolean>;
}

type Drizzle = PgDatabase<PgQueryResultHKT>;

function toAccount(row: AccountRow): Account {
  return { id: row.id, email: row.email, banned: row.banned, createdAt: row.createdAt, lastLoginAt: row.lastLoginAt };
}

const emailMatches = (email: string) => sql`lower(${accounts.email}) = lower(${email.trim()})`;

export function createAccountRepository(db: Drizzle, hasher: PasswordHasher, now: () => Date): AccountRepository {
  async function findRow(email: string): Promise<AccountRow | undefined> {
    try {
      const rows = await db.select().from(accounts).where(emailMatches(email)).limit(1);
      return rows[0];
    } catch (error) {
      throw toDatabaseError(error, "looking up an account");
    }
  }

  return {
    async createAccount(email, password) {
      const trimmed = email.trim();
      if (trimmed.length > MAX_EMAIL_LENGTH || !EMAIL_SHAPE.test(trimmed)) return { kind: "invalid", reason: "email" };
      if (password.length === 0 || password.length > MAX_PASSWORD_LENGTH) return { kind: "invalid", reason: "password" };
      const passwordHash = await hasher.hash(password);
      try {
        // A taken email (any case) hits the lower(email) unique index and inserts nothing.
        const rows = await db.insert(accounts).values({ email: trimmed, passwordHash, createdAt: now() }).onConflictDoNothing().returning();
        const row = rows[0];
        return row ? { kind: "ok", account: toAccount(row) } : { kind: "email_taken" };
      } catch (error) {
        throw toDatabaseError(error, "creating an account");
      }
    },

    async verifyPassword(email, password) {
      const row = await findRow(email);
      if (!row || password.length > MAX_PASSWORD_LENGTH) {
        // No account creation accepts such a password, so it cannot match; spend the time anyway.
        await hasher.burnVerify(password.slice(0, MAX_PASSWORD_LENGTH));
        return row ? { kind: "wrong_password" } : { kind: "unknown_account" };
      }
      if (!(await hasher.verify(password, row.passwordHash))) return { kind: "wrong_password" };
      const account = toAccount(row);
      return row.banned ? { kind: "banned", account } : { kind: "ok", account };
    },

    async findAccountByEmail(email) {
      const row = await findRow(email);
      return row ? toAccount(row) : null;
    },

    async findAccountById(id) {
      try {
        const rows = await db.select().from(accounts).where(eq(accounts.id, id)).limit(1);
        return rows[0] ? toAccount(rows[0]) : null;
      } catch (error) {
        throw toDatabaseError(error, `looking up account ${id}`);
      }
    },

    async touchLastLogin(accountId) {
      try {
        const rows = await db.update(accounts).set({ lastLoginAt: now() }).where(eq(accounts.id, accountId)).returning({ id: accounts.id });
        return rows.length > 0;
      } catch (error) {
        throw toDatabaseError(error, "recording a login");
      }
    },

    async setBanned(accountId, banned) {
      try {
        const rows = await db.update(accounts).set({ banned }).where(eq(accounts.id, accountId)).returning({ id: accounts.id });
        return rows.length > 0;
      } catch (error) {
        throw toDatabaseError(error, "setting a ban");
      }
    },
  };
}
