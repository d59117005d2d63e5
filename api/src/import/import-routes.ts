import { chmodSync, mkdirSync } from 'node:fs';
import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { ADMIN_MESSAGES as M, IMPORT_MAX_MEGABYTES, importRoutes } from '@tht/contracts';
import { Router } from 'express';
import { accessGuards } from '../auth/access-guards';
import { actorOf } from '../platform/commands';
import type { AppContext } from '../platform/context';
import { HttpError } from '../platform/http';
import { mountRoutes } from '../platform/route-table';
import { checkImport, releaseImport } from './import-check';
import type { ImportPlan } from './import-plan';
import { ImportJobs } from './import-jobs';
import { requireRolesConfirmed } from './import-privileged-accounts';
import { readUploadedFile } from './import-upload';
import { writePlan } from './import-writer';

/** Uploads being imported are kept here (DATA_DIR/import-uploads, the API's user's alone), each until its import ends. */
export const importUploadsFolder = (ctx: AppContext) => path.join(ctx.config.dataDir, 'import-uploads');

const UPLOADS_FOLDER_MODE = 0o700;
const LEFT_UPLOAD_AGE_MS = 24 * 60 * 60 * 1000;

/** Removes uploads left by a process that stopped mid-import (a day old: no import still reads them). */
async function removeLeftUploads(folder: string): Promise<void> {
  for (const name of await readdir(folder)) {
    const file = path.join(folder, name);
    if (Date.now() - (await stat(file)).mtimeMs > LEFT_UPLOAD_AGE_MS) await rm(file, { force: true });
  }
}

/**
 * POST /api/import: an uploaded CSV or XLSX (or the zip of an export with evidence) checked row by row; `?dryRun=true` answers the check,
 * otherwise the valid records are written in the background (202 with the import's progress,
 * `GET /api/import/{id}` tells how far it is), once the accounts it would raise above employee
 * are confirmed (`confirmRoles`). Admins only.
 */
export function createImportRouter(ctx: AppContext, maxMegabytes = IMPORT_MAX_MEGABYTES): Router {
  const router = Router();
  const jobs = new ImportJobs(ctx);
  const uploads = importUploadsFolder(ctx);
  mkdirSync(uploads, { recursive: true });
  chmodSync(uploads, UPLOADS_FOLDER_MODE);
  removeLeftUploads(uploads).catch((error: unknown) => ctx.log.error('Removing old import uploads failed', error));

  mountRoutes(router, accessGuards(ctx), importRoutes, {
    importFile: async ({ query, req, res }) => {
      const file = await readUploadedFile(req, uploads, maxMegabytes);
      let writing = false;
      let checked: ImportPlan | null = null;
      try {
        const { plan, report } = await checkImport(ctx, file, query);
        checked = plan;
        if (query.dryRun) return report;
        if (report.needsTargetUser) throw new HttpError(400, M.importNeedsEmployee);
        requireRolesConfirmed(report, query.confirmRoles);
        const actor = actorOf(req);
        const job = await jobs.start(report, (progress) =>
          writePlan(ctx, plan, actor, progress).finally(() => releaseImport(plan, file)),
        );
        writing = true;
        res.status(202).location(`/api/import/${job.id}`).json(job);
      } finally {
        if (!writing) await releaseImport(checked, file);
      }
    },
    getImportProgress: async ({ params }) => {
      const job = await jobs.find(params.id);
      if (!job) throw new HttpError(404, M.importJobNotFound);
      return job;
    },
  });

  return router;
}
