import { BlockList, isIP } from "node:net";
import { sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { queryRows } from "../../../db/query-rows";
import { customers } from "../../accounts/schema";
import { payments } from "../../payments/schema";
import { type FraudSignal, orderAttempts, orders } from "../schema";

const HOUR_MS = 60 * 60 * 1000;

/**
 * The velocity rules (docs/decisions/fraud-review.md): each counts what one address or one device
 * did within a window, this order included; at `limit` or more the order is held. Tuned so a
 * household sharing a connection does not trip them, and a card tester does within minutes.
 */
export const VELOCITY_RULES = {
  /** Different cards paying orders from one address or device. */
  MANY_CARDS: { limit: 3, windowMs: 24 * HOUR_MS },
  /** Declined payments from one address or device. */
  MANY_DECLINES: { limit: 3, windowMs: HOUR_MS },
  /** Accounts opened within the window placing orders from one address or device. */
  NEW_ACCOUNTS: { limit: 3, windowMs: 24 * HOUR_MS },
} as const;

/**
 * Addresses no shopper has: our own network's (a proxy not configured as trusted would make every
 * order come from it) and the loopback. Rules by address skip them; rules by device still apply.
 */
const OWN_NETWORK = new BlockList();
OWN_NETWORK.addSubnet("127.0.0.0", 8, "ipv4");
OWN_NETWORK.addSubnet("10.0.0.0", 8, "ipv4");
OWN_NETWORK.addSubnet("172.16.0.0", 12, "ipv4");
OWN_NETWORK.addSubnet("192.168.0.0", 16, "ipv4");
OWN_NETWORK.addSubnet("::1", 128, "ipv6");
OWN_NETWORK.addSubnet("fc00::", 7, "ipv6");
OWN_NETWORK.addSubnet("fe80::", 10, "ipv6");

/** The address when it is a shopper's (public), else null. */
export function shopperAddress(ip: string | null): string | null {
  if (ip === null) return null;
  const mapped = ip.startsWith("::ffff:") ? ip.slice(7) : ip;
  const family = isIP(mapped);
  if (family === 0) return null;
  return OWN_NETWORK.check(mapped, family === 4 ? "ipv4" : "ipv6") ? null : mapped;
}

export interface OrderBeingPlaced {
  customerId: number;
  /** Deals of the order the catalogue flags high fraud risk, by headline. */
  highRiskDeals: readonly string[];
  /** The card paying, when one does ("visa 4242"); null for wallet-only or non-card methods. */
  card: string | null;
  /** Where the request came from: the attempt's address and device (null when unknown). */
  clientIp: string | null;
  deviceId: string | null;
  now: Date;
}

const since = (now: Date, windowMs: number) => new Date(now.getTime() - windowMs);

/** Attempts from the same address or device (null parts never match). */
function sameOrigin(order: OrderBeingPlaced) {
  const byIp = order.clientIp === null ? sql`false` : sql`${orderAttempts.clientIp} = ${order.clientIp}`;
  const byDevice = order.deviceId === null ? sql`false` : sql`${orderAttempts.deviceId} = ${order.deviceId}`;
  return sql`(${byIp} or ${byDevice})`;
}

async function cardsUsed(tx: Db, order: OrderBeingPlaced): Promise<number> {
  const rows = await queryRows<{ card: string }>(
    tx,
    sql`select distinct coalesce(${payments.cardType}, '') || ' ' || ${payments.last4} as card
        from ${orderAttempts} join ${payments} on ${payments.orderId} = ${orderAttempts.orderId}
        where ${sameOrigin(order)} and ${orderAttempts.createdAt} > ${since(order.now, VELOCITY_RULES.MANY_CARDS.windowMs)}
          and ${orderAttempts.status} = 'succeeded' and ${payments.last4} is not null`,
  );
  return new Set([...rows.map((row) => row.card), ...(order.card ? [order.card] : [])]).size;
}

async function declines(tx: Db, order: OrderBeingPlaced): Promise<number> {
  const [row] = await queryRows<{ declines: number }>(
    tx,
    sql`select count(*)::int as declines from ${orderAttempts}
        where ${sameOrigin(order)} and ${orderAttempts.createdAt} > ${since(order.now, VELOCITY_RULES.MANY_DECLINES.windowMs)}
          and ${orderAttempts.status} = 'failed' and ${orderAttempts.errorStatus} = 402`,
  );
  return row.declines;
}

async function newAccounts(tx: Db, order: OrderBeingPlaced): Promise<number> {
  const after = since(order.now, VELOCITY_RULES.NEW_ACCOUNTS.windowMs);
  const rows = await queryRows<{ customerId: number }>(
    tx,
    sql`select distinct ${customers.id} as "customerId"
        from ${orderAttempts} join ${orders} on ${orders.id} = ${orderAttempts.orderId} join ${customers} on ${customers.id} = ${orders.customerId}
        where ${sameOrigin(order)} and ${orderAttempts.createdAt} > ${after} and ${customers.createdAt} > ${after}
        union
        select ${customers.id} from ${customers} where ${customers.id} = ${order.customerId} and ${customers.createdAt} > ${after}`,
  );
  return rows.length;
}

/**
 * Why the order being placed should wait for a reviewer: a deal flagged high fraud risk, or a
 * velocity rule tripped. Empty: it goes straight through. Runs inside the order's transaction.
 */
export async function fraudSignals(tx: Db, placing: OrderBeingPlaced): Promise<FraudSignal[]> {
  const order = { ...placing, clientIp: shopperAddress(placing.clientIp) };
  const signals: FraudSignal[] = order.highRiskDeals.map((headline) => ({ rule: "HIGH_RISK_DEAL", detail: `A deal flagged high fraud risk: ${headline}` }));
  if (order.clientIp === null && order.deviceId === null) return signals;
  const [cards, declined, accounts] = await Promise.all([cardsUsed(tx, order), declines(tx, order), newAccounts(tx, order)]);
  if (cards >= VELOCITY_RULES.MANY_CARDS.limit) signals.push({ rule: "MANY_CARDS", detail: `${cards} different cards paid from this address or device in 24 hours` });
  if (declined >= VELOCITY_RULES.MANY_DECLINES.limit) signals.push({ rule: "MANY_DECLINES", detail: `${declined} declined payments from this address or device in the last hour` });
  if (accounts >= VELOCITY_RULES.NEW_ACCOUNTS.limit)
    signals.push({ rule: "NEW_ACCOUNTS", detail: `${accounts} accounts opened in the last 24 hours ordering from this address or device` });
  return signals;
}
