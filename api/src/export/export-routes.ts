import {
  EXPORT_CONTENT_TYPES,
  exportFileName,
  exportRoutes,
  HR_MESSAGES as M,
  XLSX_ROWS_PER_SHEET,
  type ExportQuery,
} from '@tht/contracts';
import type { Writable } from 'node:stream';
import { Router, type RequestHandler, type Response } from 'express';
import type pg from 'pg';
import { answerAsOfNotReady } from '../as-of';
import { accessGuards } from '../auth/access-guards';
import { canExport, canExportEvidence } from '../auth/policy';
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
import { sendEvidenceArchive } from './export-evidence';
import { csvPieces, writeWorkbook } from './export-writers';

/** 403 unless the signed-in user may export (HR, SMT and admins). */
const requireExporter: RequestHandler = (req, _res, next) => {
  if (!canExport(signedInUser(req))) throw new HttpError(403, M.exportAccessRequired);
  next();
};

/** The export file `query` asks for, from the read models in `schema`: its media type, and how it is written to a stream. */
async function exportFile(pool: pg.Pool, schema: string, query: ExportQuery, rowsPerSheet: number) {
  const { format, ...scope } = query;
  const entries = await entriesSheet(pool, schema, scope);
  if (format === 'csv')
    return { type: EXPORT_CONTENT_TYPES.csv, write: (out: Writable) => sendPieces(out, csvPieces(pool, entries)) };
  const sheets = [
    entries,
    usersSheet(schema),
    targetsSheet(schema, scope),
    fiscalYearsSheet(schema, scope),
    departmentsSheet(schema),
    formFieldsSheet(schema),
  ];
  return { type: EXPORT_CONTENT_TYPES.xlsx, write: (out: Writable) => writeWorkbook(out, pool, sheets, rowsPerSheet) };
}

/** Streams the export `query` asks for from the read models in `schema` (with `evidence`, in a zip with the files). */
async function sendExport(
  pool: pg.Pool,
  res: Response,
  orgDomain: string,
  schema: string,
  query: ExportQuery,
  rowsPerSheet: number,
): Promise<void> {
  const file = await exportFile(pool, schema, query, rowsPerSheet);
  if (query.evidence) {
    const entriesByPerson = await entriesSheet(pool, schema, query, 'person');
    return sendEvidenceArchive(pool, res, orgDomain, schema, query, { writeExportFile: file.write, entriesByPerson });
  }
  res.attachment(exportFileName(orgDomain, new Date(), query.format, query));
  res.set('Cache-Control', 'no-store');
  res.type(file.type);
  await file.write(res);
}

/**
 * GET /api/export: all data as a file download. The browser opens it in a new window, so the
 * sign-in comes from the `authToken` cookie as well as the Bearer header. CSV (the entries) by
 * default, `?format=xlsx` a workbook with the sheets Entries, Users, Targets, Fiscal years,
 * Departments and Form fields (what the admin import needs to recreate an instance; a sheet past
 * Excel's rows goes on in `Entries (2)`, ...);
 * `?year=` limits entries, targets and fiscal years to one year; `?asOf=` exports the data as
 * recorded then (the read models replayed up to it, as the dashboards show it); `?evidence=true` a
 * zip of the file and a folder per person with the files attached to their entries (not with
 * `asOf`). Streamed from a cursor.
 */
export function createExportRouter(ctx: AppContext, rowsPerSheet = XLSX_ROWS_PER_SHEET): Router {
  const router = Router();

  mountRoutes(router, accessGuards(ctx), exportRoutes, {
    exportAllData: {
      before: [requireExporter],
      handle: async ({ query, req, res }) => {
        if (query.evidence && !canExportEvidence(signedInUser(req))) throw new HttpError(403, M.exportEvidenceAccessRequired);
        if (query.evidence && query.asOf) throw new HttpError(400, M.exportEvidenceNotAsOf);
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
