import { execFileSync } from "node:child_process";

/** A PDF's text as poppler's pdftotext lays it out (poppler-utils, beside Chromium on the test machines). */
export const pdfText = (pdf: Buffer): string =>
  execFileSync("pdftotext", ["-layout", "-", "-"], { input: pdf }).toString();
