import { platformRoutes, type OrgConfig } from '@tht/contracts';
import express, { Router, type Express, type RequestHandler } from 'express';
import { createAccountsRouter } from './accounts';
import { createAdminRouter } from './admin';
import { createAuditRouter } from './audit';
import { createCertificatesRouter } from './certificates';
import { accessGuards } from './auth/access-guards';
import { refuseCrossSiteCookieWrites } from './auth/same-origin-writes';
import { createEntriesRouter } from './entries';
import { createEvidenceRouter } from './evidence';
import { createExportRouter } from './export';
import { createFormFieldsRouter } from './form-fields';
import { createHrRouter } from './hr';
import { createImportRouter } from './import';
import { createManagerRouter } from './manager';
import { createNotificationsRouter } from './notifications';
import { createUnsubscribeRouter } from './outbox';
import { createOpenApiRouter } from './openapi/openapi-routes';
import { createScimRouter } from './scim';
import { createSecondFactorRouter } from './second-factor';
import { createSmtRouter } from './smt';
import { createSsoRouter } from './sso';
import { createStatsRouter } from './stats';
import { createTargetsRouter } from './targets';
import { createXapiAdminRouter, createXapiRouter } from './xapi';
import { createXapiTrainingRouter } from './xapi-training';
import { REPO_ROOT } from './config';
import { assignCorrelationId } from './platform/commands';
import { setCookieSecurity } from './platform/cookie-security';
import type { AppContext } from './platform/context';
import { frontEndRouter } from './platform/front-end';
import { livenessHandler, readinessHandler, refuseWhenSuperseded } from './platform/health';
import { createMetrics } from './platform/metrics';
import { apiNotFound, errorHandler } from './platform/http';
import { requestLogging, requestRecords } from './platform/http-logging';
import { answerBeforeExpress, createKeptReadCache, keptReadAnswers, type KeptReadCache } from './platform/kept-reads';
import { dispatchByFirstSegment } from './platform/route-dispatch';
import { readAfter } from './platform/read-after';
import { answerDeclaredReads, readsOf } from './platform/read-routes';
import { refuseUnsafeText } from './platform/refuse-unsafe-text';
import { remoteRegistryHandler } from './platform/remotes';
import { answeredBy, mountRoutes } from './platform/route-table';
import { securityHeaderPairs, securityHeaders } from './platform/security-headers';

/** Large enough for a 500-row bulk entry payload with long notes (about 1 MB), small enough to refuse abuse. */
export const JSON_BODY_LIMIT = '2mb';

export interface CreateAppOptions {
  /** Folder holding `shell/dist` and `mf-*\/dist`; the repository root unless a test says otherwise. */
  frontEndRoot?: string;
  /** Rows of each worksheet of an XLSX export, the header included; Excel's limit unless a test makes it small. */
  xlsxRowsPerSheet?: number;
  /** The largest spreadsheet an import takes, in MB; IMPORT_MAX_MEGABYTES unless a test makes it small. */
  importMaxMegabytes?: number;
  /**
   * Whether the dashboard's declared reads are answered before the generic stack (`read-routes.ts`)
   * and, once answered, from their kept answers before Express (`kept-reads.ts`); off only in the
   * test that compares both ways.
   */
  answerReadsFirst?: boolean;
}

/** Runs `handler` for requests that may carry a body; a GET or HEAD goes straight on. */
function unlessReading(handler: RequestHandler): RequestHandler {
  return (req, res, next) => (req.method === 'GET' || req.method === 'HEAD' ? next() : handler(req, res, next));
}

/**
 * The product's own routes (health, metrics, the front ends' wiring, public settings), answered
 * before `x-read-after` is waited for: a probe or a signed-out screen never waits for a write.
 */
