import { z } from "zod";
import type { CountryCode } from "../../lib/brand";
import { FIELD_MESSAGES as M } from "./errors";
import { isCommonPassword, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "./passwords";
import { isValidPostcode } from "./postcodes";

// One set of rules for the HTML forms and the /v1 API, so both show the same spec texts.

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function requiredText(max = 100) {
  return z.string({ error: M.required }).trim().min(1, M.required).max(max, M.tooLong);
}

export const emailField = z.string({ error: M.required }).trim().min(1, M.required).max(254, M.email).regex(EMAIL_PATTERN, M.email);

/** A password being chosen: 8 to 128 characters, spaces allowed and kept, not a common one. */
export const newPasswordField = z
  .string({ error: M.required })
  .min(1, M.required)
  .min(PASSWORD_MIN_LENGTH, M.passwordTooShort)
  .max(PASSWORD_MAX_LENGTH, M.passwordTooLong)
  .refine((password) => !isCommonPassword(password), M.commonPassword);

/** A password being checked: anything not empty (old accounts may predate today's rules). */
export const currentPasswordField = z.string({ error: M.required }).min(1, M.required).max(1024, M.passwordTooLong);

export const optionalText = (max = 100) => z.string().trim().max(max, M.tooLong).optional();

/** Adds 'Passwords should match' on the confirmation field when both are present and differ. */
export function passwordsMatch<T extends { password: string; confirmPassword?: string }>(value: T, ctx: z.RefinementCtx) {
  if (value.confirmPassword !== undefined && value.confirmPassword !== value.password) {
    ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: M.passwordsDiffer });
  }
}

export const loginFields = z.object({
  email: emailField,
  password: currentPasswordField,
  rememberMe: z.boolean().optional(),
});

export const registrationFields = z
  .object({
    firstName: requiredText(),
    lastName: requiredText(),
    email: emailField,
    password: newPasswordField,
    confirmPassword: z.string({ error: M.required }).min(1, M.required).optional(),
    subscribe: z.boolean().optional(),
  })
  .superRefine(passwordsMatch);

export const emailOnlyFields = z.object({ email: emailField });

const newPasswordShape = { password: newPasswordField, confirmPassword: z.string({ error: M.required }).min(1, M.required) };

export const newPasswordFields = z.object(newPasswordShape).superRefine(passwordsMatch);

/** Reset and activation: the new password and the emailed link's token. */
export const passwordLinkFields = z
  .object({ token: z.string({ error: M.required }).min(1, M.required).max(200), ...newPasswordShape })
  .superRefine(passwordsMatch);

export const passwordChangeFields = z
  .object({
    currentPassword: currentPasswordField,
    password: newPasswordField,
    confirmPassword: z.string({ error: M.required }).min(1, M.required),
  })
  .superRefine(passwordsMatch);

/** The profile form's fields; `profileFields` adds the rules that depend on the market. */
export const profileShape = z.object({
  firstName: requiredText(),
  lastName: requiredText(),
  email: emailField,
  addressLine1: optionalText(),
  addressLine2: optionalText(),
  city: optionalText(),
  postcode: optionalText(10),
  subscribed: z.boolean().optional(),
});

/**
 * The profile form. Address lines are optional, but an address that is started must be complete,
 * and the postcode must be a UK postcode on UK brands or an Eircode on Irish brands.
 */
export function profileFields(countryCode: CountryCode) {
  return profileShape.superRefine((value, ctx) => {
    const started = [value.addressLine1, value.addressLine2, value.city, value.postcode].some((part) => part);
    if (!started) return;
    for (const field of ["addressLine1", "city", "postcode"] as const) {
      if (!value[field]) ctx.addIssue({ code: "custom", path: [field], message: M.required });
    }
    if (value.postcode && !isValidPostcode(value.postcode, countryCode)) {
      ctx.addIssue({ code: "custom", path: ["postcode"], message: M.postcode });
    }
  });
}

export const subscriptionEmailField = z
  .string({ error: M.subscriptionEmailRequired })
  .trim()
  .min(1, M.subscriptionEmailRequired)
  .max(254, M.subscriptionEmailInvalid)
  .regex(EMAIL_PATTERN, M.subscriptionEmailInvalid);

export type FieldErrors = Partial<Record<string, string>>;

export type Parsed<T> = { ok: true; data: T } | { ok: false; fieldErrors: FieldErrors };

/** Validates input and keeps the first message per field, as the forms show one message each. */
export function parseFields<S extends z.ZodType>(schema: S, input: unknown): Parsed<z.output<S>> {
  const result = schema.safeParse(input);
  if (result.success) return { ok: true, data: result.data };
  const fieldErrors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path.join(".") || "form";
    fieldErrors[field] ??= issue.message;
  }
  return { ok: false, fieldErrors };
}

/** How an email is stored and compared: the sign-in core's rule (`sign-in/email.ts`). */
export { normalizeEmail } from "../sign-in/email";
