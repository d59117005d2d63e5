import { exportFileName, exportQuerySchema, HR_MESSAGES as M } from '@tht/contracts';
import { Router, type RequestHandler } from 'express';
import { canExport } from '../auth/policy';
import { requireAuth, signedInUser } from '../auth/require-auth';
import type { AppContext } from '../platform/context';
import { HttpError, parseWith, sendPieces } from '../platform/http';
import { departmentsSheet, entriesSheet, fiscalYearsSheet, formFieldsSheet, targetsSheet, usersSheet } from './export-sheets';
import { CSV_TYPE, csvPieces, writeWorkbook, XLSX_TYPE } from './export-writers';

/** 403 unless the signed-in user may export (HR, SMT and admins, SPEC section 6). */
const requireExporter: RequestHandler = (req, _res, next) => {
  if (!canExport(signedInUser(req))) throw new HttpError(403, M.exportAccessRequired);
  next();
};

/**
 * GET /api/export: all data as a file download. The browser opens it in a new window, so the
 * sign-in comes from the `authToken` cookie as well as the Bearer header. CSV (the entries) by
 * default, `?format=xlsx` a workbook with the sheets Entries, Users, Targets, Fiscal years,
 * Departments and Form fields (what the admin import needs to recreate an instance);
 * `?year=` limits entries, targets and fiscal years to one year. Streamed from a cursor.
 */
export function createExportRouter(ctx: AppContext): Router {
  const router = Router();

  router.get('/export', requireAuth(ctx), requireExporter, async (req, res) => {
    const { format, year, innovative } = parseWith(exportQuerySchema, req.query);
    const scope = { year, innovative };
    const entries = await entriesSheet(ctx.pool, scope);
    res.attachment(exportFileName(ctx.config.orgEmailDomain, new Date(), format, scope));
    res.set('Cache-Control', 'no-store');
    if (format === 'csv') {
      res.type(CSV_TYPE);
      await sendPieces(res, csvPieces(ctx.pool, entries));
    } else {
      res.type(XLSX_TYPE);
      const sheets = [entries, usersSheet(), targetsSheet(scope), fiscalYearsSheet(scope), departmentsSheet(), formFieldsSheet()];
      await writeWorkbook(res, ctx.pool, sheets);
    }
  });

  return router;
}
