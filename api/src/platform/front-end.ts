import { existsSync } from 'node:fs';
import path from 'node:path';
import express, { type Router } from 'express';
import { REMOTES } from './remotes';

/** Webpack names chunks `[name].[contenthash:10].js` (packages/webpack-config): such a file never changes. */
const CONTENT_HASHED = /\.[0-9a-f]{10}\.js(\.map)?$/;

/**
 * Everything else (index.html, mf-manifest.json, remoteEntry.js, the shell's main.js) keeps its
 * name across builds, so browsers revalidate it on every load and pick up a new deployment at once.
 */
function setCacheHeaders(res: express.Response, filePath: string): void {
  res.set('Cache-Control', CONTENT_HASHED.test(filePath) ? 'public, max-age=31536000, immutable' : 'no-cache');
}

export function distDir(frontEndRoot: string, folder: string): string {
  return path.join(frontEndRoot, folder, 'dist');
}

/**
 * Serves the built front ends from `<frontEndRoot>/<folder>/dist`: each remote at
 * `/remotes/<folder>/` (CORS and CORP open, since a shell on another origin may load it), and the shell at
 * `/` with a fallback to its index.html for page routes, which the shell's router resolves.
 */
export function frontEndRouter(frontEndRoot: string): Router {
  const router = express.Router();

  for (const remote of REMOTES) {
    router.use(
      `/remotes/${remote.folder}`,
      (_req, res, next) => {
        res.set({ 'Access-Control-Allow-Origin': '*', 'Cross-Origin-Resource-Policy': 'cross-origin' });
        next();
      },
      express.static(distDir(frontEndRoot, remote.folder), { index: false, setHeaders: setCacheHeaders }),
    );
  }

  const shellDist = distDir(frontEndRoot, 'shell');
  router.use(express.static(shellDist, { index: false, setHeaders: setCacheHeaders }));
  router.use((req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !isPageRequest(req)) return next();
    const indexHtml = path.join(shellDist, 'index.html');
    if (!existsSync(indexHtml)) {
      res.status(503).type('text/plain').send('The front end is not built yet: run `npm run build` (npm start does it).');
      return;
    }
    res.set('Cache-Control', 'no-cache').sendFile(indexHtml);
  });
  return router;
}

/** A browser navigation, or a path without a file extension; never an API or remote asset path. */
function isPageRequest(req: express.Request): boolean {
  if (req.path.startsWith('/api/') || req.path === '/api' || req.path.startsWith('/remotes/')) return false;
  const lastSegment = req.path.slice(req.path.lastIndexOf('/') + 1);
  return !lastSegment.includes('.') || Boolean(req.get('accept')?.includes('text/html'));
}
