import { pageMeta } from "~/lib/seo";

export const meta = () => pageMeta({ title: "not available", description: "not available" });

export default function Page() {
  return <section className="mx-auto max-w-3xl px-4 py-16"><h1 className="text-3xl font-bold">not available</h1></section>;
}
