/**
 * The after-sale history the after-sale benchmark reads: a year of vouchers over the benchmark
 * catalogue's merchants (Zipf: a few merchants sell tens of thousands), a few heavy customers,
 * and the redemptions, refunds, credit exchanges and expiries that happened to them, each with
 * its status_events rows and (refunds, credits) its voucher_refunds row, as the modules write
 * them. Bulk-inserted (a year of orders one by one would take an hour); orders themselves are not
 * written: vouchers carry synthetic order ids from SYNTHETIC_ORDER_BASE up, so the set is
 * replaced cleanly on every run. Deterministic: the same seed gives the same history. Goods
 * (deals that post) are vouchers too, delivered goods Redeemed; their shipments are not written.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { queryRows } from "../../db/query-rows";
import { bulkInsert } from "../../seed/bulk-insert";
import { Random } from "../../seed/random";
import { voucherExpiry } from "../../modules/vouchers/issue-vouchers";
import { type VoucherStatus, vouchers } from "../../modules/vouchers/schema";
import { newVoucherCode } from "../../modules/vouchers/voucher-codes";
import { customers } from "../../modules/accounts/schema";
import { merchantUsers } from "../../modules/merchants/schema";
import { zipfPicker } from "./zipf";

/** Synthetic order ids start here (real orders are numbered from 1): the set's marker. */
const SYNTHETIC_ORDER_BASE = 900_000_000;
/** The expiry backlog's orders, inside the synthetic range. */
const BACKLOG_ORDER_BASE = 950_000_000;
const DAY_MS = 86_400_000;
const READY_MS = DAY_MS; // spec §9: available 24 hours after purchase
const CUSTOMER_EMAIL = (i: number) => `after-sale-bench-${i}@example.com`;
const INSERT_CHUNK = 5000;

export interface AfterSaleDataOptions {
  vouchers: number;
  customers: number;
  heavyCustomers: number;
  heavyCustomerVouchers: number;
  /** Merchants whose tills get a merchant user (the heaviest ones). */
  tills: number;
  now: Date;
}

export interface AfterSaleData {
  heavyCustomerIds: number[];
  /** Merchants by synthetic vouchers sold, most first, with their till user. */
  topMerchants: { merchantId: number; vouchers: number; tillUserId: number }[];
}

interface CatalogueDeal {
  dealId: number;
  merchantId: number;
  title: string;
  merchantName: string;
  productId: number;
  productName: string;
  price: number;
  currency: "GBP" | "EUR";
  /** The deal posts goods: fulfilled by delivery, never redeemed at a till. */
  physical: boolean;
}

type VoucherRow = typeof vouchers.$inferInsert;

/** Deals with their first product and merchant, grouped by merchant in popularity order. */
async function catalogueByMerchant(db: Db): Promise<CatalogueDeal[][]> {
  const rows = await queryRows<{ deal_id: number; merchant_id: number; title: string; merchant_name: string; product_id: number; product_name: string; price: number; currency: "GBP" | "EUR"; physical: boolean }>(
    db,
    sql`select distinct on (d.id) d.id as deal_id, d.merchant_id, d.title, m.display_name as merchant_name, p.id as product_id, p.friendly_name as product_name, p.price, d.currency, d.delivery_type <> 'none' as physical
        from deals d join merchants m on m.id = d.merchant_id join products p on p.deal_id = d.id
        order by d.id, p.id`,
  );
  const popularity = await queryRows<{ merchant_id: number }>(db, sql`select merchant_id from deals group by merchant_id order by max(total_bought) desc, merchant_id`);
  const byMerchant = new Map<number, CatalogueDeal[]>();
  for (const row of rows) {
    const deal = { dealId: row.deal_id, merchantId: row.merchant_id, title: row.title, merchantName: row.merchant_name, productId: row.product_id, productName: row.product_name, price: row.price, currency: row.currency, physical: row.physical };
    byMerchant.set(row.merchant_id, [...(byMerchant.get(row.merchant_id) ?? []), deal]);
  }
  return popularity.map((row) => byMerchant.get(row.merchant_id) ?? []).filter((list) => list.length > 0);
}

