/**
 * A deal link that tells the deal page where the shopper came from (`usr_src`): after its closing
 * date a lastChance deal stays buyable for arrivals from search (spec discovery §4).
 */
export function withArrivalSource(urlPath: string, source: string): string {
  return `${urlPath}${urlPath.includes("?") ? "&" : "?"}usr_src=${encodeURIComponent(source)}`;
}

export const SEARCH_SOURCE = "search";

/** Spec: a deal page reached from a sponsored result carries usr_src=sponsored_search_… */
export function sponsoredSearchSource(adId: string): string {
  return `sponsored_search_${adId}`;
}
