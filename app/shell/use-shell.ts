import { useRouteLoaderData } from "react-router";
import type { Shell } from "./load-shell.server";

/** The page shell's data (brand, location, navigation) from the root loader. */
export function useShell(): Shell | undefined {
  return useRouteLoaderData<{ shell: Shell }>("root")?.shell;
}
