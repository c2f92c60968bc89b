import { afterAll, beforeAll, expect, it } from "vitest";
import { endStartedStores, startBuiltStore, type BuiltStore } from "../test-support/built-store";

/**
 * The developer's pages in the store as deployed: the built store with NODE_ENV=production, without SMTP or
 * WhatsApp credentials, has no local mailbox (`/dev/mailbox`, app.ts registers it outside production only) and no
 * WhatsApp sandbox, so its phone's page (`/dev/whatsapp`, which asks the sandbox's call even without a number)
 * is the store's 404 page, with a number or without. Outside production both answer (mail.service.test.ts,
 * tests/e2e/whatsapp.spec.ts).
 */

let store: BuiltStore;

beforeAll(async () => {
  store = await startBuiltStore(process.execPath, ["build/app-server.js"], {
    env: { NODE_ENV: "production", LOG_LEVEL: "warn" },
  });
});

// Ends the store and drops its database.
afterAll(endStartedStores);

it.each(["/dev/mailbox", "/dev/mailbox.json", "/dev/whatsapp", "/dev/whatsapp?phone=9848012345"])(
  "answers %s with 404 in production",
  async (path) => {
    const answer = await fetch(`${store.origin}${path}`);
    expect(answer.status, store.output()).toBe(404);
    if (path.startsWith("/dev/whatsapp")) {
      expect(answer.headers.get("content-type")).toMatch(/^text\/html/);
      const page = await answer.text();
      expect(page).not.toContain("Mobile number");
      expect(page).not.toContain('name="phone"');
    }
  },
);

it("has no sandbox phone to ask: its call is a 404 too", async () => {
  for (const query of ["", "?phone=9848012345"]) {
    const answer = await fetch(`${store.origin}/api/whatsapp/sandbox/messages${query}`);
    expect(answer.status).toBe(404);
  }
});
