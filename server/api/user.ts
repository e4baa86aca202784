import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import { changePassword } from "../../modules/accounts/change-password";
import { ACCOUNT_MESSAGES } from "../../modules/accounts/errors";
import { isLocked } from "../../modules/sign-in/lockout";
import { getProfile, updateProfile } from "../../modules/accounts/profile";
import { findActiveCustomer } from "../../modules/accounts/customers";
import { passwordChangeFields, profileFields, profileShape } from "../../modules/accounts/validation";
import { deleteSignedInAccount } from "../accounts/delete-account";
import { signIn } from "../accounts/sign-in";
import type { AppEnv } from "../context";
import { checkRateLimit } from "../security/rate-limits";
import { errorResponse } from "../errors";
import { fieldErrorsHook, notSignedIn, rateLimitedResponse } from "./account-helpers";
import { errors, json, MessageSchema } from "./account-schemas";


const ProfileSchema = z
  .object({
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    vipUser: z.boolean(),
    address: z.object({ addressLine1: z.string(), addressLine2: z.string(), city: z.string(), postcode: z.string() }),
    subscribed: z.boolean(),
    hasPassword: z.boolean(),
    facebookLinked: z.boolean(),
    googleLinked: z.boolean(),
  })
  .openapi("Profile");

const getProfileRoute = createRoute({
  method: "get",
  path: "/user",
  summary: "The signed-in customer's profile",
  responses: { 200: { description: "Profile", ...json(ProfileSchema) }, default: errors("401: Not signed in") },
});


const updateProfileRoute = createRoute({
  method: "put",
  path: "/user",
  summary: "Save the signed-in customer's names, email, address and newsletter choice",
  request: { body: { required: true, ...json(profileShape) } },
  responses: {
    200: { description: "'Saved successfully! Your details were updated'", ...json(z.object({ message: z.string(), profile: ProfileSchema })) },
    default: errors("400: Invalid input ('Required field', 'Please enter a valid email', 'Enter a valid postcode'); 401: Not signed in; 409: The email belongs to another account"),
  },
});

const changePasswordRoute = createRoute({
  method: "patch",
  path: "/user/password",
  summary: "Change the password (other sessions end; this one is renewed)",
  request: { body: { required: true, ...json(z.object({ passwordChange: passwordChangeFields })) } },
  responses: {
    200: { description: "'Password successfully updated'", ...json(z.object({ message: z.string(), csrfToken: z.string() })) },
    default: errors("400: 'Error: Change Unsuccessful.' or invalid input; 401: Not signed in; 429: Too many attempts"),
  },
});

const anonymizeRoute = createRoute({
  method: "post",
  path: "/user/anonymize",
  summary: "Delete the signed-in customer's account: personal data removed, every session revoked",
  responses: { 200: { description: "Deleted", ...json(MessageSchema) }, default: errors("401: Not signed in") },
});

const accountStatusRoute = createRoute({
  method: "get",
  path: "/user/account-status",
  summary: "The signed-in account's state (registered, locked, third-party linked)",
  responses: {
    200: {
      description: "Account state",
      ...json(z.object({ registered: z.boolean(), locked: z.boolean(), hasPassword: z.boolean(), facebookLinked: z.boolean(), tpl: z.boolean() })),
    },
    default: errors("401: Not signed in"),
  },
});

/** The signed-in customer's own account: only ever the session's customer, never one named in the request. */
export function registerUserRoutes(api: OpenAPIHono<AppEnv>): void {
  api.openapi(getProfileRoute, async (c) => {
    const customer = c.get("customer");
    if (!customer) return notSignedIn(c);
    c.header("cache-control", "private, no-store");
    return c.json(await getProfile(c.get("db"), customer.id), 200);
  });

  api.openapi(
    updateProfileRoute,
    async (c) => {
      const customer = c.get("customer");
      if (!customer) return notSignedIn(c);
      // The address rules depend on the market (UK postcode or Eircode).
      const market = profileFields(c.get("brand").countryCode).safeParse(c.req.valid("json"));
      if (!market.success) return fieldErrorsHook(market, c)!;
      try {
        const profile = await updateProfile(c.get("db"), c.get("clock"), {
          customerId: customer.id,
          change: market.data,
          linkOrigin: c.get("publicOrigin"),
        });
        return c.json({ message: ACCOUNT_MESSAGES.profileSaved, profile }, 200);
      } catch (error) {
        return errorResponse(error, c);
      }
    },
    fieldErrorsHook,
  );

  api.openapi(
    changePasswordRoute,
    async (c) => {
      const customer = c.get("customer");
      if (!customer) return notSignedIn(c);
      const limited = rateLimitedResponse(c, await checkRateLimit(c.var, "passwordChange", customer.email));
      if (limited) return limited;
      const { passwordChange } = c.req.valid("json");
      try {
        await changePassword(c.get("db"), c.get("clock"), {
          customerId: customer.id,
          currentPassword: passwordChange.currentPassword,
          newPassword: passwordChange.password,
        });
        // Every session ended with the change; this browser gets a fresh one.
        await signIn(c.var, customer, { rememberMe: c.get("session").rememberMe });
        return c.json({ message: ACCOUNT_MESSAGES.passwordUpdated, csrfToken: c.get("session").csrfToken() }, 200);
      } catch (error) {
        return errorResponse(error, c);
      }
    },
    fieldErrorsHook,
  );

  api.openapi(anonymizeRoute, async (c) => {
    const customer = c.get("customer");
    if (!customer) return notSignedIn(c);
    await deleteSignedInAccount(c.var, customer.id);
    return c.json({ message: ACCOUNT_MESSAGES.accountDeleted }, 200);
  });

  api.openapi(accountStatusRoute, async (c) => {
    const customer = c.get("customer") && (await findActiveCustomer(c.get("db"), c.get("customer")!.id));
    if (!customer) return notSignedIn(c);
    return c.json(
      {
        registered: true,
        locked: isLocked(customer, c.get("clock").now()),
        hasPassword: customer.passwordHash !== null,
        facebookLinked: customer.facebookLinked,
        tpl: customer.googleSubject !== null || customer.facebookLinked,
      },
      200,
    );
  });
}
