/**
 * npx tsx bench/payout-run.ts: the merchant payout run (modules/payouts/run-payouts.ts) over a year
 * of history, on a fresh in-memory PGlite (the embedded default, the slower engine): 2,000
 * merchants (70% paid on redemption, 30% on sale; weekly, fortnightly and monthly; 5% selling in
 * euros) and 200,000 vouchers sold over the past 365 days, 60% of them redeemed and 5% refunded,
 * bulk-written with generate_series. Timed: the first run (a whole year unpaid), the same run
 * again (must pay nothing), and next week's run after a week of sales, redemptions and refunds of
 * vouchers already paid. Then checks with SQL that no voucher was earned twice.
 * Budget: each run under a minute.
 *
 *   BENCH_VOUCHERS=200000 BENCH_MERCHANTS=2000 npx tsx bench/payout-run.ts
 */
import { sql } from "drizzle-orm";
import { type Db, openDatabase } from "../db/client";
import { applyMigrations } from "../db/migrate";
import { queryRows } from "../db/query-rows";
import { fixedClock } from "../lib/clock";
import { latestCutoff, parsePayoutCutoff } from "../modules/payouts/cutoff";
import { runPayouts } from "../modules/payouts/run-payouts";
import { formatTable } from "./lib/table";

const VOUCHERS = Number(process.env.BENCH_VOUCHERS ?? 200_000);
const MERCHANTS = Number(process.env.BENCH_MERCHANTS ?? 2000);
const CUSTOMERS = Math.max(1000, Math.round(VOUCHERS / 4));
/** A week of new sales: a year's sales over 50 weeks. */
const WEEK_VOUCHERS = Math.round(VOUCHERS / 50);
/** Older vouchers redeemed during that week, and refunds of vouchers already paid out. */
const WEEK_REDEMPTIONS = Math.round(VOUCHERS / 100);
const WEEK_REFUNDS = Math.max(10, Math.round(VOUCHERS / 1000));
const BUDGET_SECONDS = 60;
const TIME_ZONE = "Europe/London";
const DAY_MS = 24 * 60 * 60 * 1000;
const now = new Date("2026-11-29T12:00:00Z");
const nextWeek = new Date(now.getTime() + 7 * DAY_MS);

/**
 * Merchants and a year of vouchers, written set-based. Merchant m (0-based): sale basis when m % 10 < 3, else redemption;
 * weekly, fortnightly or monthly by (m / 10) % 10 (7 : 2 : 1); commission 1500–2500 bps; euros when m % 20 = 19.
 * Voucher i, spread by hashint4 so merchant, sale time, redemption and refund are independent: a merchant at random, sold
 * up to a year before now, 60% redeemed 1–30 days later (when that is before now), 5% refunded 1–10 days after the sale.
 */
async function buildHistory(db: Db) {
  await db.execute(sql`
    insert into customers (brand, email, first_name, last_name, customer_token, created_at, updated_at)
    select 'wowcher', 'payout-bench-' || i || '@example.com', 'Shopper', 'No. ' || i, 'payout-bench-token-' || i, ${now}::timestamptz - interval '2 years', ${now}::timestamptz
    from generate_series(1, ${CUSTOMERS}) i`);
  await db.execute(sql`
    insert into merchants (business_name, display_name, commission_bps, payout_basis, payout_frequency, bank_account_name, bank_account_last4)
    select 'Bench Merchant ' || m || ' Ltd', 'Bench Merchant ' || m, 1500 + (m * 97) % 1001,
      case when m % 10 < 3 then 'sale' else 'redemption' end,
      case when (m / 10) % 10 < 7 then 'weekly' when (m / 10) % 10 < 9 then 'fortnightly' else 'monthly' end,
      'Bench Merchant ' || m || ' Ltd', lpad((m % 10000)::text, 4, '0')
    from generate_series(0, ${MERCHANTS - 1}) m`);
  const [{ firstMerchant, firstCustomer }] = await queryRows<{ firstMerchant: number; firstCustomer: number }>(
    db,
    sql`select (select min(id) from merchants)::int as "firstMerchant", (select min(id) from customers)::int as "firstCustomer"`,
  );
  await db.execute(sql`
    insert into vouchers (code, order_id, order_line_id, customer_id, deal_id, product_id, deal_title, product_name, merchant_name, merchant_id, currency,
      status, available_at, expires_at, paid_card, paid_refundable_credit, paid_marketing_credit, redeemed_at, created_at)
    select 'PB-' || v.i, v.i, v.i, ${firstCustomer} + (v.i * 31) % ${CUSTOMERS}, 1 + v.m, 1 + v.m, 'Deal of merchant ' || v.m, 'Option', 'Bench Merchant ' || v.m,
      ${firstMerchant} + v.m, case when v.m % 20 = 19 then 'EUR' else 'GBP' end,
      case when v.redeemed_at is not null then 'REDEEMED' when v.h % 20 = 7 then 'REFUNDED' else 'READY_TO_REDEEM' end,
      v.created_at + interval '1 day', v.created_at + interval '1 year',
      1000 + (v.i * 37) % 9000, case when v.i % 13 = 0 then 500 else 0 end, case when v.i % 17 = 0 then 300 else 0 end,
      v.redeemed_at, v.created_at
    from (
      select s.i, s.m, s.h, s.created_at,
        case when s.h % 10 < 6 and s.created_at + (1 + s.h % 30) * interval '1 day' < ${now}::timestamptz then s.created_at + (1 + s.h % 30) * interval '1 day' end as redeemed_at
      from (select i, abs(hashint4(i)::bigint) % ${MERCHANTS} as m, abs(hashint4(-i)::bigint) as h,
              ${now}::timestamptz - (abs(hashint4(i + 1000000000)::bigint) % 525600) * interval '1 minute' as created_at
            from generate_series(1, ${VOUCHERS}) i) s
    ) v`);
  await db.execute(sql`
    insert into voucher_refunds (voucher_id, order_id, customer_id, merchant_id, kind, destination, currency, card_amount, refundable_credit, marketing_credit,
      payment_operation_key, actor_type, actor_id, reason, created_at)
    select v.id, v.order_id, v.customer_id, v.merchant_id, 'refund', 'original', v.currency, v.paid_card, v.paid_refundable_credit, v.paid_marketing_credit,
      'bench-refund-' || v.id, 'customer', v.customer_id::text, 'Changed my mind',
      least(v.created_at + (1 + v.order_id % 10) * interval '1 day', ${now}::timestamptz - interval '1 minute')
    from vouchers v where v.status = 'REFUNDED'`);
  await db.execute(sql`analyze`);
  return { firstMerchant, firstCustomer };
}

