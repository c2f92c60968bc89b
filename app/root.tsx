import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useRouteLoaderData,
  type ShouldRevalidateFunction,
  href,
} from "react-router";
import type { Route } from "./+types/root";
import { sessionAnswer } from "./accounts/guards";
import { AfterLogout } from "./accounts/logout-button";
import type { SignedInUser } from "./accounts/signed-in-user";
import { CartProvider } from "./cart/cart-context";
import { CartDrawer } from "./cart/cart-drawer";
import { CustomizationBanner } from "./components/customization-banner";
import { InlineStylesheet } from "./components/inline-stylesheet";
import { ShownPage } from "./components/navigation";
import { NotFound } from "./components/not-found";
import { SiteFooter } from "./components/site-footer";
import { SiteHeader } from "./components/site-header";
import { Toasts } from "./components/toast";
import { categoriesCall } from "#contract/catalog";
import { deliveryRuleCall } from "#contract/delivery";
import { sellerDetailsCall } from "#contract/store-settings";
import { useMarkHydrated } from "./lib/hydration";

export async function loader({ request, context }: Route.LoaderArgs) {
  // A request the server refused before any page took it (server/web/ssr.ts): the error page says why.
  if (context.refusal) throw data(context.refusal.message, { status: context.refusal.status });
  // Only a request with cookies can carry a session: guests cost no session lookup.
  const [categories, delivery, seller, me] = await Promise.all([
    context.api(categoriesCall),
    context.api(deliveryRuleCall),
    context.api(sellerDetailsCall),
    request.headers.has("cookie") ? sessionAnswer(context) : undefined,
  ]);
  const profile = me?.ok ? me.data[0] : undefined;
  const user: SignedInUser | null = profile ? { fullName: profile.fullName, roleId: profile.roleId } : null;
  return {
    categories: categories.ok ? categories.data : [],
    // The delivery charge's rule, as the product page, the bag and the policy pages state it.
    delivery: delivery.ok ? delivery.data : null,
    // The seller's details and grievance officer, from the owner's settings: every page's footer shows them.
    seller: seller.ok ? seller.data : null,
    user,
    nonce: context.nonce,
    publicUrl: context.publicUrl,
  };
}

/**
 * Categories, the delivery charge's rule, the seller's details and the origin do not change between navigations; the user changes only through a form
 * (login, verification, logout), after which the root loads again.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod !== undefined && formMethod.toUpperCase() !== "GET" ? defaultShouldRevalidate : false;

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
        <InlineStylesheet />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const { categories, user } = useLoaderData<typeof loader>();
  useMarkHydrated();
  return (
    <CartProvider>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:bg-white focus:p-2"
      >
        Skip to content
      </a>
      <CustomizationBanner />
      <SiteHeader user={user} />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        <Outlet />
      </main>
      <SiteFooter categories={categories} />
      <CartDrawer />
      <Toasts />
      <AfterLogout />
      <ShownPage />
    </CartProvider>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <NotFound />;
  }
  // A client's mistake (a method the page does not take, a form that cannot be read, a body too large):
  // what was wrong, in the server's words.
  if (isRouteErrorResponse(error) && error.status < 500)
    return (
      <main className="mx-auto max-w-xl px-4 py-24 text-center">
        <h1 className="text-3xl font-bold">This request could not be accepted</h1>
        <p className="mt-4 text-muted">
          {typeof error.data === "string" && error.data ? error.data : error.statusText}
        </p>
        <a href={href("/")} className="mt-8 inline-block rounded-full bg-brand-600 px-6 py-3 text-white">
          Return to Home
        </a>
      </main>
    );
  return (
    <main className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">Something went wrong</h1>
      <p className="mt-4 text-muted">Please try again in a moment.</p>
      <a href={href("/")} className="mt-8 inline-block rounded-full bg-brand-600 px-6 py-3 text-white">
        Return to Home
      </a>
    </main>
  );
}
