import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { queryRows } from "../../db/query-rows";
import type { Currency } from "../../lib/money";
import type { StatementPeriod } from "../merchants/statement-period";
import type { ReportTable } from "./report-table";

/** The figures, in the order the table lists them for each currency. */
export const VIP_FIGURES = {
  members: "Members at the end of the period",
  trialJoins: "New members: free trial",
  paidJoins: "New members: paid year",
  renewals: "Renewals charged",
  renewalsCancelled: "Renewals cancelled",
  ended: "Memberships ended",
  refunded: "VIP charges refunded",
} as const;
type Figure = keyof typeof VIP_FIGURES;

interface Counted {
  currency: Currency;
  figure: Figure;
  count: number;
  amount: number | null;
}

/** Joining: into ACTIVE from not being a member (a first membership is created ELIGIBLE, then opts in). */
const JOINED = sql.raw(`e.to_status = 'ACTIVE' and e.from_status in ('NOT_CHECKED', 'ELIGIBLE')`);
/** A renewal: the renewal charge paid while ACTIVE (a same-state "renewed" event), or the member in RENEW paying. */
const RENEWED = sql.raw(`e.to_status = 'ACTIVE' and (e.data->>'event' = 'renewed' or e.from_status = 'RENEW')`);

/**
 * VIP memberships over the period, per currency, each from the membership's status history
 * (status_events, aggregate vip_membership) or its charges (vip_charges):
 * - members at the end: memberships whose last status before the period's end is ACTIVE or RENEW;
 * - new members: moves into ACTIVE from ELIGIBLE or NOT_CHECKED in the period (returning members
 *   too), by free trial or paid year (a VIP recorded as ACTIVE when memberships began is not new);
 * - renewals charged: the period's renewals with the charge that paid each (a trial's first paid
 *   year is one, charged by the renewal job; a year bought at checkout by a running member is not);
 * - renewals cancelled: "Cancel renewal" by the member or customer service;
 * - memberships ended: ACTIVE or RENEW back to ELIGIBLE (period over unrenewed, or a VIP refund);
 * - VIP charges refunded: charges with something refunded, dated by their last change (the refund),
 *   with what was refunded of them (to the card and, where no card could take it, to the wallet).
 */
export async function vipMembershipsReport(db: Db, period: StatementPeriod): Promise<ReportTable> {
  const { start, end } = period;
  const [members, movements, renewals, refunded] = await Promise.all([
    queryRows<{ currency: Currency; count: number }>(
      db,
      sql`select m.currency, count(*)::int as count
          from (select distinct on (e.aggregate_id) e.aggregate_id, e.to_status from status_events e
                where e.aggregate = 'vip_membership' and e.at < ${end} order by e.aggregate_id desc, e.id desc) last
            join vip_memberships m on m.id = last.aggregate_id
          where last.to_status in ('ACTIVE', 'RENEW') group by 1`,
    ),
    queryRows<{ currency: Currency; trialJoins: number; paidJoins: number; renewalsCancelled: number; ended: number }>(
      db,
      sql`select m.currency,
            count(*) filter (where ${JOINED} and e.data->>'optInType' = 'VIP-SUB-FREE-TRIAL')::int as "trialJoins",
            count(*) filter (where ${JOINED} and e.data->>'optInType' is distinct from 'VIP-SUB-FREE-TRIAL')::int as "paidJoins",
            count(*) filter (where e.data->>'event' = 'renewal_cancelled')::int as "renewalsCancelled",
            count(*) filter (where e.to_status = 'ELIGIBLE' and e.from_status in ('ACTIVE', 'RENEW'))::int as ended
          from status_events e join vip_memberships m on m.id = e.aggregate_id
          where e.aggregate = 'vip_membership' and e.at >= ${start} and e.at < ${end} group by 1`,
    ),
    queryRows<{ currency: Currency; count: number; amount: number }>(
      db,
      sql`select c.currency, count(*)::int as count, sum(c.amount)::bigint::float8 as amount
          from status_events e join vip_charges c
            on c.id = (e.data->>'chargeId')::int or (c.membership_id = e.aggregate_id and c.order_id = (e.data->>'orderId')::int)
          where e.aggregate = 'vip_membership' and e.at >= ${start} and e.at < ${end} and ${RENEWED} group by 1`,
    ),
    queryRows<{ currency: Currency; count: number; amount: number }>(
      db,
      sql`select currency, count(*)::int as count, sum(refunded_amount)::bigint::float8 as amount
          from vip_charges where refunded_amount > 0 and updated_at >= ${start} and updated_at < ${end} group by 1`,
    ),
  ]);
  const counted: Counted[] = [
    ...members.map((row) => ({ currency: row.currency, figure: "members" as const, count: row.count, amount: null })),
    ...movements.flatMap((row) =>
      (["trialJoins", "paidJoins", "renewalsCancelled", "ended"] as const).map((figure) => ({ currency: row.currency, figure, count: row[figure], amount: null })),
    ),
    ...renewals.map((row) => ({ currency: row.currency, figure: "renewals" as const, count: row.count, amount: Number(row.amount) })),
    ...refunded.map((row) => ({ currency: row.currency, figure: "refunded" as const, count: row.count, amount: Number(row.amount) })),
  ];
  return {
    id: "vip",
    title: "VIP members, renewals and cancellations",
    description:
      "VIP members at the end of the period, and in the period: members who joined (returning ones too), renewals charged, renewals cancelled, memberships ended and VIP charges refunded, from each membership's history and its charges.",
    columns: [
      { key: "figure", label: "Figure", kind: "text" },
      { key: "currency", label: "Currency", kind: "text" },
      { key: "count", label: "Number", kind: "count" },
      { key: "amount", label: "Amount", kind: "money" },
    ],
    rows: vipRows(counted),
    chart: { label: "figure", value: "count" },
  };
}

/** The UK business's own currency first. */
const CURRENCY_ORDER: readonly Currency[] = ["GBP", "EUR"];

/** Every figure for each currency that has any (a zero where it has none), pounds first. */
function vipRows(counted: Counted[]): ReportTable["rows"] {
  const currencies = CURRENCY_ORDER.filter((currency) => counted.some((row) => row.currency === currency && row.count > 0));
  const money = new Set<Figure>(["renewals", "refunded"]);
  return currencies.flatMap((currency) =>
    (Object.keys(VIP_FIGURES) as Figure[]).map((figure) => {
      const found = counted.find((row) => row.currency === currency && row.figure === figure);
      return { figure: VIP_FIGURES[figure], currency, count: found?.count ?? 0, amount: money.has(figure) ? (found?.amount ?? 0) : null };
    }),
  );
}
