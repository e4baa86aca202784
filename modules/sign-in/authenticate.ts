import type { Db } from "../../db/client";
import type { Clock } from "../../lib/clock";
import type { SignInAccount, SignInKind } from "./kind";
import { checkPassword } from "./password-check";

/**
 * Checks an email and password for any kind of user. Wrong passwords count towards the lockout
 * (under a row lock); a locked account is refused with the lock message even with the right
 * password, until the lock ends or a reset; an unknown email spends the time of a real check.
 */
export async function authenticateAs<Account extends SignInAccount, Scope>(
  kind: SignInKind<Account, Scope>,
  db: Db,
  clock: Clock,
  credentials: { email: string; password: string; scope: Scope },
): Promise<Account> {
  const account = await kind.findByEmail(db, credentials.email, credentials.scope);
  const outcome = await checkPassword(
    account
      ? {
          ...account,
          clearFailures: (cleared) => kind.saveFailures(db, account.id, cleared),
          countFailure: (next) =>
            db.transaction(async (tx) => {
              const state = next(await kind.lockFailures(tx, account.id));
              await kind.saveFailures(tx, account.id, state);
              return state;
            }),
        }
      : null,
    credentials.password,
    clock.now(),
  );
  if (outcome === "locked") throw kind.refusal("locked");
  if (outcome === "invalid" || !account) throw kind.refusal("invalid");
  return account;
}
