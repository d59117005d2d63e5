import { verify, X509Certificate } from 'node:crypto';
import { badRequest, type XapiVersion } from './xapi-http';
import { canonicalJson, isStatementObject, isUuid, normalizeStatement, type Statement } from './xapi-statement-rules';

/** The JWS algorithms xAPI allows (Data 2.6) and their digests. */
const DIGESTS: Readonly<Record<string, string>> = { RS256: 'sha256', RS384: 'sha384', RS512: 'sha512' };

const base64url = /^[A-Za-z0-9_-]*$/;

function decodeJson(segment: string, what: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
    if (isStatementObject(value)) return value;
  } catch {
    // answered below
  }
  throw badRequest(`The signature's ${what} is not a JSON object`);
}

/** The first certificate of the header's `x5c` chain (base64 DER, RFC 7515 4.1.6); null without `x5c`. */
function signingCertificate(header: Record<string, unknown>): X509Certificate | null {
  if (header.x5c === undefined) return null;
  const first: unknown = Array.isArray(header.x5c) ? header.x5c[0] : undefined;
  if (typeof first !== 'string') throw badRequest("The signature's x5c is not a list of certificates");
  try {
    return new X509Certificate(Buffer.from(first, 'base64'));
  } catch {
    throw badRequest("The signature's x5c does not start with an X.509 certificate");
  }
}

/** The signature verified with the certificate's RSA key; whether the chain is trusted is not asked (decision 047). */
function checkAgainst(certificate: X509Certificate, digest: string, segments: readonly string[]): void {
  const key = certificate.publicKey;
  if (key.asymmetricKeyType !== 'rsa') throw badRequest("The signature's certificate has no RSA key");
  const signed = Buffer.from(`${segments[0]}.${segments[1]}`, 'ascii');
  if (!verify(digest, signed, key, Buffer.from(segments[2]!, 'base64url'))) {
    throw badRequest("The signature does not verify with its certificate's key");
  }
}

/** What the LRS assigns when a statement lacks it (Data 2.3.1): compared only when both the signed and the sent statement state it. */
const ASSIGNED = ['id', 'authority', 'stored', 'timestamp', 'version'] as const;

const UUID_KEYS = new Set(['id', 'registration']);

/** `PT1M0.1237S` -> `PT1M0.12S`: xAPI 2.0 compares durations to the hundredth of a second (4.2.7). */
const toHundredths = (duration: string) =>
  duration.replace(/(\d+)(?:\.(\d+))?S$/, (_match: string, whole: string, fraction: string | undefined) => {
    const hundredths = (fraction ?? '').slice(0, 2).replace(/0+$/, '');
    return `${whole}${hundredths ? `.${hundredths}` : ''}S`;
  });
const TIME_KEYS = new Set(['timestamp', 'stored']);

/** A verb or an activity (an object with an `id` and no other object type): its display and definition are not part of the statement. */
const isVerbOrActivity = (value: Record<string, unknown>) =>
  typeof value.id === 'string' && (value.objectType === undefined || value.objectType === 'Activity');

function comparableValue(value: unknown, key: string, version: XapiVersion): unknown {
  if (typeof value === 'string') {
    if (TIME_KEYS.has(key) && !Number.isNaN(Date.parse(value))) return new Date(value).toISOString();
    if (key === 'duration' && version === '2.0.0') return toHundredths(value);
    return UUID_KEYS.has(key) && isUuid(value) ? value.toLowerCase() : value;
  }
  if (Array.isArray(value)) {
    const items = value.map((item) => comparableValue(item, '', version));
    return key === 'member' ? items.sort((a, b) => canonicalJson(a).localeCompare(canonicalJson(b))) : items;
  }
  if (!isStatementObject(value) || key === 'extensions') return value;
  const { display: _display, definition: _definition, ...described } = value;
  const fields = isVerbOrActivity(value) ? described : value;
  return Object.fromEntries(Object.entries(fields).map(([name, inner]) => [name, comparableValue(inner, name, version)]));
}

/**
 * A statement as the signature comparison sees it (Data 2.3.1, Statement Comparison): without its
 * attachments, the verbs' display and the activities' definitions (not part of the statement) and
 * the properties the LRS assigns unless both state them (`stated`); ids in any case, times as instants, a group's
 * members in any order, a single context activity as a list; in 2.0 durations to the hundredth of a
 * second (1.0.3 compares them as strings).
 */
function comparable(statement: unknown, stated: ReadonlySet<string>, version: XapiVersion): string {
  const { attachments: _attachments, ...content } = normalizeStatement(statement) as Statement;
  for (const property of ASSIGNED) if (!stated.has(property)) delete content[property];
  return canonicalJson(comparableValue(content, '', version));
}

/**
 * Checks a signed statement's signature (Data 2.6): a JWS in compact form, signed with RS256,
 * RS384 or RS512, whose payload is the statement it came with (compared as the specification's
 * Statement Comparison asks) and, when its header carries an `x5c` chain, whose signature verifies
 * with the first certificate's key. Any failure is a 400. The signature is stored as the
 * attachment it came in.
 */
export function checkSignature(jws: Buffer, statement: Statement, version: XapiVersion): void {
  const segments = jws.toString('utf8').trim().split('.');
  if (segments.length !== 3 || !segments.every((segment) => base64url.test(segment)) || segments[2] === '') {
    throw badRequest('The signature is not a JWS in compact serialisation');
  }
  const header = decodeJson(segments[0]!, 'header');
  const digest = typeof header.alg === 'string' ? DIGESTS[header.alg] : undefined;
  if (digest === undefined) throw badRequest('The signature must use RS256, RS384 or RS512');
  const payload = decodeJson(segments[1]!, 'payload');
  const stated = new Set(ASSIGNED.filter((property) => payload[property] !== undefined && statement[property] !== undefined));
  if (comparable(payload, stated, version) !== comparable(statement, stated, version)) {
    throw badRequest('The signed statement (the signature’s payload) differs from the statement sent');
  }
  const certificate = signingCertificate(header);
  if (certificate) checkAgainst(certificate, digest, segments);
}
