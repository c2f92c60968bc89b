import { useState, type FormEvent } from "react";
import type { Category } from "#contract/catalog";
import { PRODUCT_MESSAGES } from "#contract/product-editing-rules";
import { addProductCall, updateProductCall, type StaffProduct } from "#contract/product-editing";
import { FormNotice } from "~/components/form-field";
import { PlusIcon } from "~/components/icons";
import { BUTTON_PRIMARY, BUTTON_SECONDARY } from "~/components/styles";
import { toast } from "~/components/toast";
import { browserApi } from "~/lib/api-client";
import { plural } from "~/lib/plural";
import {
  checkProduct,
  controlIdOf,
  EMPTY_PRODUCT,
  productFields,
  valuesOf,
  type FieldErrors,
  type ProductValues,
} from "./product-form-values";
import { ProductBasics, ProductCare } from "./product-basics";
import { ProductFeatures, ProductSizeFit } from "./product-notes";
import { ProductPhotos } from "./product-photos";
import { ProductStock } from "./product-stock";
import { chargeIdOf, ProductTailoring } from "./product-tailoring";
import { href } from "react-router";

/** Moves the keyboard to the first field with a problem, in the form's order. */
function focusFirst(errors: FieldErrors, values: ProductValues) {
  const ids = Object.keys(errors).map((field) => {
    const [head, index] = field.split(".");
    const offered = head === "customizations" ? values.customizations[Number(index)] : undefined;
    return offered ? chargeIdOf(offered.name) : controlIdOf(field);
  });
  const controls = ids.flatMap((id) => document.getElementById(id) ?? []);
  const first = controls.sort((a, b) =>
    a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1,
  )[0];
  first?.focus();
}

/**
 * The product form of /addproduct (spec section 2) and of the edit page. It starts empty on /addproduct.
 * Every missing or wrong field is marked at once, by the form before sending and by the server's answer
 * after (its `errors`, by field); a field's mark goes when it is edited. Add: on success the form resets
 * (spec section 4). Edit: every field, images reordered or removed, stock set per size.
 */
