import { useEffect } from "react";
import { postBeacon } from "../tracking/beacon";

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** Spec: log dates read DD/MMMM/YYYY HH:mm:ss. */
export function logDateTime(at: Date): string {
  const two = (n: number) => String(n).padStart(2, "0");
  return `${two(at.getDate())}/${MONTHS[at.getMonth()]}/${at.getFullYear()} ${two(at.getHours())}:${two(at.getMinutes())}:${two(at.getSeconds())}`;
}

/**
 * Reports a page-not-found hit once the page is in the browser (cached 404 pages too): the path
 * and the user agent. The server recognises search bots by their user agent and stores their
 * visit as a bot report (reason 'This is a bot'). Renders nothing.
 */
export function NotFoundReporter() {
  useEffect(() => {
    postBeacon("/v1/notFoundHit", { pageNotFound: window.location.pathname, userAgent: navigator.userAgent, dateTime: logDateTime(new Date()) });
  }, []);
  return null;
}