/** The synthetic shoppers (created once, kept between runs): ids in the order of their index. */
async function benchCustomers(db: Db, count: number, now: Date): Promise<number[]> {
  const existing = await queryRows<{ id: number }>(db, sql`select id from customers where email like 'after-sale-bench-%' order by id`);
  if (existing.length < count) {
    const rows = Array.from({ length: count - existing.length }, (_, i) => ({
      brand: "wowcher" as const,
      email: CUSTOMER_EMAIL(existing.length + i),
      firstName: "Bench",
      lastName: `Shopper ${existing.length + i}`,
      customerToken: `after-sale-bench-${existing.length + i}`,
      createdAt: now,
      updatedAt: now,
    }));
    for (let i = 0; i < rows.length; i += INSERT_CHUNK) await bulkInsert(db, customers, rows.slice(i, i + INSERT_CHUNK));
  }
  const all = await queryRows<{ id: number }>(db, sql`select id from customers where email like 'after-sale-bench-%' order by id limit ${count}`);
  return all.map((row) => row.id);
}

/** A till user for the merchant (created once): who redeems at its till. */
async function tillUser(db: Db, merchantId: number, now: Date): Promise<number> {
  const email = `till-${merchantId}@after-sale-bench.example.com`;
  await db.insert(merchantUsers).values({ merchantId, email, name: `Till ${merchantId}`, createdAt: now }).onConflictDoNothing();
  const [row] = await queryRows<{ id: number }>(db, sql`select id from merchant_users where lower(email) = ${email}`);
  return row.id;
}

/** What happened to a voucher by `now`, and when: the odds grow with its age, as in a real shop. */
function fateOf(rng: Random, createdAt: Date, now: Date): { status: VoucherStatus; redeemedAt: Date | null } {
  const availableAt = createdAt.getTime() + READY_MS;
  const expiresAt = voucherExpiry(createdAt, "Europe/London").getTime();
  if (availableAt > now.getTime()) return { status: "READY_TO_REDEEM", redeemedAt: null };
  const lapsed = expiresAt <= now.getTime();
  const ageShare = Math.min(1, (now.getTime() - availableAt) / (expiresAt - availableAt));
  const roll = rng.next();
  if (roll < 0.05) return { status: "REFUNDED", redeemedAt: null };
  if (roll < 0.07) return { status: "REQUEST_PROCESSED", redeemedAt: null };
  if (roll < 0.07 + 0.6 * ageShare) {
    const until = Math.min(expiresAt, now.getTime());
    return { status: "REDEEMED", redeemedAt: new Date(availableAt + rng.next() * (until - availableAt)) };
  }
  return { status: lapsed ? "EXPIRED" : "READY_TO_REDEEM", redeemedAt: null };
}

/** One order's vouchers (1–3 units of one deal), paid by card with some wallet credit now and then. */
function orderVouchers(rng: Random, order: { orderId: number; customerId: number; deal: CatalogueDeal; createdAt: Date; tillUserId: number | null; now: Date; backlog: boolean }): VoucherRow[] {
  const units = rng.next() < 0.8 ? 1 : rng.int(2, 3);
  const credit = rng.next() < 0.1 ? Math.min(order.deal.price, 500) : 0;
  const marketing = rng.next() < 0.03 ? Math.min(order.deal.price - credit, 200) : 0;
  const isProtected = rng.next() < 0.15;
  return Array.from({ length: units }, (_, unit) => {
    const fate = order.backlog ? { status: "READY_TO_REDEEM" as const, redeemedAt: null } : fateOf(rng, order.createdAt, order.now);
    return {
      code: newVoucherCode(),
      orderId: order.orderId,
      orderLineId: order.orderId,
      customerId: order.customerId,
      dealId: order.deal.dealId,
      productId: order.deal.productId,
      dealTitle: order.deal.title,
      productName: order.deal.productName,
      merchantName: order.deal.merchantName,
      merchantId: order.deal.merchantId,
      currency: order.deal.currency,
      status: fate.status,
      availableAt: new Date(order.createdAt.getTime() + READY_MS),
      expiresAt: voucherExpiry(order.createdAt, "Europe/London"),
      extendedMonths: 0,
      protected: isProtected,
      physical: order.deal.physical,
      // Credit pays the first unit's share; the rest by card.
      paidCard: order.deal.price - (unit === 0 ? credit + marketing : 0),
      paidRefundableCredit: unit === 0 ? credit : 0,
      paidMarketingCredit: unit === 0 ? marketing : 0,
      redeemedAt: fate.redeemedAt,
      // Goods count as redeemed when delivered, by no till.
      redeemedBy: fate.redeemedAt && !order.deal.physical ? order.tillUserId : null,
      createdAt: order.createdAt,
    };
  });
}

