import { describe, expect, it } from "vitest";
import { safeRedirectTo } from "./redirect-target";

describe("safeRedirectTo", () => {
  it.each([
    ["/", "/"],
    ["/checkout", "/checkout"],
    ["/products?categoryId=2&page=3#grid", "/products?categoryId=2&page=3#grid"],
    ["/%09/evil.example", "/%09/evil.example"],
    ["/a/../checkout", "/checkout"],
    ["/wishlist/./", "/wishlist/"],
    ["/saree dupatta", "/saree%20dupatta"],
  ])("keeps the same-origin path %j as %j", (value, path) => {
    expect(safeRedirectTo(value)).toBe(path);
  });

  it.each([
    "/\t/evil.example",
    "/\n/evil.example",
    "/\r\n/evil.example",
    "//evil.example",
    "///evil.example",
    "/\\evil.example",
    "\\/evil.example",
    "/\\/evil.example",
    "/.//evil.example",
    "/a/..//evil.example",
    "/%2e//evil.example",
    " //evil.example",
    "https://evil.example/",
    "javascript:alert(1)",
    "evil.example",
    "",
  ])("refuses %j, which leaves the site or is not a path", (value) => {
    expect(safeRedirectTo(value)).toBeUndefined();
  });

  it("refuses what is not text", () => {
    expect(safeRedirectTo(null)).toBeUndefined();
    expect(safeRedirectTo(undefined)).toBeUndefined();
    expect(safeRedirectTo(new File([], "/checkout"))).toBeUndefined();
  });

  it("never returns a path a browser would read as another host", () => {
    for (const prefix of ["/", "\\", "/\t", "/\n", "/.", "/%2e", "/%2E"])
      for (const middle of ["/", "\\", "\t/", "./"]) {
        const path = safeRedirectTo(`${prefix}${middle}evil.example`);
        if (path !== undefined) expect(new URL(path, "https://shop.example").host).toBe("shop.example");
      }
  });
});
