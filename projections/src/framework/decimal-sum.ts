/**
 * Exact sums of decimal numbers written as text (PostgreSQL numerics such as hours: "1.5",
 * "0.25"), so a batch's contributions can be added up in memory before one upsert adds them to
 * the stored sums. No floating point: 0.1 + 0.2 is "0.3". The result has its trailing zeros
 * trimmed, as PostgreSQL's `trim_scale` does.
 */
export class DecimalSum {
  /** The sum is `units / 10^scale`. */
  private units = 0n;
  private scale = 0;

  /** Adds `sign` times the decimal `text` (digits with an optional fraction and exponent, as PostgreSQL reads numerics). */
  add(text: string, sign: 1 | -1 = 1): void {
    const { units, scale } = parsed(text);
    if (scale > this.scale) {
      this.units *= powerOfTen(scale - this.scale);
      this.scale = scale;
    }
    const aligned = scale === this.scale ? units : units * powerOfTen(this.scale - scale);
    this.units += sign === 1 ? aligned : -aligned;
  }

  isZero(): boolean {
    return this.units === 0n;
  }

  /** The shortest plain decimal text of the sum: "12.5", "0", "-0.25". */
  toString(): string {
    let { units, scale } = this;
    while (scale > 0 && units % 10n === 0n) {
      units /= 10n;
      scale -= 1;
    }
    const digits = (units < 0n ? -units : units).toString().padStart(scale + 1, '0');
    const text = scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
    return units < 0n ? `-${text}` : text;
  }
}

interface Decimal {
  units: bigint;
  scale: number;
}

const powers: bigint[] = [];
const powerOfTen = (exponent: number): bigint => (powers[exponent] ??= 10n ** BigInt(exponent));

/** Texts read so far: a replay adds the same few values (hours) hundreds of thousands of times. */
const known = new Map<string, Decimal>();
const KNOWN_MAX = 10_000;

function parsed(text: string): Decimal {
  let decimal = known.get(text);
  if (decimal) return decimal;
  const match = /^\s*([+-]?)(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?\s*$/i.exec(text);
  const [, minus, whole = '', fraction = '', exponent = '0'] = match ?? [];
  if (!match || whole + fraction === '') throw new Error(`Not a decimal number: ${JSON.stringify(text)}`);
  const shift = Number(exponent) - fraction.length;
  const units = BigInt(whole + fraction) * powerOfTen(Math.max(shift, 0));
  decimal = { units: minus === '-' ? -units : units, scale: Math.max(-shift, 0) };
  if (known.size >= KNOWN_MAX) known.clear();
  known.set(text, decimal);
  return decimal;
}
