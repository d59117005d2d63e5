/**
 * The XLSX export's writer (issue 23): `GET /api/export?format=xlsx`'s workbook written by the
 * product's `writeWorkbook` (rows as XML, api/src/export/xlsx-rows.ts) against the same sheets
 * written through exceljs's row objects (`addRow(...).commit()`, what it did before), alternating,
 * each served over HTTP from this process and downloaded to the last byte, with the process's
 * resident memory growth. The organisation benchmark's history (bench/organisation.ts), rebuilt
 * into the read models first.
 *
 * Run: `npx tsx bench/xlsx-export.ts`. Sizes: BENCH_ORG_PEOPLE (2000), BENCH_ORG_ENTRIES (200000),
 * BENCH_ROUNDS (3).
 */
import type { AddressInfo } from 'node:net';
import { createEventStore, migrateEventStore } from '@tht/eventstore';
import { createDb, createPool } from '@tht/postgres';
import ExcelJS from 'exceljs';
import express, { type Response } from 'express';
import type pg from 'pg';
import { allProjectors, migrateReadModels, rebuildReadModels } from 'projections';
import {
  departmentsSheet,
  entriesSheet,
  fiscalYearsSheet,
  formFieldsSheet,
  LIVE_READ_MODELS,
  targetsSheet,
  usersSheet,
  type ExportSheet,
} from '../api/src/export/export-sheets';
import { writeWorkbook, xlsxValue } from '../api/src/export/export-writers';
import { whenWritable } from '../api/src/platform/http';
import { rowChunks } from '../api/src/platform/row-chunks';
import { benchDatabase } from './support/bench-postgres';
import { download } from './support/download';
import { withPeakMemory } from './support/process-memory';
import { loadAverageText } from './support/report';
import { secondsSince } from './support/seed';
import { seedSampleOrganisation } from './support/sample-organisation';

const PEOPLE = Number(process.env.BENCH_ORG_PEOPLE ?? 2_000);
const ENTRIES = Number(process.env.BENCH_ORG_ENTRIES ?? 200_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const NOW = new Date();

/** The writer before: every row through exceljs's Row and Cell objects (one sheet a worksheet: the sizes here fit). */
async function writeWithRowObjects(res: Response, pool: pg.Pool, sheets: readonly ExportSheet[]): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: res, useStyles: false, useSharedStrings: false });
  for (const sheet of sheets) {
    const worksheet = workbook.addWorksheet(sheet.name);
    worksheet.addRow([...sheet.columns]).commit();
    for await (const rows of rowChunks(pool, sheet.text, sheet.values)) {
      for (const row of rows) worksheet.addRow(sheet.toCells(row).map(xlsxValue)).commit();
      await whenWritable(res);
    }
    worksheet.commit();
  }
  await workbook.commit();
}

const database = await benchDatabase();
const pool = createPool(database.connectionString, { max: 8 });
const store = createEventStore({ pool });
const server = express()
  .get('/:writer', async (req, res) => {
    const schema = LIVE_READ_MODELS;
    const sheets = [
      await entriesSheet(pool, schema, {}),
      usersSheet(schema),
      targetsSheet(schema, {}),
      fiscalYearsSheet(schema, {}),
      departmentsSheet(schema),
      formFieldsSheet(schema),
    ];
    await (req.params.writer === 'product' ? writeWorkbook(res, pool, sheets) : writeWithRowObjects(res, pool, sheets));
  })
  .listen(0, '127.0.0.1');
try {
  await migrateEventStore(pool);
  await migrateReadModels(createDb(pool), allProjectors);
  const seeding = performance.now();
  const events = await seedSampleOrganisation(pool, { people: PEOPLE, entries: ENTRIES, now: NOW });
  await rebuildReadModels({ pool, store, projectors: allProjectors });
  console.log(`xlsx export: ${events} events seeded and rebuilt in ${secondsSince(seeding).toFixed(0)} s; ${database.describe}`);

  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const seconds: Record<string, number[]> = { 'row objects': [], product: [] };
  for (let round = 1; round <= ROUNDS; round++) {
    for (const [label, path] of [
      ['row objects', '/row-objects'],
      ['product', '/product'],
    ] as const) {
      const load = loadAverageText();
      const { result, beforeMb, peakMb } = await withPeakMemory(process.pid, () => download(baseUrl, path, {}));
      seconds[label]!.push(result.seconds);
      console.log(
        `  round ${round} ${label}: ${result.seconds.toFixed(2)} s, ${result.bytes} bytes, memory growth ${(peakMb - beforeMb).toFixed(0)} MB (${load})`,
      );
    }
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const [before, after] = [median(seconds['row objects']!), median(seconds.product!)];
  console.log(
    `xlsx export of ${ENTRIES} entries: ${after.toFixed(2)} s vs ${before.toFixed(2)} s through exceljs's row objects (medians, ${(before / after).toFixed(2)}x)`,
  );
} finally {
  server.close();
  await store.close();
  await pool.end();
  await database.close();
}
