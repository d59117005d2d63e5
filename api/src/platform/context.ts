import type { Role } from '@tht/contracts';
import type { EventStore, PersonalData } from '@tht/eventstore';
import type pg from 'pg';
import type { ReadModelDb } from 'projections';
import type { EndedSessionsCache } from '../auth/ended-sessions';
import type { PrincipalCache, TeamLeadCache, UserReads } from '../auth/principal-cache';
import type { AppConfig } from '../config';
import type { AfterAnswerWork } from './after-answer';
import type { DatabasePing } from './database-ping';
import type { IdAllocator } from './ids';
import type { JobOwner } from './jobs';
import type { ReadModelCaches } from './read-model-cache';
import type { ReadModels } from './read-models';
import type { ResponseCache } from './read-responses';
import type { Logger } from './logger';
import type { AppMetrics } from './metrics';

/**
 * Everything a feature router needs; built once at start-up (or per test app) by the runtime
 * (`../runtime.ts`). A feature that adds a service of its own declares its field beside the service
 * (`declare module '../platform/context'`), so the platform names no feature.
 */
export interface AppContext {
  config: AppConfig;
  store: EventStore;
  /** Seals and opens personal data (decision 038): the store's codec, for reads that bypass the store and for erasure. */
  personalData: PersonalData;
  pool: pg.Pool;
  /** Kysely over `pool`; read models live in schema `read_models`. */
  db: ReadModelDb;
  ids: IdAllocator;
  readModels: ReadModels;
  /** The health check's own connection to the database (`database-ping.ts`), outside the pool. */
  databasePing: DatabasePing;
  /** Users' rows by id (the signed-in user's, a report's for its manager), kept in memory between read-model changes. */
  principals: PrincipalCache;
  /** Whether each sign-in session was logged out, kept in memory between changes of the ended sessions. */
  endedSessions: EndedSessionsCache;
  /** Whether each user has direct reports (the Manager View's check), kept in memory between read-model changes. */
  teamLeads: TeamLeadCache;
  /** How the two caches above read a user's row and whether they lead a team. */
  userReads: UserReads;
  /**
   * Whether a signed-in account must set up its second factor before any other route (the
   * second-factor feature's hold, asked by `requireAuth`).
   */
  secondFactorSetupPending: (signIn: { id: number; role: Role; sso: boolean }) => Promise<boolean>;
  /** Signed-in reads' rendered bodies (`read-responses.ts`), kept between read-model changes. */
  responses: ResponseCache;
  /** Every cache of read-model data (principals included), each forgotten when a table it reads changes. */
  caches: ReadModelCaches;
  /** This process as the owner of background jobs (imports, as-of replays), whose state is in PostgreSQL for every process. */
  jobOwner: JobOwner;
  /** Appends, cache look-ups and imports counted for `GET /api/metrics`. */
  metrics: AppMetrics;
  /** Work requests left running after their answers (waited for at shutdown). */
  afterAnswer: AfterAnswerWork;
  /**
   * The current time (Emmett's `getCurrentTime`): commands read it here, never `new Date()`, and
   * pass it to their deciders in the command; a test may replace it to fix the time.
   */
  now: () => Date;
  log: Logger;
}
