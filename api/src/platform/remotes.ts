import type { Request, Response } from 'express';

/** The micro-frontends: workspace folder, Module Federation name and the setting that relocates it. */
export const REMOTES = [
  { folder: 'mf-employee', federationName: 'mf_employee', urlSetting: 'MF_EMPLOYEE_URL' },
  { folder: 'mf-manager', federationName: 'mf_manager', urlSetting: 'MF_MANAGER_URL' },
  { folder: 'mf-hr', federationName: 'mf_hr', urlSetting: 'MF_HR_URL' },
  { folder: 'mf-smt', federationName: 'mf_smt', urlSetting: 'MF_SMT_URL' },
  { folder: 'mf-admin', federationName: 'mf_admin', urlSetting: 'MF_ADMIN_URL' },
] as const;

export type Remote = (typeof REMOTES)[number];
export type RemoteFederationName = Remote['federationName'];
export type RemoteUrlSetting = Remote['urlSetting'];

/** Where the shell finds a remote's manifest when no `MF_*_URL` override is set: this server. */
export function sameOriginManifestPath(remote: Remote): string {
  return `/remotes/${remote.folder}/mf-manifest.json`;
}

export function remoteRegistry(overrides: Partial<Record<RemoteUrlSetting, string>>): Record<RemoteFederationName, string> {
  return Object.fromEntries(
    REMOTES.map((remote) => [remote.federationName, overrides[remote.urlSetting] ?? sameOriginManifestPath(remote)]),
  ) as Record<RemoteFederationName, string>;
}

export function remoteRegistryHandler(overrides: Partial<Record<RemoteUrlSetting, string>>) {
  const registry = remoteRegistry(overrides);
  return (_req: Request, res: Response) => {
    res.set('Cache-Control', 'no-cache').json(registry);
  };
}
