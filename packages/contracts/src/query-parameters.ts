import { z } from 'zod';

export const QUERY_MESSAGES = {
  unknownParameters: (unknown: readonly string[], known: readonly string[]) =>
    `Unknown query parameter${unknown.length === 1 ? '' : 's'}: ${unknown.join(', ')}. ` +
    (known.length === 0
      ? 'This address takes no query parameters.'
      : `This address takes ${known.join(', ')}, each given once as a single value.`),
  singleValue: (name: string) => `Query parameter ${name} must be given once, as a single value`,
} as const;

/** An empty parameter (`?role=`) read as one not given. */
export const blankAsUndefined = (value: unknown) => (value === '' ? undefined : value);

/** Refuses a parameter given several times (the query parser makes it a list) or as an object. */
const singleValue = <Schema extends z.ZodType>(name: string, schema: Schema) =>
  z.preprocess((value, ctx) => {
    if (typeof value === 'object' && value !== null) ctx.addIssue({ code: 'custom', message: QUERY_MESSAGES.singleValue(name) });
    return value;
  }, schema);

type SingleValued<Shape extends Record<string, z.ZodType>> = {
  [Name in keyof Shape]: ReturnType<typeof singleValue<Shape[Name]>>;
};

/**
 * The query of a route: each parameter named once with a single value, and no other names, so a
 * misspelt or malformed name (`userId[]=1`) is refused instead of being read as "not given".
 */
export function queryParametersSchema<Shape extends Record<string, z.ZodType>>(shape: Shape) {
  const names = Object.keys(shape);
  const parameters = Object.fromEntries(names.map((name) => [name, singleValue(name, shape[name]!)])) as SingleValued<Shape>;
  return z.strictObject(parameters, {
    // Named from the schema that refused, so a `.pick()` of this one names only its own parameters.
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? QUERY_MESSAGES.unknownParameters(issue.keys, Object.keys((issue.inst as z.ZodObject | undefined)?.shape ?? shape))
        : undefined,
  });
}
