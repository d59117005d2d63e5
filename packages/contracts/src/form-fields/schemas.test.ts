import { describe, expect, it } from 'vitest';
import {
  formFieldCreateSchema,
  formFieldOptionCreateSchema,
  formFieldReorderSchema,
  formFieldUpdateSchema,
  optionValueFromLabel,
} from './schemas';

const messagesOf = (
  schema: { safeParse(value: unknown): { success: boolean; error?: { issues: { message: string }[] } } },
  value: unknown,
) => {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error!.issues.map((issue) => issue.message);
};

describe('optionValueFromLabel', () => {
  it.each([
    ['Project Management', 'project_management'],
    ['  Risk & Compliance!  ', 'risk_compliance'],
    ['C++ / C#', 'c_c'],
    ['ISO 27001', 'iso_27001'],
    ['Self-study', 'selfstudy'],
    ['Café', 'caf'],
    ['!!!', ''],
  ])('%j -> %j', (label, value) => {
    expect(optionValueFromLabel(label)).toBe(value);
  });
});

describe('form field schemas', () => {
  it('needs a name, a label and one of the five types', () => {
    expect(messagesOf(formFieldCreateSchema, {})).toEqual([
      'Field name is required',
      'Display label is required',
      'Field type must be one of: text, textarea, select, checkbox, number',
    ]);
    expect(messagesOf(formFieldCreateSchema, { name: 'venue', label: 'Venue', type: 'date' })).toEqual([
      'Field type must be one of: text, textarea, select, checkbox, number',
    ]);
    expect(formFieldCreateSchema.parse({ name: ' venue ', label: 'Venue', type: 'select' })).toMatchObject({
      name: 'venue',
      required: false,
    });
  });

  it('edits any subset of the properties', () => {
    expect(formFieldUpdateSchema.parse({ label: 'Where' })).toEqual({ label: 'Where' });
    expect(messagesOf(formFieldUpdateSchema, { name: '' })).toEqual(['Field name is required']);
  });

  it('orders from 1', () => {
    expect(messagesOf(formFieldReorderSchema, { order: 0 })).toEqual(['Order must be a whole number of at least 1']);
    expect(messagesOf(formFieldReorderSchema, { order: 1.5 })).toEqual(['Order must be a whole number of at least 1']);
    expect(formFieldReorderSchema.parse({ order: 3 })).toEqual({ order: 3 });
  });

  it('needs an option label with a letter or digit', () => {
    expect(messagesOf(formFieldOptionCreateSchema, { label: ' ' })).toEqual(['Option label is required']);
    expect(messagesOf(formFieldOptionCreateSchema, { label: '???' })).toEqual(['Option label must contain a letter or a digit']);
  });
});
