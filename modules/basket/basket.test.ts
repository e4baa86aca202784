import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { actorAt, insertCustomer, insertPastPurchase, insertSellable, shopper } from "../../tests/support/buying-fixtures";
import { insertCatalogBasics } from "../../tests/support/catalog-fixtures";
import { createTestDatabase, type TestDatabase } from "../../tests/support/test-db";
import { addAddon } from "./add-addon";
import { addProduct } from "./add-product";
import { findBasket } from "./baskets";
import { createBasket, linkCustomer, replaceBasket } from "./create-basket";
import { refreshHolds } from "./refresh-holds";
import { removeLine } from "./remove-line";
import { updateLine } from "./update-line";
import { viewBasket } from "./view-basket";

let database: TestDatabase;
let basics: Awaited<ReturnType<typeof insertCatalogBasics>>;
const now = new Date("2026-11-21T12:00:00Z");
const minutes = (n: number) => new Date(now.getTime() + n * 60_000);
const guest = actorAt(now);

beforeAll(async () => {
  database = await createTestDatabase();
  basics = await insertCatalogBasics(database.db);
});
afterAll(() => database.dispose());

async function view(token: string, actor = guest) {
  const basket = await findBasket(database.db, token, actor);
  if (!basket) throw new Error("basket not found");
  return viewBasket(database.db, basket, actor);
}

describe("creating a basket and adding products", () => {
  it("creates a basket with an unguessable token, prices the line and holds its stock for ten minutes", async () => {
    const { deal, product } = await insertSellable(database.db, basics, {
      deal: { deliveryType: "delivery", minPostagePrice: 299 },
      product: { price: 1900, originalPrice: 4500, totalRemaining: 50 },
    });
    const basket = await createBasket(database.db, { eligibleForVip: false, products: [{ productId: product.id, quantity: 2 }] }, guest);
    expect(basket.token.length).toBeGreaterThan(10);

    const seen = await view(basket.token);
    expect(seen.quantity).toBe("2");
    expect(seen.reservedUntil).toEqual(minutes(10));
    expect(seen.lines).toHaveLength(1);
    expect(seen.lines[0]).toMatchObject({
      line: { dealId: deal.id, productId: product.id, quantity: 2, reservedPrice: 1900 },
      price: { unitPrice: 1900, originalUnitPrice: 4500, postagePerUnit: 299, lineTotal: 2 * (1900 + 299), discount: 2600, discountPercentage: 57 },
      availability: "AVAILABLE",
      problem: null,
      hold: { status: "RESERVED", expiresAt: minutes(10) },
    });
  });

  it("adds more of the same product to its line, and shows an empty quantity for an empty basket", async () => {
    const { product } = await insertSellable(database.db, basics);
    const basket = await createBasket(database.db, { eligibleForVip: false, products: [] }, guest);
    expect((await view(basket.token)).quantity).toBe("");
    await addProduct(database.db, basket.token, { productId: product.id, quantity: 1 }, guest);
    await addProduct(database.db, basket.token, { productId: product.id, quantity: 2, purchaseUrl: "/deal/london/beauty/spa/1" }, guest);
    const seen = await view(basket.token);
    expect(seen.lines).toHaveLength(1);
    expect(seen.lines[0].line).toMatchObject({ quantity: 3, purchaseUrl: "/deal/london/beauty/spa/1" });
    expect(seen.quantity).toBe("3");
  });

  it("forces a price-per-person deal to two", async () => {
    const { product } = await insertSellable(database.db, basics, { deal: { pricePerPerson: true } });
    const basket = await createBasket(database.db, { eligibleForVip: false, products: [{ productId: product.id, quantity: 1 }] }, guest);
    expect((await view(basket.token)).lines[0].line.quantity).toBe(2);
  });

  it("refuses a closed deal and one in another currency", async () => {
    const closed = await insertSellable(database.db, basics, { deal: { closingDate: new Date("2026-11-20T00:00:00Z") } });
    const irish = await insertSellable(database.db, basics, { deal: { currency: "EUR", countryCode: "IE", locationId: 275859 } });
    const basket = await createBasket(database.db, { eligibleForVip: false, products: [] }, guest);
    for (const { product } of [closed, irish]) {
      await expect(addProduct(database.db, basket.token, { productId: product.id, quantity: 1 }, guest)).rejects.toThrow(
        "Oops! This item is no longer available.",
      );
    }
  });
});

