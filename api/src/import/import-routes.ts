import { ADMIN_MESSAGES as M, importJobIdSchema, importQuerySchema } from '@tht/contracts';
import { Router } from 'express';
import { requireAuth, requireRole } from '../auth/require-auth';
import { actorOf } from '../platform/commands';
import type { AppContext } from '../platform/context';
import { HttpError, parseWith } from '../platform/http';
import { checkImport } from './import-check';
import { ImportJobs } from './import-jobs';
import { readUploadedFile } from './import-upload';
import { writePlan } from './import-writer';

/**
 * POST /api/import: an uploaded CSV or XLSX checked row by row; `?dryRun=true` answers the check,
 * otherwise the valid records are written in the background (202 with the import's progress,
 * `GET /api/import/{id}` tells how far it is). Admins only.
 */
export function createImportRouter(ctx: AppContext): Router {
  const router = Router();
  const adminOnly = [requireAuth(ctx), requireRole('admin')];
  const jobs = new ImportJobs(ctx.log);

  router.post('/import', ...adminOnly, async (req, res) => {
    const query = parseWith(importQuerySchema, req.query);
    const file = await readUploadedFile(req);
    const { plan, report } = await checkImport(ctx, file, query);
    if (query.dryRun) {
      res.json(report);
      return;
    }
    if (report.needsTargetUser) throw new HttpError(400, M.importNeedsEmployee);
    const actor = actorOf(req);
    const job = jobs.start(report, (progress) => writePlan(ctx, plan, actor, progress));
    res.status(202).location(`/api/import/${job.id}`).json(job);
  });

  router.get('/import/:id', ...adminOnly, (req, res) => {
    const job = jobs.find(parseWith(importJobIdSchema, req.params.id));
    if (!job) throw new HttpError(404, M.importJobNotFound);
    res.json(job);
  });

  return router;
}
