import { createRoute, type OpenAPIHono, type RouteConfig, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { addAddon } from "../../modules/basket/add-addon";
import { addProduct } from "../../modules/basket/add-product";
import { type Basket, findBasket, findCustomerBasket, linesOf } from "../../modules/basket/baskets";
import { createBasket, linkCustomer, replaceBasket } from "../../modules/basket/create-basket";
import { BasketError } from "../../modules/basket/errors";
import type { BasketLine } from "../../modules/basket/evaluate-lines";
import { removeLine } from "../../modules/basket/remove-line";
import { savePassengers } from "../../modules/basket/save-passengers";
import { usableBasketToken } from "../../modules/basket/tokens";
import { updateLine } from "../../modules/basket/update-line";
import { quantityString, viewBasket } from "../../modules/basket/view-basket";
import { basketData } from "../../modules/basket/basket-data";
import type { AppEnv } from "../context";
import { apiError } from "../errors";
import {
  AddonInputSchema,
  BasketInputSchema,
  BasketSchema,
  LinePatchSchema,
  lineInput,
  PassengersInputSchema,
  ProductInputSchema,
} from "./basket-schemas";
import { basketActor, basketCookie, type BuyingSettings, customerTokenOf } from "../buying/buying-context";
import { errors, json } from "./account-schemas";

/** A path token of 10 characters or fewer counts as no token: logged and treated as absent (spec §5). */
function tokenOf(c: Context<AppEnv>, token: string): string | null {
  return usableBasketToken(token, (inaccurate) => c.get("log").warn({ basketToken: inaccurate }, "inaccurate basket token"));
}

const Token = z.string().max(200).openapi({ param: { name: "token", in: "path" }, example: "Xk3…43 characters" });
const LineId = z.string().max(20).openapi({ param: { name: "id", in: "path" }, example: "17" });
const giftPacks = z.object({ giftPacks: z.string().optional() });
const basketResponse = (description: string) => ({ description, ...json(BasketSchema) });
const basketErrors = errors("404 unknown basket ('No Basket Token available for checkout'), 409 a cap or availability rule, 400 bad input");
const TokenParams = z.object({ token: Token });
const LineParams = z.object({ token: Token, id: LineId });

/** A route that answers with the basket as it is now, or one of the basket's errors. */
function basketRoute<P extends string, Request extends NonNullable<RouteConfig["request"]>>(route: {
  method: "get" | "put" | "patch" | "post" | "delete";
  path: P;
  summary: string;
  request: Request;
}) {
  return createRoute({ ...route, responses: { 200: basketResponse("The basket"), default: basketErrors } });
}

const createRouteDef = createRoute({
  method: "post",
  path: "/basket",
  summary: "Create a basket; the new token is the last segment of the Location header",
  request: { body: { ...json(BasketInputSchema), required: false } },
  responses: { 201: basketResponse("The new basket"), default: basketErrors },
});
const getRoute = basketRoute({
  method: "get",
  path: "/basket/{token}",
  summary: "A basket by its token",
  request: { params: TokenParams, query: giftPacks },
});
const lookupRoute = basketRoute({
  method: "get",
  path: "/basket",
  summary: "The signed-in customer's basket (customerToken), else the one in the basket cookie",
  request: { query: giftPacks.extend({ customerToken: z.string().max(200).optional(), basketToken: z.string().max(200).optional() }) },
});
const quantityRoute = createRoute({
  method: "get",
  path: "/basket/quantity",
  summary: "For the header: the visitor's basket (the signed-in customer's, else the cookie's) and its quantity string, empty when there is none",
  responses: {
    200: {
      description: "The basket token (null without a basket) and the sum of its quantities ('' when 0)",
      ...json(z.object({ token: z.string().nullable(), quantity: z.string() }).openapi("BasketQuantity")),
    },
  },
});
const replaceRoute = basketRoute({
  method: "put",
  path: "/basket/{token}",
  summary: "Replace the basket's products",
  request: { params: TokenParams, body: json(BasketInputSchema) },
});
const linkRoute = basketRoute({
  method: "patch",
  path: "/basket/{token}",
  summary: "Link the signed-in customer to an orphan basket",
  request: { params: TokenParams, body: json(BasketInputSchema) },
});
const addProductRoute = basketRoute({
  method: "post",
  path: "/basket/{token}/product",
  summary: "Add a product; its stock is held for the reservation time",
  request: { params: TokenParams, body: json(ProductInputSchema) },
});
const updateLineRoute = basketRoute({
  method: "patch",
  path: "/basket/{token}/product/{id}",
  summary: "Change a line: quantity, payDeposit, deliveryOptionType, gift fields",
  request: { params: LineParams, body: json(LinePatchSchema) },
});
const removeLineRoute = basketRoute({
  method: "delete",
  path: "/basket/{token}/product/{id}",
  summary: "Remove a line ('args malformed' without a token and a line id)",
  request: { params: LineParams },
});
const passengersRoute = createRoute({
  method: "put",
  path: "/basket/{token}/product/{id}/passengers",
  summary: "The passenger step of a booked stay: every passenger's title, names and date of birth, and the lead passenger's contact phone (a checkout gate)",
  request: { params: LineParams, body: json(PassengersInputSchema) },
  responses: {
    200: basketResponse("The basket, the passengers saved on the line"),
    default: errors("400 BASKET_TRAVEL_PASSENGERS_REQUIRED with `passengers`: each passenger's problems by field; 404 unknown basket or line"),
  },
});

const addonRoute = basketRoute({
  method: "post",
  path: "/basket/{token}/addon",
  summary: "Add the VIP one-year add-on (VVE) or deal protection (DVP)",
  request: { params: TokenParams, body: json(AddonInputSchema) },
});

export function registerBasketRoutes(api: OpenAPIHono<AppEnv>, settings: BuyingSettings): void {
  const actorOf = (c: Context<AppEnv>) => basketActor(c.var, settings);

  async function basketBody(c: Context<AppEnv>, basket: Basket, lines?: BasketLine[]) {
    c.header("cache-control", "private, no-store");
    return basketData(await viewBasket(c.get("db"), basket, actorOf(c), lines), customerTokenOf(c.var, basket));
  }

  async function respond(c: Context<AppEnv>, basket: Basket | null) {
    if (!basket) throw new BasketError("BASKET_NOT_FOUND");
    return c.json(await basketBody(c, basket), 200);
  }

  /** Runs a change to the basket named in the path, then answers with the basket as it is now. */
  async function change(c: Context<AppEnv>, rawToken: string, work: (token: string) => Promise<unknown>) {
    const token = tokenOf(c, rawToken);
    if (!token) throw new BasketError("BASKET_NOT_FOUND");
    await work(token);
    return respond(c, await findBasket(c.get("db"), token, actorOf(c)));
  }

  api.openapi(createRouteDef, async (c) => {
    const body = c.req.valid("json") ?? {};
    const actor = actorOf(c);
    if (body.brand !== undefined && body.brand !== actor.brand.id) return apiError(c, 400, "VALIDATION_ERROR", "brand: not this site's brand");
    const basket = await createBasket(c.get("db"), { eligibleForVip: body.eligibleForVip ?? false, products: (body.products ?? []).map(lineInput) }, actor);
    basketCookie.set(c.var, basket.token);
    c.header("location", `/v1/basket/${basket.token}`);
    return c.json(await basketBody(c, basket), 201);
  });

  /** The signed-in customer's basket when the customer token is theirs, else the cookie's (or `basketToken`'s). */
  async function visitorBasket(c: Context<AppEnv>, query: { customerToken?: string; basketToken?: string }): Promise<Basket | null> {
    const customer = c.get("customer");
    if (query.customerToken !== undefined) {
      // A customer token is only ever the signed-in customer's own; anything else finds nothing.
      const own = customer !== null && query.customerToken === customer.customerToken;
      return own ? findCustomerBasket(c.get("db"), customer.id, actorOf(c)) : null;
    }
    const token = tokenOf(c, query.basketToken ?? basketCookie.get(c.var) ?? "");
    return token ? findBasket(c.get("db"), token, actorOf(c)) : null;
  }

  // Before /basket/{token}, which would take "quantity" for a token.
  api.openapi(quantityRoute, async (c) => {
    const customer = c.get("customer");
    const basket = await visitorBasket(c, customer ? { customerToken: customer.customerToken } : {});
    c.header("cache-control", "private, no-store");
    if (!basket) return c.json({ token: null, quantity: "" }, 200);
    return c.json({ token: basket.token, quantity: quantityString((await linesOf(c.get("db"), basket.id)).map((line) => ({ line }))) }, 200);
  });

  api.openapi(getRoute, async (c) => {
    const token = tokenOf(c, c.req.valid("param").token);
    return respond(c, token ? await findBasket(c.get("db"), token, actorOf(c)) : null);
  });

  api.openapi(lookupRoute, async (c) => respond(c, await visitorBasket(c, c.req.valid("query"))));

  api.openapi(replaceRoute, async (c) => {
    const body = c.req.valid("json");
    return change(c, c.req.valid("param").token, (token) =>
      replaceBasket(c.get("db"), token, { eligibleForVip: body.eligibleForVip ?? false, products: (body.products ?? []).map(lineInput) }, actorOf(c)),
    );
  });

  api.openapi(linkRoute, async (c) => {
    const body = c.req.valid("json");
    return change(c, c.req.valid("param").token, (token) =>
      linkCustomer(c.get("db"), token, { eligibleForVip: body.eligibleForVip, products: body.products?.map(lineInput) }, actorOf(c)),
    );
  });

  // Answers from what the add's transaction read and wrote instead of reading the basket again:
  // adding is the busiest basket call.
  api.openapi(addProductRoute, async (c) => {
    const token = tokenOf(c, c.req.valid("param").token);
    if (!token) throw new BasketError("BASKET_NOT_FOUND");
    const added = await addProduct(c.get("db"), token, lineInput(c.req.valid("json")), actorOf(c));
    return c.json(await basketBody(c, added.basket, added.lines), 200);
  });

  api.openapi(updateLineRoute, async (c) => {
    const { token, id } = c.req.valid("param");
    if (!/^\d{1,9}$/.test(id)) throw new BasketError("LINE_NOT_FOUND");
    return change(c, token, (usable) => updateLine(c.get("db"), usable, Number(id), c.req.valid("json"), actorOf(c)));
  });

  api.openapi(removeLineRoute, async (c) => {
    const { token, id } = c.req.valid("param");
    const usable = tokenOf(c, token);
    const lineId = /^\d{1,9}$/.test(id) ? Number(id) : null;
    const left = await removeLine(c.get("db"), usable, lineId, actorOf(c));
    return c.json(await basketBody(c, left.basket, left.lines), 200);
  });

  api.openapi(passengersRoute, async (c) => {
    const { token, id } = c.req.valid("param");
    const usable = tokenOf(c, token);
    if (!usable) throw new BasketError("BASKET_NOT_FOUND");
    if (!/^\d{1,9}$/.test(id)) throw new BasketError("LINE_NOT_FOUND");
    const inputs = c.req.valid("json").passengers.map(({ dateOfBirth, ...passenger }) => {
      const [year, month, day] = /^\d{4}-\d{2}-\d{2}$/.test(dateOfBirth ?? "") ? dateOfBirth!.split("-") : [];
      return year ? { ...passenger, dobDay: day, dobMonth: month, dobYear: year } : passenger;
    });
    const saved = await savePassengers(c.get("db"), usable, Number(id), inputs, actorOf(c));
    if (!saved.ok) {
      c.header("cache-control", "private, no-store");
      return c.json({ error: { code: "BASKET_TRAVEL_PASSENGERS_REQUIRED", message: saved.message, passengers: saved.errors } }, 400);
    }
    return respond(c, await findBasket(c.get("db"), usable, actorOf(c)));
  });

  api.openapi(addonRoute, async (c) =>
    change(c, c.req.valid("param").token, (token) => addAddon(c.get("db"), token, { addonType: c.req.valid("json").addonType }, actorOf(c))),
  );
}
