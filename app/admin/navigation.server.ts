import { data, type AppLoadContext } from "react-router";
import { moveNavigationItem, renameNavigationItem, setNavigationItemHidden } from "../../modules/catalog/navigation-editing";
import type { CountryCode } from "../../lib/brand";
import type { StaffActor } from "../../modules/staff/staff-actor";
import { shownError } from "../../server/errors";
import { formText } from "../accounts/page.server";

export type NavigationAnswer = { fieldErrors?: Record<string, string>; formError?: string; success?: string; focus?: string; values?: Record<string, string> };

/** The navigation page's forms: move an item one place, rename, hide or show it; each audited by its use case. */
export async function navigationAction(context: AppLoadContext, actor: StaffActor, countryCode: CountryCode, form: FormData) {
  const answer = (result: NavigationAnswer, status = 200) => data<NavigationAnswer>(result, { status });
  const intent = formText(form, "intent");
  const id = Number(formText(form, "id"));
  if (!Number.isSafeInteger(id) || id < 1) return answer({ formError: "Open the page again: that item is not known." }, 400);
  try {
    if (intent === "up" || intent === "down") {
      await moveNavigationItem(context.db, context.clock, actor, countryCode, id, intent);
      return answer({ success: `Moved ${intent}: shoppers see the new order on their next page.`, focus: `${intent}:${id}` });
    }
    if (intent === "rename") {
      const linkText = formText(form, "linkText").trim();
      const problem = linkText === "" ? "Enter the name shown in the header." : linkText.length > 40 ? "Enter no more than 40 characters." : null;
      if (problem) return answer({ fieldErrors: { [`linkText-${id}`]: problem }, values: { [`linkText-${id}`]: linkText } }, 400);
      await renameNavigationItem(context.db, context.clock, actor, id, linkText);
      return answer({ success: `Renamed to “${linkText}”: shoppers see it on their next page.` });
    }
    if (intent === "hide" || intent === "show") {
      await setNavigationItemHidden(context.db, context.clock, actor, id, intent === "hide");
      return answer({
        success: intent === "hide" ? "Hidden: the header leaves it out from shoppers' next page." : "Shown: the header has it again from shoppers' next page.",
        focus: `${intent === "hide" ? "show" : "hide"}:${id}`,
      });
    }
    return answer({ formError: "Unknown action." }, 400);
  } catch (error) {
    const shown = shownError(error);
    return answer({ formError: shown.message }, shown.status);
  }
}
