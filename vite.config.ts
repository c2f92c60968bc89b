import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin, type Rollup } from "vite";

const appFile = (file: string) => fileURLToPath(new URL(`./app/${file}`, import.meta.url));

/** The modules a shopper's first page load runs: the browser entry, the root and the storefront routes. */
const STOREFRONT_ENTRIES = new Set(
  ["entry.client.tsx", "root.tsx", "routes/home.tsx", "routes/products.tsx", "routes/product.tsx"].map(
    appFile,
  ),
);

/** Whether a storefront entry imports the module, directly or through other modules (not dynamically). */
function loadedByStorefront(
  id: string,
  getModuleInfo: Rollup.GetModuleInfo,
  seen = new Set<string>(),
): boolean {
  if (seen.has(id)) return false;
  seen.add(id);
  return (getModuleInfo(id)?.importers ?? []).some(
    (importer) => STOREFRONT_ENTRIES.has(importer) || loadedByStorefront(importer, getModuleInfo, seen),
  );
}

/**
 * On a phone on slow 4G every request costs a round trip, and Rollup's default splitting made about
 * twenty small chunks for a storefront page. Everything the storefront pages load at start (React,
 * React Router and the store's shared modules) goes into one `storefront` chunk, so that a page loads
 * four scripts: the entry, that chunk, the root and its route. Route modules stay chunks of their own, and
 * code only other pages (account, admin) or a dynamic import (toasts) need is still split as Rollup does.
 * Client build only: the server bundle is not split. See docs/decisions/024-browser-runtime.md.
 */
function storefrontChunk(): Plugin {
  return {
    name: "storefront-chunk",
    configEnvironment(name) {
      if (name !== "client") return;
      return {
        build: {
          rollupOptions: {
            output: {
              manualChunks(id, { getModuleInfo }) {
                if (STOREFRONT_ENTRIES.has(id) || id.includes("?")) return undefined;
                if (id.startsWith(appFile("routes/"))) return undefined;
                return loadedByStorefront(id, getModuleInfo) ? "storefront" : undefined;
              },
            },
          },
        },
      };
    },
  };
}

/** V8's explicit compile hint: compile every function of the file at once (docs/decisions/024). */
const COMPILE_EVERYTHING_HINT = "//# allFunctionsCalledOnLoad\n";

/**
 * V8 compiles a function when it is first called, on the main thread: for the storefront's scripts, whose
 * functions nearly all run while the page hydrates, that was a third of the hydration task on a phone. With
 * the hint at the top of a file, Chromium compiles the whole file while downloading it, on a background
 * thread. The storefront chunk and the modules of the storefront entries get it. It is added after
 * minification (which drops comments); a source map, when built, is moved down by that line.
 */
function compileHints(): Plugin {
  return {
    name: "compile-hints",
    applyToEnvironment: (environment) => environment.name === "client",
    // After Vite's own generateBundle, which writes the preload map of dynamic imports at the top of a chunk.
    generateBundle: {
      order: "post",
      handler(_, bundle) {
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== "chunk") continue;
          const entry = chunk.facadeModuleId?.replace(/\?.*$/, "") ?? "";
          const atStart = chunk.name === "storefront" || STOREFRONT_ENTRIES.has(entry);
          if (!atStart) continue;
          chunk.code = COMPILE_EVERYTHING_HINT + chunk.code;
          // The map file is written from the chunk's map (changing the bundle's .map asset had no effect).
          if (chunk.map) chunk.map.mappings = `;${chunk.map.mappings}`;
        }
      },
    },
  };
}

export default defineConfig({
  plugins: [storefrontChunk(), compileHints(), tailwindcss(), reactRouter()],
  resolve: {
    alias: {
      "~": fileURLToPath(new URL("./app", import.meta.url)),
      "#contract": fileURLToPath(new URL("./contract", import.meta.url)),
    },
  },
  build: { manifest: true, sourcemap: process.env.SOURCEMAP === "1" },
});
