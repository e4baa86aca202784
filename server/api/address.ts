import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { isValidPostcode } from "../../modules/accounts/postcodes";
import { checkPostcode, databaseAddressLookup, type AddressLookup } from "../../modules/address/lookup";
import { AddressError } from "../../modules/address/errors";
import type { AppEnv } from "../context";
import { checkRateLimit } from "../security/rate-limits";
import { rateLimitedResponse } from "./account-helpers";
import { errors, json } from "./account-schemas";

const PostcodeParam = z.object({
  postcode: z
    .string()
    .max(16)
    .openapi({ param: { name: "postcode", in: "path" }, example: "SW1A 1AA", description: "A UK postcode on UK brands, an Eircode on Irish brands; spaces and case do not matter" }),
});

const AddressSchema = z
  .object({
    id: z.number().int(),
    line1: z.string().openapi({ example: "Buckingham Palace" }),
    line2: z.string().openapi({ example: "" }),
    city: z.string().openapi({ example: "London" }),
    postcode: z.string().openapi({ example: "SW1A 1AA" }),
  })
  .openapi("PostcodeAddress");

const lookupRoute = createRoute({
  method: "get",
  path: "/address/postcode/{postcode}",
  summary: "The delivery addresses at a postcode (or Eircode) of the brand's country",
  request: { params: PostcodeParam },
  responses: {
    200: { description: "Addresses, in house-number order", ...json(z.object({ postcode: z.string().openapi({ example: "SW1A 1AA" }), addresses: z.array(AddressSchema) })) },
    default: errors("400 Invalid postcode; 404 the postcode is not in the address data; 429 too many lookups; 503 the lookup could not answer (enter the address by hand)"),
  },
});

const validateRoute = createRoute({
  method: "get",
  path: "/address/validate/postcode/{postcode}",
  summary: "Whether a postcode is well formed and known to the address data, with the spec's address check state",
  request: { params: PostcodeParam },
  responses: {
    200: {
      description: "Check result",
      ...json(z.object({ postcode: z.string(), valid: z.boolean(), exists: z.boolean(), status: z.enum(["deliverable", "risky", "undeliverable", "unknown"]) })),
    },
    default: errors("429: Too many lookups"),
  },
});

/** The provider behind the routes: the built-in address book unless a caller supplies another. */
export type AddressLookupFor = (c: Context<AppEnv>) => AddressLookup;

/**
 * Postcode lookup for the checkout's address (spec: /address/postcode, /address/validate/postcode).
 * Rate limited per client, so the address book cannot be copied out by walking postcodes.
 * Autocomplete, moniker and format are not offered: see docs/decisions/buying-address-entry.md.
 */
export function registerAddressRoutes(api: OpenAPIHono<AppEnv>, lookupFor: AddressLookupFor = (c) => databaseAddressLookup(c.get("db"))): void {
  api.openapi(lookupRoute, async (c) => {
    c.header("cache-control", "private, no-store");
    const limited = rateLimitedResponse(c, await checkRateLimit(c.var, "addressLookup"));
    if (limited) return limited;
    const { postcode } = c.req.valid("param");
    const countryCode = c.get("brand").countryCode;
    if (!isValidPostcode(postcode, countryCode)) throw new AddressError("INVALID_POSTCODE");
    const result = await lookupFor(c).lookup(countryCode, postcode);
    if (result.kind === "found") return c.json({ postcode: result.postcode, addresses: result.addresses }, 200);
    if (result.kind === "not-found") throw new AddressError("POSTCODE_NOT_FOUND");
    c.get("log").warn({ countryCode, reason: result.reason }, "postcode lookup failed");
    throw new AddressError("ADDRESS_LOOKUP_FAILED");
  });

  api.openapi(validateRoute, async (c) => {
    c.header("cache-control", "private, no-store");
    const limited = rateLimitedResponse(c, await checkRateLimit(c.var, "addressLookup"));
    if (limited) return limited;
    const { postcode } = c.req.valid("param");
    return c.json({ postcode, ...(await checkPostcode(lookupFor(c), c.get("brand").countryCode, postcode)) }, 200);
  });
}
