/**
 * After the sale, measured in-process (the use cases the pages and API call, no HTTP) on the
 * benchmark catalogue database with a year of after-sale history:
 *
 *   npm run bench:after-sale                                   # PGlite
 *   DATABASE_URL=postgres://… npm run bench:after-sale         # PostgreSQL (database dealwise_bench)
 *   BENCH_VOUCHERS=200000 BENCH_SECONDS=10 BENCH_REFUND_ORDERS=2000 npm run bench:after-sale
 *
 * Builds the history (bench/lib/after-sale-data.ts: 200,000 vouchers over 12 months, Zipf over
 * merchants, five customers with 500 vouchers, redemptions, refunds, credits, expiries), then times
 * My Vouchers and the voucher page of a heavy customer, the heaviest merchant's statement, sales
 * per deal, redemptions and till look-up, 8 tills redeeming, 8 shoppers refunding to the card
 * (sandbox gateway), and the expiry job on a 20,000-voucher backlog. On PostgreSQL each call's
 * statements are also EXPLAINed: a Seq Scan on vouchers, status_events or voucher_refunds is
 * reported in the table (the schema is not changed here).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { sql } from "drizzle-orm";
import pino from "pino";
import { type Db, openDatabase } from "../db/client";
import { queryRows } from "../db/query-rows";
import { systemClock } from "../lib/clock";
import { merchantStatement } from "../modules/merchants/statement";
import { lastCalendarMonth } from "../modules/merchants/statement-period";
import { salesPerDeal } from "../modules/merchants/sales-per-deal";
import { listRedemptions } from "../modules/merchants/redemptions";
import { voucherDetail } from "../modules/my-vouchers/voucher-detail";
import { SandboxPaymentProvider } from "../modules/payments/sandbox/sandbox-provider";
import { refundVoucher } from "../modules/refunds/refund-voucher";
import { voucherTimeZone } from "../modules/refunds/voucher-facts";
import { expireVouchers } from "../modules/vouchers/expire-vouchers";
import { listMyVouchers } from "../modules/my-vouchers/my-vouchers";
import { lookUpVoucherForMerchant, redeemVoucher } from "../modules/vouchers/redeem-voucher";
import type { VoucherFilter } from "../modules/vouchers/voucher-display";
import { type AfterSaleData, buildAfterSaleData, insertExpiryBacklog } from "./lib/after-sale-data";
import { prepareBenchCatalogue } from "./lib/catalogue";
import { describePlan, PlanChecker, type PlanVerdict } from "./lib/plan-check";
import { LINK_ORIGIN, placeRefundableOrders } from "./lib/refund-orders";
import { sellableProducts } from "./lib/shopper";
import { formatTable } from "./lib/table";
import { type Timings, timeConcurrently, timeSerially } from "./lib/timing";
import { zipfPicker } from "./lib/zipf";

const VOUCHERS = Number(process.env.BENCH_VOUCHERS ?? 200_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const REFUND_ORDERS = Number(process.env.BENCH_REFUND_ORDERS ?? 2000);
const WORKERS = 8;
const READ_SAMPLES = 200;
const BACKLOG = 20_000;
const DAY_MS = 86_400_000;
/** p95 targets in ms (the expiry job: seconds for the whole backlog). */
const TARGETS = { page: 20, detail: 20, statementMonth: 50, statementYear: 200, salesPerDeal: 200, redemptions: 20, lookUp: 10, redeem: 50, refund: 150, expirySeconds: 60 };

interface Row {
  call: string;
  load: string;
  timings: Timings | null;
  target: string;
  met: boolean;
  plan: string;
  note?: string;
}

function planCell(verdict: PlanVerdict | null): string {
  const text = describePlan(verdict);
  return verdict && verdict.seqScans.length > 0 ? `MISSED: ${text}` : text;
}

