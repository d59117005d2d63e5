import { evidenceRoutes } from '@tht/contracts';
import { Router } from 'express';
import { accessGuards } from '../auth/access-guards';
import { signedInUser } from '../auth/require-auth';
import { actorOf } from '../platform/commands';
import type { AppContext } from '../platform/context';
import { mountRoutes } from '../platform/route-table';
import { attachEvidence, removeEvidence } from './evidence-commands';
import { listEvidence, sendEvidence, sendThumbnail } from './evidence-queries';

export function createEvidenceRouter(ctx: AppContext): Router {
  const router = Router();
  mountRoutes(router, accessGuards(ctx), evidenceRoutes, {
    attachEvidence: ({ params, req }) => attachEvidence(ctx, signedInUser(req), params.id, req, actorOf(req)),
    listEvidence: ({ params, req }) => listEvidence(ctx, signedInUser(req), params.id),
    downloadEvidence: ({ params, req, res }) => sendEvidence(ctx, signedInUser(req), params.id, params.evidenceId, res),
    getEvidenceThumbnail: ({ params, req, res }) => sendThumbnail(ctx, signedInUser(req), params.id, params.evidenceId, res),
    removeEvidence: async ({ params, req, res }) => {
      await removeEvidence(ctx, signedInUser(req), params.id, params.evidenceId, actorOf(req));
      res.status(204).end();
    },
  });
  return router;
}
