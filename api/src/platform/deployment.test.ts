import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { IMPORT_ARCHIVE_MAX_MEGABYTES } from '@tht/contracts';
import { JSON_BODY_LIMIT } from '../app';
import { LARGEST_EVIDENCE_MB, REPO_ROOT } from '../config';
import { REMOTES } from './remotes';
import { contentSecurityPolicyHeader, remoteOrigins } from './security-headers';

// No Docker engine runs here, so these checks keep docker-compose.yml and the Dockerfiles
// consistent with the repository: every path they name exists and every remote is deployed.

interface ComposeService {
  build?: { context: string; dockerfile: string };
  image?: string;
  environment?: Record<string, string>;
  ports?: string[];
  profiles?: string[];
  networks?: Record<string, { ipv4_address?: string } | null>;
}

const composeText = readFileSync(path.join(REPO_ROOT, 'docker-compose.yml'), 'utf8');
const compose = parse(composeText, { merge: true }) as {
  services: Record<string, ComposeService>;
  networks?: Record<string, { ipam?: { config?: Array<{ subnet: string }> } }>;
};
/** A missing file reads as empty, so each check that needs it fails on its own. */
const readRepoFile = (file: string) =>
  existsSync(path.join(REPO_ROOT, file)) ? readFileSync(path.join(REPO_ROOT, file), 'utf8') : '';
const services = Object.entries(compose.services);
const builtServices = services.filter(
  (entry): entry is [string, ComposeService & { build: NonNullable<ComposeService['build']> }] => Boolean(entry[1].build),
);

function dockerfileOf(service: { build: { context: string; dockerfile: string } }): string {
  return path.join(REPO_ROOT, service.build.context, service.build.dockerfile);
}

/** Sources of `COPY` instructions that read the build context (not `--from` another stage). */
function contextCopySources(dockerfile: string): string[] {
  return readFileSync(dockerfile, 'utf8')
    .split('\n')
    .filter((line) => /^COPY\s/.test(line) && !line.includes('--from='))
    .flatMap((line) =>
      line
        .trim()
        .split(/\s+/)
        .slice(1, -1)
        .filter((word) => !word.startsWith('--')),
    );
}

describe('docker-compose.yml', () => {
  it('has the database, KurrentDB (opt-in profile), API, projections and shell services', () => {
    expect(Object.keys(compose.services)).toEqual(expect.arrayContaining(['postgres', 'kurrentdb', 'api', 'projections', 'shell']));
    expect(compose.services.kurrentdb?.profiles).toEqual(['kurrentdb']);
  });

  it.each(builtServices)('%s builds from the repository root with a Dockerfile that exists', (_name, service) => {
    expect(path.resolve(REPO_ROOT, service.build.context)).toBe(path.resolve(REPO_ROOT));
    expect(existsSync(dockerfileOf(service)), service.build.dockerfile).toBe(true);
  });

  it.each(builtServices)('%s: every file its Dockerfile copies from the context exists', (_name, service) => {
    for (const source of contextCopySources(dockerfileOf(service)).filter((s) => !s.includes('*'))) {
      expect(existsSync(path.join(REPO_ROOT, source)), source).toBe(true);
    }
  });

  it.each(REMOTES.map((remote) => [remote.folder, remote] as const))(
    'deploys %s alone, from its own Dockerfile',
    (folder, remote) => {
      const service = compose.services[folder];
      expect(service?.build?.dockerfile).toBe(`${folder}/Dockerfile`);
      expect(readFileSync(dockerfileOf(service as { build: { context: string; dockerfile: string } }), 'utf8')).toContain(
        `npm run build -w ${folder}`,
      );
      expect(compose.services.api?.environment?.[remote.urlSetting]).toBe(`/remotes/${folder}/mf-manifest.json`);
      expect(shellNginx).toContain(`location ^~ /remotes/${folder}/ {\n    proxy_pass http://${folder}/;`);
    },
  );
});

/** `${NAME:?message}`: compose refuses to start without NAME and prints the message. */
const required = (name: string) => new RegExp(`\\$\\{${name}:\\?[^}]*\\b${name}\\b[^}]*\\}`);

/** The `location` blocks of an nginx server (none nests another here): the line that opens each and its body. */
function locationsOf(conf: string): Array<{ match: string; body: string }> {
  return [...conf.matchAll(/^\s*location\s+(.*?)\s*\{\n([^}]*)\}/gm)].map((found) => ({ match: found[1]!, body: found[2]! }));
}

const shellNginx = readRepoFile('docker/nginx/shell.conf');

