import { errorsOf } from "../../lib/errors";

/** What the back office's deal state changes answer (docs/decisions/deal-lifecycle.md). */
export const DEAL_PIPELINE_ERRORS = {
  DEAL_NOT_FOUND: { status: 404, message: "There is no deal with that id." },
  REASON_REQUIRED: { status: 400, message: "Please say why: the reason is kept with the deal's history." },
  GO_LIVE_REQUIRED: { status: 400, message: "Please choose when the deal goes live." },
  GO_LIVE_IN_PAST: { status: 400, message: "The go-live time must be in the future. To put the deal live now, choose Go live now." },
  TRAVEL_NOT_EDITABLE: { status: 409, message: "Travel deals (nights, rooms and rates) are not edited here: change their words on the deal's page." },
  PHOTO_NOT_FOUND: { status: 404, message: "That photo is no longer on the deal. Please reload the page." },
  PHOTO_ORDER_INVALID: { status: 400, message: "The photos changed while you were ordering them. Please reload the page and try again." },
  NOT_YOUR_ROLE: { status: 403, message: "You don't have permission to do that." },
  NO_DATED_OPTIONS: { status: 409, message: "This deal has no dated options: nights and rates belong to travel deals sold by date." },
  RATES_FILE_HAS_ERRORS: { status: 400, message: "Nothing was changed: the file has rows with errors. Correct them and try again." },
  NIGHTS_IN_PAST: { status: 400, message: "The first night is already past: choose today or later." },
  IMPORT_FILE_HAS_ERRORS: { status: 400, message: "Nothing was imported: the file has rows with errors. Check it, correct them and try again." },
  IMPORT_ALREADY_DONE: { status: 409, message: "This file was already imported in full: its deals are in the deals table as drafts." },
  IMPORT_BUSY: { status: 409, message: "This file is being imported by another request: wait for it, then reload the deals table." },
  IMPORT_FAILED: { status: 503, message: "The import stopped. Upload the same file again to carry on from where it stopped." },
} as const;

export const dealPipelineError = errorsOf(DEAL_PIPELINE_ERRORS);
