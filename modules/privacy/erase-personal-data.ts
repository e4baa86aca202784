import type { Db } from "../../db/client";
import type { Clock } from "../../lib/clock";
import { anonymizeCustomer } from "../accounts/delete-account";
import { forgetCustomerViews } from "../recently-viewed/recently-viewed";
import { deleteCustomerWishlist } from "../wishlist/wishlists";

/**
 * Erases a shopper's personal data everywhere the modules keep it (the account's fields, sessions
 * and links, the newsletter, the wishlist, recently viewed), in the caller's transaction. Orders and
 * vouchers stay for accounting, pointing at the anonymous account. The shopper's own "Delete my
 * account" and customer service's erasure both run this.
 */
export async function erasePersonalData(tx: Db, clock: Clock, customerId: number): Promise<void> {
  await anonymizeCustomer(tx, clock, customerId);
  await deleteCustomerWishlist(tx, customerId);
  await forgetCustomerViews(tx, customerId);
}