export function ProductForm({
  categories,
  product,
  onSaved,
}: {
  categories: Category[];
  /** The product being edited; none on /addproduct. */
  product?: StaffProduct;
  onSaved?: (id: number) => void;
}) {
  const editing = product !== undefined;
  const [values, setValues] = useState<ProductValues>(() => (product ? valuesOf(product) : EMPTY_PRODUCT));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [uploading, setUploading] = useState(false);
  const [saving, setSaving] = useState(false);
  const [added, setAdded] = useState<{ id: number; name: string } | null>(null);
  /** Starts the photos part afresh after an add (its preview and file input). */
  const [round, setRound] = useState(0);
  const reserved = product ? new Map(product.sizes.map((size) => [size.label, size.reserved])) : null;

  /** Sets a field and drops the marks of the fields it concerns (`stock.M` by "stock.M", all "customizations.…"). */
  function set<K extends keyof ProductValues>(key: K, value: ProductValues[K], ...fields: string[]) {
    setValues((current) => ({ ...current, [key]: value }));
    const dropped = fields.length ? fields : [key];
    setErrors((current) =>
      Object.fromEntries(
        Object.entries(current).filter(
          ([field]) => !dropped.some((name) => field === name || field.startsWith(`${name}.`)),
        ),
      ),
    );
  }
  function refuse(found: FieldErrors, message: string) {
    setErrors(found);
    toast("warning", message);
    requestAnimationFrame(() => focusFirst(found, values));
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = checkProduct(values, (fields) =>
      product
        ? updateProductCall.body.safeParse({ ...fields, id: product._id })
        : addProductCall.body.safeParse({ ...fields, image: fields.images[0] }),
    );
    const fields = Object.keys(found);
    if (fields.length > 0) {
      const onlyImages = fields.length === 1 && fields[0] === "images";
      refuse(found, onlyImages ? PRODUCT_MESSAGES.imagesRequired : PRODUCT_MESSAGES.required);
      return;
    }
    const fieldsSent = productFields(values);
    setSaving(true);
    try {
      const result = product
        ? await browserApi(updateProductCall, { ...fieldsSent, id: product._id })
        : await browserApi(addProductCall, { ...fieldsSent, image: fieldsSent.images[0] });
      if (!result.ok) {
        if (result.errors && Object.keys(result.errors).length > 0)
          refuse(result.errors, result.message || PRODUCT_MESSAGES.addFailed);
        else toast("error", result.message || PRODUCT_MESSAGES.addFailed);
        return;
      }
      setErrors({});
      toast("success", result.message || (editing ? PRODUCT_MESSAGES.updated : PRODUCT_MESSAGES.added));
      if (!editing) {
        setAdded({ id: result.data._id, name: values.name.trim() });
        setValues(EMPTY_PRODUCT);
        setRound((current) => current + 1);
      }
      onSaved?.(result.data._id);
    } catch (error) {
      console.error(error);
      toast("error", PRODUCT_MESSAGES.submitError);
    } finally {
      setSaving(false);
    }
  }

  const problems = Object.keys(errors).length;
  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={editing ? "Edit product" : "Add product"}
      className="grid gap-x-8 gap-y-6 lg:grid-cols-[2fr_3fr]"
    >
      <p className="text-sm text-muted lg:col-span-2">
        Fields marked <span className="text-brand-700">*</span> are required.
      </p>
      {problems > 0 && (
        <FormNotice tone="error" className="lg:col-span-2">
          <p role="alert">
            {plural(problems, "field needs", "fields need")} your attention: each is marked below.
            {errors.body ? ` ${errors.body}` : ""}
          </p>
        </FormNotice>
      )}
      <ProductPhotos
        key={round}
        images={values.images}
        onImages={(change) => {
          setValues((current) => ({ ...current, images: change(current.images) }));
          setErrors(({ images: _images, ...others }) => others);
        }}
        onUploading={setUploading}
        required={!editing}
        error={errors.images}
      />

      <div className="min-w-0 space-y-5">
        <ProductBasics
          values={values}
          errors={errors}
          categories={categories}
          onChange={(key, value) => set(key, value)}
        />

        <ProductStock
          sizes={values.sizes}
          stock={values.stock}
          reserved={reserved}
          errors={errors}
          onSizes={(sizes) => set("sizes", sizes, "size", "stock", "sizeFit.modelSize")}
          onStock={(size, value) => set("stock", { ...values.stock, [size]: value }, `stock.${size}`)}
        />

        <ProductTailoring
          customizations={values.customizations}
          errors={errors}
          onChange={(customizations) => set("customizations", customizations)}
        />

        <ProductFeatures
          features={values.features}
          errors={errors}
          onChange={(features) => set("features", features)}
        />

        <ProductSizeFit
          sizeFit={values.sizeFit}
          sizes={values.sizes}
          errors={errors}
          onChange={(sizeFit) => set("sizeFit", sizeFit)}
        />

        <ProductCare values={values} errors={errors} onChange={(key, value) => set(key, value)} />

        <div className="flex flex-wrap items-center gap-3 pt-2">
          <button type="submit" disabled={saving || uploading} className={BUTTON_PRIMARY}>
            {editing ? null : <PlusIcon size={18} />}
            {saving ? "Saving…" : editing ? "Save Changes" : "Add Product"}
          </button>
          {product && !product.hidden && (
            <a href={href("/products/:id", { id: String(product._id) })} className={BUTTON_SECONDARY}>
              View in shop
            </a>
          )}
        </div>
        {added && (
          <p role="status" className="rounded-lg bg-green-50 px-4 py-3 text-green-900">
            Added “{added.name}”.{" "}
            <a href={href("/products/:id", { id: String(added.id) })} className="font-semibold underline">
              View it in the shop
            </a>{" "}
            or{" "}
            <a
              href={href("/admin/products/:id/edit", { id: String(added.id) })}
              className="font-semibold underline"
            >
              edit it
            </a>
            .
          </p>
        )}
      </div>
    </form>
  );
}
