import { Link } from "react-router";
import type { Shell } from "../shell/load-shell.server";
import { AccountHeaderMenu } from "./AccountHeaderMenu";
import { BasketHeaderLink } from "./BasketHeaderLink";
import { CountdownBanner } from "./CountdownBanner";
import { LocationPicker } from "./LocationPicker";
import { SearchBox } from "./SearchBox";
import { SiteNavigation } from "./SiteNavigation";

export function SiteHeader({ brandName, shell }: { brandName: string; shell: Shell }) {
  return (
    <>
      {shell.countdown && <CountdownBanner countdown={shell.countdown} />}
      <header className="bg-brand text-white">
        <div className="mx-auto flex min-h-[5.875rem] max-w-[85.75rem] flex-wrap items-center gap-x-4 gap-y-2 px-4 py-2">
          <Link to={`/deals/${shell.location.shortName}`} className="text-2xl font-bold tracking-tight">
            {brandName}
          </Link>
          <LocationPicker locations={shell.locations} current={shell.location.shortName} />
          <SearchBox />
          <p className="hidden text-sm lg:block">Deals up to 80% off</p>
          {/* Personal parts load in the browser, so the page itself stays the same for everyone. */}
          <div className="ml-auto flex items-center gap-3">
            <AccountHeaderMenu />
            <BasketHeaderLink />
          </div>
        </div>
        <SiteNavigation items={shell.navigation} localMatch={shell.localMatch} />
      </header>
    </>
  );
}
