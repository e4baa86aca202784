import { data, type AppLoadContext } from "react-router";
import { z } from "zod";
import { emailField, parseFields, requiredText } from "../../modules/accounts/validation";
import { STAFF_ROLES } from "../../modules/staff/roles";
import { changeStaffRole } from "../../modules/staff/change-staff-role";
import { disableStaff } from "../../modules/staff/disable-staff";
import { inviteStaff } from "../../modules/staff/invite-staff";
import { resetStaffSecondFactor } from "../../modules/staff/reset-second-factor";
import type { StaffActor } from "../../modules/staff/staff-actor";
import { STAFF_ERRORS } from "../../modules/staff/errors";
import { shownError } from "../../server/errors";
import { formText } from "../accounts/page.server";
import type { FormResult } from "../accounts/form-result";

const inviteFields = z.object({ name: requiredText(), email: emailField, role: z.enum(STAFF_ROLES, { error: STAFF_ERRORS.UNKNOWN_ROLE.message }) });
const memberId = z.coerce.number().int().positive().max(2_147_483_647);
const reasonOf = (form: FormData) => formText(form, "reason").trim().slice(0, 500) || null;

export type StaffPageResult = FormResult & { intent?: string };

/** The staff page's actions: invite, change role, disable, reset the second factor; each audited by its use case. */
export async function staffPageAction(context: AppLoadContext, actor: StaffActor, form: FormData) {
  const intent = formText(form, "intent");
  const answer = (result: StaffPageResult, status = 200) => data<StaffPageResult>({ ...result, intent }, { status });
  try {
    if (intent === "invite") {
      const values = { name: formText(form, "name"), email: formText(form, "email"), role: formText(form, "role") };
      const parsed = parseFields(inviteFields, values);
      if (!parsed.ok) return answer({ values, fieldErrors: parsed.fieldErrors }, 400);
      await inviteStaff(context.db, context.clock, actor, { ...parsed.data, brand: context.brand.id, linkOrigin: context.publicOrigin });
      return answer({ success: `Invitation sent to ${parsed.data.email}.` });
    }
    const id = memberId.safeParse(formText(form, "staffUserId"));
    if (!id.success) return answer({ formError: STAFF_ERRORS.UNKNOWN_STAFF.message }, 400);
    if (intent === "change-role") {
      const role = z.enum(STAFF_ROLES).safeParse(formText(form, "role"));
      if (!role.success) return answer({ formError: STAFF_ERRORS.UNKNOWN_ROLE.message }, 400);
      await changeStaffRole(context.db, context.clock, actor, { staffUserId: id.data, role: role.data, reason: reasonOf(form) });
      return answer({ success: "Role changed." });
    }
    if (intent === "disable") {
      await disableStaff(context.db, context.clock, actor, { staffUserId: id.data, reason: reasonOf(form) });
      return answer({ success: "Account disabled; its sessions have ended." });
    }
    if (intent === "reset-second-factor") {
      await resetStaffSecondFactor(context.db, context.clock, actor, { staffUserId: id.data, reason: reasonOf(form), brand: context.brand.id, linkOrigin: context.publicOrigin });
      return answer({ success: "Authenticator cleared; a new invitation link has been emailed." });
    }
    return answer({ formError: "Unknown action." }, 400);
  } catch (error) {
    const shown = shownError(error);
    return answer({ formError: shown.message }, shown.status);
  }
}
