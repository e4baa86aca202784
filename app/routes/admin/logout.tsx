import { redirect } from "react-router";
import { formText } from "../../accounts/page.server";
import { ADMIN_HOME, ADMIN_LOGIN } from "../../admin/paths";
import { signOutStaff } from "../../../server/staff/staff-session";
import type { Route } from "./+types/logout";

/** Signing out ends this browser's back-office session, or with `everywhere` every session of the member. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  await signOutStaff(context, { everywhere: formText(form, "everywhere") === "1" });
  return redirect(ADMIN_LOGIN);
}

export function loader() {
  return redirect(ADMIN_HOME);
}
