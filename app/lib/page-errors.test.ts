import { createStaticHandler, type StaticHandlerContext } from "react-router";
import { describe, expect, it } from "vitest";
import { logPageError, type PageLog } from "./page-errors";

/** A logger that keeps what it is given, as pino would write it (one JSON object per entry). */
function keptLog() {
  const lines: Array<{ level: "info" | "error"; entry: string }> = [];
  const keep = (level: "info" | "error") => (details: object, message: string) =>
    lines.push({ level, entry: JSON.stringify({ ...details, msg: message }) });
  const log: PageLog = { info: keep("info"), error: keep("error") };
  return { log, lines };
}

/** The error React Router reports for a POST to a page that has a loader and no action. */
async function postWithoutAction() {
  const handler = createStaticHandler([{ id: "home", path: "/", loader: () => null }]);
  const context = (await handler.query(
    new Request("http://localhost/", { method: "POST", body: new URLSearchParams({ q: "1" }) }),
  )) as StaticHandlerContext;
  return context.errors?.home;
}

describe("logPageError", () => {
  it("logs a client's mistake (React Router's 405) at info level, without a stack", async () => {
    const { log, lines } = keptLog();
    logPageError(log, await postWithoutAction());
    expect(lines).toHaveLength(1);
    expect(lines[0]!.level).toBe("info");
    const entry = JSON.parse(lines[0]!.entry);
    expect(entry).toMatchObject({ status: 405, msg: "page request refused" });
    expect(entry.reason).toContain("did not provide an `action`");
    expect(lines[0]!.entry).not.toMatch(/\n\s+at /);
  });

  it("logs anything else as an error with its stack", () => {
    const { log, lines } = keptLog();
    logPageError(log, new Error("the renderer broke"));
    expect(lines.map((line) => line.level)).toEqual(["error"]);
  });
});
