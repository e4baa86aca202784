import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { MAX_PHOTO_BYTES } from "../../modules/deal-pipeline/photo-files";
import { apiError } from "../errors";

/** No JSON call or page form needs more: the largest (an order with an address and gift messages) is a few KB. */
export const MAX_BODY_BYTES = 64 * 1024;

/**
 * Refuses a request body above the limit with 413 before reading it whole: at once when
 * Content-Length says so, otherwise as soon as the streamed body passes the limit.
 */
export function limitRequestBodies(maxBytes = MAX_BODY_BYTES, uploads: readonly UploadLimit[] = []): MiddlewareHandler {
  const limit = (size: number) =>
    bodyLimit({
      maxSize: size,
      onError: (c) => apiError(c, 413, "PAYLOAD_TOO_LARGE", `The request body is larger than ${Math.round(size / 1024)} KB.`),
    });
  const standard = limit(maxBytes);
  const larger = uploads.map((upload) => ({ path: upload.path, check: limit(upload.maxBytes) }));
  return (c, next) => (larger.find((upload) => upload.path.test(c.req.path))?.check ?? standard)(c, next);
}

/** A back-office page that takes a file, and the largest body it accepts (its guard still decides who may post). */
export interface UploadLimit {
  path: RegExp;
  maxBytes: number;
}

/** The largest deal import file: 20,000 rows of a spreadsheet with descriptions (docs/decisions/deal-import-csv-layout.md). */
export const DEAL_IMPORT_MAX_BYTES = 12 * 1024 * 1024;

/** The pages that take files: a travel deal's nights and rates (20,000 rows of a spreadsheet), a deal photo (plus the form around it), and the bulk deal import. */
export const UPLOAD_LIMITS: readonly UploadLimit[] = [
  { path: /^\/admin\/deals\/\d{1,9}\/travel-rates$/, maxBytes: 2 * 1024 * 1024 },
  { path: /^\/admin\/deals\/\d{1,9}\/photos\/?$/, maxBytes: MAX_PHOTO_BYTES + 64 * 1024 },
  { path: /^\/admin\/deals\/import(\.data)?$/, maxBytes: DEAL_IMPORT_MAX_BYTES + 64 * 1024 },
];
