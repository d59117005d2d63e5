import { generateKeyPairSync, sign, X509Certificate, type KeyObject } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { XapiError } from './xapi-http';
import { checkSignature } from './xapi-signature';

/** DER, just enough of it for a self-signed certificate (X.509 v3, RFC 5280 4.1). */
const der = (tag: number, ...content: Buffer[]): Buffer => {
  const body = Buffer.concat(content);
  const length = body.length < 0x80 ? Buffer.from([body.length]) : Buffer.from([0x82, body.length >> 8, body.length & 0xff]);
  return Buffer.concat([Buffer.from([tag]), length, body]);
};
const sequence = (...content: Buffer[]) => der(0x30, ...content);
const oid = (bytes: number[]) => der(0x06, Buffer.from(bytes));
const SHA256_WITH_RSA = sequence(oid([0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x0b]), der(0x05));
const name = (commonName: string) => sequence(der(0x31, sequence(oid([0x55, 0x04, 0x03]), der(0x0c, Buffer.from(commonName)))));
const utcTime = (date: Date) => der(0x17, Buffer.from(`${date.toISOString().slice(2, 19).replace(/[-T:]/g, '')}Z`));

/** A certificate for `publicKey`, signed by `privateKey` itself: what a course vendor might put in `x5c`. */
function selfSignedCertificate(publicKey: KeyObject, privateKey: KeyObject): Buffer {
  const now = Date.now();
  const tbs = sequence(
    der(0xa0, der(0x02, Buffer.from([2]))),
    der(0x02, Buffer.from([1])),
    SHA256_WITH_RSA,
    name('Course vendor'),
    sequence(utcTime(new Date(now - 86_400_000)), utcTime(new Date(now + 86_400_000))),
    name('Course vendor'),
    publicKey.export({ type: 'spki', format: 'der' }),
  );
  const signature = sign('sha256', tbs, privateKey);
  return sequence(tbs, SHA256_WITH_RSA, der(0x03, Buffer.from([0]), signature));
}

const keyPair = () => generateKeyPairSync('rsa', { modulusLength: 2048 });
const signer = keyPair();
const certificate = selfSignedCertificate(signer.publicKey, signer.privateKey);
const DIGESTS = { RS256: 'sha256', RS384: 'sha384', RS512: 'sha512' } as const;

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A compact JWS of `payload`, signed with `key`, its header carrying `x5c` when given. */
function jws(payload: unknown, options: { alg?: keyof typeof DIGESTS; key?: KeyObject; x5c?: unknown } = {}): Buffer {
  const { alg = 'RS256', key = signer.privateKey, x5c = [certificate.toString('base64')] } = options;
  const signed = `${encode({ alg, ...(x5c !== null && { x5c }) })}.${encode(payload)}`;
  return Buffer.from(`${signed}.${sign(DIGESTS[alg], Buffer.from(signed), key).toString('base64url')}`);
}

const statement = {
  id: 'a0b1c2d3-0000-4000-8000-000000000001',
  actor: { objectType: 'Agent', mbox: 'mailto:ann@example.com' },
  verb: { id: 'http://adlnet.gov/expapi/verbs/completed', display: { 'en-US': 'completed' } },
  object: { id: 'http://example.com/courses/fire-safety', definition: { name: { 'en-US': 'Fire Safety' } } },
  timestamp: '2026-03-01T10:00:00.000Z',
};
const signatureAttachment = {
  usageType: 'http://adlnet.gov/expapi/attachments/signature',
  display: { 'en-US': 'Signature' },
  contentType: 'application/octet-stream',
  length: 1,
  sha2: '0'.repeat(64),
};
const sent = { ...statement, attachments: [signatureAttachment] };

const refusal = (check: () => void) => {
  try {
    check();
  } catch (error) {
    expect(error).toBeInstanceOf(XapiError);
    return { status: (error as XapiError).status, message: (error as XapiError).message };
  }
  return null;
};

