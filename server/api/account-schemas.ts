import { z } from "@hono/zod-openapi";
import type { CustomerSummary } from "../../modules/accounts/customers";
import { ErrorResponseSchema } from "./errors";

/** A JSON body in a route definition. */
export const json = <T extends z.ZodType>(schema: T) => ({ content: { "application/json": { schema } } });

/** The error responses of a route, described once (they all share the `{"error"}` shape). */
export const errors = (description: string) => ({ description, ...json(ErrorResponseSchema) });

/** Spec §3: userprofile {email, firstName, lastName, vipUser}. */
export const UserProfileSchema = z
  .object({
    email: z.string().openapi({ example: "ann@example.com" }),
    firstName: z.string().openapi({ example: "Ann" }),
    lastName: z.string().openapi({ example: "Smith" }),
    vipUser: z.boolean(),
  })
  .openapi("UserProfile");

export function userProfile(customer: CustomerSummary): z.infer<typeof UserProfileSchema> {
  return { email: customer.email, firstName: customer.firstName, lastName: customer.lastName, vipUser: customer.vipUser };
}

export const MessageSchema = z.object({ message: z.string() }).openapi("Message");

/** Answers to sign-in, sign-up and sign-out carry the new CSRF token (it changes with the session). */
export const SignedInSchema = z
  .object({
    response: z.string().openapi({ example: "SUCCESS" }),
    message: z.string().optional(),
    userprofile: UserProfileSchema,
    customerToken: z.string(),
    csrfToken: z.string(),
  })
  .openapi("SignedIn");
