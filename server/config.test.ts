import os from "node:os";
import { describe, expect, it } from "vitest";
import { ConfigError, DEMO_GST, loadConfig } from "./config";

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
