import {
  dayOf,
  NOTIFICATION_KIND_DESCRIPTIONS,
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_KINDS,
  notificationRunBodySchema,
  notificationSwitchBodySchema,
  notificationsRoutes,
  type AdminNotificationKind,
  type NotificationKind,
  type OwnNotification,
} from '@tht/contracts';
import { Router, type Request } from 'express';
import { accessGuards } from '../auth/access-guards';
import { outboxState, unsubscribeUrl, type OutboxKindState } from '../outbox';
import { actorOf } from '../platform/commands';
import type { AppContext } from '../platform/context';
import { parseWith } from '../platform/http';
import { mountRoutes } from '../platform/route-table';
import { organisationSwitches, personSwitches, setOrganisationNotification, setPersonNotification } from '../notification-switches';
import { previewMail } from './reminder-previews';
import { lastRuns, runReminders, type LastRun } from './reminder-runs';

const signedInId = (req: Request) => req.user!.id;

function adminKind(
  kind: NotificationKind,
  enabled: boolean,
  lastRun: LastRun | undefined,
  outbox: OutboxKindState,
): AdminNotificationKind {
  return {
    kind,
    label: NOTIFICATION_KIND_LABELS[kind],
    description: NOTIFICATION_KIND_DESCRIPTIONS[kind],
    enabled,
    lastRun: lastRun ?? null,
    outbox,
  };
}

/** The Notifications tab: each kind's switch, last run and outbox, and whether SMTP_URL is set. */
async function adminNotifications(ctx: AppContext) {
  const [switches, runs, outbox] = await Promise.all([
    organisationSwitches(ctx.db),
    lastRuns(ctx),
    outboxState(ctx.db, ctx.config),
  ]);
  return {
    smtpConfigured: outbox.smtpConfigured,
    kinds: NOTIFICATION_KINDS.map((kind) => adminKind(kind, switches[kind], runs.get(kind), outbox.kinds[kind])),
  };
}

async function adminNotificationKind(ctx: AppContext, kind: NotificationKind): Promise<AdminNotificationKind> {
  return (await adminNotifications(ctx)).kinds.find((entry) => entry.kind === kind)!;
}

/** A person's switches beside the organisation's. */
async function ownNotifications(ctx: AppContext, userId: number): Promise<OwnNotification[]> {
  const [organisation, own] = await Promise.all([organisationSwitches(ctx.db), personSwitches(ctx.db, userId)]);
  return NOTIFICATION_KINDS.map((kind) => ({
    kind,
    label: NOTIFICATION_KIND_LABELS[kind],
    description: NOTIFICATION_KIND_DESCRIPTIONS[kind],
    enabled: own[kind],
    organisationEnabled: organisation[kind],
  }));
}

async function ownNotification(ctx: AppContext, userId: number, kind: NotificationKind): Promise<OwnNotification> {
  return (await ownNotifications(ctx, userId)).find((entry) => entry.kind === kind)!;
}

/** Reminders by mail: the administrator's switches, runs and previews; each person's own switches. */
export function createNotificationsRouter(ctx: AppContext): Router {
  const router = Router();
  mountRoutes(router, accessGuards(ctx), notificationsRoutes, {
    getAdminNotifications: () => adminNotifications(ctx),
    switchOrganisationNotification: async ({ params, req }) => {
      const { enabled } = parseWith(notificationSwitchBodySchema, req.body);
      await setOrganisationNotification(ctx, params.kind, enabled, actorOf(req));
      return adminNotificationKind(ctx, params.kind);
    },
    runNotification: async ({ params, req }) => {
      const { asOf = dayOf(ctx.now()) } = parseWith(notificationRunBodySchema, req.body);
      return { kind: params.kind, asOf, queued: await runReminders(ctx, params.kind, asOf, 'admin') };
    },
    previewNotification: ({ params, req }) => ({
      kind: params.kind,
      ...previewMail(params.kind, dayOf(ctx.now()), {
        publicUrl: ctx.config.publicUrl,
        unsubscribeUrl: unsubscribeUrl(ctx.config, signedInId(req), params.kind),
      }),
    }),
    getOwnNotifications: ({ req }) => ownNotifications(ctx, signedInId(req)),
    switchOwnNotification: async ({ params, req }) => {
      const { enabled } = parseWith(notificationSwitchBodySchema, req.body);
      await setPersonNotification(ctx, signedInId(req), params.kind, enabled, actorOf(req));
      return ownNotification(ctx, signedInId(req), params.kind);
    },
  });
  return router;
}
