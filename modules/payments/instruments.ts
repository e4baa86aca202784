import { and, desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { PaymentDetails } from "./provider";
import { paymentInstruments } from "./schema";

export type SavedInstrument = typeof paymentInstruments.$inferSelect;

/** The gateway's reference for a customer, so a vaulted instrument is usable by its owner only. */
export function gatewayCustomerRef(customerId: number): string {
  return `customer-${customerId}`;
}

/** A customer's saved instruments, the default first. */
export async function listInstruments(db: Db, customerId: number): Promise<SavedInstrument[]> {
  return db
    .select()
    .from(paymentInstruments)
    .where(eq(paymentInstruments.customerId, customerId))
    .orderBy(desc(paymentInstruments.isDefault), desc(paymentInstruments.createdAt));
}

export async function findInstrument(db: Db, customerId: number, instrumentId: number): Promise<SavedInstrument | null> {
  const [row] = await db
    .select()
    .from(paymentInstruments)
    .where(and(eq(paymentInstruments.id, instrumentId), eq(paymentInstruments.customerId, customerId)));
  return row ?? null;
}

/**
 * Saves a vaulted instrument; the customer's first becomes the default. A card saved for reuse may
 * also pay subscriptions (allowSubscription), which wallets like PayPal only allow when agreed.
 */
export async function saveInstrument(tx: Db, instrument: { customerId: number; gateway: string; token: string; details: PaymentDetails; at: Date }): Promise<void> {
  const existing = await listInstruments(tx, instrument.customerId);
  await tx
    .insert(paymentInstruments)
    .values({
      customerId: instrument.customerId,
      gateway: instrument.gateway,
      token: instrument.token,
      type: instrument.details.method,
      cardType: instrument.details.cardType,
      last4: instrument.details.last4,
      expiryMonth: instrument.details.expiryMonth,
      expiryYear: instrument.details.expiryYear,
      isDefault: existing.length === 0,
      allowSubscription: instrument.details.method === "card",
      createdAt: instrument.at,
    })
    .onConflictDoNothing();
}
