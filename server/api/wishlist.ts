import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import { recordIdParam } from "../../lib/input";
import type { Context } from "hono";
import { addDealsToWishlist } from "../../modules/wishlist/add-deals";
import { WishlistError } from "../../modules/wishlist/errors";
import { getWishlist, WISHLIST_PAGE_SIZE, wishlistDealIds } from "../../modules/wishlist/get-wishlist";
import { mergeGuestWishlist } from "../../modules/wishlist/merge-guest-wishlist";
import { removeDealsFromWishlist } from "../../modules/wishlist/remove-deals";
import { WISHLIST_COOKIE, WISHLIST_COOKIE_SECONDS } from "../accounts/sign-in";
import { wishlistViewer } from "../accounts/visitor-lists";
import type { AppEnv } from "../context";
import { errors, json } from "./account-schemas";
import { DealListSchema } from "./deal-list-schema";
import { notSignedIn } from "./account-helpers";


const WishlistSchema = z
  .object({
    id: z.string().nullable().openapi({ description: "null until the first add" }),
    customerToken: z.string().nullable(),
    deals: DealListSchema,
    total: z.number().int(),
  })
  .openapi("Wishlist");

const notFound = () => new WishlistError("WISHLIST_NOT_FOUND");

const viewerOf = (c: Context<AppEnv>) => wishlistViewer(c.var);

/** A customer token in a query or patch must be the signed-in customer's own; anything else is "not found". */
function ownsCustomerToken(c: Context<AppEnv>, customerToken: string | undefined): boolean {
  return customerToken === undefined || customerToken === c.get("customer")?.customerToken;
}

async function wishlistBody(c: Context<AppEnv>, options: { wishlistId?: string; page?: number; pageSize?: number }) {
  const page = await getWishlist(c.get("db"), viewerOf(c), options);
  c.header("cache-control", "private, no-store");
  return {
    id: page?.id ?? null,
    customerToken: page?.customerId ? (c.get("customer")?.customerToken ?? null) : null,
    deals: page?.deals ?? [],
    total: page?.total ?? 0,
  };
}

/** Guests keep their new list's id in the wishlist cookie (7 days). */
function rememberGuestWishlist(c: Context<AppEnv>, wishlistId: string) {
  if (!c.get("customer")) c.get("cookies").set(WISHLIST_COOKIE, wishlistId, { maxAgeSeconds: WISHLIST_COOKIE_SECONDS });
}

const WishlistId = z.string().regex(/^[A-Za-z0-9_-]{10,64}$/);
const DealId = recordIdParam();
const paging = z.object({
  customerToken: z.string().max(200).optional(),
  page: z.coerce.number().int().min(0).max(10_000).optional(),
  pageSize: z.coerce.number().int().min(1).max(WISHLIST_PAGE_SIZE).optional(),
});

const getOwnRoute = createRoute({
  method: "get",
  path: "/wishlist",
  summary: "The visitor's wish list (the customer's when signed in, else the guest list in the cookie), 50 deals a page",
  request: { query: paging },
  responses: { 200: { description: "Wish list", ...json(WishlistSchema) }, default: errors("404: customerToken is not the signed-in customer's") },
});

const dealIdsRoute = createRoute({
  method: "get",
  path: "/wishlist/deal-ids",
  summary: "Every deal id on the visitor's wish list (for the hearts on deal tiles)",
  responses: { 200: { description: "Deal ids", ...json(z.object({ wishlistId: z.string().nullable(), dealIds: z.array(z.number().int()) })) } },
});

const getByIdRoute = createRoute({
  method: "get",
  path: "/wishlist/{id}",
  summary: "A wish list by id (only the owner's, or the guest's own from the cookie)",
  request: { params: z.object({ id: z.string() }), query: paging.omit({ customerToken: true }) },
  responses: { 200: { description: "Wish list", ...json(WishlistSchema) }, default: errors("404: No such list for this visitor") },
});

const createRouteDef = createRoute({
  method: "post",
  path: "/wishlist",
  summary: "Add deals (creating the list on the first add)",
  request: { body: { required: true, ...json(z.object({ deals: z.array(DealId).max(100).optional() })) } },
  responses: {
    200: { description: "Wish list after the add", ...json(WishlistSchema) },
    default: errors("400: 'Deals missing'; 404: A deal does not exist"),
  },
});

const addRoute = createRoute({
  method: "post",
  path: "/wishlist/deal/{dealId}",
  summary: "Add a deal to the visitor's list (created on the first add)",
  request: { params: z.object({ dealId: DealId }) },
  responses: { 200: { description: "Wish list after the add", ...json(WishlistSchema) }, default: errors("404: No such deal") },
});