/** A week after `now`: new sales (60% redeemed within the week), older vouchers redeemed, and refunds of vouchers already paid on sale. */
async function addWeek(db: Db, first: { firstMerchant: number; firstCustomer: number }) {
  await db.execute(sql`
    insert into vouchers (code, order_id, order_line_id, customer_id, deal_id, product_id, deal_title, product_name, merchant_name, merchant_id, currency,
      status, available_at, expires_at, paid_card, paid_refundable_credit, paid_marketing_credit, redeemed_at, created_at)
    select 'PB-' || v.i, v.i, v.i, ${first.firstCustomer} + (v.i * 31) % ${CUSTOMERS}, 1 + v.m, 1 + v.m, 'Deal of merchant ' || v.m, 'Option', 'Bench Merchant ' || v.m,
      ${first.firstMerchant} + v.m, case when v.m % 20 = 19 then 'EUR' else 'GBP' end,
      case when v.redeemed_at is not null then 'REDEEMED' else 'READY_TO_REDEEM' end,
      v.created_at + interval '1 day', v.created_at + interval '1 year', 1000 + (v.i * 37) % 9000, 0, 0, v.redeemed_at, v.created_at
    from (
      select s.i, s.m, s.created_at,
        case when s.h % 10 < 6 and s.created_at + (s.h % 48) * interval '1 hour' < ${nextWeek}::timestamptz then s.created_at + (s.h % 48) * interval '1 hour' end as redeemed_at
      from (select i, abs(hashint4(i)::bigint) % ${MERCHANTS} as m, abs(hashint4(-i)::bigint) as h,
              ${now}::timestamptz + (abs(hashint4(i + 1000000000)::bigint) % 10080) * interval '1 minute' as created_at
            from generate_series(${VOUCHERS + 1}::int, ${VOUCHERS + WEEK_VOUCHERS}::int) i) s
    ) v`);
  await db.execute(sql`
    update vouchers set status = 'REDEEMED', redeemed_at = ${now}::timestamptz + (id % 10080) * interval '1 minute'
    where id in (select id from vouchers where status = 'READY_TO_REDEEM' and created_at < ${now}::timestamptz - interval '7 days' order by hashint4(id) limit ${WEEK_REDEMPTIONS})`);
  const refunded = await queryRows<{ id: number }>(
    db,
    sql`with picked as (
          select v.id from vouchers v join payout_lines l on l.kind = 'earning' and l.voucher_id = v.id
          where v.status = 'READY_TO_REDEEM' and not exists (select 1 from voucher_refunds r where r.voucher_id = v.id)
          order by hashint4(v.id) limit ${WEEK_REFUNDS}),
        refunds as (
          insert into voucher_refunds (voucher_id, order_id, customer_id, merchant_id, kind, destination, currency, card_amount, refundable_credit, marketing_credit,
            payment_operation_key, actor_type, actor_id, reason, created_at)
          select v.id, v.order_id, v.customer_id, v.merchant_id, 'refund', 'original', v.currency, v.paid_card, v.paid_refundable_credit, v.paid_marketing_credit,
            'bench-refund-' || v.id, 'staff', 'bench', 'Merchant closed', ${now}::timestamptz + (v.id % 5) * interval '1 day'
          from vouchers v join picked p on p.id = v.id
          returning voucher_id)
        update vouchers set status = 'REFUNDED' where id in (select voucher_id from refunds) returning id`,
  );
  await db.execute(sql`analyze`);
  return { refunds: refunded.length };
}

