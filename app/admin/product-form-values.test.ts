import { describe, expect, it } from "vitest";
import { productDraft } from "#contract/product-editing";
import {
  checkProduct as checkWith,
  EMPTY_PRODUCT,
  productFields,
  type ProductValues,
} from "./product-form-values";

/** The form's check with add-product's schema, as the add page runs it. */
const checkProduct = (values: ProductValues) =>
  checkWith(values, (fields) => productDraft.safeParse({ ...fields, image: fields.images[0] }));

const filled: ProductValues = {
  ...EMPTY_PRODUCT,
  name: "Peacock Blue Anarkali",
  description: "Floor-length georgette.",
  price: "3499.50",
  category: "1",
  sizes: ["S", "6-7"],
  stock: { S: "4", "6-7": "0" },
  images: [{ id: "a".repeat(32), src: "/media/a/300.webp" }],
};

describe("the product form's own checks", () => {
  it("start from an empty form: no features, no stock, no notes; made in India unless staff say otherwise", () => {
    expect(EMPTY_PRODUCT).toMatchObject({
      features: [],
      stock: {},
      sizes: [],
      care: "",
      countryOfOrigin: "India",
    });
    expect(EMPTY_PRODUCT.sizeFit).toEqual({ modelHeight: "", modelSize: "", fit: "", fabric: "" });
  });

  it("mark every missing field at once", () => {
    expect(checkProduct(EMPTY_PRODUCT)).toEqual({
      name: "Enter the product's name",
      description: "Enter a description",
      price: "Enter the price",
      category: "Choose a category",
      size: "Please choose at least one size",
      images: "Please upload images first!",
    });
  });

  it("mark each wrong field in the API's words, a size's stock left empty by its age", () => {
    expect(
      checkProduct({
        ...filled,
        price: "0",
        originalPrice: "12.345",
        stock: { S: "2.5" },
        customizations: [{ name: "Blouse Fit", charge: "-5" }],
        countryOfOrigin: "Made in 🇮🇳",
      }),
    ).toEqual({
      price: "Price must be more than zero",
      originalPrice: "Original price must be at most ₹1,00,00,000 with at most two decimals",
      "stock.S": "Stock must be a whole number",
      "stock.6-7": "Enter the stock of 6-7 years",
      "customizations.0.charge": "A charge must be from ₹0 to ₹50,000, in rupees and paise.",
      countryOfOrigin: "Country of origin must be a country's name, such as India",
    });
    expect(checkProduct({ ...filled, sizeFit: { ...EMPTY_PRODUCT.sizeFit, modelSize: "M" } })).toEqual({
      "sizeFit.modelSize": "Choose one of the sizes the product comes in",
    });
    expect(checkProduct({ ...filled, countryOfOrigin: " " })).toEqual({
      countryOfOrigin: "Enter the country of origin",
    });
  });

  it("find nothing to mark in a filled form, and send its stock and notes as numbers and text", () => {
    expect(checkProduct(filled)).toEqual({});
    expect(productFields({ ...filled, sizeFit: { ...filled.sizeFit, modelSize: "S" } })).toMatchObject({
      price: 3499.5,
      category: 1,
      size: ["S", "6-7"],
      stock: { S: 4, "6-7": 0 },
      features: [],
      sizeFit: { modelSize: "S" },
      countryOfOrigin: "India",
    });
  });
});