/** Inserts vouchers in chunks, drawing a code again in the (astronomically rare) case one repeats. */
async function insertVouchers(db: Db, rows: VoucherRow[]): Promise<void> {
  const seen = new Set<string>();
  for (const row of rows) {
    while (seen.has(row.code)) row.code = newVoucherCode();
    seen.add(row.code);
  }
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) await bulkInsert(db, vouchers, rows.slice(i, i + INSERT_CHUNK));
}

/**
 * The money given back and the history rows, in SQL over the synthetic vouchers: a refund 1–13
 * days after the voucher arrived (to the card), a credit exchange likewise (to the wallet, one
 * minute from Credit Requested to Request Processed), a redemption at redeemed_at, an expiry at
 * expires_at. History rows carry the actors the use cases record.
 */
async function writeHistory(db: Db, fromOrderId: number, now: Date): Promise<void> {
  await db.execute(sql`
    insert into voucher_refunds (voucher_id, order_id, customer_id, merchant_id, kind, destination, currency, card_amount, refundable_credit, marketing_credit, payment_operation_key, actor_type, actor_id, created_at)
    select id, order_id, customer_id, merchant_id,
           case when status = 'REFUNDED' then 'refund' else 'credit' end,
           case when status = 'REFUNDED' then 'original' else 'wallet' end,
           currency,
           case when status = 'REFUNDED' then paid_card else 0 end,
           paid_refundable_credit + case when status = 'REFUNDED' then 0 else paid_card end,
           paid_marketing_credit,
           case when status = 'REFUNDED' and paid_card > 0 then 'refund:voucher:' || id end,
           'customer', customer_id::text,
           least(available_at + (1 + id % 13) * interval '1 day' + (id % 1440) * interval '1 minute', ${now})
    from vouchers where order_id >= ${fromOrderId} and status in ('REFUNDED', 'REQUEST_PROCESSED')`);
  await db.execute(sql`
    insert into status_events (aggregate, aggregate_id, from_status, to_status, actor_type, actor_id, reason, data, at)
    select 'voucher', id, null, 'READY_TO_REDEEM', 'customer', customer_id::text, null, jsonb_build_object('orderId', order_id), created_at
      from vouchers where order_id >= ${fromOrderId}
    union all
    select 'voucher', id, 'READY_TO_REDEEM', 'REDEEMED', 'merchant', redeemed_by::text, null, jsonb_build_object('merchantId', merchant_id), redeemed_at
      from vouchers where order_id >= ${fromOrderId} and status = 'REDEEMED'
    union all
    select 'voucher', id, 'READY_TO_REDEEM', 'EXPIRED', 'system', 'voucher-expiry', 'expiry date passed', null, expires_at
      from vouchers where order_id >= ${fromOrderId} and status = 'EXPIRED'
    union all
    select 'voucher', r.voucher_id, 'READY_TO_REDEEM', 'REFUNDED', 'customer', r.actor_id, null, jsonb_build_object('destination', r.destination), r.created_at
      from voucher_refunds r where r.order_id >= ${fromOrderId} and r.kind = 'refund'
    union all
    select 'voucher', r.voucher_id, 'READY_TO_REDEEM', 'CREDIT_REQUESTED', 'customer', r.actor_id, null, null, r.created_at
      from voucher_refunds r where r.order_id >= ${fromOrderId} and r.kind = 'credit'
    union all
    select 'voucher', r.voucher_id, 'CREDIT_REQUESTED', 'REQUEST_PROCESSED', 'system', 'credit-exchange', null, null, r.created_at + interval '1 minute'
      from voucher_refunds r where r.order_id >= ${fromOrderId} and r.kind = 'credit'
    order by 9`);
}

/** Removes the previous run's synthetic vouchers, their history and refunds. */
async function removeSyntheticVouchers(db: Db): Promise<void> {
  await db.execute(sql`delete from status_events where aggregate = 'voucher' and aggregate_id in (select id from vouchers where order_id >= ${SYNTHETIC_ORDER_BASE})`);
  await db.execute(sql`delete from voucher_refunds where order_id >= ${SYNTHETIC_ORDER_BASE}`);
  await db.execute(sql`delete from vouchers where order_id >= ${SYNTHETIC_ORDER_BASE}`);
  // Compact: a table twice its size from the last run's dead rows would be measured, not this data.
  await db.execute(sql`vacuum full vouchers, status_events, voucher_refunds`);
}

