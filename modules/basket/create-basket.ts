import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { releaseBasketHolds } from "../inventory/holds";
import { type LineInput, assertQuantity, putDealLine, sameLine } from "./add-product";
import { type Basket, type BasketActor, insertBasket, lockOpenBasket, touchBasket } from "./baskets";
import { BasketError } from "./errors";
import type { BasketLine } from "./evaluate-lines";
import { basketLines } from "./schema";

export interface BasketInput {
  eligibleForVip: boolean;
  products: readonly LineInput[];
}

/** Adds each product in turn to a locked basket (the same product twice joins one line). */
async function addAll(tx: Db, basket: Basket, actor: BasketActor, products: readonly LineInput[]): Promise<void> {
  const lines: BasketLine[] = [];
  for (const input of products) {
    assertQuantity(input.quantity);
    const existing = sameLine(lines, input);
    const others = lines.filter((line) => line.id !== existing?.id);
    const line = await putDealLine(tx, basket, actor, { existing, others, input, quantity: (existing?.quantity ?? 0) + input.quantity, adding: true });
    if (existing) lines.splice(lines.indexOf(existing), 1, line);
    else lines.push(line);
  }
}

/** POST basket: a new basket (for the signed-in customer, if any) with its first products. */
export async function createBasket(db: Db, input: BasketInput, actor: BasketActor): Promise<Basket> {
  return db.transaction(async (tx) => {
    const basket = await insertBasket(tx, actor, { eligibleForVip: input.eligibleForVip });
    await addAll(tx, basket, actor, input.products);
    return basket;
  });
}

/** PUT basket/{token}: the basket's products become exactly these (all checked, or nothing changes). */
export async function replaceBasket(db: Db, token: string, input: BasketInput, actor: BasketActor): Promise<void> {
  await db.transaction(async (tx) => {
    const basket = await lockOpenBasket(tx, token, actor);
    await releaseBasketHolds(tx, basket.id);
    await tx.delete(basketLines).where(eq(basketLines.basketId, basket.id));
    await addAll(tx, basket, actor, input.products);
    await touchBasket(tx, basket.id, actor.now, { eligibleForVip: input.eligibleForVip });
  });
}

/**
 * PATCH basket/{token}: links the signed-in customer to an orphan basket (one without a customer),
 * e.g. the guest's basket after signing in at checkout. Products, when given, replace the basket's.
 */
export async function linkCustomer(db: Db, token: string, input: Partial<BasketInput>, actor: BasketActor): Promise<void> {
  if (!actor.customer) throw new BasketError("CUSTOMER_MISMATCH");
  const customer = actor.customer;
  await db.transaction(async (tx) => {
    const basket = await lockOpenBasket(tx, token, actor);
    await touchBasket(tx, basket.id, actor.now, { customerId: customer.id, eligibleForVip: input.eligibleForVip ?? basket.eligibleForVip });
    if (input.products && input.products.length > 0) {
      await releaseBasketHolds(tx, basket.id);
      await tx.delete(basketLines).where(eq(basketLines.basketId, basket.id));
      await addAll(tx, { ...basket, customerId: customer.id }, actor, input.products);
    }
  });
}
