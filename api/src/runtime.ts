import {
  createEventStore,
  createPersonalData,
  describeReseal,
  migrateEventStore,
  sealPersonalDataOfLog,
  startChainSealer,
  type EventStore,
} from '@tht/eventstore';
import { createDb } from '@tht/postgres';
import type pg from 'pg';
import {
  allProjectors,
  createReadModelWaiter,
  migrateReadModels,
  startProjectionRunner,
  supersededMessage,
  upgradeProductReadModels,
  type ReadModelTables,
  type RebuildProgress,
} from 'projections';
import { AS_OF_JOB_TABLES, createAsOfReplays, dropAsOfReplays } from './as-of';
import { createEndedSessionsCache } from './auth/ended-sessions';
import { createPrincipalCache, createTeamLeadCache } from './auth/principal-cache';
import { migrateRequestLimits } from './auth/request-limits';
import { migrateSecurityLog } from './auth/security-log';
import { secondFactorSetupPending } from './second-factor';
import { forgetDirectoryUser, migrateScim } from './scim';
import { deleteFilesOfEntry, deleteFilesOfOwner, migrateEvidence, sweepUnnamedFiles } from './evidence';
import { forgetMailsOf, migrateOutbox, startOutboxSender } from './outbox';
import { migrateXapi } from './xapi';
import { migrateXapiTraining, startXapiTrainingWorker, xapiTrainingStore } from './xapi-training';
import { REMINDER_RUN_TABLES, startReminderSchedule } from './notifications';
import { migrateSsoResults } from './sso';
import { ConfigError, type AppConfig } from './config';
import { attributeEntryManagers } from './entries';
import { CUSTOM_FIELD_DEFINITION_TABLES, createCustomFieldDefinitionsCache } from './form-fields';
import { IMPORT_JOB_TABLES } from './import';
import { createAfterAnswerWork } from './platform/after-answer';
import { createDatabasePing } from './platform/database-ping';
import { MAX_LAG_EVENTS } from './platform/health';
import type { AppContext } from './platform/context';
import { createIdAllocator, migrateIds } from './platform/ids';
import { migrateJobs, startJobOwner } from './platform/jobs';
import type { Logger } from './platform/logger';
import { createAppMetrics } from './platform/metrics';
import { createReadModelCaches } from './platform/read-model-cache';
import { watchReadModelUpdates } from './platform/read-model-updates';
import { createResponseCache } from './platform/read-responses';
import { startLeaverRetention, findUserById, hasDirectReports, migrateAccountStreams } from './users';

export interface Runtime {
  ctx: AppContext;
  /** Stops the projection runner, the read-model waiter and the event store; the pool belongs to the caller. */
  stop(): Promise<void>;
}

const EVENT_STORE_TIMEOUT_MS = 10_000;

/** How often the first start's encryption of a log's personal data says how far it is. */
const SEALING_PROGRESS_EVERY_MS = 10_000;

/**
 * The log lines of the one-off encryption of an older log's personal data (decision 038): it reads
 * every event before the product is ready, minutes for millions of events, so the operator is told
 * it started and how far it is every SEALING_PROGRESS_EVERY_MS.
 */
function logSealingProgress(log: Logger): (eventsRead: number) => void {
  let lastLogged: number | null = null;
  return (eventsRead) => {
    if (lastLogged === null)
      log.warn(
        `Encrypting the personal data in the event log in place, once, before the product is ready: ${eventsRead} events read`,
      );
    else if (Date.now() - lastLogged >= SEALING_PROGRESS_EVERY_MS) log.info(`Encrypting personal data: ${eventsRead} events read`);
    else return;
    lastLogged = Date.now();
  };
}

/**
 * Everything behind the HTTP layer, on an open pool: the event store (checked to answer), id
 * sequences and read models migrated (read models of an earlier release rebuilt aside first,
 * their progress told to `onUpgradeProgress`), the read-model waiter, and the projection runner in
 * this process. Several runners (this one and a `projections` service) may run at once: each batch
 * checks its checkpoint, so none is applied twice.
 */
