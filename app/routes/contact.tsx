import { pageMeta } from "~/lib/seo";

export const meta = () => pageMeta({ title: "contact", description: "contact" });

export default function Page() {
  return <section className="mx-auto max-w-3xl px-4 py-16"><h1 className="text-3xl font-bold">contact</h1></section>;
}