/** One read, timed one call after another (the first call also goes through the plan check). */
async function measureRead(rows: Row[], db: Db, checker: PlanChecker | null, call: string, target: number, read: (db: Db, i: number) => Promise<unknown>, samples = READ_SAMPLES) {
  const verdict = checker ? await checker.check((captureDb) => read(captureDb, 0)) : null;
  const timings = await timeSerially(samples, (i) => read(db, i));
  rows.push({ call, load: "one at a time", timings, target: `p95 < ${target} ms`, met: timings.p95 < target, plan: planCell(verdict) });
  console.log(`  ${call}: p95 ${timings.p95.toFixed(1)} ms`);
}

async function measureMyVouchers(rows: Row[], db: Db, checker: PlanChecker | null, data: AfterSaleData, now: Date) {
  const customerId = data.heavyCustomerIds[0];
  for (const filter of ["all", "current", "past"] as VoucherFilter[]) {
    const { pageCount } = await listMyVouchers(db, { customerId, page: 1, filter, now });
    for (const page of [1, Math.ceil(pageCount / 2)]) {
      await measureRead(rows, db, checker, `My Vouchers, ${filter}, page ${page} of ${pageCount}`, TARGETS.page, (d) => listMyVouchers(d, { customerId, page, filter, now }));
    }
  }
  const ids = (await queryRows<{ id: number }>(db, sql`select id from vouchers where customer_id = ${customerId} order by id`)).map((row) => row.id);
  await measureRead(rows, db, checker, "voucher detail (timeline + options)", TARGETS.detail, (d, i) => voucherDetail(d, { customerId, voucherId: ids[(i * 7919) % ids.length], now }));
}

async function measureMerchantReads(rows: Row[], db: Db, checker: PlanChecker | null, data: AfterSaleData, now: Date) {
  const { merchantId } = data.topMerchants[0];
  const [{ currency }] = await queryRows<{ currency: "GBP" | "EUR" }>(db, sql`select currency from vouchers where merchant_id = ${merchantId} limit 1`);
  const timeZone = voucherTimeZone(currency);
  const month = lastCalendarMonth(now, timeZone);
  const year = { start: new Date(now.getTime() - 365 * DAY_MS), end: now };
  await measureRead(rows, db, checker, "merchant statement, last month", TARGETS.statementMonth, (d) => merchantStatement(d, { merchantId, start: month.start, end: month.end }));
  await measureRead(rows, db, checker, "merchant statement, 12 months", TARGETS.statementYear, (d) => merchantStatement(d, { merchantId, ...year }), 50);
  await measureRead(rows, db, checker, "sales per deal", TARGETS.salesPerDeal, (d) => salesPerDeal(d, merchantId), 50);
  await measureRead(rows, db, checker, "redemptions list, page 1", TARGETS.redemptions, (d) => listRedemptions(d, merchantId, 1));
  const codes = (await queryRows<{ code: string }>(db, sql`select code from vouchers where merchant_id = ${merchantId} order by id desc limit 1000`)).map((row) => row.code);
  await measureRead(rows, db, checker, "till look-up by code", TARGETS.lookUp, (d, i) => lookUpVoucherForMerchant(d, { merchantId, code: codes[i % codes.length], at: now, timeZone }));
}

/** Codes a merchant's till can redeem now: services (goods are delivered), Ready to Redeem, available, not expired. */
async function redeemableCodes(db: Db, merchantId: number, now: Date): Promise<string[]> {
  const rows = await queryRows<{ code: string }>(db, sql`select code from vouchers where merchant_id = ${merchantId} and not physical and status = 'READY_TO_REDEEM' and available_at <= ${now} and expires_at > ${now} order by random()`);
  return rows.map((row) => row.code);
}

