import {
  EXPORT_CONTENT_TYPES,
  exportFileName,
  exportRoutes,
  HR_MESSAGES as M,
  XLSX_ROWS_PER_SHEET,
  type ExportQuery,
} from '@tht/contracts';
import { Router, type RequestHandler, type Response } from 'express';
import type pg from 'pg';
import { answerAsOfNotReady } from '../as-of';
import { accessGuards } from '../auth/access-guards';
import { canExport } from '../auth/policy';
import { signedInUser } from '../auth/require-auth';
import { actorOf } from '../platform/commands';
import type { AppContext } from '../platform/context';
import { HttpError, sendPieces } from '../platform/http';
import { mountRoutes } from '../platform/route-table';
import {
  departmentsSheet,
  entriesSheet,
  fiscalYearsSheet,
  formFieldsSheet,
  LIVE_READ_MODELS,
  targetsSheet,
  usersSheet,
} from './export-sheets';
import { csvPieces, writeWorkbook } from './export-writers';

/** 403 unless the signed-in user may export (HR, SMT and admins). */
const requireExporter: RequestHandler = (req, _res, next) => {
  if (!canExport(signedInUser(req))) throw new HttpError(403, M.exportAccessRequired);
  next();
};

/** Streams the export `query` asks for from the read models in `schema`. */
async function sendExport(
  pool: pg.Pool,
  res: Response,
  orgDomain: string,
  schema: string,
  query: ExportQuery,
  rowsPerSheet: number,
): Promise<void> {
  const { format, ...scope } = query;
  const entries = await entriesSheet(pool, schema, scope);
  res.attachment(exportFileName(orgDomain, new Date(), format, scope));
  res.set('Cache-Control', 'no-store');
  if (format === 'csv') {
    res.type(EXPORT_CONTENT_TYPES.csv);
    await sendPieces(res, csvPieces(pool, entries));
  } else {
    res.type(EXPORT_CONTENT_TYPES.xlsx);
    const sheets = [
      entries,
      usersSheet(schema),
      targetsSheet(schema, scope),
      fiscalYearsSheet(schema, scope),
      departmentsSheet(schema),
      formFieldsSheet(schema),
    ];
    await writeWorkbook(res, pool, sheets, rowsPerSheet);
  }
}

/**
 * GET /api/export: all data as a file download. The browser opens it in a new window, so the
 * sign-in comes from the `authToken` cookie as well as the Bearer header. CSV (the entries) by
 * default, `?format=xlsx` a workbook with the sheets Entries, Users, Targets, Fiscal years,
 * Departments and Form fields (what the admin import needs to recreate an instance; a sheet past
 * Excel's rows goes on in `Entries (2)`, ...);
 * `?year=` limits entries, targets and fiscal years to one year; `?asOf=` exports the data as
 * recorded then (the read models replayed up to it, as the dashboards show it). Streamed from a cursor.
 */
export function createExportRouter(ctx: AppContext, rowsPerSheet = XLSX_ROWS_PER_SHEET): Router {
  const router = Router();

  mountRoutes(router, accessGuards(ctx), exportRoutes, {
    exportAllData: {
      before: [requireExporter],
      handle: async ({ query, req, res }) => {
        const orgDomain = ctx.config.orgEmailDomain;
        if (!query.asOf) return sendExport(ctx.pool, res, orgDomain, LIVE_READ_MODELS, query, rowsPerSheet);
        const outcome = await ctx.asOf.withReadModels(query.asOf, String(actorOf(req).userId), (schema) =>
          sendExport(ctx.pool, res, orgDomain, schema, query, rowsPerSheet),
        );
        // The dashboard offers the export once its figures of that day are shown, so a replay not there is rare.
        if (outcome.status !== 'ready') answerAsOfNotReady(res, outcome);
      },
    },
  });

  return router;
}