export async function startRuntime(
  config: AppConfig,
  pool: pg.Pool,
  log: Logger,
  onUpgradeProgress?: (progress: RebuildProgress) => void,
): Promise<Runtime> {
  const db = createDb<ReadModelTables>(pool);
  const metrics = createAppMetrics();
  const personalData = createPersonalData(pool);
  const store = metrics.measureAppends(createEventStore({ pool, eventstoreUrl: config.eventstoreUrl, personalData }));
  try {
    if (config.eventstoreUrl) await checkEventStoreAnswers(store);
    else {
      await migrateEventStore(pool);
      const reseal = await sealPersonalDataOfLog(pool, personalData, {
        attributeOwners: attributeEntryManagers(db),
        onProgress: logSealingProgress(log),
      });
      if (reseal) log.warn(`Personal data in the event log encrypted in place; the audit chain was ${describeReseal(reseal)}`);
    }
    await migrateIds(db);
    await migrateRequestLimits(db);
    await migrateSecurityLog(db);
    await migrateSsoResults(db);
    await migrateScim(db);
    await migrateAccountStreams(db);
    await migrateEvidence(db);
    await migrateOutbox(db);
    await migrateXapi(db);
    await migrateXapiTraining(db);
    await migrateJobs(db, [...IMPORT_JOB_TABLES, ...AS_OF_JOB_TABLES, ...REMINDER_RUN_TABLES]);
    await upgradeProductReadModels(pool, store, log, onUpgradeProgress);
    await migrateReadModels(db, allProjectors);
  } catch (error) {
    await store.close().catch(() => {});
    throw error;
  }
  const jobOwner = await startJobOwner(db, log);
  const waiter = createReadModelWaiter(pool, { runnerInProcess: true });
  const caches = createReadModelCaches();
  const principals = caches.add(metrics.countLookups('principals', createPrincipalCache()), ['users']);
  const teamLeads = caches.add(metrics.countLookups('team_leads', createTeamLeadCache()), ['users']);
  const endedSessions = caches.add(metrics.countLookups('ended_sessions', createEndedSessionsCache()), ['ended_sessions']);
  const customFieldDefinitions = caches.add(
    metrics.countLookups('custom_field_definitions', createCustomFieldDefinitionsCache()),
    CUSTOM_FIELD_DEFINITION_TABLES,
  );
  // Rendered bodies come from nearly every table: every change forgets them.
  const responses = caches.add(metrics.countLookups('responses', createResponseCache()));
  const updates = watchReadModelUpdates(
    pool,
    { onUpdate: (changed) => caches.invalidateChanged(changed), onConnectionChange: (connected) => caches.setTrusted(connected) },
    log,
  );
  const runner = startProjectionRunner({
    pool,
    store,
    projectors: allProjectors,
    onError: (error, projector) => log.error(`Projection ${projector ?? 'runner'} failed; retrying with back-off`, error),
    onSuperseded: (names) => {
      log.warn(supersededMessage(names));
      // What is kept was read from the older release's tables, and the kept answers are sent before
      // the app's 503 (`refuseWhenSuperseded`): forgotten now, and nothing is kept again behind that 503.
      caches.invalidateChanged(null);
    },
    onProjected: ({ changedTables, slowest }) => {
      caches.projected(changedTables, slowest);
      waiter.progressed(slowest);
    },
    lagCountUpTo: MAX_LAG_EVENTS + 1,
  });
  const databasePing = createDatabasePing(pool.options);
  // The audit hash chain follows the log in every API process (PostgreSQL store only).
  const sealer = config.eventstoreUrl
    ? null
    : startChainSealer(pool, store, (error) =>
        log.error('Sealing the audit hash chain failed; retrying on the next append', error),
      );
  const ctx: AppContext = {
    config,
    store,
    personalData,
    pool,
    db,
    ids: createIdAllocator(db),
    databasePing,
    readModels: {
      // What a wait saw the read models reach is visible to the next request even before the notification
      // arrives: projected here, the caches already forgot what changed; else they forget everything.
      async waitFor(position, timeoutMs, maxMs) {
        const reached = await waiter.waitFor(position, timeoutMs, maxMs);
        if (reached) caches.reached(position);
        return reached;
      },
      measuredLag: () => runner.measuredLag(),
      lags: (countUpTo) => runner.lags(countUpTo),
      superseded: () => runner.superseded(),
    },
    principals,
    endedSessions,
    teamLeads,
    userReads: { findUserById, hasDirectReports },
    secondFactorSetupPending: (signIn) => secondFactorSetupPending(ctx, signIn),
    customFieldDefinitions,
    responses,
    caches,
    jobOwner,
    asOf: createAsOfReplays({ pool, eventstoreUrl: config.eventstoreUrl, owner: jobOwner, personalData, log }),
    metrics,
    afterAnswer: createAfterAnswerWork(),
    forgetPerson: [
      (userId) => forgetDirectoryUser(ctx, userId),
      () => dropAsOfReplays(db),
      (userId) => deleteFilesOfOwner(pool, userId),
      (userId) => forgetMailsOf(db, userId),
      (userId) => xapiTrainingStore(pool).forgetPerson(userId),
    ],
    forgetEntry: [(entryId) => deleteFilesOfEntry(pool, entryId)],
    xapiStatementsStored: () => xapiTraining.nudge(),
    now: () => new Date(),
    log,
  };
  const retention = config.eraseLeaversAfterDays === null ? null : startLeaverRetention(ctx, config.eraseLeaversAfterDays);
  // Evidence bytes a crash left with no event naming them (decision 039), in the background.
  ctx.afterAnswer.run(() =>
    sweepUnnamedFiles(ctx).then(
      (swept) => (swept > 0 ? log.warn(`Deleted ${swept} evidence files no event names (left by a crash)`) : undefined),
      (error: unknown) => log.error('Sweeping evidence files no event names failed; the next start tries again', error),
    ),
  );
  const outbox = startOutboxSender(pool, config, log);
  // Stored xAPI statements become training entries, in one process at a time (decision 045).
  const xapiTraining = startXapiTrainingWorker(ctx);
  // Without SMTP_URL nothing is sent, so nothing is queued on schedule to go out stale later (decision 043).
  const reminders = config.smtpUrl === null ? null : startReminderSchedule(ctx);
  return {
    ctx,
    async stop() {
      await retention?.stop();
      await reminders?.stop();
      await outbox?.stop();
      await xapiTraining.stop();
      await ctx.afterAnswer.idle();
      await ctx.asOf.close();
      await jobOwner.stop();
      await runner.stop();
      await sealer?.stop();
      await updates.stop();
      await waiter.close();
      await store.close();
      await databasePing.close();
    },
  };
}

async function checkEventStoreAnswers(store: EventStore): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${EVENT_STORE_TIMEOUT_MS / 1000} s`)), EVENT_STORE_TIMEOUT_MS);
  });
  try {
    await Promise.race([store.readAll(null, 1), timeout]);
  } catch (error) {
    throw new ConfigError('EVENTSTORE_URL', `does not lead to a KurrentDB that answers: ${(error as Error).message}`);
  } finally {
    clearTimeout(timer);
  }
}
