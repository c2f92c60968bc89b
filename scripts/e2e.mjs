// npm run test:e2e: the browser suites in two Playwright processes side by side, each against a store of its
// own (its own port and data folder, so their tests never meet): the build checks and the phone project in one
// on E2E_PORT (the build checks start stores of their own on E2E_PORT + 1 to + 3), the desktop project in the
// other on E2E_PORT + 5. One Playwright worker drives one store (the suites share its demo catalog);
// two stores use the second core, which one left mostly idle. Arguments are passed to both (a spec file, -g).
import { spawn } from "node:child_process";

const port = Number(process.env.E2E_PORT ?? 4173);
const dataDir = process.env.E2E_DATA_DIR;
const extra = process.argv.slice(2);
const children = new Set();
for (const signal of ["SIGINT", "SIGTERM"])
  process.on(signal, () => {
    for (const child of children) child.kill(signal);
  });

function playwright(name, projects, env) {
  return new Promise((resolve) => {
    const child = spawn(
      "npx",
      [
        "playwright",
        "test",
        ...projects.flatMap((project) => ["--project", project]),
        // Each run clears its output folder when it starts: one each.
        "--output",
        `test-results/${name}`,
        ...extra,
      ],
      { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] },
    );
    children.add(child);
    // Each line says which run it is from: the two runs' lines interleave.
    for (const stream of [child.stdout, child.stderr]) {
      let rest = "";
      stream.setEncoding("utf8");
      stream.on("data", (chunk) => {
        const lines = (rest + chunk).split("\n");
        rest = lines.pop() ?? "";
        for (const line of lines) process.stdout.write(`[${name}] ${line}\n`);
      });
      stream.on("end", () => {
        if (rest) process.stdout.write(`[${name}] ${rest}\n`);
      });
    }
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const codes = await Promise.all([
  playwright("phone", ["build", "phone"], {
    E2E_PORT: String(port),
    ...(dataDir ? { E2E_DATA_DIR: `${dataDir}-phone` } : {}),
  }),
  playwright("desktop", ["desktop"], {
    E2E_PORT: String(port + 5),
    ...(dataDir ? { E2E_DATA_DIR: `${dataDir}-desktop` } : {}),
  }),
]);
process.exit(codes.some((code) => code !== 0) ? 1 : 0);
