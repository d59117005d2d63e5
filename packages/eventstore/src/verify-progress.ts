/** `[#####-----]  50% 500,000/1,000,000 events  400,000 events/s` */
export function verifyProgressLine(done: number, total: number, seconds: number, width = 30): string {
  const fraction = total ? Math.min(1, done / total) : 1;
  const filled = Math.round(fraction * width);
  const number = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 });
  const rate = seconds > 0 ? `  ${number.format(done / seconds)} events/s` : '';
  return `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${String(Math.round(fraction * 100)).padStart(3)}% ${number.format(done)}/${number.format(total)} events${rate}`;
}
