import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { Clock } from "../../lib/clock";
import { SponsoredError } from "./errors";
import { sponsoredSessions } from "./schema";

/** The "user object" of the session-create call (spec discovery §7): both fields may be null. */
export interface SessionUser {
  customerToken: string | null;
  sessionId: string | null;
}

const SESSION_ID_BYTES = 18;

/**
 * Returns the shopper's search session, creating one on demand: a known `sessionId` is kept
 * (and linked to the customer when they have signed in since), anything else gets a new random id.
 */
export async function ensureSearchSession(db: Db, clock: Clock, user: SessionUser | null | undefined): Promise<string> {
  if (!user || typeof user !== "object") throw new SponsoredError("USER_OBJECT_MISSING");
  if (user.sessionId) {
    const [existing] = await db.select().from(sponsoredSessions).where(eq(sponsoredSessions.id, user.sessionId)).limit(1);
    if (existing) {
      if (user.customerToken && existing.customerToken === null) {
        await db.update(sponsoredSessions).set({ customerToken: user.customerToken }).where(eq(sponsoredSessions.id, existing.id));
      }
      return existing.id;
    }
  }
  const id = randomBytes(SESSION_ID_BYTES).toString("base64url");
  await db.insert(sponsoredSessions).values({ id, customerToken: user.customerToken ?? null, createdAt: clock.now() });
  return id;
}
