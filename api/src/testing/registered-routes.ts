import type { Express } from 'express';

/** The parts of an Express 5 (router 2) layer the walk reads. */
interface RouterLayer {
  rawPath?: unknown;
  route?: { path: string | string[]; methods: Record<string, boolean> };
  handle: { stack?: RouterLayer[] };
}

/** `/entries/:id` in Express's syntax as OpenAPI writes it: `/entries/{id}`. */
const openApiPath = (expressPath: string) => expressPath.replace(/:(\w+)/g, '{$1}');

function mountPathOf(layer: RouterLayer): string {
  if (typeof layer.rawPath !== 'string') throw new Error(`A router is mounted on a non-text path (${String(layer.rawPath)})`);
  return layer.rawPath === '/' ? '' : layer.rawPath;
}

/** 'GET /api/entries/{id}' for every route of the stack, through the routers mounted in it. */
function routesOf(stack: readonly RouterLayer[], prefix = ''): string[] {
  return stack.flatMap((layer) => {
    if (layer.route) {
      const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
      const methods = Object.keys(layer.route.methods).filter((method) => method !== '_all');
      return paths.flatMap((path) => methods.map((method) => `${method.toUpperCase()} ${openApiPath(prefix + path)}`));
    }
    return layer.handle.stack ? routesOf(layer.handle.stack, prefix + mountPathOf(layer)) : [];
  });
}

/** Every `/api` route `app` registers, as 'GET /api/entries/{id}'. */
export function registeredApiRoutes(app: Express): string[] {
  const { router } = app as unknown as { router: { stack: RouterLayer[] } };
  return routesOf(router.stack).filter((route) => route.split(' ')[1]!.startsWith('/api/'));
}
