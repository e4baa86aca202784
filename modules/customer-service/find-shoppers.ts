import { desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { BrandId } from "../../lib/brand";
import { customers } from "../accounts/schema";
import { formatPostcode, isValidPostcode } from "../accounts/postcodes";
import { giftCards } from "../gift-cards/schema";
import { orders } from "../orders/schema";
import { payments } from "../payments/schema";
import { normalizeVoucherCode } from "../vouchers/voucher-codes";
import { vouchers } from "../vouchers/schema";

/** What a search matched a shopper on, shown beside each result so the agent can tell them apart. */
export type ShopperMatch = "email" | "name" | "order number" | "voucher code" | "gift card code" | "card last four digits" | "postcode";

export interface FoundShopper {
  id: number;
  brand: BrandId;
  email: string;
  name: string;
  postcode: string | null;
  deleted: boolean;
  joinedAt: Date;
  matchedBy: ShopperMatch[];
}

/** A search lists at most this many shoppers: an agent adds words rather than scroll. */
export const SHOPPER_MATCHES = 50;

/** Matches that name one thing a shopper holds come before looser ones (a name, an email's start). */
const EXACT: readonly ShopperMatch[] = ["order number", "voucher code", "gift card code"];

const likePrefix = (text: string) => `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const likeAnywhere = (text: string) => `%${likePrefix(text)}`;

/**
 * Customer service's one search box: an email (or its start), a name, an order number, a voucher
 * code (as typed at a till), a gift card code, a card's last four digits or a postcode, across the
 * brands. Each kind the words could be is looked up by its own index, never a scan
 * (bench/customer-lookup.ts); each result says what it matched.
 */
export async function findShoppers(db: Db, words: string): Promise<FoundShopper[]> {
  const q = words.trim().slice(0, 254);
  if (q.length < 2) return [];
  const lookups: Promise<{ ids: number[]; match: ShopperMatch }>[] = [];
  const ids = (match: ShopperMatch, rows: Promise<{ id: number | null }[]>) =>
    lookups.push(rows.then((found) => ({ match, ids: found.flatMap((row) => (row.id === null ? [] : [row.id])) })));

  if (!/\s/.test(q) && q.length >= 3) {
    ids(
      "email",
      db
        .select({ id: customers.id })
        .from(customers)
        .where(sql`${customers.email} like ${likePrefix(q.toLowerCase())}`)
        .orderBy(desc(customers.id))
        .limit(SHOPPER_MATCHES),
    );
  }
  if (/\p{L}/u.test(q) && !q.includes("@") && q.length >= 3) {
    ids(
      "name",
      db
        .select({ id: customers.id })
        .from(customers)
        .where(sql`(${customers.firstName} || ' ' || ${customers.lastName}) ilike ${likeAnywhere(q)}`)
        .orderBy(desc(customers.id))
        .limit(SHOPPER_MATCHES),
    );
  }
  if (/^\d{1,9}$/.test(q))
    ids(
      "order number",
      db
        .select({ id: orders.customerId })
        .from(orders)
        .where(eq(orders.id, Number(q))),
    );
  if (/^\d{4}$/.test(q)) {
    ids(
      "card last four digits",
      db.selectDistinct({ id: orders.customerId }).from(payments).innerJoin(orders, eq(orders.id, payments.orderId)).where(eq(payments.last4, q)).limit(SHOPPER_MATCHES),
    );
  }
  const voucherCode = normalizeVoucherCode(q);
  if (voucherCode) {
    lookups.push(
      db
        .select({ buyer: vouchers.customerId, holder: vouchers.holderCustomerId })
        .from(vouchers)
        .where(eq(vouchers.code, voucherCode))
        .then((rows) => ({ match: "voucher code" as const, ids: rows.flatMap((row) => [row.buyer, ...(row.holder === null ? [] : [row.holder])]) })),
    );
  }
  if (/^[\w-]{6,40}$/.test(q)) {
    lookups.push(
      db
        .select({ buyer: giftCards.buyerCustomerId, redeemer: giftCards.redeemedByCustomerId })
        .from(giftCards)
        .where(eq(giftCards.code, q))
        .then((rows) => ({ match: "gift card code" as const, ids: rows.flatMap((row) => [row.buyer, ...(row.redeemer === null ? [] : [row.redeemer])]) })),
    );
  }
  const postcodes = (["GB", "IE"] as const).filter((country) => isValidPostcode(q, country)).map((country) => formatPostcode(q, country));
  if (postcodes.length > 0) {
    const forms = [...new Set(postcodes.flatMap((postcode) => [postcode, postcode.replace(" ", "")]))];
    ids("postcode", db.select({ id: customers.id }).from(customers).where(inArray(customers.postcode, forms)).limit(SHOPPER_MATCHES));
    ids("postcode", db.selectDistinct({ id: orders.customerId }).from(orders).where(inArray(orders.postcode, forms)).limit(SHOPPER_MATCHES));
  }

  const matched = new Map<number, Set<ShopperMatch>>();
  for (const { match, ids: found } of await Promise.all(lookups)) {
    for (const id of found) matched.set(id, (matched.get(id) ?? new Set()).add(match));
  }
  if (matched.size === 0) return [];
  const rows = await db
    .select()
    .from(customers)
    .where(inArray(customers.id, [...matched.keys()]));
  const exact = (id: number) => [...matched.get(id)!].some((match) => EXACT.includes(match));
  return rows
    .sort((a, b) => Number(exact(b.id)) - Number(exact(a.id)) || b.id - a.id)
    .slice(0, SHOPPER_MATCHES)
    .map((row) => ({
      id: row.id,
      brand: row.brand,
      email: row.email,
      name: `${row.firstName} ${row.lastName}`.trim(),
      postcode: row.postcode,
      deleted: row.status === "deleted",
      joinedAt: row.createdAt,
      matchedBy: [...matched.get(row.id)!],
    }));
}
