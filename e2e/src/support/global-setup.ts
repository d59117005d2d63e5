import { SSO_CALLBACK_PATH } from '@tht/contracts';
import { startProduct, startTestIdentityProvider, type RunningProduct, type TestIdentityProvider } from '@tht/test-kit';
import type { TestProject } from 'vitest/node';
import { buildFrontEnds } from './front-end-build';
import { startRunMailbox, type RunMailbox } from './mailbox';
import { startDeployedShape } from './deployed-shape';
import { E2E_SSO_BUTTON_LABEL } from './sso';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    adminEmail: string;
    adminPassword: string;
    /** Where the run's mailbox keeps the mails the product sent (see mailbox.ts). */
    mailFolder: string;
  }
}

let product: RunningProduct | undefined;
let mailbox: RunMailbox | undefined;
let identityProvider: TestIdentityProvider | undefined;

/**
 * Starts the run's mailbox, then the product once per run, its mail going to the mailbox: as
 * `npm start` does, or with E2E_INSTANCES=2 in the deployed shape (two API processes and a
 * projections process behind a round-robin balancer, see deployed-shape.ts), as CI runs it. E2E_BASE_URL points the run at a product already running instead (its start-up
 * admin must be E2E_ADMIN_EMAIL / E2E_ADMIN_PASSWORD, by default the harness's, and its SMTP_URL
 * the mailbox's, see mailbox.ts), which saves the start-up while working on a test.
 */
export async function setup(project: TestProject) {
  mailbox = await startRunMailbox();
  // The organisation's OpenID Connect provider (oidc-provider) in this process; a product started
  // outside the run (E2E_BASE_URL) must use it as OIDC_ISSUER=http://localhost:$E2E_OIDC_PORT.
  identityProvider = await startTestIdentityProvider({ port: Number(process.env.E2E_OIDC_PORT ?? 0) });
  const sso = {
    OIDC_ISSUER: identityProvider.issuer,
    OIDC_CLIENT_ID: identityProvider.clientId,
    OIDC_CLIENT_SECRET: identityProvider.clientSecret,
    OIDC_BUTTON_LABEL: E2E_SSO_BUTTON_LABEL,
  };
  const external = process.env.E2E_BASE_URL;
  // Before the product starts, so its first start finds every front end built (see front-end-build.ts).
  if (!external) await buildFrontEnds((line) => console.log(`e2e: ${line}`));
  const target = external
    ? {
        baseUrl: external.replace(/\/+$/, ''),
        adminEmail: process.env.E2E_ADMIN_EMAIL ?? 'admin@example.com',
        adminPassword: process.env.E2E_ADMIN_PASSWORD ?? 'Admin-password-1',
      }
    : (product = await (process.env.E2E_INSTANCES === '2' ? startDeployedShape : startProduct)(
        { SMTP_URL: mailbox.smtpUrl, ...sso },
        { echoOutput: Boolean(process.env.E2E_VERBOSE) },
      ));
  identityProvider.allowRedirectUri(`${target.baseUrl}${SSO_CALLBACK_PATH}`);
  project.provide('baseUrl', target.baseUrl);
  project.provide('adminEmail', target.adminEmail);
  project.provide('adminPassword', target.adminPassword);
  project.provide('mailFolder', mailbox.folder);
}

export async function teardown() {
  await product?.stop();
  await mailbox?.stop();
  await identityProvider?.close();
}
