import { access, mkdir, open, rm, rmdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { MediaStorage } from "./media-storage";

/** Media as files in a folder (DATA_DIR/media), which the store serves under /media (app.ts). */
export async function createLocalFolderStorage(folder: string): Promise<MediaStorage> {
  await mkdir(folder, { recursive: true });
  const file = (key: string) => path.join(folder, key);
  return {
    async put(key, body) {
      await mkdir(path.dirname(file(key)), { recursive: true });
      await writeFile(file(key), body);
    },
    async read(key) {
      const handle = await open(file(key)).catch((error: NodeJS.ErrnoException) => {
        if (error.code === "ENOENT") return null;
        throw error;
      });
      return handle?.createReadStream() ?? null;
    },
    async has(key) {
      return access(file(key)).then(
        () => true,
        () => false,
      );
    },
    async delete(key) {
      await rm(file(key), { force: true });
      // An asset's folder goes with its last file.
      await rmdir(path.dirname(file(key))).catch(() => {});
    },
    publicUrl: (key) => `/media/${key}`,
  };
}
