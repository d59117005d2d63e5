/**
 * Builds the front ends whose dist is missing, as the product's first start would (see
 * api/src/platform/front-end-build.ts): `npm test` runs it beside the integration tests, so the
 * browser tests find them built.
 */
import { REPO_ROOT } from '../api/src/config';
import { buildMissingFrontEnds } from '../api/src/platform/front-end-build';
import { createLogger } from '../api/src/platform/logger';

buildMissingFrontEnds(REPO_ROOT, createLogger('info')).catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
