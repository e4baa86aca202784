import { redirect } from "react-router";
import { visitorLocation } from "../shell/load-shell.server";
import type { Route } from "./+types/home";

/** The site root sends shoppers to their chosen location's homepage (cookie), else the brand's default. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const location = await visitorLocation(context, request);
  return redirect(`/deals/${location.shortName}`);
}
