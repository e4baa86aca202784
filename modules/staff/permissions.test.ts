import { expect, it } from "vitest";
import { hasPermission, PERMISSIONS, permissionsOf, type Permission } from "./permissions";
import { STAFF_ROLES } from "./schema";

it("gives the analyst only read permissions", () => {
  expect(permissionsOf("analyst").every((permission) => permission === "backoffice.open" || permission.endsWith(".read"))).toBe(true);
  expect(hasPermission("analyst", "audit.read")).toBe(true);
  expect(hasPermission("analyst", "deals.edit")).toBe(false);
});

it("lets only the owner manage staff, and gives every role the dashboard", () => {
  expect(STAFF_ROLES.filter((role) => hasPermission(role, "staff.manage"))).toEqual(["owner"]);
  expect(STAFF_ROLES.every((role) => hasPermission(role, "backoffice.open"))).toBe(true);
});

it("names only known roles, and the owner holds every permission", () => {
  for (const [permission, roles] of Object.entries(PERMISSIONS)) {
    expect(roles.every((role) => (STAFF_ROLES as readonly string[]).includes(role))).toBe(true);
    expect(hasPermission("owner", permission as Permission)).toBe(true);
  }
});
