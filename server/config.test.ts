import os from "node:os";
import { describe, expect, it } from "vitest";
import { ConfigError, DEMO_GST, loadConfig } from "./config";
import { TEMPLATE_KEYS, TEMPLATES } from "./messaging/whatsapp-templates";

describe("TRUST_PROXY", () => {
  it("trusts no proxy when unset", () => {
    expect(loadConfig({}).trustProxy).toBe(false);
  });

  it("takes a hop count, or a list of addresses, CIDR ranges and proxy-addr's named ranges", () => {
    expect(loadConfig({ TRUST_PROXY: "1" }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: "10.0.0.0/8, 192.168.1.7,fd00::/8,loopback" }).trustProxy).toEqual([
      "10.0.0.0/8",
      "192.168.1.7",
      "fd00::/8",
      "loopback",
    ]);
  });

  it.each(["true", "10.0.0.0/33", "1.2.3", "10.0.0.1, everyone", "-1", ""])(
    "stops the start on %j, naming the variable",
    (value) => {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(ConfigError);
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY/);
    },
  );
});

describe("the GST supplier", () => {
  it("is a plainly-demo business in Telangana until its settings are given", () => {
    expect(loadConfig({}).gst).toEqual(DEMO_GST);
    expect(DEMO_GST.legalName).toContain("(demo)");
    expect(DEMO_GST.gstin.slice(0, 2)).toBe("36");
  });

  it("takes the legal name, address and GSTIN from GST_LEGAL_NAME, GST_ADDRESS and GSTIN", () => {
    const gst = loadConfig({
      GST_LEGAL_NAME: "Rangoli Fashions LLP",
      GST_ADDRESS: "Plot 42, Banjara Hills, Hyderabad 500034",
      GSTIN: " 36aabfr1234k1z3 ",
    }).gst;
    expect(gst).toEqual({
      legalName: "Rangoli Fashions LLP",
      address: "Plot 42, Banjara Hills, Hyderabad 500034",
      gstin: "36AABFR1234K1Z3",
    });
  });

  it.each([
    ["36AABFR1234K1Z", "must be a 15-character GSTIN"],
    ["36AABFR1234K1X3", "must be a 15-character GSTIN"],
    ["99AABFR1234K1Z3", "does not start with a state's GST code"],
  ])("refuses GSTIN=%s", (gstin, message) => {
    expect(() => loadConfig({ GSTIN: gstin })).toThrow(ConfigError);
    expect(() => loadConfig({ GSTIN: gstin })).toThrow(`GSTIN: ${message}`);
  });
});

describe("STORE_PROCESSES", () => {
  const shared = {
    DATABASE_URL: "postgres://store@db.internal/store",
    REDIS_URL: "redis://cache.internal:6379",
  };

  it("is one process unless set; a whole number, or auto for one per core", () => {
    expect(loadConfig({}).processes).toBe(1);
    expect(loadConfig({ ...shared, STORE_PROCESSES: "3" }).processes).toBe(3);
    expect(loadConfig({ ...shared, STORE_PROCESSES: "auto" }).processes).toBe(os.availableParallelism());
  });

  it.each(["0", "-2", "1.5", "two", "all", ""])("stops the start on %j, naming the variable", (value) => {
    expect(() => loadConfig({ ...shared, STORE_PROCESSES: value })).toThrow(
      "STORE_PROCESSES: must be a whole number of 1 or more, or auto (one per core)",
    );
  });

  it.each([
    [{ REDIS_URL: shared.REDIS_URL }, "STORE_PROCESSES=2 needs DATABASE_URL:"],
    [{ DATABASE_URL: shared.DATABASE_URL }, "STORE_PROCESSES=2 needs REDIS_URL:"],
    [{}, "STORE_PROCESSES=2 needs DATABASE_URL and REDIS_URL:"],
  ])("refuses more than one process without PostgreSQL and Redis (%j)", (settings, message) => {
    expect(() => loadConfig({ ...settings, STORE_PROCESSES: "2" })).toThrow(ConfigError);
    expect(() => loadConfig({ ...settings, STORE_PROCESSES: "2" })).toThrow(message);
  });

  it("refuses auto without them too, whatever the machine's cores", () => {
    expect(() => loadConfig({ STORE_PROCESSES: "auto" })).toThrow(
      "STORE_PROCESSES=auto needs DATABASE_URL and REDIS_URL:",
    );
  });
});

