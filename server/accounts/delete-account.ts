import { anonymizeCustomer } from "../../modules/accounts/delete-account";
import { forgetCustomerViews } from "../../modules/recently-viewed/recently-viewed";
import { deleteCustomerWishlist } from "../../modules/wishlist/wishlists";
import type { RequestServices } from "../context";
import { signOut } from "./sign-in";

/** Deletes the signed-in customer's account with everything personal the modules keep, in one transaction. */
export async function deleteSignedInAccount(services: RequestServices, customerId: number): Promise<void> {
  await services.db.transaction(async (tx) => {
    await anonymizeCustomer(tx, services.clock, customerId);
    await deleteCustomerWishlist(tx, customerId);
    await forgetCustomerViews(tx, customerId);
  });
  await signOut(services);
}
