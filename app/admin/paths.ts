/** The back office's fixed addresses (safe for browser code, unlike the guard). */
export const ADMIN_HOME = "/admin";
export const ADMIN_LOGIN = "/admin/login";
