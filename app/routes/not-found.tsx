import { data } from "react-router";
import { NotFound } from "~/components/not-found";
import { pageMeta } from "~/lib/seo";

export function loader() {
  return data(null, { status: 404 });
}

export const meta = () =>
  pageMeta({ title: "Page not found", description: "This page does not exist.", noindex: true });

export default function NotFoundRoute() {
  return <NotFound />;
}