async function lineCounts(db: Db) {
  const [counts] = await queryRows<{ earning: number; refund: number }>(
    db,
    sql`select count(*) filter (where kind = 'earning')::int as earning, count(*) filter (where kind = 'refund')::int as refund from payout_lines`,
  );
  return counts;
}

async function main() {
  const database = await openDatabase({ dataDir: "memory://" });
  await applyMigrations(database.kind, database.db);
  const { db } = database;
  const built = performance.now();
  const first = await buildHistory(db);
  const buildSeconds = (performance.now() - built) / 1000;
  const [history] = await queryRows<{ redeemed: number; refunded: number }>(
    db,
    sql`select count(*) filter (where redeemed_at is not null)::int as redeemed, (select count(*) from voucher_refunds)::int as refunded from vouchers`,
  );
  const cutoff = parsePayoutCutoff("Wednesday 14:00", TIME_ZONE)!;

  const rows: (string | number)[][] = [];
  let failed = 0;
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  const run = async (name: string, at: Date, check?: (payoutsMade: number) => string | null) => {
    const cutoffAt = latestCutoff(cutoff, at);
    const before = await lineCounts(db);
    const started = performance.now();
    const result = await runPayouts(db, fixedClock(at), { cutoffAt, timeZone: TIME_ZONE, startedBy: "bench" });
    const seconds = (performance.now() - started) / 1000;
    peak = Math.max(peak, process.memoryUsage().rss);
    const after = await lineCounts(db);
    const problem = check?.(result.payoutsMade) ?? null;
    const verdict = problem ? `FAIL: ${problem}` : seconds < BUDGET_SECONDS ? "PASS" : `FAIL: >= ${BUDGET_SECONDS} s`;
    if (verdict !== "PASS") failed++;
    const earning = after.earning - before.earning;
    const refund = after.refund - before.refund;
    rows.push([
      name,
      cutoffAt.toISOString().slice(0, 16).replace("T", " "),
      result.payoutsMade,
      `${earning + refund} (${earning} earning, ${refund} refund)`,
      seconds.toFixed(2),
      `${Math.round(peak / 1024 / 1024)} MB`,
      verdict,
    ]);
  };

  await run("first run (a year unpaid)", now);
  await run("the same run again (nothing to pay)", now, (made) => (made === 0 ? null : `paid ${made} payouts again`));
  const week = await addWeek(db, first);
  await run("next week's run", nextWeek);
  clearInterval(sampler);

  const [lines] = await queryRows<{ earning: number; vouchers: number; refund: number; refunds: number }>(
    db,
    sql`select count(*) filter (where kind = 'earning')::int as earning, count(distinct voucher_id) filter (where kind = 'earning')::int as vouchers,
          count(*) filter (where kind = 'refund')::int as refund, count(distinct refund_id) filter (where kind = 'refund')::int as refunds from payout_lines`,
  );
  const paidOnce = lines.earning === lines.vouchers && lines.refund === lines.refunds;
  if (!paidOnce) failed++;

  const n = (value: number) => value.toLocaleString("en-GB");
  console.log(
    `\nPayout run, PGlite in memory: ${n(MERCHANTS)} merchants, ${n(VOUCHERS)} vouchers over 365 days (${n(history.redeemed)} redeemed, ${n(history.refunded)} refunded), ` +
      `written in ${buildSeconds.toFixed(0)} s; cut-off Wednesday 14:00 ${TIME_ZONE}, now ${now.toISOString()}; ` +
      `next week: ${n(WEEK_VOUCHERS)} new sales, ${n(WEEK_REDEMPTIONS)} older vouchers redeemed, ${n(week.refunds)} refunds of paid vouchers\n`,
  );
  console.log(formatTable(["run", "cut-off (UTC)", "payouts", "lines written", "seconds", "peak RSS", `budget < ${BUDGET_SECONDS} s`], rows));
  console.log(
    `\nPaid once: ${n(lines.earning)} earning lines for ${n(lines.vouchers)} distinct vouchers, ${n(lines.refund)} refund lines for ${n(lines.refunds)} distinct refunds: ` +
      (paidOnce ? "PASS" : "FAIL (a voucher or refund in two lines)"),
  );
  await database.close();
  if (failed > 0) process.exitCode = 1;
}

await main();
