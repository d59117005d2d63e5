import { describe, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import type { formFieldOptionViewSchema, formFieldViewSchema } from './responses';
import type { FormFieldOptionView, FormFieldView } from './schemas';

describe('form-field response schemas', () => {
  it('describe exactly the view types the routes return', () => {
    expectTypeOf<z.infer<typeof formFieldViewSchema>>().toEqualTypeOf<FormFieldView>();
    expectTypeOf<z.infer<typeof formFieldOptionViewSchema>>().toEqualTypeOf<FormFieldOptionView>();
  });
});
