import { errorCatalogue, errorsOf } from "../../lib/errors";

/** What the back office's deal state changes answer (docs/decisions/deal-lifecycle.md). */
export const DEAL_PIPELINE_ERRORS = errorCatalogue({
  400: {
    REASON_REQUIRED: "Please say why: the reason is kept with the deal's history.",
    GO_LIVE_REQUIRED: "Please choose when the deal goes live.",
    GO_LIVE_IN_PAST: "The go-live time must be in the future. To put the deal live now, choose Go live now.",
    PHOTO_ORDER_INVALID: "The photos changed while you were ordering them. Please reload the page and try again.",
    RATES_FILE_HAS_ERRORS: "Nothing was changed: the file has rows with errors. Correct them and try again.",
    NIGHTS_IN_PAST: "The first night is already past: choose today or later.",
    IMPORT_FILE_HAS_ERRORS: "Nothing was imported: the file has rows with errors. Check it, correct them and try again.",
  },
  403: {
    NOT_YOUR_ROLE: "You don't have permission to do that.",
  },
  404: {
    DEAL_NOT_FOUND: "There is no deal with that id.",
    PHOTO_NOT_FOUND: "That photo is no longer on the deal. Please reload the page.",
    GIFT_PRESET_NOT_FOUND: "That is not a gift wrap or gift pack. Please reload the page.",
  },
  409: {
    TRAVEL_NOT_EDITABLE: "Travel deals (nights, rooms and rates) are not edited here: change their words on the deal's page.",
    NO_DATED_OPTIONS: "This deal has no dated options: nights and rates belong to travel deals sold by date.",
    IMPORT_ALREADY_DONE: "This file was already imported in full: its deals are in the deals table as drafts.",
    IMPORT_BUSY: "This file is being imported by another request: wait for it, then reload the deals table.",
  },
  503: {
    IMPORT_FAILED: "The import stopped. Upload the same file again to carry on from where it stopped.",
  },
});

export const dealPipelineError = errorsOf(DEAL_PIPELINE_ERRORS);