function platformRouter(ctx: AppContext, metrics: ReturnType<typeof createMetrics>): Router {
  const router = Router();
  const readiness = answeredBy(readinessHandler(ctx));
  mountRoutes(router, accessGuards(ctx), platformRoutes, {
    getHealth: readiness,
    getHealthReady: readiness,
    getHealthLive: answeredBy(livenessHandler),
    // Without METRICS_TOKEN the metrics are passed on: not found, as any other unknown path.
    getMetrics: { before: [metrics.serve(ctx.config.metricsToken)], handle: answeredBy(apiNotFound) },
    getRemoteRegistry: answeredBy(remoteRegistryHandler(ctx.config.remoteUrls)),
    getOrgConfig: () => {
      const { orgEmailDomain, passwordLogin, sso } = ctx.config;
      const config: OrgConfig = { orgEmailDomain, passwordLogin, sso: sso && { buttonLabel: sso.buttonLabel } };
      return config;
    },
  });
  return router;
}

export function createApp(ctx: AppContext, options: CreateAppOptions = {}): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', ctx.config.trustProxy);
  setCookieSecurity(app, ctx.config.publicUrl);
  const securityPairs = securityHeaderPairs(ctx.config);
  const security = securityHeaders(securityPairs);
  const metrics = createMetrics(ctx);
  const record = requestRecords(ctx.log);
  const logging = requestLogging(record);
  const readsAfter = readAfter(ctx);
  // Feature routers, one line each. Each router declares its full paths below /api (e.g.
  // '/entries/:id') and its own auth; a request walks only those with routes under its first segment.
  const routers = [
    createAccountsRouter(ctx),
    createSsoRouter(ctx),
    createSecondFactorRouter(ctx),
    createEntriesRouter(ctx),
    createEvidenceRouter(ctx),
    createStatsRouter(ctx),
    createManagerRouter(ctx),
    createHrRouter(ctx),
    createCertificatesRouter(ctx),
    createExportRouter(ctx, options.xlsxRowsPerSheet),
    createSmtRouter(ctx),
    createFormFieldsRouter(ctx),
    createTargetsRouter(ctx),
    createAdminRouter(ctx),
    createImportRouter(ctx, options.importMaxMegabytes),
    createNotificationsRouter(ctx),
    createAuditRouter(ctx),
    createXapiAdminRouter(ctx),
    createXapiTrainingRouter(ctx),
    createOpenApiRouter(ctx.config, accessGuards(ctx)),
  ];
  app.use(refuseWhenSuperseded(ctx));
  // The dashboard's reads first, through the same middleware as below minus the layers a GET passes untouched.
  if (options.answerReadsFirst ?? true) {
    const reads = readsOf(routers);
    app.use(answerDeclaredReads(reads, [security, assignCorrelationId, logging, metrics.record, refuseUnsafeText, readsAfter]));
    // A kept answer is a rendered body sent from memory: a `responses` hit as well, so that figure means the same with it.
    const counted = ctx.metrics.countLookups('responses', ctx.metrics.countLookups('kept_reads', createKeptReadCache()));
    const kept: KeptReadCache = ctx.caches.add(counted);
    const declaredRoutes = new Set(reads.map((read) => `/api${read.path}`));
    const { observe } = metrics;
    answerBeforeExpress(app, keptReadAnswers({ ctx, kept, securityHeaders: securityPairs, declaredRoutes, record, observe }));
  }
  app.use(security);
  app.use(assignCorrelationId);
  app.use('/api', logging, metrics.record);
  // A mail program posts the one-click unsubscribe from anywhere: answered before the cross-site check.
  app.use('/api', createUnsubscribeRouter(ctx));
  app.use('/api', refuseCrossSiteCookieWrites(ctx.config.publicUrl));
  app.use('/api', unlessReading(express.json({ limit: JSON_BODY_LIMIT })), refuseUnsafeText);

  app.use('/api', platformRouter(ctx, metrics));

  // Past here a request sending `x-read-after` waits until this process includes that position.
  app.use('/api', readsAfter);
  app.use('/api', dispatchByFirstSegment(routers));

  app.use('/api', apiNotFound);
  // The organisation's directory (SCIM 2.0): another protocol, with its own errors, beside the route table.
  app.use('/scim/v2', logging, createScimRouter(ctx));
  // The Learning Record Store (xAPI): another protocol, with its own credentials and errors (decision 044).
  app.use('/xapi', logging, createXapiRouter(ctx));
  app.use(frontEndRouter(options.frontEndRoot ?? REPO_ROOT));
  app.use(errorHandler(ctx.log));
  return app;
}
