import { afterAll, beforeAll } from "vitest";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { BRANDS } from "../../lib/brand";
import { recordDealSale } from "../../modules/catalog/deal-detail/sales";
import { products } from "../../modules/catalog/schema";
import { recordCustomerPurchases } from "../../modules/inventory/purchases";
import { orderLines, orders } from "../../modules/orders/schema";
import { type CustomerSummary, toSummary } from "../../modules/accounts/customers";
import { customers } from "../../modules/accounts/schema";
import { randomToken } from "../../modules/security/tokens";
import { startSession } from "../../modules/accounts/sessions";
import { type Clock, systemClock } from "../../lib/clock";
import { SESSION_COOKIE } from "../../server/accounts/visitor-session";
import type { TestBrowser } from "./test-browser";
import type { BasketActor } from "../../modules/basket/baskets";
import { insertCatalogBasics, insertDeal } from "./catalog-fixtures";
import { createTestDatabase } from "./test-db";
import pino from "pino";
import type { PlacementServices } from "../../modules/orders/place-order";
import { SandboxPaymentProvider } from "../../modules/payments/sandbox/sandbox-provider";

type Basics = Awaited<ReturnType<typeof insertCatalogBasics>>;
type DealOverrides = Parameters<typeof insertDeal>[2];
type ProductOverrides = Partial<typeof products.$inferInsert>;

/** A deal with its single product, both adjustable: what the buying tests sell. */
export async function insertSellable(db: Db, basics: Basics, options: { deal?: DealOverrides; product?: ProductOverrides } = {}) {
  const deal = await insertDeal(db, basics, options.deal);
  const [product] = options.product
    ? await db.update(products).set(options.product).where(eq(products.dealId, deal.id)).returning()
    : await db.select().from(products).where(eq(products.dealId, deal.id));
  return { deal, product };
}

export function actorAt(now: Date, customer: BasketActor["customer"] = null, holdMs = 10 * 60 * 1000): BasketActor {
  return { brand: BRANDS.wowcher, customer, now, holdMs };
}

let pastBasketId = 1_000_000;

/** An order the customer placed earlier, written directly as history with the sales ledgers its sale wrote (caps count them). */
export async function insertPastPurchase(db: Db, purchase: { customerId: number; dealId: number; productId: number; quantity: number; at: Date }) {
  pastBasketId += 1;
  const [order] = await db
    .insert(orders)
    .values({
      brand: "wowcher",
      currency: "GBP",
      customerId: purchase.customerId,
      basketId: pastBasketId,
      email: "past@example.com",
      subtotal: 1900 * purchase.quantity,
      postage: 0,
      discount: 0,
      walletRefundableUsed: 0,
      walletMarketingUsed: 0,
      total: 1900 * purchase.quantity,
      quantity: purchase.quantity,
      paymentMethod: "card",
      createdAt: purchase.at,
    })
    .returning();
  await db.insert(orderLines).values({
    orderId: order.id,
    customerId: purchase.customerId,
    kind: "deal",
    dealId: purchase.dealId,
    productId: purchase.productId,
    title: "Earlier purchase",
    quantity: purchase.quantity,
    unitPrice: 1900,
    originalUnitPrice: 4500,
    postage: 0,
    lineTotal: 1900 * purchase.quantity,
    createdAt: purchase.at,
  });
  const sold = { dealId: purchase.dealId, productId: purchase.productId, units: purchase.quantity };
  await recordDealSale(db, { ...sold, at: purchase.at });
  await recordCustomerPurchases(db, purchase.customerId, [sold]);
  return order;
}

let customerCounter = 0;

/** A registered customer (no password: tests that need one register through the API). */
export async function insertCustomer(db: Db, options: { vip?: boolean; brand?: CustomerSummary["brand"] } = {}): Promise<CustomerSummary> {
  customerCounter += 1;
  const now = new Date("2026-01-01T00:00:00Z");
  const [row] = await db
    .insert(customers)
    .values({
      brand: options.brand ?? "wowcher",
      email: `shopper${customerCounter}.${randomToken(6).toLowerCase()}@example.com`,
      firstName: "Ada",
      lastName: "Lovelace",
      customerToken: randomToken(),
      vipUser: options.vip ?? false,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return toSummary(row);
}

/** The customer as the basket rules see them. */
export function shopper(customer: CustomerSummary) {
  return { id: customer.id, vip: customer.vipUser };
}

/** Signs a test browser in as the customer (a real session, without going through the password form). */
export async function signInAs(browser: TestBrowser, db: Db, customer: CustomerSummary, clock: Clock = systemClock): Promise<void> {
  const session = await startSession(db, clock, { customerId: customer.id, brand: customer.brand, rememberMe: false });
  browser.cookies.set(SESSION_COOKIE, session.token);
  browser.refreshCsrf();
}

/** Order placement as the tests run it: the sandbox gateway, the wowcher brand, 10-minute holds. */
export function placementServices(db: Db, clock: Clock): PlacementServices {
  return {
    db,
    provider: new SandboxPaymentProvider(db, clock),
    clock,
    brand: BRANDS.wowcher,
    holdMs: 600_000,
    voucherReadyMs: 0,
    enabledMethods: { klarna: false, clearpay: false },
    log: pino({ level: "silent" }),
    linkOrigin: "https://www.wowcher.co.uk",
  };
}

/** A buying test's database: fresh, with the catalogue basics, and the services placing an order needs at `clock`. */
export async function openBuyingDatabase(clock: Clock) {
  const database = await createTestDatabase();
  const basics = await insertCatalogBasics(database.db);
  return { database, basics, services: placementServices(database.db, clock) };
}

/**
 * For a placement test file: opens the database before its tests and closes it after. The answer's
 * fields are there once the tests run: `const suite = buyingDatabaseForTests(clock)`, then `suite.database`.
 */
export function buyingDatabaseForTests(clock: Clock): BuyingDatabase {
  const suite = {} as BuyingDatabase;
  beforeAll(async () => {
    Object.assign(suite, await openBuyingDatabase(clock));
  });
  afterAll(() => suite.database.dispose());
  return suite;
}

export type BuyingDatabase = Awaited<ReturnType<typeof openBuyingDatabase>>;

/** The delivery details every placement test types. */
export const TEST_DETAILS = { firstName: "Ada", lastName: "Lovelace", addressLine1: "1 Main Street", addressLine2: null, city: "London", postcode: "SW1A 1AA" };
