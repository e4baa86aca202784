import { z } from "@hono/zod-openapi";
import { recordId, recordIdParam } from "../../lib/input";
import { RETURN_REASONS } from "../../modules/returns/return-reasons";

const REASON_CODES = Object.keys(RETURN_REASONS).join(", ");

/** POST /v1/create-return-order. A missing or unknown reason is answered with the spec's 'Please select a reason...'. */
export const CreateReturnSchema = z
  .object({
    voucherId: recordId(),
    reason: z.string().max(40).optional().openapi({ description: `One of ${REASON_CODES}`, example: "FAULTY" }),
    comments: z.string().max(2000).optional().openapi({ description: "Up to 500 characters" }),
  })
  .openapi("CreateReturnOrder");

export const ReturnStartedSchema = z
  .object({
    returnId: z.number().int(),
    reference: z.string().openapi({ example: "RTN-7KQ2-M9XD-4HBT" }),
    labelUrl: z.string().openapi({ example: "https://www.wowcher.co.uk/v1/returns/pdf?returnId=40000001" }),
  })
  .openapi("ReturnStarted");

export const ReturnsLabelRequestSchema = z.object({ returnId: recordId() }).openapi("ReturnsLabelRequest");
export const ReturnsLabelSchema = z.object({ url: z.string() }).openapi("ReturnsLabel");
export const ReturnIdQuerySchema = z.object({ returnId: recordIdParam() });
export const ReturnsPageQuerySchema = z.object({ page: z.coerce.number().int().min(1).max(10_000).optional() });

export const ReturnSummarySchema = z
  .object({
    id: z.number().int(),
    reference: z.string(),
    voucherId: z.number().int(),
    orderId: z.number().int(),
    dealTitle: z.string(),
    productName: z.string(),
    merchantName: z.string(),
    reason: z.string(),
    status: z.string().openapi({ description: "Return Requested, Return in Transit, Returned to the Merchant, Refunded or Withdrawn" }),
    createdAt: z.string(),
    postedAt: z.string().nullable(),
    receivedAt: z.string().nullable(),
    labelPath: z.string(),
    awaitingPosting: z.boolean(),
  })
  .openapi("ReturnSummary");

export const ReturnsPageSchema = z
  .object({ returns: z.array(ReturnSummarySchema), page: z.number().int(), pageCount: z.number().int(), total: z.number().int() })
  .openapi("ReturnsPage");