/** Builds (replacing the last run's) the year of after-sale history; answers who to measure. */
export async function buildAfterSaleData(db: Db, options: AfterSaleDataOptions): Promise<AfterSaleData> {
  const rng = new Random(12);
  await removeSyntheticVouchers(db);
  const merchants = await catalogueByMerchant(db);
  const customerIds = await benchCustomers(db, options.customers, options.now);
  const heavyCustomerIds = customerIds.slice(0, options.heavyCustomers);
  const tillUsers = new Map<number, number>();
  for (const deals of merchants.slice(0, options.tills)) tillUsers.set(deals[0].merchantId, await tillUser(db, deals[0].merchantId, options.now));

  const pickMerchant = zipfPicker(merchants, 1.1, () => rng.next());
  const dealPickers = new Map<CatalogueDeal[], () => CatalogueDeal>();
  const pickDeal = (deals: CatalogueDeal[]) => {
    if (!dealPickers.has(deals)) dealPickers.set(deals, zipfPicker(deals, 1.1, () => rng.next()));
    return dealPickers.get(deals)!();
  };
  const rows: VoucherRow[] = [];
  const heavyCounts = new Map(heavyCustomerIds.map((id) => [id, 0]));
  let orderId = SYNTHETIC_ORDER_BASE;
  while (rows.length < options.vouchers) {
    // The heavy customers buy until each has its share; everyone else is drawn at random.
    const heavy = heavyCustomerIds.find((id) => heavyCounts.get(id)! < options.heavyCustomerVouchers && rng.next() < 0.02);
    const customerId = heavy ?? customerIds[rng.int(options.heavyCustomers, customerIds.length - 1)];
    const deal = pickDeal(pickMerchant());
    const createdAt = new Date(options.now.getTime() - rng.next() * 365 * DAY_MS);
    orderId += 1;
    const order = orderVouchers(rng, { orderId, customerId, deal, createdAt, tillUserId: tillUsers.get(deal.merchantId) ?? null, now: options.now, backlog: false });
    if (heavy) heavyCounts.set(heavy, heavyCounts.get(heavy)! + order.length);
    rows.push(...order);
  }
  // In the order they were sold, as a live table fills: a month's vouchers share pages.
  rows.sort((a, b) => (a.createdAt as Date).getTime() - (b.createdAt as Date).getTime());
  await insertVouchers(db, rows);
  await writeHistory(db, SYNTHETIC_ORDER_BASE, options.now);
  // As autovacuum would have by now: the last run's deleted rows gone, statistics and visibility map current.
  await db.execute(sql`vacuum analyze vouchers, status_events, voucher_refunds`);

  const top = await queryRows<{ merchant_id: number; vouchers: number }>(
    db,
    sql`select merchant_id, count(*)::int as vouchers from vouchers where order_id >= ${SYNTHETIC_ORDER_BASE} group by merchant_id order by count(*) desc limit ${options.tills}`,
  );
  const topMerchants = [];
  for (const row of top) topMerchants.push({ merchantId: row.merchant_id, vouchers: row.vouchers, tillUserId: tillUsers.get(row.merchant_id) ?? (await tillUser(db, row.merchant_id, options.now)) });
  return { heavyCustomerIds, topMerchants };
}

/**
 * A backlog for the expiry job: `count` Ready to Redeem vouchers bought 6–12 months ago, so past
 * their expiry, as if the job had not run for a while. History rows included.
 */
export async function insertExpiryBacklog(db: Db, count: number, now: Date): Promise<void> {
  const rng = new Random(34);
  const merchants = await catalogueByMerchant(db);
  const customerIds = await benchCustomers(db, 1000, now);
  const rows: VoucherRow[] = [];
  let orderId = BACKLOG_ORDER_BASE;
  while (rows.length < count) {
    const deals = merchants[rng.int(0, merchants.length - 1)];
    const createdAt = new Date(now.getTime() - (185 + rng.next() * 180) * DAY_MS);
    orderId += 1;
    rows.push(...orderVouchers(rng, { orderId, customerId: customerIds[rng.int(0, customerIds.length - 1)], deal: deals[rng.int(0, deals.length - 1)], createdAt, tillUserId: null, now, backlog: true }));
  }
  await insertVouchers(db, rows.slice(0, count));
  await writeHistory(db, BACKLOG_ORDER_BASE, now);
  await db.execute(sql`analyze vouchers`);
}
