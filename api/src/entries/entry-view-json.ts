/**
 * An entry row as PostgreSQL sends it in text form (the columns of `ENTRY_VIEW_COLUMNS`, in order),
 * written as the JSON text of an `EntryView`. Numbers and booleans go out as they are, texts
 * escaped, `customFields` and `source` are jsonb text already (a NULL source is null), and the UTC timestamps become ISO strings.
 */
export function entryViewJson(row: readonly (string | null)[]): string {
  const [
    id,
    userId,
    employeeName,
    trainingName,
    date,
    firstName,
    lastName,
    managerName,
    department,
    hours,
    notes,
    rating,
    beInnovative,
  ] = row;
  const [trainingType, courseGivenBy, customFields, validUntil, createdAt, updatedAt, evidenceCount, source] = row.slice(13);
  return (
    `{"id":${id},"userId":${userId},"employeeName":${JSON.stringify(employeeName)},` +
    `"trainingName":${JSON.stringify(trainingName)},"date":${JSON.stringify(date)},` +
    `"firstName":${JSON.stringify(firstName)},"lastName":${JSON.stringify(lastName)},` +
    `"managerName":${JSON.stringify(managerName)},"department":${JSON.stringify(department)},` +
    `"hours":${JSON.stringify(hours)},"notes":${JSON.stringify(notes)},"rating":${rating},` +
    `"beInnovative":${beInnovative === 't'},"trainingType":${JSON.stringify(trainingType)},` +
    `"courseGivenBy":${JSON.stringify(courseGivenBy)},"customFields":${customFields},` +
    `"validUntil":${JSON.stringify(validUntil ?? null)},` +
    `"createdAt":"${isoTimestamp(createdAt!)}","updatedAt":"${isoTimestamp(updatedAt!)}",` +
    `"evidenceCount":${evidenceCount ?? 0},"source":${source ?? 'null'}}`
  );
}

/**
 * PostgreSQL's ISO text of a timestamp without zone ('2026-01-05 10:00:00', optionally with up to
 * six fraction digits) as `Date.toISOString()` writes it ('2026-01-05T10:00:00.000Z').
 */
export function isoTimestamp(text: string): string {
  const fraction = text.length > 19 ? text.slice(20, 23).padEnd(3, '0') : '000';
  return `${text.slice(0, 10)}T${text.slice(11, 19)}.${fraction}Z`;
}
