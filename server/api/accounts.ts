import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { isbot } from "isbot";
import { authenticate, SHOPPER_SIGN_IN } from "../../modules/accounts/authenticate";
import type { CustomerSummary } from "../../modules/accounts/customers";
import { findCustomerByToken } from "../../modules/accounts/customers";
import { ACCOUNT_MESSAGES, AccountError } from "../../modules/accounts/errors";
import { registerGoogleCustomer, signInWithGoogle, verifyGoogleIdToken } from "../../modules/accounts/google";
import { isSubscribed, setNewsletterSubscription, unsubscribeByToken } from "../../modules/accounts/newsletter";
import { requestPasswordLink, setPasswordWithLink } from "../../modules/accounts/password-links";
import { lookupSubscriptionDetails } from "../../modules/accounts/subscription-details";
import {
  emailField,
  emailOnlyFields,
  normalizeEmail,
  passwordLinkFields,
  registrationFields,
  subscriptionEmailField,
} from "../../modules/accounts/validation";
import { registerVisitor } from "../accounts/register-visitor";
import { referFromCookie } from "../referrals/referral-link";
import { signIn, signOut } from "../accounts/sign-in";
import type { AppDependencies, AppEnv } from "../context";
import { YEAR_SECONDS } from "../security/cookies";
import { checkRateLimit, checkSignInLimit, clearSignInLimit, RATE_LIMITED_MESSAGE } from "../security/rate-limits";
import { errorResponse } from "../errors";
import { fieldErrorsHook, notSignedIn, rateLimitedResponse, tooManyRequests } from "./account-helpers";
import { errors, json, MessageSchema, SignedInSchema, UserProfileSchema, userProfile } from "./account-schemas";

/** Set once a visitor has been offered sign-in (spec: the "brand cookie", 1 year). */
export const BRAND_COOKIE = "brand";
/** Affiliate source cookies (spec §9): visitors sent by a partner are not offered the sign-in prompt. */
const AFFILIATE_COOKIES = ["source", "affiliate"];


function signedIn(c: Context<AppEnv>, customer: CustomerSummary, message?: string) {
  return {
    response: "SUCCESS",
    ...(message ? { message } : {}),
    userprofile: userProfile(customer),
    customerToken: customer.customerToken,
    csrfToken: c.get("session").csrfToken(),
  };
}

const sessionRoute = createRoute({
  method: "get",
  path: "/user/session",
  summary: "Who is signed in, the CSRF token for mutating calls, and whether to offer sign-in",
  responses: {
    200: {
      description: "The visitor's session",
      ...json(
        z
          .object({
            isAuthenticated: z.boolean(),
            userprofile: UserProfileSchema.nullable(),
            customerToken: z.string().nullable(),
            csrfToken: z.string(),
            offerSignIn: z.boolean(),
            googleClientId: z.string().nullable(),
          })
          .openapi("SessionInfo"),
      ),
    },
  },
});

const loginRoute = createRoute({
  method: "post",
  path: "/login",
  summary: "Sign in with email and password",
  request: {
    query: z.object({ _spring_security_remember_me: z.enum(["true", "false"]).optional() }),
    body: { required: true, ...json(z.object({ loginRequest: z.object({ j_username: emailField, j_password: z.string().min(1, "Required field") }) })) },
  },
  responses: {
    200: { description: "Signed in", ...json(SignedInSchema) },
    default: errors("400: Invalid input; 401: 'Invalid email/password. Please try again.'; 423: Temporarily locked after repeated wrong passwords; 429: Too many attempts (Retry-After says when to try again)"),
  },
});

const logoutPath = {
  path: "/logout",
  summary: "Sign out: the session is revoked",
  responses: { 200: { description: "Signed out", ...json(z.object({ response: z.string(), csrfToken: z.string() })) } },
} as const;

const registerRoute = createRoute({
  method: "post",
  path: "/register",
  summary: "Create an account and sign in",
  request: { body: { required: true, ...json(registrationFields) } },
  responses: {
    201: { description: "'You have been successfully registered'", ...json(SignedInSchema) },
    default: errors(
      "400: Invalid input; 409: 'You have already registered with us. Please login to continue.'; 429: Too many registrations, or too many already-registered answers, from this address",
    ),
  },
});

