import { eq, sql } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client";
import { normalizeEmail } from "./email";
import type { SignInAccount, SignInKind } from "./kind";
import type { LoginFailureState } from "./lockout";

/** A table of accounts that sign in: an id and the lockout columns the core keeps. */
export type LockoutTable = PgTable & { id: AnyPgColumn; failedLoginCount: AnyPgColumn; lastFailedLoginAt: AnyPgColumn; lockedUntil: AnyPgColumn };

/** The lockout fields of a kind whose accounts are rows of `table`: read under a row lock, stored back by id. */
export function lockoutIn(table: LockoutTable): Pick<SignInKind<SignInAccount>, "lockFailures" | "saveFailures"> {
  return {
    lockFailures: async (tx, id) => {
      const [row] = await tx
        .select({ failedLoginCount: table.failedLoginCount, lastFailedLoginAt: table.lastFailedLoginAt, lockedUntil: table.lockedUntil })
        .from(table)
        .where(eq(table.id, id))
        .for("update");
      return row as LoginFailureState;
    },
    saveFailures: (db, id, state) => db.update(table).set(state).where(eq(table.id, id)),
  };
}

/**
 * The table access of a kind whose accounts are the rows of one table, an email naming at most one
 * whatever its case (merchant users, staff): found by email, lockout fields as `lockoutIn`.
 */
export function accountsIn<Account extends SignInAccount>(
  table: LockoutTable & { email: AnyPgColumn },
): Pick<SignInKind<Account>, "findByEmail" | "lockFailures" | "saveFailures"> {
  return {
    findByEmail: async (db: Db, email: string) => {
      const [account] = await db
        .select()
        .from(table)
        .where(sql`lower(${table.email}) = ${normalizeEmail(email)}`);
      return (account as Account | undefined) ?? null;
    },
    ...lockoutIn(table),
  };
}
