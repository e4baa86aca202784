import type { Permission } from "../../modules/staff/permissions";

/**
 * Every /admin page (its path in app/routes.ts) and the permission its loader and action require;
 * null for the sign-in steps, which are open to anyone. A page missing here fails
 * tests/pages/admin-permissions.test.ts. Each page's guard reads its line (`requireAdminPage`).
 */
export const ADMIN_PAGE_PERMISSIONS = {
  "admin/login": null,
  "admin/logout": null,
  "admin/second-factor": null,
  "admin/enrol": null,
  "admin/invitation/:token": null,
  admin: "backoffice.open",
  "admin/staff": "staff.manage",
  "admin/audit": "audit.read",
  "admin/jobs": "operations.read",
  "admin/telemetry": "operations.read",
  "admin/experiments": "operations.read",
  "admin/audit.csv": "audit.read",
  "admin/deals": "deals.read",
  "admin/deals.csv": "deals.read",
  "admin/deals/new": "deals.create",
  "admin/deals/:id": "deals.read",
  "admin/deals/:id/travel-rates": "deals.read",
  "admin/deals/:id/travel-rates/:productId": "deals.read",
  "admin/deals/:id/travel-rates.csv": "deals.read",
  "admin/deals/:id/edit": "deals.edit",
  "admin/deals/:id/photos": "deals.read",
  "admin/deals/:id/bundle": "deals.read",
  "admin/merchants": "merchants.read",
  "admin/merchants/:id": "merchants.read",
  "admin/content": "content.edit",
  "admin/content/:id": "content.edit",
  "admin/promo-codes": "promotions.manage",
  "admin/promo-codes/new": "promotions.manage",
  "admin/promo-codes/:id": "promotions.manage",
  "admin/merchants/:id/bank-details": "merchants.read",
  "admin/deals/import": "deals.create",
  "admin/deals/import-template.csv": "deals.create",
  "admin/proposals": "proposals.review",
  "admin/proposals/:id": "proposals.review",
  "admin/scrollers": "content.edit",
  "admin/themes": "content.edit",
  "admin/countdowns": "content.edit",
  "admin/sponsored": "promotions.manage",
  "admin/navigation": "content.edit",
  "admin/gift-presets": "deals.edit",
  "admin/customers": "customers.read",
  "admin/customers/:id": "customers.read",
  "admin/customers/:id/export.json": "customers.help",
  "admin/payouts": "payouts.manage",
  "admin/payouts/:id": "payouts.manage",
  "admin/payouts/:id/statement.csv": "payouts.manage",
  "admin/payouts/:id/statement.pdf": "payouts.manage",
  "admin/payouts/bank-files/:id/bacs.csv": "payouts.manage",
  "admin/reports": "reports.read",
  "admin/reports.csv": "reports.read",
  "admin/fraud-review": "orders.review",
  "admin/insights": "reports.read",
} as const satisfies Record<string, Permission | null>;

export type AdminPage = keyof typeof ADMIN_PAGE_PERMISSIONS;

/**
 * Pages whose actions (any non-GET request) need more than the page's own permission: seeing a
 * deal or a merchant is open to more roles than changing one. The guard checks both.
 */
export const ADMIN_ACTION_PERMISSIONS: Partial<Record<AdminPage, Permission>> = {
  "admin/deals/:id": "deals.edit",
  "admin/deals/:id/travel-rates": "deals.edit",
  "admin/deals/:id/travel-rates/:productId": "deals.edit",
  "admin/jobs": "operations.manage",
  "admin/deals/:id/photos": "deals.edit",
  "admin/deals/:id/bundle": "deals.edit",
  "admin/merchants/:id": "merchants.manage",
  "admin/merchants/:id/bank-details": "merchants.bank-details",
  "admin/customers/:id": "customers.help",
};

