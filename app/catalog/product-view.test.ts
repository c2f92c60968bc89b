import { describe, expect, it } from "vitest";
import { productViewUrl, readProductView } from "./product-view";

describe("readProductView", () => {
  it.each([
    ["", { image: 0, tab: "details" }],
    ["image=2&tab=care", { image: 1, tab: "care" }],
    ["image=3&tab=reviews", { image: 2, tab: "reviews" }],
    ["image=4", { image: 0, tab: "details" }],
    ["image=0", { image: 0, tab: "details" }],
    ["image=-1", { image: 0, tab: "details" }],
    ["image=1.5", { image: 0, tab: "details" }],
    ["image=abc&tab=Care", { image: 0, tab: "details" }],
    ["image=99999999999999999999&tab=", { image: 0, tab: "details" }],
  ])("reads %j of a product with 3 pictures as %j", (query, view) => {
    expect(readProductView(new URLSearchParams(query), 3)).toEqual(view);
  });
});

describe("productViewUrl", () => {
  it("names the picture from 1 and the tab, leaving out the first picture and Product Details", () => {
    expect(productViewUrl(7, { image: 0, tab: "details" })).toBe("/products/7");
    expect(productViewUrl(7, { image: 1, tab: "details" })).toBe("/products/7?image=2");
    expect(productViewUrl(7, { image: 1, tab: "care" }, true)).toBe(
      "/products/7?image=2&tab=care#product-information",
    );
    expect(productViewUrl(7, { image: 0, tab: "details" }, true)).toBe("/products/7#product-information");
  });
});
