import { Writable } from "node:stream";
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

it("logs no password, code or token along a whole account's life, at the most verbose level", async () => {
  const lines: string[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  const { app, close } = await createTestApp({ logLevel: "trace" }, { logStream });
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
