/** The error of a control FormField does not wrap (a checkbox with its own label), under it. */
export function FieldError({ field }: { field: { errorId: string; errors?: string[] | undefined } }) {
  const error = field.errors?.[0];
  return error ? (
    <p id={field.errorId} className="mt-1.5 text-sm text-red-700">
      {error}
    </p>
  ) : null;
}