/** The settings README.md's configuration table names (each backquoted name of its first column). */
function readmeSettings(): string[] {
  const readme = readRepoFile('README.md');
  const section = readme.slice(readme.indexOf('## Configuration'), readme.indexOf('\n## ', readme.indexOf('## Configuration') + 1));
  return section
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .flatMap((line) => [...line.split('|')[1]!.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((found) => found[1]!));
}
const securityHeadersSnippet = readRepoFile('docker/nginx/security-headers.conf');

describe('docker-compose.yml: only nginx faces the network', () => {
  it("publishes the shell's nginx alone: not PostgreSQL, KurrentDB, the API or the remotes", () => {
    const published = services.filter(([, service]) => service.ports?.length).map(([name]) => name);
    expect(published).toEqual(['shell']);
    expect(compose.services.postgres?.ports).toBeUndefined();
  });

  it('does not start without POSTGRES_PASSWORD and APP_DB_PASSWORD, and has no default password', () => {
    expect(compose.services.postgres?.environment?.POSTGRES_PASSWORD).toMatch(required('POSTGRES_PASSWORD'));
    expect(composeText).toMatch(required('APP_DB_PASSWORD'));
    expect(composeText).not.toMatch(/(POSTGRES|APP_DB)_PASSWORD:-/);
  });

  it.each(['api', 'projections'])("%s connects as the product's own role, not the superuser", (name) => {
    const environment = compose.services[name]?.environment ?? {};
    const user = decodeURIComponent(new URL(environment.DATABASE_URL!).username);
    expect(user).toBe('tht_app');
    expect(user).not.toBe(compose.services.postgres?.environment?.POSTGRES_USER);
    expect(environment.PGPASSWORD).toMatch(required('APP_DB_PASSWORD'));
  });

  it("creates that role, owning the product's database, when PostgreSQL is first set up", () => {
    const initScript = readRepoFile('docker/postgres/10-app-role.sh');
    expect(initScript).toContain('app_password="$APP_DB_PASSWORD"');
    expect(readRepoFile('docker/postgres/app-role.psql')).toMatch(/NOSUPERUSER NOCREATEDB NOCREATEROLE/);
    expect(compose.services.postgres?.environment?.APP_DB_PASSWORD).toMatch(required('APP_DB_PASSWORD'));
  });

  it("believes X-Forwarded-For from the shell's nginx alone unless TRUST_PROXY names a proxy in front of it too", () => {
    const nginxAddress = compose.services.shell?.networks?.default?.ipv4_address;
    const [subnet] = compose.networks?.default?.ipam?.config ?? [];
    expect(nginxAddress).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
    expect(nginxAddress!.startsWith(subnet!.subnet.replace(/\.0\/24$/, '.'))).toBe(true);
    expect(compose.services.api?.environment?.TRUST_PROXY).toBe(`\${TRUST_PROXY:-${nginxAddress}}`);
  });

  it("keeps the client's address and protocol through a proxy in front of nginx", () => {
    // Appended, so the API takes the address before the proxies it trusts (deployment-nginx.int.test.ts runs it).
    expect(shellNginx).toContain('proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;');
    expect(shellNginx).not.toContain('X-Forwarded-For $remote_addr');
    expect(shellNginx).toMatch(
      /map \$http_x_forwarded_proto \$forwarded_proto \{\s*default \$http_x_forwarded_proto;\s*"" \$scheme;\s*\}/,
    );
    expect(shellNginx).toContain('proxy_set_header X-Forwarded-Proto $forwarded_proto;');
  });

  it("passes every setting of the README's configuration table to the API", () => {
    const environment = compose.services.api?.environment ?? {};
    const settings = readmeSettings();
    expect(settings).toEqual(
      expect.arrayContaining(['PUBLIC_URL', 'OIDC_ISSUER', 'PASSWORD_LOGIN', 'METRICS_TOKEN', 'MF_ADMIN_URL']),
    );
    expect(settings.filter((name) => !(name in environment))).toEqual([]);
    for (const name of ['SMTP_URL', 'PUBLIC_URL', 'MAIL_FROM', 'OIDC_CLIENT_SECRET']) {
      expect(environment[name]).toMatch(new RegExp(`^\\$\\{${name}:-`));
    }
  });
});

describe("docker/nginx: the API's body limits", () => {
  const bodyLimitOf = (location: string) =>
    locationsOf(shellNginx)
      .find(({ match }) => match === location)
      ?.body.match(/client_max_body_size (\d+)m;/)?.[1];

  it("takes JSON up to the API's own limit", () => {
    expect(`${bodyLimitOf('^~ /api/')}mb`).toBe(JSON_BODY_LIMIT);
  });

  it('takes a file attached to an entry up to the largest EVIDENCE_MAX_MB, with room for the multipart framing', () => {
    expect(Number(bodyLimitOf('~ ^/api/entries/[^/]+/evidence$'))).toBe(LARGEST_EVIDENCE_MB + 1);
  });

  it("takes an import's file up to the import's limit (a zip with evidence), with room for the multipart framing", () => {
    expect(Number(bodyLimitOf('= /api/import'))).toBe(IMPORT_ARCHIVE_MAX_MEGABYTES + 1);
  });
});

describe("docker/nginx: the shell's files carry the API's security headers", () => {
  it('sends the CSP the API sends, for the remotes where compose puts them', () => {
    const environment = compose.services.api?.environment ?? {};
    const origins = remoteOrigins(Object.fromEntries(REMOTES.map(({ urlSetting }) => [urlSetting, environment[urlSetting]])));
    expect(securityHeadersSnippet).toContain(
      `add_header Content-Security-Policy "${contentSecurityPolicyHeader(origins)}" always;`,
    );
    for (const header of ['X-Frame-Options DENY', 'X-Content-Type-Options nosniff', 'Referrer-Policy no-referrer']) {
      expect(securityHeadersSnippet).toContain(`add_header ${header} always;`);
    }
  });

  it('includes them in every location serving its own files (the proxied API and remotes send their own)', () => {
    const locations = locationsOf(shellNginx);
    expect(locations.length).toBeGreaterThan(3);
    for (const { match, body } of locations) {
      if (body.includes('proxy_pass')) continue;
      expect(body, match).toContain('include /etc/nginx/snippets/security-headers.conf;');
    }
    expect(readRepoFile('shell/Dockerfile')).toContain(
      'COPY docker/nginx/security-headers.conf /etc/nginx/snippets/security-headers.conf',
    );
  });
});
