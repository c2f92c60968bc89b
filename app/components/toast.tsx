import { useEffect, useState } from "react";

type SonnerModule = typeof import("sonner");
type ToastKind = "success" | "error" | "info" | "warning";

/** Set once the Toaster is on the page; until then toasts wait in the queue. */
let mounted: SonnerModule | undefined;
let deliverModule: ((module: SonnerModule) => void) | undefined;
const waiting: Array<(module: SonnerModule) => void> = [];

/** Shows a toast. The toast library is fetched with the first toast, so it costs nothing on first load. */
export function toast(kind: ToastKind, title: string, description?: string) {
  const show = (module: SonnerModule) =>
    module.toast[kind](title, description === undefined ? undefined : { description });
  if (mounted) {
    show(mounted);
    return;
  }
  waiting.push(show);
  void import("sonner").then((module) => deliverModule?.(module));
}

/** Takes away the toasts shown and any still waiting (a page the shopper left was showing them). */
export function dismissToasts() {
  waiting.length = 0;
  mounted?.toast.dismiss();
}

/**
 * Where toasts appear; rendered once in the root layout. At the bottom: at the top, a toast covered the
 * header's links (on a phone, where it spans the screen, the whole header) for the 5 seconds it stays.
 */
export function Toasts() {
  const [module, setModule] = useState<SonnerModule>();
  useEffect(() => {
    deliverModule = setModule;
    return () => {
      deliverModule = undefined;
    };
  }, []);
  useEffect(() => {
    if (!module) return;
    // The Toaster (a child) has subscribed by now: effects run children first.
    mounted = module;
    for (const show of waiting.splice(0)) show(module);
  }, [module]);
  if (!module) return null;
  const { Toaster } = module;
  return <Toaster position="bottom-center" richColors closeButton duration={5000} />;
}
