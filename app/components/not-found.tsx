import { href, Link } from "react-router";

export function NotFound() {
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      <p className="font-serif text-7xl font-bold text-brand-600">404</p>
      <h1 className="mt-4 text-3xl font-bold">Oops! Page not found</h1>
      <p className="mt-3 text-muted">The page you are looking for has moved or never existed.</p>
      <Link
        to={href("/")}
        className="mt-8 inline-block rounded-full bg-brand-600 px-6 py-3 font-semibold text-white hover:bg-brand-700"
      >
        Return to Home
      </Link>
    </section>
  );
}
