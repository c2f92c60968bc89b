import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";

/** The browser's check of a form by its call's schema: loaded when the form is first touched (forms.ts). */
export const checkWith = (schema: z.ZodType) => (formData: FormData) => parseWithZod(formData, { schema });

export type FormCheck = ReturnType<typeof checkWith>;
