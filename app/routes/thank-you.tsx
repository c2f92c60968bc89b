import { pageMeta } from "~/lib/seo";

export const meta = () => pageMeta({ title: "thank you", description: "thank you" });

export default function Page() {
  return <section className="mx-auto max-w-3xl px-4 py-16"><h1 className="text-3xl font-bold">thank you</h1></section>;
}
