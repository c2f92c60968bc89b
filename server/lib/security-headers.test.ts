import { describe, expect, it } from "vitest";
import { createTestApp } from "../test-support/test-app";

describe("security headers", () => {
  it("are on every answer, the same each time, with HSTS only in production", async () => {
    const { app, close } = await createTestApp();
    try {
      const answers = [
        await app.inject("/api/health"),
        await app.inject("/api/no-such-call"),
        // Fastify's own early errors, found before any hook runs.
        await app.inject("/api/%zz"),
        await app.inject("/products/%E0%A4%A"),
      ];
      for (const { headers } of answers) {
        expect(headers["permissions-policy"]).toBe(
          "camera=(), microphone=(), geolocation=(), payment=(self), usb=()",
        );
        expect(headers["x-content-type-options"]).toBe("nosniff");
        expect(headers["x-frame-options"]).toBe("SAMEORIGIN");
        expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
        expect(headers["cross-origin-opener-policy"]).toBe("same-origin");
        expect(headers["content-security-policy"]).toContain("default-src 'self'");
        expect(headers["content-security-policy"]).toContain("img-src 'self' data:");
        expect(headers["content-security-policy"]).not.toContain("upgrade-insecure-requests");
        expect(headers["strict-transport-security"]).toBeUndefined();
      }
      expect(answers[2]!.statusCode).toBe(400);
      expect(answers[2]!.json()).toEqual({ code: 400, message: "Malformed URL" });
    } finally {
      await close();
    }
    const production = await createTestApp({ env: "production" });
    try {
      const { headers } = await production.app.inject("/api/health");
      expect(headers["strict-transport-security"]).toMatch(/max-age=\d+/);
    } finally {
      await production.close();
    }
  });
});
