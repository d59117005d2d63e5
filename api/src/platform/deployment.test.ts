import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { REPO_ROOT } from '../config';
import { REMOTES } from './remotes';

// No Docker engine runs here, so these checks keep docker-compose.yml and the Dockerfiles
// consistent with the repository: every path they name exists and every remote is deployed.

interface ComposeService {
  build?: { context: string; dockerfile: string };
  image?: string;
  environment?: Record<string, string>;
  ports?: string[];
  profiles?: string[];
}

const compose = parse(readFileSync(path.join(REPO_ROOT, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
  services: Record<string, ComposeService>;
};
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

function publishedPort(service: ComposeService): string | undefined {
  return service.ports?.[0]?.split(':')[0];
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
      const manifestUrl = `http://localhost:${publishedPort(service!)}/mf-manifest.json`;
      expect(compose.services.api?.environment?.[remote.urlSetting]).toBe(manifestUrl);
    },
  );

  it('publishes every service port at most once', () => {
    const ports = services.map(([, service]) => publishedPort(service)).filter(Boolean);
    expect(new Set(ports).size).toBe(ports.length);
  });
});
