import { and, asc, desc, eq, isNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { Brand } from "../../lib/brand";
import { BasketError } from "./errors";
import type { BasketLine } from "./evaluate-lines";
import { basketLines, baskets } from "./schema";
import { newBasketToken } from "./tokens";

export type Basket = typeof baskets.$inferSelect;

/** Who is acting on a basket, and when: every basket use case takes one. */
export interface BasketActor {
  brand: Brand;
  customer: { id: number; vip: boolean } | null;
  now: Date;
  /** How long added items are held. */
  holdMs: number;
}

export async function insertBasket(tx: Db, actor: BasketActor, options: { eligibleForVip: boolean }): Promise<Basket> {
  const [basket] = await tx
    .insert(baskets)
    .values({
      token: newBasketToken(),
      brand: actor.brand.id,
      currency: actor.brand.currency,
      customerId: actor.customer?.id ?? null,
      eligibleForVip: options.eligibleForVip,
      createdAt: actor.now,
      updatedAt: actor.now,
    })
    .returning();
  return basket;
}

/** A basket is visible to the request's brand and, once it belongs to a customer, to that customer only. */
function visibleTo(basket: Basket | undefined, actor: BasketActor): Basket | null {
  if (!basket || basket.brand !== actor.brand.id) return null;
  if (basket.customerId !== null && basket.customerId !== actor.customer?.id) return null;
  return basket;
}

export async function findBasket(db: Db, token: string, actor: BasketActor): Promise<Basket | null> {
  const [basket] = await db.select().from(baskets).where(eq(baskets.token, token));
  return visibleTo(basket, actor);
}

/** The customer's most recently changed basket that has not become an order. */
export async function findCustomerBasket(db: Db, customerId: number, actor: BasketActor): Promise<Basket | null> {
  const [basket] = await db
    .select()
    .from(baskets)
    .where(and(eq(baskets.customerId, customerId), eq(baskets.brand, actor.brand.id), isNull(baskets.orderedAt)))
    .orderBy(desc(baskets.updatedAt))
    .limit(1);
  return visibleTo(basket, actor);
}

/**
 * Locks an open basket for a change (SELECT … FOR UPDATE): concurrent edits of one basket queue up.
 * An orphan basket (no customer yet) is open to whoever holds its token, so a shopper who signs in
 * can still reach, and link, the basket they filled as a guest.
 */
export async function lockOpenBasket(tx: Db, token: string, actor: BasketActor): Promise<Basket> {
  const [row] = await tx.select().from(baskets).where(eq(baskets.token, token)).for("update");
  const basket = visibleTo(row, actor);
  if (!basket) throw new BasketError("BASKET_NOT_FOUND");
  if (basket.orderedAt) throw new BasketError("BASKET_CLOSED");
  return basket;
}

export async function linesOf(db: Db, basketId: number): Promise<BasketLine[]> {
  return db.select().from(basketLines).where(eq(basketLines.basketId, basketId)).orderBy(asc(basketLines.id));
}

export async function touchBasket(tx: Db, basketId: number, now: Date, changes: Partial<Pick<Basket, "customerId" | "eligibleForVip" | "promoCode" | "useWallet">> = {}) {
  await tx.update(baskets).set({ ...changes, updatedAt: now }).where(eq(baskets.id, basketId));
}
