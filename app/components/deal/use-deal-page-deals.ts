import { useEffect, useState } from "react";
import type { DealTile } from "../../../modules/catalog/deal-tile";

export interface DealPageDeals {
  sideDeals: DealTile[];
  deals: DealTile[];
  pageSize: number;
}

/**
 * The deals around a deal (side deals and the first "More deals" page), fetched after the page
 * is interactive: they are not what the shopper came for, and leaving them out keeps the deal
 * page itself small and quick to serve.
 */
export function useDealPageDeals(path: string): DealPageDeals | null {
  const [result, setResult] = useState<DealPageDeals | null>(null);
  useEffect(() => {
    let cancelled = false;
    setResult(null);
    fetch(`/v1/product-listing-page-deal?path=${encodeURIComponent(path)}`)
      .then((response) => (response.ok ? (response.json() as Promise<DealPageDeals>) : null))
      .then((body) => {
        if (!cancelled && body) setResult({ sideDeals: body.sideDeals, deals: body.deals, pageSize: body.pageSize });
      })
      .catch(() => {});
    return () => {
      cancelled = true;
    };
  }, [path]);
  return result;
}