describe("WhatsApp", () => {
  const credentials = {
    WHATSAPP_ACCESS_TOKEN: "EAAG-system-user-token-0123456789",
    WHATSAPP_PHONE_NUMBER_ID: "106540352242922",
    WHATSAPP_APP_SECRET: "0123456789abcdef0123",
    WHATSAPP_VERIFY_TOKEN: "a-long-random-verify-token",
  } as const;

  it("is the built-in sandbox on this server without credentials, and off in production", () => {
    expect(loadConfig({ PORT: "4100" }).whatsapp).toEqual({
      sandbox: true,
      baseUrl: "http://127.0.0.1:4100/whatsapp-sandbox",
      version: "v23.0",
    });
    expect(loadConfig({ NODE_ENV: "production" }).whatsapp).toBeNull();
  });

  it("is Meta's Cloud API with all four credentials, in production too", () => {
    const expected = {
      sandbox: false,
      settings: {
        baseUrl: "https://graph.facebook.com",
        version: "v23.0",
        phoneNumberId: credentials.WHATSAPP_PHONE_NUMBER_ID,
        accessToken: credentials.WHATSAPP_ACCESS_TOKEN,
      },
      appSecret: credentials.WHATSAPP_APP_SECRET,
      verifyToken: credentials.WHATSAPP_VERIFY_TOKEN,
    };
    expect(loadConfig(credentials).whatsapp).toEqual(expected);
    expect(loadConfig({ ...credentials, NODE_ENV: "production" }).whatsapp).toEqual(expected);
    expect(
      loadConfig({
        ...credentials,
        WHATSAPP_BASE_URL: "https://wa-proxy.internal/",
        WHATSAPP_API_VERSION: "v25.0",
      }).whatsapp,
    ).toMatchObject({ settings: { baseUrl: "https://wa-proxy.internal", version: "v25.0" } });
  });

  it.each([
    [["WHATSAPP_ACCESS_TOKEN"], "missing: WHATSAPP_ACCESS_TOKEN)"],
    [["WHATSAPP_PHONE_NUMBER_ID"], "missing: WHATSAPP_PHONE_NUMBER_ID)"],
    [["WHATSAPP_APP_SECRET"], "missing: WHATSAPP_APP_SECRET)"],
    [["WHATSAPP_VERIFY_TOKEN"], "missing: WHATSAPP_VERIFY_TOKEN)"],
    [
      ["WHATSAPP_ACCESS_TOKEN", "WHATSAPP_PHONE_NUMBER_ID", "WHATSAPP_APP_SECRET"],
      "missing: WHATSAPP_ACCESS_TOKEN, WHATSAPP_PHONE_NUMBER_ID, WHATSAPP_APP_SECRET)",
    ],
  ] as const)("refuses to start without %j, naming what is missing", (left, message) => {
    const settings: Record<string, string> = { ...credentials };
    for (const name of left) delete settings[name];
    expect(() => loadConfig(settings)).toThrow(ConfigError);
    expect(() => loadConfig(settings)).toThrow("must be set together (");
    expect(() => loadConfig(settings)).toThrow(message);
  });

  it.each([
    ["WHATSAPP_ACCESS_TOKEN", "short", "must be a system user's access token"],
    ["WHATSAPP_PHONE_NUMBER_ID", "+91 98480 12345", "must be the phone number's id (digits), not the number"],
    ["WHATSAPP_APP_SECRET", "0123456789", "must be the Meta app's secret"],
    ["WHATSAPP_VERIFY_TOKEN", "verify-me", "must be at least 16 characters"],
    ["WHATSAPP_API_VERSION", "23", "must be a Graph API version such as v23.0"],
    ["WHATSAPP_BASE_URL", "graph.facebook.com", "Invalid URL"],
    ["WHATSAPP_TEMPLATE_LANGUAGE", "English", "must be a language code such as en, en_US or hi"],
  ])("stops the start on %s=%j, naming the variable", (name, value, message) => {
    const settings = { ...credentials, [name]: value };
    expect(() => loadConfig(settings)).toThrow(ConfigError);
    expect(() => loadConfig(settings)).toThrow(`${name}: ${message}`);
  });

  it("sends the templates under their own names in English unless renamed, at Meta's 80 a second", () => {
    const config = loadConfig({});
    expect(config.whatsappTemplates.language).toBe("en");
    expect(config.whatsappTemplates.names).toEqual(
      Object.fromEntries(TEMPLATE_KEYS.map((key) => [key, TEMPLATES[key].name])),
    );
    expect(config.whatsappPerSecond).toBe(80);
  });

  it("takes approved names from WHATSAPP_TEMPLATE_NAMES, a language and a throughput", () => {
    const config = loadConfig({
      WHATSAPP_TEMPLATE_NAMES: " orderShipped=rangoli_shipped , loginCode=rangoli_otp,",
      WHATSAPP_TEMPLATE_LANGUAGE: "en_US",
      WHATSAPP_MESSAGES_PER_SECOND: "1000",
    });
    expect(config.whatsappTemplates).toEqual({
      language: "en_US",
      names: {
        ...Object.fromEntries(TEMPLATE_KEYS.map((key) => [key, TEMPLATES[key].name])),
        orderShipped: "rangoli_shipped",
        loginCode: "rangoli_otp",
      },
    });
    expect(config.whatsappPerSecond).toBe(1000);
  });

  it.each(["shipped=rangoli_shipped", "orderShipped=Rangoli Shipped", "orderShipped", "orderShipped="])(
    "refuses WHATSAPP_TEMPLATE_NAMES=%j, naming the keys",
    (value) => {
      expect(() => loadConfig({ WHATSAPP_TEMPLATE_NAMES: value })).toThrow(ConfigError);
      expect(() => loadConfig({ WHATSAPP_TEMPLATE_NAMES: value })).toThrow(
        `WHATSAPP_TEMPLATE_NAMES: must be key=name pairs, the keys among ${TEMPLATE_KEYS.join(", ")}`,
      );
    },
  );

  it.each(["0", "1001", "1.5", "fast"])("refuses WHATSAPP_MESSAGES_PER_SECOND=%j", (value) => {
    expect(() => loadConfig({ WHATSAPP_MESSAGES_PER_SECOND: value })).toThrow(
      /WHATSAPP_MESSAGES_PER_SECOND: /,
    );
  });
});
