import { z } from "@hono/zod-openapi";

/** Deal tiles as lists (wishlist, recently viewed) return them. Money in minor units. */
export const DealListSchema = z.array(
  z
    .object({
      id: z.number().int(),
      dealType: z.enum(["local", "national", "travel"]),
      headline: z.string(),
      urlPath: z.string(),
      currency: z.enum(["GBP", "EUR"]),
      price: z.number().int(),
      originalPrice: z.number().int(),
      discountPercentage: z.number().int(),
      showPrice: z.boolean(),
      priceText: z.string().nullable(),
      image: z.object({ imageUrl: z.string(), extension: z.string() }).nullable(),
    })
    .openapi("DealListItem"),
);
