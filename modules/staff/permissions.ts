import { STAFF_ROLES, type StaffRole } from "./roles";

const EVERYONE = STAFF_ROLES;

/**
 * The one table of who may do what in the back office (docs/decisions/staff-permissions.md): each
 * permission and the roles that hold it. Every /admin loader and action and every /v1/admin route
 * checks one of these on the server; pages hide what a role lacks. The analyst holds only `*.read`.
 */
export const PERMISSIONS = {
  /** The dashboard: every signed-in member of staff. */
  "backoffice.open": EVERYONE,
  "staff.manage": ["owner"],
  "audit.read": ["owner", "customer_service_lead", "finance", "analyst"],
  "deals.read": EVERYONE,
  "deals.edit": ["owner", "deal_manager", "editor"],
  /** Building a new deal or a copy of one (docs/decisions/deal-editor-prices-and-baskets.md). */
  "deals.create": ["owner", "deal_manager"],
  "deals.approve": ["owner", "deal_manager"],
  "merchants.read": ["owner", "deal_manager", "merchant_operations", "finance", "analyst"],
  "merchants.manage": ["owner", "merchant_operations"],
  /** Changing a merchant's bank details (docs/decisions/merchant-bank-details.md). */
  "merchants.bank-details": ["owner", "finance"],
  "content.edit": ["owner", "editor"],
  /** Promo codes give money away: the people who plan the deals, and the owner. */
  "promotions.manage": ["owner", "deal_manager"],
  "customers.read": ["owner", "customer_service", "customer_service_lead", "analyst"],
  /** Helping a shopper: notes, refunds within their own rights, emails sent again, unlocking their account (the analyst only reads). */
  "customers.help": ["owner", "customer_service", "customer_service_lead"],
  "refunds.goodwill": ["owner", "customer_service_lead"],
  "payouts.manage": ["owner", "finance"],
  /** Fraud review: the queue of held orders, approving (vouchers released) or rejecting (payment voided) each. */
  "orders.review": ["owner", "customer_service_lead", "finance"],
  "reports.read": ["owner", "deal_manager", "finance", "analyst"],
  /** Background jobs: who may see them, and who may run a dead one again. */
  "operations.read": ["owner", "analyst"],
  "operations.manage": ["owner"],
  /** Merchants' deal proposals: the review queue, comments, and the moves (approving makes a draft deal). */
  "proposals.review": ["owner", "deal_manager"],
} as const satisfies Record<string, readonly StaffRole[]>;

export type Permission = keyof typeof PERMISSIONS;

export function hasPermission(role: StaffRole, permission: Permission): boolean {
  return (PERMISSIONS[permission] as readonly StaffRole[]).includes(role);
}

/** The permissions a role holds, in the table's order (for pages that hide what a role cannot do). */
export function permissionsOf(role: StaffRole): Permission[] {
  return (Object.keys(PERMISSIONS) as Permission[]).filter((permission) => hasPermission(role, permission));
}

/** The roles as people read them. */
export const ROLE_LABELS: Record<StaffRole, string> = {
  owner: "Owner",
  deal_manager: "Deal manager",
  editor: "Editor",
  merchant_operations: "Merchant operations",
  customer_service: "Customer service",
  customer_service_lead: "Customer service lead",
  finance: "Finance",
  analyst: "Analyst (read only)",
};

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === "string" && (STAFF_ROLES as readonly string[]).includes(value);
}
