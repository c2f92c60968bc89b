// Part of `npm run build`: writes a Brotli (.br) and a gzip (.gz) copy next to every compressible browser
// file, compressed once at the highest levels, which the server sends as they are (@fastify/static's
// `preCompressed`) instead of compressing each response on the fly.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const CLIENT_DIR = "build/client";
const COMPRESSIBLE = /\.(js|css|svg|json|txt|xml|html|webmanifest)$/;
/** Below this, compression saves less than the header costs (the server's on-the-fly threshold too). */
const MIN_BYTES = 1024;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (name === ".vite") continue; // Vite's manifest, read by tests, never served
    if (statSync(file).isDirectory()) yield* files(file);
    else yield file;
  }
}

let count = 0;
for (const file of files(CLIENT_DIR)) {
  if (!COMPRESSIBLE.test(file)) continue;
  const content = readFileSync(file);
  if (content.byteLength < MIN_BYTES) continue;
  writeFileSync(
    `${file}.br`,
    brotliCompressSync(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.byteLength,
      },
    }),
  );
  writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
  count++;
}
console.log(`compressed ${count} browser files (.br and .gz) in ${CLIENT_DIR}`);
