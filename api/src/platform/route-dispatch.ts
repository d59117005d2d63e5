import type { RequestHandler, Router } from 'express';

/** What a router's stack shows of a layer (Express's router keeps its layers there). */
interface Layer {
  rawPath?: unknown;
  route?: { path: unknown };
  handle: { stack?: Layer[] };
}

const EVERY_SEGMENT = Symbol('every segment');
type Segment = string | typeof EVERY_SEGMENT;

/** A path's first segment, lower case (routing ignores case); any segment when it has a parameter or pattern. */
function firstSegmentOf(path: unknown): Segment {
  if (typeof path !== 'string') return EVERY_SEGMENT;
  const segment = path.split('/')[1] ?? '';
  return /[:*{}()?+[\]\\]/.test(segment) ? EVERY_SEGMENT : segment.toLowerCase();
}

/** The first path segments a router has routes under (nested routers included). */
function segmentsOf(stack: Layer[]): Set<Segment> {
  const segments = new Set<Segment>();
  for (const layer of stack) {
    if (layer.route) segments.add(firstSegmentOf(layer.route.path));
    else if (layer.rawPath !== '/') segments.add(firstSegmentOf(layer.rawPath));
    else if (layer.handle.stack) for (const segment of segmentsOf(layer.handle.stack)) segments.add(segment);
    else segments.add(EVERY_SEGMENT);
  }
  return segments;
}

/**
 * Mounts feature routers so a request walks only those with a route under its first path segment
 * (e.g. `/entries/...`), in the order given, instead of every router's every route. A router with a
 * route whose first segment is a parameter, or with a middleware for every path, is walked always.
 */
export function dispatchByFirstSegment(routers: Router[]): RequestHandler {
  const mounted = routers.map((router) => ({ router, segments: segmentsOf(router.stack as Layer[]) }));
  const walkedFor = (segment: Segment) =>
    mounted.filter(({ segments }) => segments.has(EVERY_SEGMENT) || segments.has(segment)).map(({ router }) => router);
  const everywhere = walkedFor(EVERY_SEGMENT);
  const bySegment = new Map<string, Router[]>();
  for (const { segments } of mounted) {
    for (const segment of segments) if (segment !== EVERY_SEGMENT) bySegment.set(segment, walkedFor(segment));
  }
  const dispatch: RequestHandler = (req, res, next) => {
    const candidates = bySegment.get((req.path.split('/')[1] ?? '').toLowerCase()) ?? everywhere;
    const walkFrom = (index: number, error?: unknown): void => {
      if (error !== undefined && error !== null) return next(error);
      const router = candidates[index];
      if (!router) return next();
      router(req, res, (routerError?: unknown) => walkFrom(index + 1, routerError));
    };
    walkFrom(0);
  };
  // The routers' layers in order, as a router's own `stack`: what walks the app's routes (the API description's test) still finds them.
  return Object.assign(dispatch, { stack: routers.flatMap((router) => router.stack) });
}
