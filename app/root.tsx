import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/root";
import { useCspNonce } from "./csp-nonce";
import { DemoBanner } from "./components/DemoBanner";
import { PageLoader } from "./components/PageLoader";
import { AppShellPrompts } from "./components/AppShellPrompts";
import { RouteAnnouncer } from "./components/RouteAnnouncer";
import { SiteFooter } from "./components/SiteFooter";
import { SiteHeader } from "./components/SiteHeader";
import { ToastProvider } from "./components/Toasts";
import { ANONYMOUS_VIEWER, ViewerProvider, serverViewer } from "./components/viewer";
import { loadShell } from "./shell/load-shell.server";
import { NotFoundReporter } from "./components/NotFoundReporter";
import { ERROR_REPORTER_SCRIPT } from "./tracking/error-reporter";
import appCss from "./styles/app.css?url";
import { documentLanguage, withBrand } from "./seo";

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: appCss },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "manifest", href: "/manifest.webmanifest" },
];

export async function loader({ context, request, url }: Route.LoaderArgs) {
  const { brand } = context;
  return {
    shell: await loadShell(context, request, url),
    brand: {
      id: brand.id,
      displayName: brand.displayName,
      theme: brand.theme,
      currency: brand.currency,
      defaultLocationSlug: brand.defaultLocationSlug,
      countryCode: brand.countryCode,
      lang: documentLanguage(brand.countryCode),
    },
    // Only a signed-in request has a customer; it bypasses shared caches (see components/viewer.tsx).
    viewer: serverViewer(context.customer),
    demo: context.demo,
  };
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const brand = data?.brand;
  const shell = data?.shell;
  const nonce = useCspNonce();
  // The back office has its own header (app/routes/admin/layout.tsx): no shop header, footer or shopper prompts.
  const backOffice = /^\/admin(\/|\.|$)/.test(useLocation().pathname);
  return (
    <html lang={brand?.lang ?? "en-GB"} data-theme={brand?.theme ?? "wowcher"} data-season={shell?.season ?? undefined} data-site={shell?.siteTheme ?? undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* Client errors to POST /v1/errorLog, before anything else can fail (app/tracking/error-reporter.ts). */}
        <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: ERROR_REPORTER_SCRIPT }} />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen flex flex-col">
        <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:p-2 focus:bg-white">
          Skip to content
        </a>
        <ToastProvider>
          <ViewerProvider server={data?.viewer ?? ANONYMOUS_VIEWER}>
            <PageLoader />
            {brand && !backOffice && <AppShellPrompts brandId={brand.id} brandName={brand.displayName} />}
            {data?.demo && <DemoBanner mailbox={data.demo.mailbox} />}
            {brand && shell && !backOffice && <SiteHeader brandName={brand.displayName} shell={shell} />}
            <main id="main" className="flex-1 w-full max-w-[85.75rem] mx-auto px-4 py-6">
              {children}
            </main>
            {brand && !backOffice && <SiteFooter brandName={brand.displayName} />}
          </ViewerProvider>
        </ToastProvider>
        <RouteAnnouncer />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const brandName = useRouteLoaderData<typeof loader>("root")?.brand.displayName ?? null;
  return (
    <section className="py-16 text-center">
      <title>{withBrand(notFound ? "Page not found" : "Something went wrong", brandName)}</title>
      <meta name="robots" content="NOINDEX, NOFOLLOW" />
      {notFound && <NotFoundReporter />}
      <h1 className="text-3xl font-bold mb-4">{notFound ? "Page not found" : "Something went wrong"}</h1>
      <p className="mb-6">
        {notFound
          ? "The page you were looking for isn't here. It may have moved, or the deal may have ended."
          : "An unexpected error occurred. Please try again in a moment."}
      </p>
      <a className="inline-block rounded bg-brand px-5 py-3 font-bold text-white hover:bg-brand-dark" href="/">
        Browse today's deals
      </a>
    </section>
  );
}
