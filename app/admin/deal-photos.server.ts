import { data, type AppLoadContext } from "react-router";
import { editDealPhotoAlt, moveDealPhoto, removeDealPhoto, reorderDealPhotos, uploadDealPhoto } from "../../modules/deal-pipeline/deal-photos";
import type { StaffActor } from "../../modules/staff/staff-actor";
import { shownError } from "../../server/errors";
import { formText } from "../accounts/page.server";

export type PhotoAnswer = { fieldErrors?: Partial<Record<"photo" | "alt", string>>; formError?: string; success?: string; focus?: string };

/** The photos page's forms: upload, move, order (drag and drop), alt text, remove; each audited by its use case. */
export async function dealPhotosAction(context: AppLoadContext, actor: StaffActor, dealId: number, request: Request) {
  const deal = { id: dealId };
  const answer = (result: PhotoAnswer, status = 200) => data<PhotoAnswer>(result, { status });
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return answer({ formError: "The upload could not be read. Please try again." }, 400);
  }
  const intent = formText(form, "intent");
  const imageUrl = formText(form, "imageUrl");
  try {
    if (intent === "upload") {
      const file = form.get("photo");
      const bytes = file instanceof File ? new Uint8Array(await file.arrayBuffer()) : new Uint8Array();
      const result = await uploadDealPhoto(context.db, context.clock, context.adapters.storage, actor, { dealId: deal.id, bytes, alt: formText(form, "alt") });
      if (!result.ok) return answer({ fieldErrors: Object.fromEntries(result.problems.map((problem) => [problem.field, problem.message])) }, 400);
      return answer({ success: "Photo added." });
    }
    if (intent === "up" || intent === "down") {
      await moveDealPhoto(context.db, context.clock, actor, deal.id, imageUrl, intent);
      return answer({ success: `Photo moved ${intent}.`, focus: `${intent}:${imageUrl}` });
    }
    if (intent === "order") {
      await reorderDealPhotos(context.db, context.clock, actor, deal.id, formText(form, "order").split("\n").filter(Boolean));
      return answer({ success: "Order saved." });
    }
    if (intent === "alt") {
      const result = await editDealPhotoAlt(context.db, context.clock, actor, deal.id, imageUrl, formText(form, "alt"));
      if (!result.ok) return answer({ formError: result.problems[0].message }, 400);
      return answer({ success: "Alt text saved." });
    }
    if (intent === "remove") {
      await removeDealPhoto(context.db, context.clock, actor, deal.id, imageUrl);
      return answer({ success: "Photo removed." });
    }
    return answer({ formError: "Unknown action." }, 400);
  } catch (error) {
    const shown = shownError(error);
    return answer({ formError: shown.message }, shown.status);
  }
}
