import { Writable } from "node:stream";
import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import {
  bearer,
  codeIn,
  freshIp,
  getMe,
  lastMailTo,
  PASSWORD,
  post,
  registration,
  resetTokenIn,
  uniqueEmail,
} from "../test-support/accounts";
import { createTestApp } from "../test-support/test-app";

/** A store at the most verbose log level, and the lines it logs. */
async function appLoggingTo(lines: string[]) {
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return createTestApp({ logLevel: "trace" }, { logStream });
}

it("logs no password, code or token along a whole account's life, at the most verbose level", async () => {
  const lines: string[] = [];
  const { app, close } = await appLoggingTo(lines);
  try {
    const email = uniqueEmail();
    const registered = await post(app, "/api/users/register", registration(email));
    const registrationToken = registered.json().token as string;
    const code = codeIn((await lastMailTo(app, email))!.text);
    await post(app, "/api/users/register-verify-otp", { otp: "000000" }, bearer(registrationToken));
    const verified = await post(
      app,
      "/api/users/register-verify-otp",
      { otp: code },
      bearer(registrationToken),
    );
    const login = await post(app, "/api/users/login", { email, password: PASSWORD });
    const sessionToken = login.json().token as string;
    await getMe(app, { cookie: `__Host-session=${sessionToken}` });
    await app.inject({
      method: "GET",
      url: `/api/users/get-me?token=${sessionToken}`,
      remoteAddress: freshIp(),
    });
    await post(app, "/api/users/forgot-password", { email });
    await app.services.passwords.settled();
    const resetToken = resetTokenIn((await lastMailTo(app, email))!.text);
    const newPassword = "lotus-petal-2026";
    await post(app, "/api/users/reset-password", {
      token: resetToken,
      password: newPassword,
      confirmPassword: newPassword,
    });
    await app.services.mailWorker.runOnce();

    const log = lines.join("");
    expect(log).toContain("/api/users/login"); // the requests were logged
    expect(log).toContain("[redacted]");
    for (const secret of [
      PASSWORD,
      newPassword,
      code,
      registrationToken,
      verified.json().token,
      sessionToken,
      resetToken,
    ])
      expect(log).not.toContain(secret);
  } finally {
    await close();
  }
});

it("logs a failed query by the database's message and code, without its parameters", async () => {
  const lines: string[] = [];
  const { app, close } = await appLoggingTo(lines);
  try {
    // A rule the registration breaks, so that its insert (with the password's hash) fails in the database.
    await app.services.db.execute(
      sql`alter table users add constraint full_name_not_refused check (full_name <> 'Refused Name')`,
    );
    const email = uniqueEmail();
    const phone = "98480 55501";
    const response = await post(app, "/api/users/register", {
      ...registration(email),
      fullName: "Refused Name",
      phone,
    });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ code: 500, message: "Something went wrong. Please try again." });

    const failure = lines.map((line) => JSON.parse(line)).find((line) => line.msg === "request failed");
    expect(failure.err.message).toContain("full_name_not_refused");
    expect(failure.err.cause.code).toBe("23514");
    const log = lines.join("");
    for (const value of ["$argon2id$", PASSWORD, email, "98480", "Refused Name", "params"])
      expect(log).not.toContain(value);
  } finally {
    await close();
  }
});