describe("reservations", () => {
  it("keeps stock held by one basket from another until the hold runs out", async () => {
    const { product } = await insertSellable(database.db, basics, { product: { totalRemaining: 3 } });
    const first = await createBasket(database.db, { eligibleForVip: false, products: [{ productId: product.id, quantity: 2 }] }, guest);
    const second = await createBasket(database.db, { eligibleForVip: false, products: [] }, guest);

    await expect(addProduct(database.db, second.token, { productId: product.id, quantity: 2 }, guest)).rejects.toThrow(
      "The maximum quantity of this deal that you can buy today is 1",
    );
    await addProduct(database.db, second.token, { productId: product.id, quantity: 1 }, guest);
    await expect(addProduct(database.db, second.token, { productId: product.id, quantity: 1 }, guest)).rejects.toThrow(
      "Oops! This item is no longer available.",
    );

    // Eleven minutes later the first basket's hold has run out: the second basket may take it.
    const later = actorAt(minutes(11));
    const expired = await view(first.token, later);
    expect(expired.lines[0].hold.status).toBe("EXPIRED");
    expect(expired.reservedUntil).toBeNull();
    await addProduct(database.db, second.token, { productId: product.id, quantity: 2 }, later);

    // The first basket's items are now held elsewhere: out of stock, and refreshing cannot hold them.
    const seen = await view(first.token, later);
    expect(seen.lines[0]).toMatchObject({ availability: "OUT_OF_STOCK", problem: { code: "BASKET_ITEM_UNAVAILABLE" } });
    expect(await refreshHolds(database.db, first.token, later)).toEqual({ allHeld: false });
  });

  it("refreshing an expired basket holds its items again with a new countdown", async () => {
    const { product } = await insertSellable(database.db, basics, { product: { totalRemaining: 5 } });
    const basket = await createBasket(database.db, { eligibleForVip: false, products: [{ productId: product.id, quantity: 2 }] }, guest);
    const later = actorAt(minutes(15));
    expect((await view(basket.token, later)).lines[0].hold.status).toBe("EXPIRED");
    expect(await refreshHolds(database.db, basket.token, later)).toEqual({ allHeld: true });
    const seen = await view(basket.token, later);
    expect(seen.lines[0].hold).toEqual({ status: "RESERVED", expiresAt: minutes(25) });
    expect(seen.reservedUntil).toEqual(minutes(25));
  });

  it("honours a configured hold time", async () => {
    const { product } = await insertSellable(database.db, basics);
    const basket = await createBasket(database.db, { eligibleForVip: false, products: [{ productId: product.id, quantity: 1 }] }, actorAt(now, null, 60_000));
    expect((await view(basket.token)).reservedUntil).toEqual(minutes(1));
  });
});

describe("caps", () => {
  it("counts the customer's past orders against the deal's purchase cap", async () => {
    const customer = shopper(await insertCustomer(database.db));
    const actor = actorAt(now, customer);
    const { deal, product } = await insertSellable(database.db, basics, { deal: { purchaseCap: 3 } });
    await insertPastPurchase(database.db, { customerId: customer.id, dealId: deal.id, productId: product.id, quantity: 2, at: new Date("2026-01-01T00:00:00Z") });
    const basket = await createBasket(database.db, { eligibleForVip: false, products: [] }, actor);
    await expect(addProduct(database.db, basket.token, { productId: product.id, quantity: 2 }, actor)).rejects.toThrow(
      "The maximum quantity of this deal that you can buy today is 1",
    );
    await addProduct(database.db, basket.token, { productId: product.id, quantity: 1 }, actor);
    await expect(addProduct(database.db, basket.token, { productId: product.id, quantity: 1 }, actor)).rejects.toThrow(
      "Oops! You've reached the max quantity for some items. Please remove them or choose a different product to continue.",
    );
  });

  it("counts what the customer holds in another basket, until that hold runs out", async () => {
    const customer = shopper(await insertCustomer(database.db));
    const actor = actorAt(now, customer);
    const { product } = await insertSellable(database.db, basics, { deal: { purchaseCap: 2 } });
    await createBasket(database.db, { eligibleForVip: false, products: [{ productId: product.id, quantity: 2 }] }, actor);
    const second = await createBasket(database.db, { eligibleForVip: false, products: [] }, actor);
    await expect(addProduct(database.db, second.token, { productId: product.id, quantity: 1 }, actor)).rejects.toThrow(
      "Oops! You've reached the max quantity for some items. Please remove them or choose a different product to continue.",
    );
    await addProduct(database.db, second.token, { productId: product.id, quantity: 1 }, actorAt(minutes(11), customer));
  });

  it("limits a deal's daily sales across every customer's orders", async () => {
    const { deal, product } = await insertSellable(database.db, basics, { deal: { dailyCap: 5 } });
    const [early, late] = [await insertCustomer(database.db), await insertCustomer(database.db)];
    await insertPastPurchase(database.db, { customerId: early.id, dealId: deal.id, productId: product.id, quantity: 3, at: new Date("2026-11-21T08:00:00Z") });
    // Yesterday's sales do not count against today's cap.
    await insertPastPurchase(database.db, { customerId: late.id, dealId: deal.id, productId: product.id, quantity: 4, at: new Date("2026-11-20T20:00:00Z") });
    const basket = await createBasket(database.db, { eligibleForVip: false, products: [] }, guest);
    await expect(addProduct(database.db, basket.token, { productId: product.id, quantity: 3 }, guest)).rejects.toThrow(
      "The maximum quantity of this deal that you can buy today is 2",
    );
    await addProduct(database.db, basket.token, { productId: product.id, quantity: 2 }, guest);
  });

  it("reports a line above its cap as a problem when viewing the basket", async () => {
    const customer = shopper(await insertCustomer(database.db));
    const actor = actorAt(now, customer);
    const { deal, product } = await insertSellable(database.db, basics, { deal: { purchaseCap: 2 } });
    const basket = await createBasket(database.db, { eligibleForVip: false, products: [{ productId: product.id, quantity: 2 }] }, actor);
    await insertPastPurchase(database.db, { customerId: customer.id, dealId: deal.id, productId: product.id, quantity: 2, at: now });
    const seen = await view(basket.token, actor);
    expect(seen.lines[0].cap).toEqual({ cap: 0, limitedBy: "CUSTOMER" });
    expect(seen.lines[0].problem?.code).toBe("BASKET_MAX_QUANTITY_REACHED");
  });
});