describe('checkSignature', () => {
  it('accepts a statement signed with the key of the certificate its x5c chain starts with (RS256, RS384, RS512)', () => {
    expect(new X509Certificate(certificate).subject).toBe('CN=Course vendor');
    for (const alg of ['RS256', 'RS384', 'RS512'] as const)
      expect(refusal(() => checkSignature(jws(statement, { alg }), sent, '1.0.3'))).toBeNull();
  });

  it("refuses with 400 a signature that does not verify with the certificate's key", () => {
    const other = keyPair();
    expect(refusal(() => checkSignature(jws(statement, { key: other.privateKey }), sent, '1.0.3'))).toEqual({
      status: 400,
      message: expect.stringMatching(/does not verify/),
    });
    const tampered = jws(statement).toString().split('.');
    tampered[1] = encode({ ...statement, verb: { id: 'http://adlnet.gov/expapi/verbs/passed' } });
    const sentTampered = { ...sent, verb: { id: 'http://adlnet.gov/expapi/verbs/passed' } };
    expect(refusal(() => checkSignature(Buffer.from(tampered.join('.')), sentTampered, '1.0.3'))?.status).toBe(400);
  });

  it('refuses with 400 a signed statement that differs from the statement sent', () => {
    const otherVerb = { ...sent, verb: { id: 'http://adlnet.gov/expapi/verbs/passed' } };
    expect(refusal(() => checkSignature(jws(statement), otherVerb, '1.0.3'))).toEqual({
      status: 400,
      message: expect.stringMatching(/differs/),
    });
    const otherActor = { ...sent, actor: { objectType: 'Agent', mbox: 'mailto:bob@example.com' } };
    expect(refusal(() => checkSignature(jws(statement), otherActor, '1.0.3'))?.status).toBe(400);
    const laterTime = { ...sent, timestamp: '2026-03-01T10:00:01.000Z' };
    expect(refusal(() => checkSignature(jws(statement), laterTime, '1.0.3'))?.status).toBe(400);
    // Without x5c there is no key to verify with, but the payload is still compared.
    expect(refusal(() => checkSignature(jws(statement, { x5c: null }), otherVerb, '1.0.3'))?.status).toBe(400);
    expect(refusal(() => checkSignature(jws(statement, { x5c: null }), sent, '1.0.3'))).toBeNull();
  });

  it('ignores the differences the specification ignores: attachments, what the LRS assigns, time zones, display and definitions', () => {
    const { id: _id, timestamp: _timestamp, ...unassigned } = statement;
    expect(refusal(() => checkSignature(jws(unassigned), sent, '1.0.3'))).toBeNull();
    const sentOtherwise = {
      ...sent,
      id: statement.id.toUpperCase(),
      timestamp: '2026-03-01T11:00:00+01:00',
      verb: { id: statement.verb.id },
      object: { id: statement.object.id, objectType: 'Activity' },
      stored: '2026-03-01T10:00:05.000Z',
    };
    expect(
      refusal(() =>
        checkSignature(jws({ ...statement, object: { ...statement.object, objectType: 'Activity' } }), sentOtherwise, '1.0.3'),
      ),
    ).toBeNull();
  });

  it('compares durations as strings in 1.0.3, to the hundredth of a second in 2.0', () => {
    const signed = jws({ ...statement, result: { duration: 'P1DT12H36M0.12S' } });
    const sentLonger = { ...sent, result: { duration: 'P1DT12H36M0.1237S' } };
    expect(refusal(() => checkSignature(signed, sentLonger, '2.0.0'))).toBeNull();
    expect(refusal(() => checkSignature(signed, sentLonger, '1.0.3'))?.status).toBe(400);
    expect(refusal(() => checkSignature(signed, { ...sent, result: { duration: 'P1DT12H36M0.13S' } }, '2.0.0'))?.status).toBe(400);
  });

  it('refuses with 400 an x5c that is not a certificate, and an algorithm xAPI does not allow', () => {
    expect(refusal(() => checkSignature(jws(statement, { x5c: ['bm90IGEgY2VydGlmaWNhdGU='] }), sent, '1.0.3'))?.status).toBe(400);
    expect(refusal(() => checkSignature(jws(statement, { x5c: 'MIIB' }), sent, '1.0.3'))?.status).toBe(400);
    const hs256 = `${encode({ alg: 'HS256' })}.${encode(statement)}.c2lnbmF0dXJl`;
    expect(refusal(() => checkSignature(Buffer.from(hs256), sent, '1.0.3'))?.status).toBe(400);
  });
});
