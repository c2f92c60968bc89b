import { useState } from "react";
import { STORE } from "#contract/store";
import { PauseIcon, PlayIcon } from "./icons";

/**
 * The scrolling banner that announces the customisations the boutique offers. It stops while the pointer
 * is on it or the keyboard is in it, and its button stops it for good (WCAG 2.2.2); with reduced motion it
 * never moves, and the button is not shown (app.css).
 */
export function CustomizationBanner() {
  const [paused, setPaused] = useState(false);
  const items = STORE.customizations.map((name) => `✦ ${name}`);
  return (
    <section
      aria-label="Customisations we offer"
      data-paused={paused ? "" : undefined}
      className="banner flex items-center bg-brand-800 text-sm text-brand-50 print:hidden"
    >
      <p className="sr-only">We customise: {STORE.customizations.join(", ")}.</p>
      <div className="min-w-0 flex-1 overflow-hidden py-2">
        <div className="marquee flex w-max gap-10 whitespace-nowrap" aria-hidden="true">
          {[...items, ...items].map((item, index) => (
            <span key={index}>{item}</span>
          ))}
        </div>
      </div>
      <button
        type="button"
        onClick={() => setPaused(!paused)}
        aria-label={paused ? "Play the banner" : "Pause the banner"}
        className="banner-control mx-2 flex size-7 shrink-0 items-center justify-center rounded-full bg-brand-700 hover:bg-brand-600 focus-visible:outline-brand-50"
      >
        {paused ? <PlayIcon size={16} /> : <PauseIcon size={16} />}
      </button>
    </section>
  );
}
