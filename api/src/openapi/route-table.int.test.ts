import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { API_ROUTES, EVERY_ROUTE, routeName } from '@tht/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { REPO_ROOT } from '../config';
import { registeredApiRoutes } from '../testing/registered-routes';
import { request } from '../testing/request';
import { startTestApp, type TestApp } from '../testing/test-app';
import type { OpenApiDocument } from './build-document';

let app: TestApp;
let document: OpenApiDocument;

beforeAll(async () => {
  app = await startTestApp();
  document = (await request<OpenApiDocument>(app, 'GET', '/api/openapi.json')).body;
});

afterAll(() => app?.close());

/** Routes of the table the browser never calls, and why. */
const NOT_CALLED_BY_THE_BROWSER: Record<string, string> = {
  startSingleSignOn: 'A link the sign-in button follows (SSO_START_PATH): a navigation, not a call.',
  singleSignOnCallback: "Where the organisation's sign-in service sends the browser back, not a call.",
  listHrUsers: 'Every account at once, for API clients: the HR employee table reads a page at a time (listHrEmployees).',
  getAuditHead: 'For auditors noting the chain head (npm run verify checks it), not a screen.',
  exportAuditEvents: 'The sealed log as NDJSON for auditors checking the chain themselves, not a screen.',
  getHealth: 'For load balancers and probes.',
  getHealthReady: 'For load balancers and readiness probes.',
  getHealthLive: 'For liveness probes.',
  getMetrics: 'For Prometheus, with METRICS_TOKEN.',
  getOpenApiDocument: 'Read by the reference page (Swagger UI) and API clients, not by the front ends.',
  getApiReferencePage: 'A page for people writing API clients, opened by its address.',
  getUnsubscribePage: "A reminder mail's unsubscribe link, opened from the mail: a navigation, not a call.",
  unsubscribe: "Posted by a mail program (RFC 8058's one-click) or the unsubscribe page's button, not by the product's screens.",
};

const FRONT_END_FOLDERS = [
  'shell/src',
  'packages/ui/src',
  'mf-admin/src',
  'mf-employee/src',
  'mf-hr/src',
  'mf-manager/src',
  'mf-smt/src',
];

async function sourceFiles(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => !file.split(path.sep).includes('testing'));
}

/** The front ends' own code (tests and test helpers left out), as one text. */
async function frontEndCode(): Promise<string> {
  const files = (await Promise.all(FRONT_END_FOLDERS.map((folder) => sourceFiles(path.join(REPO_ROOT, folder))))).flat();
  return (await Promise.all(files.map((file) => readFile(file, 'utf8')))).join('\n');
}

/** The name a feature's group is exported under: `entries` → `entriesRoutes`, `form-fields` → `formFieldsRoutes`. */
const groupExportOf = (feature: string) => `${feature.replace(/-(\w)/g, (_dash, letter: string) => letter.toUpperCase())}Routes`;

describe('the route table', () => {
  const tableRoutes = EVERY_ROUTE.map(routeName).sort();

  it('is what the app serves: every route registered, and none it lacks', () => {
    expect(registeredApiRoutes(createApp(app.ctx)).sort()).toEqual(tableRoutes);
  });

  it('is what the OpenAPI document describes, under the same operation ids', () => {
    const documented = Object.entries(document.paths).flatMap(([route, operations]) =>
      Object.entries(operations).map(([method, operation]) => `${method.toUpperCase()} ${route} ${operation.operationId}`),
    );
    expect(documented.sort()).toEqual(EVERY_ROUTE.map((route) => `${routeName(route)} ${route.operationId}`).sort());
  });

  it('is what the browser calls: each route through its group in @tht/contracts, or said why not', async () => {
    const code = await frontEndCode();
    const uncalled = Object.entries(API_ROUTES).flatMap(([feature, group]) =>
      Object.keys(group)
        .filter((operationId) => !new RegExp(`\\b${groupExportOf(feature)}\\.${operationId}\\b`).test(code))
        .map((operationId) => operationId),
    );
    expect(uncalled.filter((operationId) => !(operationId in NOT_CALLED_BY_THE_BROWSER)).sort()).toEqual([]);
    expect(
      Object.keys(NOT_CALLED_BY_THE_BROWSER).filter((operationId) => !uncalled.includes(operationId)),
      'said not to be called, but called',
    ).toEqual([]);
  });
});
