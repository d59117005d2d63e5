import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { READ_AFTER_HEADER, READ_AFTER_MESSAGES, referenceRoutes } from '@tht/contracts';
import { Router } from 'express';
import { REPO_ROOT } from '../config';
import { READ_AFTER_WAIT_MS } from '../platform/read-after';
import { mountRoutes, type AccessGuards } from '../platform/route-table';
import { buildOpenApiDocument, type OpenApiDocument } from './build-document';
import { FEATURE_APIS } from './features';
import type { ApiSettings } from './operations';

const DOCS_PAGE_FOLDER = fileURLToPath(new URL('./docs-page', import.meta.url));
/** Found without loading the package, whose main module loads the whole browser bundle. */
const SWAGGER_UI_FOLDER = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

/** The files the reference page loads, and the folder each comes from. */
const PAGE_ASSETS = new Map([
  ['/swagger-ui.css', SWAGGER_UI_FOLDER],
  ['/swagger-ui-bundle.js', SWAGGER_UI_FOLDER],
  ['/start.js', DOCS_PAGE_FOLDER],
]);

const DESCRIPTION = [
  'The API of the Training Hours Tracker, generated from the zod schemas of `packages/contracts` that the routes parse and answer with.',
  'Sign in with `POST /api/login`; send the `authToken` as `Authorization: Bearer <token>`, or let the browser send the `authToken` cookie.',
  'Every refusal is JSON `{ "error": "<message>" }` with a 4xx status; the messages are the product’s error texts.',
  `**Read-your-writes across API processes.** A response to a request that appended events carries \`${READ_AFTER_HEADER}\`, ` +
    'an opaque token of their position in the event log. Keep the newest token seen and send it as the request header ' +
    `\`${READ_AFTER_HEADER}\` on every request: it is answered only once the read models of the process answering include ` +
    `that position (waiting up to ${READ_AFTER_WAIT_MS / 1000} s), else \`503\` \`{ "error": "${READ_AFTER_MESSAGES.notReached}" }\` ` +
    `with \`Retry-After\`. A malformed token is \`400\` \`{ "error": "${READ_AFTER_MESSAGES.malformed}" }\`.`,
].join('\n\n');

function productVersion(): string {
  return (JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string }).version;
}

/** The document of every feature's operations, as served. */
export function apiDescription(settings: ApiSettings): OpenApiDocument {
  return buildOpenApiDocument(
    FEATURE_APIS.map((describe) => describe(settings)),
    { title: 'Training Hours Tracker API', version: productVersion(), description: DESCRIPTION },
  );
}

/**
 * GET /api/openapi.json and the reference page at /api/docs, both public: the shape of the API is
 * no secret and a client author reads it before having an account. Swagger UI's files come from
 * the installed package, so the page works without internet access.
 */
export function createOpenApiRouter(settings: ApiSettings, guards: AccessGuards): Router {
  const router = Router();
  let document: string | undefined;

  mountRoutes(router, guards, referenceRoutes, {
    getOpenApiDocument: ({ res }) => {
      document ??= JSON.stringify(apiDescription(settings));
      res.set('Cache-Control', 'no-cache').type('json').send(document);
    },
    getApiReferencePage: ({ res }) =>
      new Promise<void>((resolve, reject) => {
        const page = path.join(DOCS_PAGE_FOLDER, 'index.html');
        res.set('Cache-Control', 'no-cache').sendFile(page, (error) => (error ? reject(error) : resolve()));
      }),
  });
  router.use('/docs', (req, res, next) => {
    const folder = PAGE_ASSETS.get(req.path);
    if (folder) res.sendFile(req.path.slice(1), { root: folder, maxAge: '1h' });
    else next();
  });

  return router;
}
