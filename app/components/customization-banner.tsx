import { STORE } from "#contract/store";

/** The scrolling banner that announces the customisations the boutique offers. */
export function CustomizationBanner() {
  const items = STORE.customizations.map((name) => `✦ ${name}`);
  return (
    <section
      aria-label="Customisations we offer"
      className="overflow-hidden bg-brand-800 py-2 text-sm text-brand-50"
    >
      <p className="sr-only">We customise: {STORE.customizations.join(", ")}.</p>
      <div className="marquee flex w-max gap-10 whitespace-nowrap" aria-hidden="true">
        {[...items, ...items].map((item, index) => (
          <span key={index}>{item}</span>
        ))}
      </div>
    </section>
  );
}
