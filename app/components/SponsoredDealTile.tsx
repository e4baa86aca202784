import type { DealTile as DealTileData } from "../../modules/catalog/deal-tile";
import { sponsoredSearchSource, withArrivalSource } from "../tracking/arrival-source";
import { sendSponsoredEvent } from "../tracking/sponsored-events";
import { DealTile } from "./DealTile";

/** A paid placement: labelled 'Sponsored' for the shopper, its clicks reported for the advertiser. */
export function SponsoredDealTile({ deal, adId, eager }: { deal: DealTileData; adId: string; eager: boolean }) {
  return (
    <div
      className="relative h-full"
      data-ad-id={adId}
      data-testid="sponsored-tile"
      onClickCapture={(event) => {
        if ((event.target as HTMLElement).closest("a")) void sendSponsoredEvent("click", [{ adId, dealId: deal.id }]);
      }}
    >
      <p className="absolute left-2 top-2 z-10 rounded bg-white/95 px-2 py-0.5 text-xs font-bold uppercase tracking-wide text-gray-800 shadow">
        Sponsored
      </p>
      <DealTile deal={{ ...deal, urlPath: withArrivalSource(deal.urlPath, sponsoredSearchSource(adId)) }} eager={eager} />
    </div>
  );
}
