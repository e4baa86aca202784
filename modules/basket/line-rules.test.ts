import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { actorAt, insertCustomer, insertSellable, shopper } from "../../tests/support/buying-fixtures";
import { insertCatalogBasics } from "../../tests/support/catalog-fixtures";
import { createTestDatabase, type TestDatabase } from "../../tests/support/test-db";
import { deals } from "../catalog/schema";
import { quoteCheckout } from "../checkout/quote-checkout";
import { addProduct } from "./add-product";
import { findBasket } from "./baskets";
import { createBasket } from "./create-basket";

let database: TestDatabase;
let basics: Awaited<ReturnType<typeof insertCatalogBasics>>;
const now = new Date("2026-11-21T12:00:00Z");

beforeAll(async () => {
  database = await createTestDatabase();
  basics = await insertCatalogBasics(database.db);
});
afterAll(() => database.dispose());

async function quote(token: string, actor: ReturnType<typeof actorAt>) {
  const basket = await findBasket(database.db, token, actor);
  if (!basket) throw new Error("basket not found");
  return quoteCheckout(database.db, basket, actor);
}

describe("basket line rules", () => {
  it("apply the VIP-only rule when adding and again when quoting the checkout", async () => {
    const { product } = await insertSellable(database.db, basics, { product: { vipExclusive: true } });
    const customer = await insertCustomer(database.db, { vip: true });
    const asVip = actorAt(now, shopper(customer));
    const notVip = actorAt(now, { ...shopper(customer), vip: false });

    const refused = await createBasket(database.db, { eligibleForVip: false, products: [] }, notVip);
    await expect(addProduct(database.db, refused.token, { productId: product.id, quantity: 1 }, notVip)).rejects.toMatchObject({ code: "BASKET_VIP_ONLY" });

    const basket = await createBasket(database.db, { eligibleForVip: false, products: [{ productId: product.id, quantity: 1 }] }, asVip);
    expect((await quote(basket.token, asVip)).problems).toEqual([]);
    // Membership lapsed between adding and paying: the checkout refuses what adding would refuse.
    expect((await quote(basket.token, notVip)).problems.map((problem) => problem.code)).toEqual(["BASKET_VIP_ONLY"]);
  });

  it("raise a price-per-person line to two when adding, and refuse one below two at checkout", async () => {
    const { deal, product } = await insertSellable(database.db, basics);
    const guest = actorAt(now);
    const basket = await createBasket(database.db, { eligibleForVip: false, products: [{ productId: product.id, quantity: 1 }] }, guest);
    expect((await quote(basket.token, guest)).problems).toEqual([]);

    // The deal became price per person after the single unit was added.
    await database.db.update(deals).set({ pricePerPerson: true }).where(eq(deals.id, deal.id));
    const [problem] = (await quote(basket.token, guest)).problems;
    expect(problem).toMatchObject({ code: "BASKET_INVALID_QUANTITY", message: "This deal is priced per person: please choose at least 2" });

    const fresh = await createBasket(database.db, { eligibleForVip: false, products: [{ productId: product.id, quantity: 1 }] }, guest);
    const quoted = await quote(fresh.token, guest);
    expect(quoted.lines[0].line.quantity).toBe(2);
    expect(quoted.problems).toEqual([]);
  });
});
