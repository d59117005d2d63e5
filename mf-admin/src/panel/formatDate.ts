/** A record's creation time as the admin lists show it: the date in the browser's locale. */
export function formatCreatedDate(isoTimestamp: string): string {
  return new Date(isoTimestamp).toLocaleDateString();
}
