import { useEffect } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  useLoaderData,
  useLocation,
  useRouteLoaderData,
  type ShouldRevalidateFunction,
} from "react-router";
import type { Route } from "./+types/root";
import { CartProvider } from "./cart/cart-context";
import { CartDrawer } from "./cart/cart-drawer";
import { CustomizationBanner } from "./components/customization-banner";
import { NotFound } from "./components/not-found";
import { SiteFooter } from "./components/site-footer";
import { SiteHeader } from "./components/site-header";
import { Toasts } from "./components/toast";
import { createApiClient } from "./lib/api-client";
import "./app.css";

export async function loader({ context }: Route.LoaderArgs) {
  const result = await createApiClient(context.api).categories();
  return { categories: result.ok ? result.data : [], nonce: context.nonce, publicUrl: context.publicUrl };
}

/** Categories and the origin do not change between navigations. */
export const shouldRevalidate: ShouldRevalidateFunction = () => false;

function ScrollToTopOnPathChange() {
  const { pathname } = useLocation();
  useEffect(() => {
    const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    window.scrollTo({ top: 0, behavior: reduce ? "auto" : "smooth" });
  }, [pathname]);
  return null;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const nonce = data?.nonce;
  return (
    <html lang="en-IN">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#7f1f40" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen">
        {children}
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const { categories } = useLoaderData<typeof loader>();
  return (
    <CartProvider>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:bg-white focus:p-2"
      >
        Skip to content
      </a>
      <CustomizationBanner />
      <SiteHeader />
      <main id="main" tabIndex={-1} className="outline-none">
        <Outlet />
      </main>
      <SiteFooter categories={categories} />
      <CartDrawer />
      <Toasts />
      <ScrollToTopOnPathChange />
    </CartProvider>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <NotFound />;
  }
  return (
    <main className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">Something went wrong</h1>
      <p className="mt-4 text-muted">Please try again in a moment.</p>
      <a href="/" className="mt-8 inline-block rounded-full bg-brand-600 px-6 py-3 text-white">
        Return to Home
      </a>
    </main>
  );
}
