/** Form inputs may send numbers as text: a non-blank string becomes a number (NaN if not numeric), anything else stays as it is. */
export const toNumberIfNumericText = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value);