async function measureRedemptions(rows: Row[], db: Db, checker: PlanChecker | null, data: AfterSaleData) {
  const queues = new Map<number, string[]>();
  for (const merchant of data.topMerchants) queues.set(merchant.merchantId, await redeemableCodes(db, merchant.merchantId, new Date()));
  // The heaviest merchants that sell services have tills; one till each, round the list again if short.
  const withTills = data.topMerchants.filter((merchant) => queues.get(merchant.merchantId)!.length > 0);
  const tills = Array.from({ length: WORKERS }, (_, i) => withTills[i % withTills.length]);
  const redeemAt = (d: Db, till: (typeof tills)[number]) => {
    const code = queues.get(till.merchantId)!.pop();
    return code ? redeemVoucher(d, { merchantId: till.merchantId, merchantUserId: till.tillUserId, code, at: new Date(), timeZone: "Europe/London" }) : null;
  };
  const verdict = checker ? await checker.check((captureDb) => redeemAt(captureDb, tills[0]) ?? Promise.resolve()) : null;
  const timings = await timeConcurrently(WORKERS, SECONDS, async (w) => (await redeemAt(db, tills[w])) !== null);
  const merchants = new Set(tills.map((till) => till.merchantId)).size;
  rows.push({ call: "redeem a code", load: `${WORKERS} tills at ${merchants} merchants, ${SECONDS} s`, timings, target: `p95 < ${TARGETS.redeem} ms`, met: timings.p95 < TARGETS.redeem && timings.errors === 0, plan: planCell(verdict), note: timings.ranOut ? "ran out of codes" : (timings.firstError ?? undefined) });
  console.log(`  redemptions: ${timings.perSecond.toFixed(0)}/s, p95 ${timings.p95.toFixed(1)} ms, ${timings.errors} errors`);
}