const addToIdRoute = createRoute({
  method: "post",
  path: "/wishlist/{id}/deal/{dealId}",
  summary: "Add a deal to a list by id",
  request: { params: z.object({ id: z.string(), dealId: DealId }) },
  responses: { 200: { description: "Wish list after the add", ...json(WishlistSchema) }, default: errors("404: No such list or deal") },
});

const patchRoute = createRoute({
  method: "patch",
  path: "/wishlist/{id}",
  summary: "Operations on a list; op merge with path /customerToken moves a guest list into the customer's",
  request: {
    params: z.object({ id: z.string() }),
    body: { required: true, ...json(z.array(z.object({ op: z.string(), path: z.string(), value: z.unknown() })).min(1).max(10)) },
  },
  responses: {
    200: { description: "The customer's list after the merge", ...json(WishlistSchema) },
    default: errors("400: Unsupported operation; 401: Merging needs a signed-in customer; 404: No such list, or the customer token is not the signed-in customer's"),
  },
});

const removeRoute = createRoute({
  method: "delete",
  path: "/wishlist/{id}/deal/{dealId}",
  summary: "Remove a deal, or every deal with dealId 'all'",
  request: { params: z.object({ id: z.string(), dealId: z.union([z.literal("all"), DealId]) }) },
  responses: { 200: { description: "Wish list after the removal", ...json(WishlistSchema) }, default: errors("404: No such list") },
});

/** Spec §7 wish list calls. Lists are isolated: another visitor's list is always "not found". */
export function registerWishlistRoutes(api: OpenAPIHono<AppEnv>): void {
  api.openapi(getOwnRoute, async (c) => {
    const { customerToken, page, pageSize } = c.req.valid("query");
    if (!ownsCustomerToken(c, customerToken)) throw notFound();
    return c.json(await wishlistBody(c, { page, pageSize }), 200);
  });

  api.openapi(dealIdsRoute, async (c) => {
    c.header("cache-control", "private, no-store");
    return c.json(await wishlistDealIds(c.get("db"), viewerOf(c)), 200);
  });

  api.openapi(getByIdRoute, async (c) => {
    const { id } = c.req.valid("param");
    if (!WishlistId.safeParse(id).success) throw notFound();
    return c.json(await wishlistBody(c, { wishlistId: id, ...c.req.valid("query") }), 200);
  });

  const add = async (c: Context<AppEnv>, dealIds: number[], wishlistId?: string) => {
    if (wishlistId !== undefined && !WishlistId.safeParse(wishlistId).success) throw notFound();
    const added = await addDealsToWishlist(c.get("db"), c.get("clock"), viewerOf(c), { dealIds, wishlistId });
    rememberGuestWishlist(c, added.wishlistId);
    return c.json(await wishlistBody(c, { wishlistId: added.wishlistId }), 200);
  };

  api.openapi(createRouteDef, (c) => add(c, c.req.valid("json").deals ?? []));
  api.openapi(addRoute, (c) => add(c, [c.req.valid("param").dealId]));
  api.openapi(addToIdRoute, (c) => add(c, [c.req.valid("param").dealId], c.req.valid("param").id));

  api.openapi(patchRoute, async (c) => {
    const { id } = c.req.valid("param");
    const operations = c.req.valid("json");
    if (operations.some((operation) => operation.op !== "merge" || operation.path !== "/customerToken")) {
      throw new WishlistError("UNSUPPORTED_OPERATION");
    }
    const customer = c.get("customer");
    if (!customer) return notSignedIn(c);
    if (operations.some((operation) => operation.value !== customer.customerToken)) throw notFound();
    // The guest list must be this browser's own (from its cookie), like every other access by id.
    if (id !== c.get("cookies").get(WISHLIST_COOKIE)) throw notFound();
    const merged = await mergeGuestWishlist(c.get("db"), c.get("clock"), { brand: c.get("brand").id, guestWishlistId: id, customerId: customer.id });
    if (!merged) throw notFound();
    c.get("cookies").delete(WISHLIST_COOKIE);
    return c.json(await wishlistBody(c, {}), 200);
  });

  api.openapi(removeRoute, async (c) => {
    const { id, dealId } = c.req.valid("param");
    if (!WishlistId.safeParse(id).success) throw notFound();
    await removeDealsFromWishlist(c.get("db"), c.get("clock"), viewerOf(c), { wishlistId: id, dealId });
    return c.json(await wishlistBody(c, { wishlistId: id }), 200);
  });
}
