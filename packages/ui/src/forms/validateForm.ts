/** The part of a zod schema a form needs (kept structural so this package does not import zod). */
export type FormSchema<Output> = {
  safeParse(
    value: unknown,
  ):
    | { success: true; data: Output }
    | { success: false; error: { issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }> } };
};

export type FieldErrors = Partial<Record<string, string>>;

export type FormValidation<Output> = { data: Output; errors: null } | { data: null; errors: FieldErrors };

/**
 * Validates form values with a contracts schema: the parsed data, or the first message for each
 * top-level field (form-level issues are keyed '').
 */
export function validateForm<Output>(schema: FormSchema<Output>, values: unknown): FormValidation<Output> {
  const result = schema.safeParse(values);
  if (result.success) return { data: result.data, errors: null };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '');
    errors[field] ??= issue.message;
  }
  return { data: null, errors };
}
