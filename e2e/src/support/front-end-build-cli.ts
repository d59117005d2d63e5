import { buildFrontEnds } from './front-end-build';

// `npm run build:front-ends -w e2e`: the e2e run's front-end builds, so a pipeline can start them
// early, beside other work; the e2e set-up then waits for this build (or reuses its result).
await buildFrontEnds();
