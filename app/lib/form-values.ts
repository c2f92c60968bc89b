/** A text field of a posted form: its value, or "" when it is missing or a file. */
export function formText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

/**
 * The form a page's action was posted: a body that is not the form its content type says (a malformed
 * multipart body, JSON sent as a form) is the client's mistake, answered 400 rather than failing the page.
 */
export async function postedForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw new Response("The form could not be read.", { status: 400 });
  }
}
