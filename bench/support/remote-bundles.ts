import { existsSync } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * Sorts a remote's built JavaScript into its own code and shared libraries. A shared library is a
 * package the federation config shares (react, react-dom, react-router, styled-components, swr,
 * @tht/ui, @tht/contracts, ...) or one only those packages depend on (scheduler, stylis, zod, ...):
 * at run time the shell or another remote provides it. A file is shared when the remote's
 * mf-manifest.json lists it as a shared module's asset, or when every source its source map names
 * belongs to such a package; a file mixing both counts as the remote's own.
 */

const { SINGLETONS, SHARED_BY_REMOTES } = createRequire(import.meta.url)('@tht/webpack-config') as {
  SINGLETONS: string[];
  SHARED_BY_REMOTES: string[];
};

interface PackageManifest {
  name: string;
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}

function installedPackageDir(packageName: string, fromDir: string): string | null {
  for (let dir = fromDir; ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', packageName);
    if (existsSync(join(candidate, 'package.json'))) return candidate;
    if (dir === dirname(dir)) return null;
  }
}

async function readPackage(dir: string): Promise<PackageManifest> {
  return JSON.parse(await readFile(join(dir, 'package.json'), 'utf8')) as PackageManifest;
}

/** The shared packages and everything they depend on, minus what the remote itself depends on directly. */
async function sharedLibraryPackages(appDir: string): Promise<Set<string>> {
  const roots = [...SINGLETONS, ...SHARED_BY_REMOTES].map((key) => key.replace(/\/$/, ''));
  const found = new Set<string>();
  const queue: Array<{ name: string; fromDir: string }> = roots.map((name) => ({ name, fromDir: appDir }));
  while (queue.length > 0) {
    const { name, fromDir } = queue.shift()!;
    if (found.has(name)) continue;
    const dir = installedPackageDir(name, fromDir);
    if (!dir) continue;
    found.add(name);
    const manifest = await readPackage(dir);
    // A shared package's peers (react-is for recharts) come with it at run time, as its own dependencies do.
    const needs = { ...manifest.dependencies, ...manifest.peerDependencies };
    for (const dependency of Object.keys(needs)) queue.push({ name: dependency, fromDir: dir });
  }
  const ownDependencies = Object.keys((await readPackage(appDir)).dependencies ?? {});
  for (const dependency of ownDependencies) if (!roots.includes(dependency)) found.delete(dependency);
  return found;
}

/** The package a source-map source comes from; null for the remote's own code and webpack's runtime. */
function packageOfSource(source: string, workspacePackages: Map<string, string>): string | null {
  const fromNodeModules = source.match(/.*node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (fromNodeModules) return fromNodeModules[1]!;
  const fromWorkspace = source.match(/\/packages\/([^/]+)\//);
  return fromWorkspace ? (workspacePackages.get(fromWorkspace[1]!) ?? null) : null;
}

async function workspacePackageNames(repoRoot: string): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  for (const dir of await readdir(join(repoRoot, 'packages'))) {
    if (existsSync(join(repoRoot, 'packages', dir, 'package.json'))) {
      names.set(dir, (await readPackage(join(repoRoot, 'packages', dir))).name);
    }
  }
  return names;
}

async function sourcesOf(mapFile: string): Promise<string[] | null> {
  if (!existsSync(mapFile)) return null;
  return (JSON.parse(await readFile(mapFile, 'utf8')) as { sources: string[] }).sources;
}

export interface RemoteBundle {
  builtAt: Date;
  own: Array<{ name: string; content: Buffer }>;
  shared: Array<{ name: string; content: Buffer }>;
}

interface ManifestShared {
  assets: { js: { sync: string[]; async: string[] } };
}

export async function remoteBundle(repoRoot: string, folder: string): Promise<RemoteBundle> {
  const appDir = join(repoRoot, folder);
  const dist = join(appDir, 'dist');
  const manifestPath = join(dist, 'mf-manifest.json');
  const manifest = JSON.parse(await readFile(manifestPath, 'utf8')) as { shared: ManifestShared[] };
  const sharedAssets = new Set(manifest.shared.flatMap((shared) => [...shared.assets.js.sync, ...shared.assets.js.async]));
  const libraries = await sharedLibraryPackages(appDir);
  const workspacePackages = await workspacePackageNames(repoRoot);

  const bundle: RemoteBundle = { builtAt: (await stat(manifestPath)).mtime, own: [], shared: [] };
  for (const name of (await readdir(dist)).filter((file) => file.endsWith('.js'))) {
    const content = await readFile(join(dist, name));
    const sources = await sourcesOf(join(dist, `${name}.map`));
    const onlyLibraries =
      sources !== null &&
      sources.length > 0 &&
      sources.every((source) => {
        const packageName = packageOfSource(source, workspacePackages);
        return packageName !== null && libraries.has(packageName);
      });
    (sharedAssets.has(name) || onlyLibraries ? bundle.shared : bundle.own).push({ name, content });
  }
  return bundle;
}
