import { Scripts } from "react-router";

/** The element that holds React Router's scripts until the page's first images have loaded. */
export const PAGE_SCRIPTS_ID = "page-scripts";

/** The longest the scripts wait for the first images (a stalled image must not keep the page inert). */
export const FIRST_IMAGES_TIMEOUT_MS = 2500;

/**
 * Runs in the page, right after the <noscript> that holds React Router's scripts as text. It runs React
 * Router's context script at once (the data that follows in the page is written into it), then, once every
 * image marked fetchpriority="high" has loaded and been decoded (or failed) and is on screen, adds the
 * module preloads and the module script that load and hydrate the page.
 */
function startPageScripts(id: string, timeoutMs: number) {
  const holder = document.getElementById(id);
  if (!holder) return;
  // Parsed here (and not with innerHTML), the scripts run when they are added to the page.
  const fragment = document.createRange().createContextualFragment(holder.textContent ?? "");
  const moduleParts = [...fragment.querySelectorAll('link[rel="modulepreload"], script[type="module"]')];
  for (const part of moduleParts) part.remove();
  document.head.append(fragment);

  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    // The preloads first and the module script in the next task: each request costs the page's main
    // thread a few milliseconds, and two short tasks keep it free for a tap sooner than one long one.
    document.head.append(...moduleParts.filter((part) => part.tagName === "LINK"));
    setTimeout(() => document.head.append(...moduleParts.filter((part) => part.tagName === "SCRIPT")), 0);
  };
  // Decoded, an image is painted in the next frame; the frame after that one has it on screen.
  const afterPaint = () => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(start, 0)));
  const images = [...document.querySelectorAll<HTMLImageElement>('img[fetchpriority="high"]')];
  void Promise.all(images.map((image) => image.decode().catch(() => undefined))).then(afterPaint);
  setTimeout(start, timeoutMs);
}

/** In the browser, the two elements as the server sent them (read before hydration, kept by it). */
const sentByServer =
  typeof document === "undefined"
    ? null
    : {
        scripts: document.getElementById(PAGE_SCRIPTS_ID)?.innerHTML ?? "",
        loader: document.getElementById(PAGE_SCRIPTS_ID)?.nextElementSibling?.innerHTML ?? "",
      };

/**
 * React Router's <Scripts>, started after the page's first images. On a phone on slow 4G the page's
 * scripts (about 60 KB) would otherwise share the connection with the image a shopper waits for and delay
 * it by several hundred milliseconds; the page is server-rendered and its links and forms work before it
 * hydrates. The server writes the scripts into a <noscript> (which a browser running scripts keeps as
 * text, so nothing in it is fetched or run) and a small inline script that starts them; see
 * docs/decisions/010-page-speed.md. In the browser both elements are kept as the server sent them.
 */
export function PageScripts({ nonce }: { nonce: string | undefined }) {
  if (sentByServer) {
    return (
      <>
        <noscript id={PAGE_SCRIPTS_ID} dangerouslySetInnerHTML={{ __html: sentByServer.scripts }} />
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: sentByServer.loader }} />
      </>
    );
  }
  const loader = `(${startPageScripts.toString()})(${JSON.stringify(PAGE_SCRIPTS_ID)}, ${FIRST_IMAGES_TIMEOUT_MS});`;
  return (
    <>
      <noscript id={PAGE_SCRIPTS_ID}>
        <Scripts nonce={nonce} />
      </noscript>
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: loader }} />
    </>
  );
}
