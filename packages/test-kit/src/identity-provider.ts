import { generateKeyPairSync } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type Adapter, type AdapterPayload, type ClientMetadata, type KoaContextWithOIDC } from 'oidc-provider';

/**
 * A real OpenID Connect provider (oidc-provider, certified) in the test's process, with one client
 * (the product) and its built-in development sign-in page: any login and any password sign in, and
 * the login names the person:
 *
 *   - an e-mail address (`ada.lovelace@example.com`): that verified address, names from its local part;
 *   - starting with `unverified.`: the same, but the address is not verified.
 *
 * The person's `sub` is the login (`subjectFor` overrides it, to play an address handed on to
 * someone else). No consent screen: the client is the organisation's own application. The ID token
 * carries the e-mail and names, unless `thinIdToken` keeps them for the UserInfo endpoint (as Okta does).
 *
 * The provider keeps its state in memory (`MemoryStore`), where the client's redirect URIs can be
 * added once the product's address is known (`allowRedirectUri`).
 */
export interface TestIdentityProvider {
  /** `http://localhost:<port>`: loopback, so the product accepts it over http. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The person a login names gets this `sub` from now on. */
  subjectFor(login: string, subject: string): void;
  /** Registers one more redirect URI of the client (a product's `PUBLIC_URL/api/auth/oidc/callback`). */
  allowRedirectUri(uri: string): void;
  close(): Promise<void>;
}

export const TEST_CLIENT_ID = 'training-hours-tracker';
const TEST_CLIENT_SECRET = 'test-client-secret-of-the-training-hours-tracker';

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** Closes the server at once: a browser's keep-alive connections would hold it open. */
function closeServer(server: Server): Promise<void> {
  return new Promise((resolve, reject) => {
    server.close((error) => (error ? reject(error) : resolve()));
    server.closeAllConnections();
  });
}

/** The ID token claims of the person a login names. */
function claimsOfLogin(login: string, subject: string) {
  const email = login.replace(/^unverified\./, '');
  const [given = '', family = ''] = email.slice(0, email.indexOf('@')).split('.').map(capitalised);
  return {
    sub: subject,
    email,
    email_verified: !login.startsWith('unverified.'),
    given_name: given,
    family_name: family,
    name: `${given} ${family}`.trim(),
  };
}

/** RS256 signing keys of this provider (a JWKS of its own, rather than oidc-provider's development keys). */
function signingKeys() {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { keys: [{ ...privateKey.export({ format: 'jwk' }), kid: 'test-key', use: 'sig', alg: 'RS256' }] };
}

/**
 * The provider's state (sessions, interactions, codes, grants) in one Map, and the one client,
 * whose metadata is read afresh at each lookup (so redirect URIs can be added while it runs).
 */
class MemoryStore {
  private readonly entries = new Map<string, AdapterPayload>();

  constructor(private readonly client: () => ClientMetadata) {}

  adapter = (model: string): Adapter => {
    const key = (id: string) => `${model}:${id}`;
    const find = async (id: string) => (model === 'Client' ? this.clientNamed(id) : this.entries.get(key(id)));
    return {
      upsert: async (id, payload) => {
        this.entries.set(key(id), payload);
        if (payload.uid) this.entries.set(`${model}-uid:${payload.uid}`, { ...payload, jti: id });
      },
      find,
      findByUid: async (uid) => this.entries.get(`${model}-uid:${uid}`),
      findByUserCode: async () => undefined,
      consume: async (id) => {
        const payload = this.entries.get(key(id));
        if (payload) payload.consumed = Math.floor(Date.now() / 1000);
      },
      destroy: async (id) => {
        this.entries.delete(key(id));
      },
      revokeByGrantId: async (grantId) => {
        for (const [name, payload] of this.entries) if (payload.grantId === grantId) this.entries.delete(name);
      },
    };
  };

  private clientNamed(id: string): AdapterPayload | undefined {
    const client = this.client();
    return id === client.client_id ? { ...client } : undefined;
  }
}

/** The organisation's own application needs no consent: each sign-in gets a grant of the scopes it asks for. */
async function grantWithoutConsent(ctx: KoaContextWithOIDC) {
  const { oidc } = ctx;
  const existing = oidc.session && oidc.client ? oidc.session.grantIdFor(oidc.client.clientId) : undefined;
  if (existing) return oidc.provider.Grant.find(existing);
  const grant = new oidc.provider.Grant({ clientId: oidc.client!.clientId, accountId: oidc.session!.accountId! });
  grant.addOIDCScope(typeof oidc.params?.scope === 'string' ? oidc.params.scope : 'openid');
  await grant.save();
  return grant;
}

/**
 * Starts the provider on loopback (`port`, default a free one), with the client registered for
 * `redirectUris` (the product's `PUBLIC_URL/api/auth/oidc/callback`).
 */
export async function startTestIdentityProvider({
  redirectUris = [],
  port = 0,
  thinIdToken = false,
}: {
  redirectUris?: string[];
  port?: number;
  thinIdToken?: boolean;
} = {}): Promise<TestIdentityProvider> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const issuer = `http://localhost:${(server.address() as AddressInfo).port}`;
  const subjects = new Map<string, string>();
  const allowed = [...redirectUris];
  const store = new MemoryStore(() => ({
    client_id: TEST_CLIENT_ID,
    client_secret: TEST_CLIENT_SECRET,
    redirect_uris: allowed,
    grant_types: ['authorization_code'],
    response_types: ['code'],
    token_endpoint_auth_method: 'client_secret_basic',
  }));
  const provider = new Provider(issuer, {
    adapter: store.adapter,
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name', 'name'] },
    findAccount: (_ctx, login) => ({ accountId: login, claims: () => claimsOfLogin(login, subjects.get(login) ?? login) }),
    loadExistingGrant: grantWithoutConsent,
    conformIdTokenClaims: thinIdToken,
    pkce: { required: () => true },
    jwks: signingKeys(),
    cookies: { keys: ['test-identity-provider-cookie-key'] },
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
    features: { devInteractions: { enabled: true } },
  });
  const handle = provider.callback();
  server.on('request', (req, res) => void handle(req, res));
  return {
    issuer,
    clientId: TEST_CLIENT_ID,
    clientSecret: TEST_CLIENT_SECRET,
    subjectFor: (login, subject) => subjects.set(login, subject),
    allowRedirectUri: (uri) => allowed.push(uri),
    close: () => closeServer(server),
  };
}
