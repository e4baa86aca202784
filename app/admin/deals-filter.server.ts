import { ADMIN_DEALS_PAGE_SIZES, ADMIN_DEALS_SORTS, type AdminDealsPageSize, type AdminDealsQuery, type AdminDealsSort } from "../../modules/catalog/admin-deals";
import { DEAL_STATUSES, type DealStatus, type DealType } from "../../modules/catalog/schema";

const DEAL_TYPES: readonly DealType[] = ["local", "national", "travel"];
const DAY_MS = 86_400_000;

const oneOf = <T extends string>(list: readonly T[], value: string | null): T | undefined => (list as readonly string[]).includes(value ?? "") ? (value as T) : undefined;
const id = (value: string | null) => (value && /^\d{1,9}$/.test(value) ? Number(value) : undefined);
const day = (value: string | null) => (value && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) ? new Date(`${value}T00:00:00Z`) : undefined);

/** The deals table's address parameters, as the form fields show them back. */
export interface DealsFilterValues {
  q: string;
  status: string;
  type: string;
  location: string;
  category: string;
  closingFrom: string;
  closingTo: string;
  sort: AdminDealsSort;
  direction: "asc" | "desc";
  size: string;
}

/**
 * The deals table's query from its address (search, filters, sort, page); anything malformed is
 * ignored rather than refused, so a hand-edited or old address still answers.
 */
export function dealsQueryFromUrl(url: URL): { query: AdminDealsQuery; values: DealsFilterValues; page: number } {
  const params = url.searchParams;
  const q = (params.get("q") ?? "").trim().slice(0, 100);
  const sort = oneOf(ADMIN_DEALS_SORTS, params.get("sort")) ?? "updated";
  const direction = params.get("direction") === "asc" ? "asc" : params.get("direction") === "desc" ? "desc" : sort === "headline" ? "asc" : "desc";
  const pageSize = (ADMIN_DEALS_PAGE_SIZES as readonly number[]).includes(Number(params.get("size"))) ? (Number(params.get("size")) as AdminDealsPageSize) : 50;
  const page = Math.min(10_000, id(params.get("page")) ?? 1) || 1;
  const closingFrom = day(params.get("closingFrom"));
  const closingTo = day(params.get("closingTo"));
  const query: AdminDealsQuery = {
    q: q || undefined,
    status: oneOf<DealStatus>(DEAL_STATUSES, params.get("status")),
    dealType: oneOf(DEAL_TYPES, params.get("type")),
    locationId: id(params.get("location")),
    categoryId: id(params.get("category")),
    closingFrom,
    closingBefore: closingTo ? new Date(closingTo.getTime() + DAY_MS) : undefined,
    sort,
    direction,
    page,
    pageSize,
  };
  const values: DealsFilterValues = {
    q,
    status: query.status ?? "",
    type: query.dealType ?? "",
    location: query.locationId ? String(query.locationId) : "",
    category: query.categoryId ? String(query.categoryId) : "",
    closingFrom: closingFrom ? params.get("closingFrom")! : "",
    closingTo: closingTo ? params.get("closingTo")! : "",
    sort,
    direction,
    size: String(pageSize),
  };
  return { query, values, page };
}

/** The address of the table with some values changed (a sort, a page), keeping the rest. */
export function dealsHref(values: DealsFilterValues, changes: Partial<DealsFilterValues> & { page?: number }): string {
  const merged: Record<string, string> = { ...values, ...Object.fromEntries(Object.entries(changes).map(([key, value]) => [key, String(value)])) };
  const defaults: Record<string, string> = { sort: "updated", size: "50", page: "1", direction: merged.sort === "headline" ? "asc" : "desc" };
  const params = new URLSearchParams(Object.entries(merged).filter(([key, value]) => value !== "" && defaults[key] !== value));
  return `/admin/deals${params.size ? `?${params}` : ""}`;
}
