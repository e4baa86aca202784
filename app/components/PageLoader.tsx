import { useEffect } from "react";
import { useLocation, useNavigation } from "react-router";

/**
 * A thin bar at the top while the next page loads; only when the path changes (a new query does
 * not count). It also marks the document as interactive (html[data-hydrated]) once React has
 * taken over, which browser tests and progressive-enhancement styles rely on.
 */
export function PageLoader() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const loading = navigation.state === "loading" && navigation.location.pathname !== pathname;
  if (!loading) return null;
  return (
    <div role="progressbar" aria-label="Loading page" className="fixed inset-x-0 top-0 z-50 h-1 overflow-hidden bg-brand/20">
      <div className="h-full w-1/3 animate-[page-loader_1s_ease-in-out_infinite] bg-brand" />
    </div>
  );
}