const googleRoute = (mode: "login" | "register") =>
  createRoute({
    method: "post",
    path: mode === "login" ? "/logingoogle" : "/registergoogleuser",
    summary:
      mode === "login"
        ? "Sign in with a Google ID token (when GOOGLE_CLIENT_ID is configured)"
        : "Create an account from a Google ID token and sign in",
    request: { body: { required: true, ...json(z.object({ idToken: z.string().min(1, "Required field"), subscribe: z.boolean().optional() })) } },
    responses: {
      200: { description: "Signed in", ...json(SignedInSchema) },
      201: { description: "Registered and signed in", ...json(SignedInSchema) },
      default: errors(
        "401: 'Invalid google token id.'; 404: not registered (sign-in), or Google sign-in is not configured; 409: already registered; 429: too many attempts",
      ),
    },
  });

const verifyEmailRoute = createRoute({
  method: "get",
  path: "/email/verify",
  summary: "Whether an email address is well formed (never whether it has an account: no enumeration)",
  request: { query: z.object({ email: z.string().max(500).optional() }) },
  responses: {
    200: { description: "Result", ...json(z.object({ email: z.string(), valid: z.boolean() })) },
    default: errors("429: Too many lookups"),
  },
});

const subscriptionDetailsRoute = createRoute({
  method: "post",
  path: "/subscription/details",
  summary: "The signed-in customer's own sign-in and newsletter state (spec: requestSubscriptionDetails); never another email's",
  request: { body: { required: true, ...json(z.object({ requestSubscriptionDetails: emailOnlyFields })) } },
  responses: {
    200: {
      description: "Subscription lookup result",
      ...json(
        z
          .object({
            hasPassword: z.boolean(),
            isLocked: z.boolean(),
            isRegistered: z.boolean(),
            isSubscribed: z.enum(["true", "false"]),
            tpl: z.boolean(),
          })
          .openapi("SubscriptionDetails"),
      ),
    },
    default: errors("400: Invalid email; 401: Not signed in; 403: Not the signed-in customer's email; 429: Too many lookups"),
  },
});

const resetRequestRoute = createRoute({
  method: "post",
  path: "/user/password_reset_request",
  summary: "Email a one-hour reset link (or an activation link to accounts without a password)",
  request: { body: { required: true, ...json(emailOnlyFields) } },
  responses: {
    200: { description: "The same answer whether or not the email is registered: 'If that email is registered, we have sent a link…'", ...json(MessageSchema) },
    default: errors("400: Invalid email; 429: Too many requests"),
  },
});

const linkRoute = (path: "/user/password_reset" | "/user/password_activate", summary: string) =>
  createRoute({
    method: "post",
    path,
    summary,
    request: { body: { required: true, ...json(passwordLinkFields) } },
    responses: {
      200: { description: "'Password successfully updated'", ...json(MessageSchema) },
      default: errors("400: Invalid input; 410: The link expired or was already used; 429: Too many attempts"),
    },
  });

const subscribeRoute = createRoute({
  method: "post",
  path: "/newsletter/subscribe",
  summary: "Subscribe an email to the brand's deals newsletter",
  request: { body: { required: true, ...json(z.object({ email: subscriptionEmailField })) } },
  responses: {
    200: { description: "Subscribed", ...json(MessageSchema) },
    default: errors("400: 'Subscription email is required' or 'Invalid Email. Please enter a valid email address'; 429: Too many requests"),
  },
});

const unsubscribeRoute = createRoute({
  method: "post",
  path: "/newsletter/unsubscribe",
  summary: "Unsubscribe with the token from a newsletter's link",
  request: { body: { required: true, ...json(z.object({ token: z.string().max(200).optional() })) } },
  responses: {
    200: { description: "Unsubscribed", ...json(MessageSchema) },
    default: errors("400: 'No unsubscribe token found...'; 404: 'No subscription found.'"),
  },
});

const validateCustomerTokenRoute = createRoute({
  method: "get",
  path: "/user/validate",
  summary: "Whether a customer token (from an email link) belongs to a subscribed customer",
  request: { query: z.object({ ct: z.string().max(200).optional() }) },
  responses: { 200: { description: "Result", ...json(z.object({ valid: z.boolean() })) } },
});

