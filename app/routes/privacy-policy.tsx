import { pageMeta } from "~/lib/seo";

export const meta = () => pageMeta({ title: "privacy policy", description: "privacy policy" });

export default function Page() {
  return <section className="mx-auto max-w-3xl px-4 py-16"><h1 className="text-3xl font-bold">privacy policy</h1></section>;
}
