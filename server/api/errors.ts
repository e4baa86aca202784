import { z } from "@hono/zod-openapi";

/** The one error shape of the API: `{"error": {"code", "message"}}` (answered by server/errors.ts). */
export const ErrorResponseSchema = z
  .object({
    error: z.object({
      code: z.string().openapi({ example: "VALIDATION_ERROR" }),
      message: z.string().openapi({ example: "page must be a whole number of 1 or more" }),
    }),
  })
  .openapi("Error");
