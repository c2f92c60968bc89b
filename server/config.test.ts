import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config";

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
