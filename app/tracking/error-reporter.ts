/** At most this many client errors are reported per page view (a loop of errors sends five, not thousands). */
export const MAX_ERROR_REPORTS_PER_PAGE = 5;

/**
 * The inline script (rendered first in <head>, with the CSP nonce) that reports client errors to
 * POST /v1/errorLog: uncaught errors (window "error") and unhandled promise rejections, each
 * distinct name and message once, at most five per page, before the app's own code has loaded (an
 * error that stops hydration is the one most worth knowing about). The CSRF token every /v1 write
 * needs comes from /v1/user/session, fetched only when there is something to report. Failures are
 * dropped: reporting never disturbs shopping. Written as plain ES5 so any browser can run it.
 */
export const ERROR_REPORTER_SCRIPT = `(function () {
  var seen = {}, count = 0, token = null;
  function csrf() {
    return token || (token = fetch("/v1/user/session", { credentials: "same-origin", headers: { accept: "application/json" } })
      .then(function (r) { if (!r.ok) throw new Error("session " + r.status); return r.json(); })
      .then(function (s) { return s.csrfToken; }));
  }
  function text(value, max) { return value == null ? undefined : String(value).slice(0, max); }
  function report(kind, name, message, stack) {
    message = text(message || "Unknown error", 1000);
    var key = name + ": " + message;
    if (seen[key] || count >= ${MAX_ERROR_REPORTS_PER_PAGE}) return;
    seen[key] = true;
    count += 1;
    var body = JSON.stringify({
      client: "web", description: kind, name: text(name || "Error", 200), message: message, error: text(stack, 3000),
      referrer: location.origin + location.pathname, userAgent: text(navigator.userAgent, 1000)
    });
    csrf().then(function (t) {
      return fetch("/v1/errorLog", { method: "POST", keepalive: true, credentials: "same-origin", headers: { "content-type": "application/json", "x-csrf-token": t }, body: body });
    }).catch(function () { token = null; });
  }
  addEventListener("error", function (e) {
    var err = e.error;
    if (!err && !e.message) return;
    report("window.onerror", err && err.name, e.message || (err && err.message), err && err.stack);
  });
  addEventListener("unhandledrejection", function (e) {
    var r = e.reason;
    report("unhandledrejection", (r && r.name) || "UnhandledRejection", r && r.message ? r.message : r, r && r.stack);
  });
})();`;
