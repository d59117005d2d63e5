import { SSO_CALLBACK_PATH } from '@tht/contracts';

export interface BrowserAnswer {
  response: Response;
  /** The Location header: where a redirect sends the browser. */
  location: string | null;
  text: string;
}

/**
 * A browser as far as single sign-on needs one: cookies kept per host (path and expiry aside: the
 * flows are short), redirects followed by hand, same-origin POSTs of a form or of JSON.
 */
export class CookieBrowser {
  readonly cookies = new Map<string, Map<string, string>>();

  private jar(url: URL): Map<string, string> {
    let jar = this.cookies.get(url.host);
    if (!jar) this.cookies.set(url.host, (jar = new Map()));
    return jar;
  }

  /** A request with this browser's cookies for the host; a same-origin POST of a form or of JSON. */
  async go(
    url: string | URL,
    init: { method?: string; form?: Record<string, string>; json?: unknown } = {},
  ): Promise<BrowserAnswer> {
    const target = new URL(url);
    const jar = this.jar(target);
    const headers: Record<string, string> = {};
    if (jar.size > 0) headers.cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    if (init.method === 'POST') headers.origin = target.origin;
    let body: string | undefined;
    if (init.form)
      [body, headers['content-type']] = [new URLSearchParams(init.form).toString(), 'application/x-www-form-urlencoded'];
    if (init.json !== undefined) [body, headers['content-type']] = [JSON.stringify(init.json), 'application/json'];
    const response = await fetch(target, { method: init.method ?? 'GET', headers, body, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const [name = '', value = ''] = pair.split(/=(.*)/s);
      const expired = attributes.some((a) => /^\s*expires=Thu, 01 Jan 1970/i.test(a) || /^\s*max-age=0\s*$/i.test(a));
      if (expired || value === '') jar.delete(name.trim());
      else jar.set(name.trim(), value);
    }
    return { response, location: response.headers.get('location'), text: await response.text() };
  }

  /** A copy with the same cookies (an attacker who copied them, or the same browser's state kept aside). */
  clone(): CookieBrowser {
    const copy = new CookieBrowser();
    for (const [host, jar] of this.cookies) copy.cookies.set(host, new Map(jar));
    return copy;
  }

  /** Clicks the sign-in button of the product at `baseUrl`: the provider's authorization URL. */
  async startSignOn(baseUrl: string): Promise<URL> {
    const { response, location } = await this.go(`${baseUrl}/api/auth/oidc/start`);
    if (response.status !== 303 || !location) throw new Error(`The sign-on's start answered ${response.status}`);
    return new URL(location, baseUrl);
  }

  /**
   * Signs in at the test provider's development page as `login` from `authorizationUrl`; the
   * callback URL the provider sends the browser to.
   */
  async signInAtProvider(authorizationUrl: URL, login: string): Promise<string> {
    const interaction = new URL((await this.go(authorizationUrl)).location!, authorizationUrl);
    const page = await this.go(interaction);
    if (page.response.status !== 200) throw new Error(`The provider's sign-in page answered ${page.response.status}`);
    const next = (await this.go(interaction, { method: 'POST', form: { prompt: 'login', login, password: 'any' } })).location!;
    return this.followToCallback(new URL(next, interaction));
  }

  /** Follows the provider's redirects from `url` until it sends the browser to the product's callback. */
  async followToCallback(url: URL): Promise<string> {
    let next = url.href;
    for (let hops = 0; hops < 5 && !next.includes(SSO_CALLBACK_PATH); hops += 1) {
      next = new URL((await this.go(next)).location!, next).href;
    }
    if (!next.includes(SSO_CALLBACK_PATH)) throw new Error(`The provider did not send the browser back (last at ${next})`);
    return next;
  }

  /** Follows the callback; where the product sends the browser (a path on the product). */
  async callback(callbackUrl: string): Promise<string> {
    const { response, location } = await this.go(callbackUrl);
    if (response.status !== 303 || !location) throw new Error(`The callback answered ${response.status}`);
    return location;
  }

  /** The whole single sign-on of `login` at the product at `baseUrl`; where the product sends the browser at the end. */
  async singleSignOn(baseUrl: string, login: string): Promise<string> {
    return this.callback(await this.signInAtProvider(await this.startSignOn(baseUrl), login));
  }
}
