import { registerRemotes } from '@module-federation/enhanced/runtime';
import { platformRoutes } from '@tht/contracts';
import { callRoute } from '@tht/ui';

/** Federation names of the remotes, as served by GET /api/remotes. */
export type RemoteName = 'mf_employee' | 'mf_manager' | 'mf_hr' | 'mf_smt' | 'mf_admin';

type Registry = Record<RemoteName, string>;

let registry: Promise<Registry> | null = null;
const registered = new Set<RemoteName>();

/** A manifest URL from the registry, made absolute so chunk URLs resolve against its origin. */
function absolute(url: string): string {
  return new URL(url, window.location.origin).href;
}

/**
 * Registers `name` with the federation runtime, using the registry fetched once per page load.
 * `force` replaces an earlier registration and forgets what was cached from it (used by Retry).
 */
export async function registerRemote(name: RemoteName, { force = false } = {}): Promise<void> {
  if (!registry || force) {
    registry = callRoute(platformRoutes.getRemoteRegistry, {}) as Promise<Registry>;
    registry.catch(() => {
      registry = null;
    });
  }
  const entries = await registry;
  if (registered.has(name) && !force) return;
  const entry = entries[name];
  if (!entry) throw new Error(`The remote registry has no entry for ${name}`);
  registerRemotes([{ name, entry: absolute(entry) }], { force });
  registered.add(name);
}
