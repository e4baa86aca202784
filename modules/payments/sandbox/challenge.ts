import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import type { Clock } from "../../../lib/clock";
import type { Currency } from "../../../lib/money";
import { sandboxRequests, sandboxTransactions } from "./schema";

/** A challenge as the sandbox's test bank page shows it. */
export interface SandboxChallenge {
  reference: string;
  status: "waiting" | "approved" | "declined" | "voided";
  amount: number;
  currency: Currency;
  /** Where the bank sends the shopper back: the return URL the shop gave with the authorization. */
  returnUrl: string;
}

/**
 * The challenge behind `reference`, or null. The return URL is the one stored with the
 * authorization request, never one from the page's address, so the page cannot be made to
 * redirect elsewhere.
 */
export async function findChallenge(db: Db, reference: string): Promise<SandboxChallenge | null> {
  const [row] = await db
    .select({
      status: sandboxTransactions.status,
      amount: sandboxTransactions.amount,
      currency: sandboxTransactions.currency,
      url: sql<string>`${sandboxRequests.response}->>'url'`,
    })
    .from(sandboxTransactions)
    .innerJoin(sandboxRequests, and(eq(sandboxRequests.operation, "authorize"), sql`${sandboxRequests.response}->>'reference' = ${sandboxTransactions.id}`))
    .where(eq(sandboxTransactions.id, reference));
  if (!row?.url) return null;
  const returnUrl = new URL(row.url, "http://sandbox.invalid").searchParams.get("return") ?? "";
  const status = row.status === "requires_action" ? "waiting" : row.status === "declined" ? "declined" : row.status === "voided" ? "voided" : "approved";
  return {
    reference,
    status,
    amount: row.amount,
    currency: row.currency as Currency,
    returnUrl,
  };
}

/** The test bank page's Approve or Decline. Only a challenge still waiting is decided. */
export async function decideChallenge(db: Db, clock: Clock, reference: string, approve: boolean): Promise<boolean> {
  const [decided] = await db
    .update(sandboxTransactions)
    .set({
      status: approve ? "authorized" : "declined",
      updatedAt: clock.now(),
    })
    .where(and(eq(sandboxTransactions.id, reference), eq(sandboxTransactions.status, "requires_action")))
    .returning({ id: sandboxTransactions.id });
  return decided !== undefined;
}