describe("availability", () => {
  it("shows limited availability and deals expiring soon", async () => {
    const limited = await insertSellable(database.db, basics, { product: { totalRemaining: 8 } });
    const expiring = await insertSellable(database.db, basics, { deal: { closingDate: new Date("2026-11-22T12:00:00Z") } });
    const basket = await createBasket(
      database.db,
      { eligibleForVip: false, products: [{ productId: limited.product.id, quantity: 1 }, { productId: expiring.product.id, quantity: 1 }] },
      guest,
    );
    expect((await view(basket.token)).lines.map((entry) => entry.availability)).toEqual(["LIMITED", "EXPIRING_SOON"]);
  });
});

describe("editing a basket", () => {
  it("changes quantity, deposit and gift fields, and removes lines", async () => {
    const { product } = await insertSellable(database.db, basics, { deal: { depositPrice: 500 } });
    const basket = await createBasket(database.db, { eligibleForVip: false, products: [{ productId: product.id, quantity: 1 }] }, guest);
    const [entry] = (await view(basket.token)).lines;
    await updateLine(database.db, basket.token, entry.line.id, { quantity: 3, payDeposit: true, giftWrap: true }, guest);
    const updated = (await view(basket.token)).lines[0];
    expect(updated.line).toMatchObject({ quantity: 3, payDeposit: true, giftWrap: true });
    expect(updated.price).toMatchObject({ unitPrice: 500, hasDeposit: true, depositPrice: 500, lineTotal: 1500 });

    await expect(removeLine(database.db, basket.token, null, guest)).rejects.toThrow("args malformed");
    await expect(removeLine(database.db, null, entry.line.id, guest)).rejects.toThrow("args malformed");
    await removeLine(database.db, basket.token, entry.line.id, guest);
    expect((await view(basket.token)).lines).toEqual([]);
  });

  it("replaces all products at once, or changes nothing when one cannot be added", async () => {
    const a = await insertSellable(database.db, basics);
    const b = await insertSellable(database.db, basics, { product: { totalRemaining: 1 } });
    const basket = await createBasket(database.db, { eligibleForVip: false, products: [{ productId: a.product.id, quantity: 1 }] }, guest);
    await expect(
      replaceBasket(database.db, basket.token, { eligibleForVip: false, products: [{ productId: b.product.id, quantity: 2 }] }, guest),
    ).rejects.toThrow("The maximum quantity of this deal that you can buy today is 1");
    expect((await view(basket.token)).lines.map((entry) => entry.line.productId)).toEqual([a.product.id]);
    await replaceBasket(database.db, basket.token, { eligibleForVip: true, products: [{ productId: b.product.id, quantity: 1 }] }, guest);
    const seen = await view(basket.token);
    expect(seen.lines.map((entry) => entry.line.productId)).toEqual([b.product.id]);
    expect(seen.basket.eligibleForVip).toBe(true);
  });

  it("adds the VIP add-on once", async () => {
    const basket = await createBasket(database.db, { eligibleForVip: false, products: [] }, guest);
    await addAddon(database.db, basket.token, { addonType: "VVE" }, guest);
    await addAddon(database.db, basket.token, { addonType: "VVE" }, guest);
    const seen = await view(basket.token);
    expect(seen.lines).toHaveLength(1);
    expect(seen.lines[0]).toMatchObject({ line: { kind: "addon", addonType: "VVE", quantity: 1 }, price: { lineTotal: 499 } });
  });
});

describe("who may see a basket", () => {
  it("links a guest's basket to the customer who signs in, and hides it from anyone else", async () => {
    const { product } = await insertSellable(database.db, basics);
    const basket = await createBasket(database.db, { eligibleForVip: false, products: [{ productId: product.id, quantity: 1 }] }, guest);
    const alice = actorAt(now, shopper(await insertCustomer(database.db)));
    const bob = actorAt(now, shopper(await insertCustomer(database.db)));
    await linkCustomer(database.db, basket.token, {}, alice);
    expect((await findBasket(database.db, basket.token, alice))?.customerId).toBe(alice.customer!.id);
    expect(await findBasket(database.db, basket.token, bob)).toBeNull();
    expect(await findBasket(database.db, basket.token, guest)).toBeNull();
    await expect(addProduct(database.db, basket.token, { productId: product.id, quantity: 1 }, bob)).rejects.toThrow(
      "No Basket Token available for checkout",
    );
    await expect(linkCustomer(database.db, basket.token, {}, bob)).rejects.toThrow("No Basket Token available for checkout");
  });
});
