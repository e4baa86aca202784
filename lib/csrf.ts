/** Where browsers send the CSRF token: HTML forms in a hidden field, scripts in a header. */
export const CSRF_FIELD = "_csrf";
export const CSRF_HEADER = "x-csrf-token";
