/** The staff roles of the back office (plain data, safe for browser code; the table's check lists the same); what each may do is the permission table in `permissions.ts`. */
export const STAFF_ROLES = [
  "owner",
  "deal_manager",
  "editor",
  "merchant_operations",
  "customer_service",
  "customer_service_lead",
  "finance",
  "analyst",
] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
