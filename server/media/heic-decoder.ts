import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";

/** An image's pixels as RGBA, four bytes a pixel, row after row. */
export type DecodedPixels = { data: Buffer; width: number; height: number; channels: 4 };

/** The longest one HEIC decode may take before it is given up (the worker is stopped). */
const DECODE_TIMEOUT_MS = 60_000;

// A worker of its own per photo: the decoder (libheif compiled to WebAssembly, in heic-decode) works
// synchronously and would stop every other request for the second or two a phone's photo takes.
// Its source is this string (CommonJS), given the package's resolved path, so that the bundled server
// needs no second file.
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const decode = require(workerData.decoderPath);
decode({ buffer: workerData.bytes }).then(
  ({ width, height, data }) => parentPort.postMessage({ width, height, data }, [data.buffer]),
  (error) => parentPort.postMessage({ error: String(error && error.message ? error.message : error) }),
);
`;
const decoderPath = createRequire(import.meta.url).resolve("heic-decode");

type WorkerAnswer = { width: number; height: number; data: Uint8ClampedArray } | { error: string };

/**
 * Decodes a HEIC photo (HEVC in HEIF, an iPhone's default), which the prebuilt sharp cannot, into RGBA
 * pixels with the file's rotation and mirroring applied. Rejects when the file does not decode. The caller
 * checks the image's declared size first (sharp reads a HEIC's header).
 */
export function decodeHeic(bytes: Buffer): Promise<DecodedPixels> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { decoderPath, bytes: new Uint8Array(bytes) },
      // The decoder prints its complaints about a damaged file; the rejection says enough.
      stdout: true,
      stderr: true,
    });
    worker.stdout.resume();
    worker.stderr.resume();
    const timer = setTimeout(() => {
      void worker.terminate();
      reject(new Error("HEIC decoding took too long"));
    }, DECODE_TIMEOUT_MS);
    const settle = () => {
      clearTimeout(timer);
      void worker.terminate();
    };
    worker.once("message", (answer: WorkerAnswer) => {
      settle();
      if ("error" in answer) reject(new Error(answer.error));
      else
        resolve({
          data: Buffer.from(answer.data.buffer, answer.data.byteOffset, answer.data.byteLength),
          width: answer.width,
          height: answer.height,
          channels: 4,
        });
    });
    worker.once("error", (error) => {
      settle();
      reject(error);
    });
    worker.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`HEIC decoder stopped (${code})`)); // ignored when already settled
    });
  });
}
