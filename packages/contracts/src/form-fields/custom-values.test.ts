import { describe, expect, it } from 'vitest';
import { checkCustomFieldValues, type CustomFieldDefinition } from './custom-values';

const fields: CustomFieldDefinition[] = [
  { name: 'venue', label: 'Venue', type: 'text', required: true, options: [] },
  { name: 'summary', label: 'Summary', type: 'textarea', required: false, options: [] },
  { name: 'cost', label: 'Cost', type: 'number', required: false, options: [] },
  { name: 'certified', label: 'Certified', type: 'checkbox', required: false, options: [] },
  { name: 'level', label: 'Level', type: 'select', required: false, options: ['beginner', 'advanced'] },
];

describe('checkCustomFieldValues', () => {
  it('keeps valid values in their types and drops empty and unknown ones', () => {
    const result = checkCustomFieldValues(
      fields,
      { venue: ' Online ', summary: '', cost: '12.5', certified: false, level: 'advanced', retired: 'x' },
      { enforceRequired: true },
    );
    expect(result).toEqual({ values: { venue: 'Online', cost: 12.5, certified: false, level: 'advanced' }, errors: [] });
  });

  it('names each wrong value', () => {
    const result = checkCustomFieldValues(
      fields,
      { venue: 3, cost: 'lots', certified: 'yes', level: 'expert' },
      { enforceRequired: true },
    );
    expect(result.errors).toEqual([
      { path: 'customFields.venue', message: 'Venue must be text' },
      { path: 'customFields.cost', message: 'Cost must be a number' },
      { path: 'customFields.certified', message: 'Certified must be true or false' },
      { path: 'customFields.level', message: 'Level must be one of: beginner, advanced' },
    ]);
  });

  it('enforces required fields only when asked', () => {
    expect(checkCustomFieldValues(fields, {}, { enforceRequired: true }).errors).toEqual([
      { path: 'customFields.venue', message: 'Venue is required' },
    ]);
    expect(checkCustomFieldValues(fields, {}, { enforceRequired: false })).toEqual({ values: {}, errors: [] });
  });

  it('wants a required checkbox ticked', () => {
    const agree: CustomFieldDefinition[] = [{ name: 'agree', label: 'Agree', type: 'checkbox', required: true, options: [] }];
    expect(checkCustomFieldValues(agree, { agree: false }, { enforceRequired: true }).errors).toEqual([
      { path: 'customFields.agree', message: 'Agree is required' },
    ]);
    expect(checkCustomFieldValues(agree, { agree: true }, { enforceRequired: true }).values).toEqual({ agree: true });
  });
});
