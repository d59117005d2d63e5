import { badRequest } from './xapi-http';

const ALGORITHMS = ['RS256', 'RS384', 'RS512'];

const base64url = /^[A-Za-z0-9_-]*$/;

function decodeJson(segment: string, what: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // answered below
  }
  throw badRequest(`The signature's ${what} is not a JSON object`);
}

/**
 * Checks a signed statement's signature (Data 2.6): a JWS in compact form, signed with RS256,
 * RS384 or RS512, whose payload is a statement. The signature is stored as the attachment it came in.
 */
export function checkSignature(jws: Buffer): void {
  const segments = jws.toString('utf8').trim().split('.');
  if (segments.length !== 3 || !segments.every((segment) => base64url.test(segment)) || segments[2] === '') {
    throw badRequest('The signature is not a JWS in compact serialisation');
  }
  const header = decodeJson(segments[0]!, 'header');
  if (typeof header.alg !== 'string' || !ALGORITHMS.includes(header.alg)) {
    throw badRequest('The signature must use RS256, RS384 or RS512');
  }
  decodeJson(segments[1]!, 'payload');
}