async function measureRefunds(rows: Row[], db: Db, checker: PlanChecker | null, serverEnv: Record<string, string>, catalogueDeals: number[]) {
  const shoppers = (await queryRows<{ id: number }>(db, sql`select id from customers where email like 'after-sale-bench-%' order by id offset 100 limit 2000`)).map((row) => row.id);
  const pick = zipfPicker(await sellableProducts(serverEnv, catalogueDeals));
  const started = performance.now();
  const candidates = await placeRefundableOrders(db, REFUND_ORDERS, shoppers, pick);
  console.log(`  placed ${candidates.length} orders to refund in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  const services = (d: Db) => ({ provider: new SandboxPaymentProvider(d, systemClock), clock: systemClock, log: pino({ level: "silent" }), linkOrigin: LINK_ORIGIN });
  const refundNext = (d: Db) => {
    const next = candidates.pop();
    return next ? refundVoucher(d, services(d), { ...next, destination: "original", actor: { type: "customer", id: String(next.customerId) } }) : null;
  };
  const verdict = checker ? await checker.check((captureDb) => refundNext(captureDb) ?? Promise.resolve()) : null;
  const timings = await timeConcurrently(WORKERS, SECONDS, async () => (await refundNext(db)) !== null);
  rows.push({ call: "refund to card (sandbox)", load: `${WORKERS} shoppers at once, ${SECONDS} s`, timings, target: `p95 < ${TARGETS.refund} ms`, met: timings.p95 < TARGETS.refund && timings.errors === 0, plan: planCell(verdict), note: timings.ranOut ? "ran out of orders to refund" : (timings.firstError ?? undefined) });
  console.log(`  refunds: ${timings.perSecond.toFixed(0)}/s, p95 ${timings.p95.toFixed(1)} ms, ${timings.errors} errors`);
}

async function measureExpiry(rows: Row[], db: Db, checker: PlanChecker | null) {
  const now = new Date();
  await insertExpiryBacklog(db, BACKLOG, now);
  let expired = 0;
  let seconds = 0;
  const run = async (d: Db) => {
    const started = performance.now();
    expired = await expireVouchers(d, now);
    seconds = (performance.now() - started) / 1000;
  };
  // On PostgreSQL the job runs through the plan checker's handle, so its statements are explained too.
  const verdict = checker ? await checker.check(run) : (await run(db), null);
  rows.push({
    call: `expiry job, backlog of ${BACKLOG.toLocaleString("en-GB")}`,
    load: "one job",
    timings: { calls: expired, errors: 0, perSecond: expired / seconds, p50: NaN, p95: NaN, p99: NaN },
    target: `< ${TARGETS.expirySeconds} s`,
    met: seconds < TARGETS.expirySeconds && expired >= BACKLOG,
    plan: planCell(verdict),
    note: `${seconds.toFixed(1)} s`,
  });
  console.log(`  expiry: ${expired} in ${seconds.toFixed(1)} s`);
}

function printTable(rows: Row[]) {
  const ms = (value: number) => (Number.isNaN(value) ? "-" : value.toFixed(1));
  console.log(
    formatTable(
      ["call", "load", "calls", "per s", "p50 ms", "p95 ms", "p99 ms", "target", "verdict", "plan check"],
      rows.map((row) => [
        row.note ? `${row.call} (${row.note})` : row.call,
        row.load,
        row.timings?.calls.toLocaleString("en-GB") ?? "-",
        row.timings ? row.timings.perSecond.toFixed(0) : "-",
        ms(row.timings?.p50 ?? NaN),
        ms(row.timings?.p95 ?? NaN),
        ms(row.timings?.p99 ?? NaN),
        row.target,
        row.met ? "ok" : "MISSED",
        row.plan,
      ]),
    ),
  );
}

async function main() {
  const catalogue = await prepareBenchCatalogue(100_000);
  const database = await openDatabase({ url: catalogue.serverEnv.DATABASE_URL, dataDir: catalogue.serverEnv.DATA_DIR, poolSize: WORKERS + 4 });
  const checker = catalogue.serverEnv.DATABASE_URL ? PlanChecker.forUrl(catalogue.serverEnv.DATABASE_URL) : null;
  const load = loadavg()[0];
  const rows: Row[] = [];
  try {
    const now = new Date();
    console.log(`building ${VOUCHERS.toLocaleString("en-GB")} vouchers of after-sale history…`);
    const started = performance.now();
    const data = await buildAfterSaleData(database.db, { vouchers: VOUCHERS, customers: 20_000, heavyCustomers: 5, heavyCustomerVouchers: 500, tills: WORKERS + 4, now });
    const buildSeconds = (performance.now() - started) / 1000;
    console.log(`  built in ${buildSeconds.toFixed(0)} s; heaviest merchants: ${data.topMerchants.map((m) => m.vouchers).join(", ")} vouchers`);
    await measureMyVouchers(rows, database.db, checker, data, now);
    await measureMerchantReads(rows, database.db, checker, data, now);
    await measureRedemptions(rows, database.db, checker, data);
    const ukDeals = catalogue.deals.filter((deal) => deal.countryCode === "GB").slice(0, 5000).map((deal) => deal.id);
    await measureRefunds(rows, database.db, checker, catalogue.serverEnv, ukDeals);
    await measureExpiry(rows, database.db, checker);

    const kind = database.kind === "postgres" ? "PostgreSQL" : "PGlite";
    console.log(`\n${kind}, ${VOUCHERS.toLocaleString("en-GB")} vouchers over 12 months (heaviest merchant ${data.topMerchants[0].vouchers.toLocaleString("en-GB")}, heavy customer 500), history built in ${buildSeconds.toFixed(0)} s; ${cpus().length} CPUs, load average ${load.toFixed(1)} at start\n`);
    printTable(rows);
    mkdirSync("bench/results", { recursive: true });
    writeFileSync(`bench/results/after-sale-${new Date().toISOString().replace(/[:.]/g, "-")}.json`, JSON.stringify({ database: kind, vouchers: VOUCHERS, topMerchants: data.topMerchants, loadAverage: load, rows }, null, 2));
  } finally {
    await checker?.close();
    await database.close();
  }
}

await main();
