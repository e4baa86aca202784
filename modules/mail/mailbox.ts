import { desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { outboxMessages } from "./schema";

export type MailboxMessage = typeof outboxMessages.$inferSelect;

/** The newest messages of the outbox, for the development mailbox page. */
export async function listMailbox(db: Db, limit = 50): Promise<MailboxMessage[]> {
  return db.select().from(outboxMessages).orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id)).limit(limit);
}

export async function findMailboxMessage(db: Db, id: number): Promise<MailboxMessage | null> {
  const [row] = await db.select().from(outboxMessages).where(eq(outboxMessages.id, id));
  return row ?? null;
}