/** The dashboard's links: the pages a role may open, in this order (only pages that exist). */
export const ADMIN_NAVIGATION: { page: AdminPage; href: string; label: string; description: string }[] = [
  {
    page: "admin/customers",
    href: "/admin/customers",
    label: "Shoppers",
    description: "Find a shopper by email, name, order number, voucher or gift card code, card's last four digits or postcode; see everything about them on one page; add notes.",
  },
  { page: "admin/deals", href: "/admin/deals", label: "Deals", description: "Find any deal by id, headline or merchant; filter by state, type, location, category and closing date; export as CSV." },
  { page: "admin/proposals", href: "/admin/proposals", label: "Deal proposals", description: "Merchants' proposed deals: read them, talk them over, ask for changes, reject, or approve into a draft deal." },
  { page: "admin/merchants", href: "/admin/merchants", label: "Merchants", description: "Find a merchant; change its names, VAT number, contacts and commission; invite people to its portal." },
  { page: "admin/content", href: "/admin/content", label: "Content pages", description: "Change the words of /page/… pages, guides and editorial pages, with a preview; shoppers read them on their next page." },
  { page: "admin/promo-codes", href: "/admin/promo-codes", label: "Promo codes", description: "Create and change promo codes: amount, minimum spend, scope, dates and limits, previewed in words." },
  { page: "admin/scrollers", href: "/admin/scrollers", label: "Home scrollers", description: "Add, change, remove and order the home page's deal scrollers, with a preview of their deals." },
  { page: "admin/themes", href: "/admin/themes", label: "Themes and countdowns", description: "Seasonal themes' sites, dates and priorities, with a preview of the theme and countdown bar at any moment." },
  { page: "admin/countdowns", href: "/admin/countdowns", label: "Countdown bars", description: "Each site's countdown bar above the header: its words, link and the real end it counts down to." },
  { page: "admin/sponsored", href: "/admin/sponsored", label: "Sponsored campaigns", description: "Deals promoted in search: their words or categories, bid per click, daily budget and dates." },
  { page: "admin/gift-presets", href: "/admin/gift-presets", label: "Gift wrap and gift packs", description: "What checkout charges for gift wrap and gift packs in each market, and how many are left." },
  { page: "admin/navigation", href: "/admin/navigation", label: "Navigation", description: "Order and rename each market's header navigation, previewed as the header shows it." },
  {
    page: "admin/fraud-review",
    href: "/admin/fraud-review",
    label: "Fraud review",
    description: "Orders held at checkout (a high-risk deal, or many cards, declines or new accounts from one address or device): read the signals, approve or reject.",
  },
  {
    page: "admin/reports",
    href: "/admin/reports",
    label: "Reports",
    description: "Sales by day, brand, category and location; top deals; refunds and their reasons; liabilities; each with a chart, a table and a CSV download.",
  },
  {
    page: "admin/insights",
    href: "/admin/insights",
    label: "Insights",
    description: "Today so far on each site: orders, units sold, sales and visitors, read again every 30 seconds.",
  },
  {
    page: "admin/payouts",
    href: "/admin/payouts",
    label: "Merchant payouts",
    description: "Each week's payouts to merchants: approve them, download the BACS file, mark them paid or failed; each with its statement.",
  },
  { page: "admin/staff", href: "/admin/staff", label: "Staff", description: "Invite staff, change roles, disable accounts." },
  { page: "admin/audit", href: "/admin/audit", label: "Audit trail", description: "Every change staff made: search by person, entity and date; export as CSV." },
  { page: "admin/jobs", href: "/admin/jobs", label: "Jobs", description: "Background jobs: find the dead ones, read why they stopped, and run them again." },
  {
    page: "admin/telemetry",
    href: "/admin/telemetry",
    label: "Telemetry",
    description: "What browsers reported over a period: reports by kind and site, the most-hit missing pages and the commonest client errors.",
  },
  { page: "admin/experiments", href: "/admin/experiments", label: "Experiments", description: "The A/B tests: visitors who entered each variant in a period, and their exposures." },
];