/** Sign-in, sign-up, sign-out, email lookups, password links and the newsletter. */
export function registerAccountRoutes(api: OpenAPIHono<AppEnv>, deps: Pick<AppDependencies, "config" | "googleKeys">): void {
  api.openapi(sessionRoute, (c) => {
    const customer = c.get("customer");
    const cookies = c.get("cookies");
    let offerSignIn = false;
    if (!customer && !cookies.get(BRAND_COOKIE)) {
      // Offered once: the brand cookie remembers the visitor was asked.
      offerSignIn = !AFFILIATE_COOKIES.some((name) => cookies.get(name)) && !isbot(c.req.header("user-agent") ?? "");
      cookies.set(BRAND_COOKIE, c.get("brand").id, { maxAgeSeconds: YEAR_SECONDS });
    }
    c.header("cache-control", "private, no-store");
    return c.json(
      {
        isAuthenticated: customer !== null,
        userprofile: customer ? userProfile(customer) : null,
        customerToken: customer?.customerToken ?? null,
        csrfToken: c.get("session").csrfToken(),
        offerSignIn,
        googleClientId: deps.config.GOOGLE_CLIENT_ID ?? null,
      },
      200,
    );
  });

  api.openapi(
    loginRoute,
    async (c) => {
      const { loginRequest } = c.req.valid("json");
      const limited = rateLimitedResponse(c, await checkSignInLimit(c.var, SHOPPER_SIGN_IN, loginRequest.j_username));
      if (limited) return limited;
      try {
        const customer = await authenticate(c.get("db"), c.get("clock"), {
          brand: c.get("brand").id,
          email: loginRequest.j_username,
          password: loginRequest.j_password,
        });
        await signIn(c.var, customer, { rememberMe: c.req.valid("query")._spring_security_remember_me === "true" });
        await clearSignInLimit(c.var, SHOPPER_SIGN_IN, loginRequest.j_username);
        return c.json(signedIn(c, customer), 200);
      } catch (error) {
        return errorResponse(error, c);
      }
    },
    fieldErrorsHook,
  );

  for (const method of ["post", "put"] as const) {
    api.openapi(createRoute({ method, ...logoutPath }), async (c) => {
      await signOut(c.var);
      return c.json({ response: "LOGGED_OUT", csrfToken: c.get("session").csrfToken() }, 200);
    });
  }

  api.openapi(
    registerRoute,
    async (c) => {
      const input = c.req.valid("json");
      try {
        const registered = await registerVisitor(c.var, {
          email: input.email,
          password: input.password,
          firstName: input.firstName,
          lastName: input.lastName,
          subscribe: input.subscribe,
          linkOrigin: c.get("publicOrigin"),
        });
        if (!registered.ok) return tooManyRequests(c, registered.retryAfterSeconds, RATE_LIMITED_MESSAGE);
        await signIn(c.var, registered.customer, { rememberMe: false });
        return c.json(signedIn(c, registered.customer, ACCOUNT_MESSAGES.registered), 201);
      } catch (error) {
        return errorResponse(error, c);
      }
    },
    fieldErrorsHook,
  );

  /** Verifies the ID token with Google's keys, or says Google sign-in is off. */
  async function googleIdentity(c: Context<AppEnv>, idToken: string) {
    const clientId = deps.config.GOOGLE_CLIENT_ID;
    if (!clientId || !deps.googleKeys) throw new AccountError("GOOGLE_SIGN_IN_DISABLED");
    return verifyGoogleIdToken(idToken, { clientId, keys: deps.googleKeys, clock: c.get("clock") });
  }

  for (const mode of ["login", "register"] as const) {
    api.openapi(
      googleRoute(mode),
      async (c) => {
        const limited = rateLimitedResponse(c, await checkRateLimit(c.var, mode));
        if (limited) return limited;
        try {
          const body = c.req.valid("json");
          const identity = await googleIdentity(c, body.idToken);
          const [db, clock, brand] = [c.get("db"), c.get("clock"), c.get("brand")];
          const customer =
            mode === "login"
              ? await signInWithGoogle(db, clock, brand.id, identity)
              : await registerGoogleCustomer(db, clock, { brand: brand.id, identity, subscribe: body.subscribe, linkOrigin: c.get("publicOrigin") });
          if (mode === "register") await referFromCookie(c.var, customer);
          await signIn(c.var, customer, { rememberMe: false });
          return mode === "login" ? c.json(signedIn(c, customer), 200) : c.json(signedIn(c, customer, ACCOUNT_MESSAGES.registered), 201);
        } catch (error) {
          return errorResponse(error, c);
        }
      },
      fieldErrorsHook,
    );
  }

  api.openapi(verifyEmailRoute, async (c) => {
    const limited = rateLimitedResponse(c, await checkRateLimit(c.var, "emailLookup"));
    if (limited) return limited;
    const email = (c.req.valid("query").email ?? "").trim();
    return c.json({ email, valid: emailField.safeParse(email).success }, 200);
  });

  api.openapi(
    subscriptionDetailsRoute,
    async (c) => {
      const limited = rateLimitedResponse(c, await checkRateLimit(c.var, "emailLookup"));
      if (limited) return limited;
      const customer = c.get("customer");
      if (!customer) return notSignedIn(c);
      const { email } = c.req.valid("json").requestSubscriptionDetails;
      // Only the account's own state: anyone else could learn who has an account, or is locked.
      if (normalizeEmail(email) !== customer.email) return errorResponse(new AccountError("NOT_OWN_EMAIL"), c);
      return c.json(await lookupSubscriptionDetails(c.get("db"), c.get("clock"), { brand: c.get("brand").id, email }), 200);
    },
    fieldErrorsHook,
  );

  api.openapi(
    resetRequestRoute,
    async (c) => {
      const { email } = c.req.valid("json");
      const limited = rateLimitedResponse(c, await checkRateLimit(c.var, "passwordResetRequest", email));
      if (limited) return limited;
      await requestPasswordLink(c.get("db"), c.get("clock"), {
        brand: c.get("brand").id,
        email,
        linkOrigin: c.get("publicOrigin"),
      });
      return c.json({ message: ACCOUNT_MESSAGES.resetEmailSent }, 200);
    },
    fieldErrorsHook,
  );

  for (const [path, purpose, summary] of [
    ["/user/password_reset", "password_reset", "Choose a new password with a reset link (unlocks the account)"],
    ["/user/password_activate", "password_activate", "Set a first password with an activation link"],
  ] as const) {
    api.openapi(
      linkRoute(path, summary),
      async (c) => {
        const limited = rateLimitedResponse(c, await checkRateLimit(c.var, "passwordLink"));
        if (limited) return limited;
        const body = c.req.valid("json");
        try {
          await setPasswordWithLink(c.get("db"), c.get("clock"), { token: body.token, purpose, password: body.password });
          return c.json({ message: ACCOUNT_MESSAGES.passwordUpdated }, 200);
        } catch (error) {
          return errorResponse(error, c);
        }
      },
      fieldErrorsHook,
    );
  }

  api.openapi(
    subscribeRoute,
    async (c) => {
      const limited = rateLimitedResponse(c, await checkRateLimit(c.var, "newsletter"));
      if (limited) return limited;
      await setNewsletterSubscription(c.get("db"), c.get("clock"), {
        brand: c.get("brand").id,
        email: c.req.valid("json").email,
        subscribed: true,
        linkOrigin: c.get("publicOrigin"),
      });
      return c.json({ message: ACCOUNT_MESSAGES.subscribed }, 200);
    },
    fieldErrorsHook,
  );

  api.openapi(unsubscribeRoute, async (c) => {
    try {
      await unsubscribeByToken(c.get("db"), c.get("clock"), c.req.valid("json").token);
      return c.json({ message: ACCOUNT_MESSAGES.unsubscribed }, 200);
    } catch (error) {
      return errorResponse(error, c);
    }
  });

  api.openapi(validateCustomerTokenRoute, async (c) => {
    const ct = c.req.valid("query").ct ?? "";
    const customer = ct.length >= 10 ? await findCustomerByToken(c.get("db"), c.get("brand").id, ct) : null;
    const valid = customer !== null && (await isSubscribed(c.get("db"), customer.brand, customer.email));
    return c.json({ valid }, 200);
  });
}
