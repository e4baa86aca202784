import { erasePersonalData } from "../../modules/privacy/erase-personal-data";
import type { RequestServices } from "../context";
import { signOut } from "./sign-in";

/** Deletes the signed-in customer's account with everything personal the modules keep, in one transaction. */
export async function deleteSignedInAccount(services: RequestServices, customerId: number): Promise<void> {
  await services.db.transaction((tx) => erasePersonalData(tx, services.clock, customerId));
  await signOut(services);
}
