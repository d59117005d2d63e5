import { once } from 'node:events';
import { PassThrough, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  EVIDENCE_ARCHIVE,
  EVIDENCE_ARCHIVE_CONTENT_TYPE,
  evidencePath,
  exportFileName,
  personFolder,
  type ExportQuery,
} from '@tht/contracts';
import archiver from 'archiver';
import type { Response } from 'express';
import type pg from 'pg';
import { chunksOf } from '../evidence';
import { rowChunks } from '../platform/row-chunks';
import type { ExportSheet } from './export-sheets';
import { csvHeader, csvLine } from './export-writers';

/** The zip being written, and the signal that stops the writing when the client goes away. */
interface Archive {
  zip: archiver.Archiver;
  stopped: AbortSignal;
}

/**
 * Adds one part to the zip and waits until the zip has taken all of it in (so the parts are written
 * one at a time, and the zip waits while the client is behind). Files that are compressed already
 * (the workbook, PDFs, images) are stored as they are; text is deflated.
 */
async function addPart({ zip, stopped }: Archive, name: string, source: Readable, store: boolean): Promise<void> {
  const added = once(zip, 'entry', { signal: stopped });
  zip.append(source, { name, store });
  await added;
}

/** A part written by `write` (a writer of the plain export, which waits on its stream's buffer and stops once it is destroyed). */
async function addWrittenPart(archive: Archive, name: string, store: boolean, write: (part: PassThrough) => Promise<void>) {
  const part = new PassThrough();
  archive.stopped.addEventListener('abort', () => part.destroy(), { once: true });
  const added = addPart(archive, name, part, store);
  await write(part);
  part.end();
  await added;
}

/** The files attached to `entryIds`, by entry, from the evidence read model. */
async function filesOf(pool: pg.Pool, schema: string, entryIds: readonly number[]) {
  const { rows } = await pool.query<{ evidence_id: number; entry_id: number; name: string }>(
    `SELECT evidence_id, entry_id, name FROM ${schema}.evidence WHERE entry_id = ANY($1::int[]) ORDER BY entry_id, evidence_id`,
    [entryIds],
  );
  return rows;
}

/** One person's folder: their entries' CSV (as the rows come) and, once it is complete, the files of those entries. */
class PersonFolder {
  private readonly csv = new PassThrough();
  private readonly csvAdded: Promise<void>;
  private readonly entryIds: number[] = [];

  constructor(
    private readonly archive: Archive,
    readonly userId: string,
    private readonly name: string,
    columns: readonly string[],
  ) {
    this.csvAdded = addPart(archive, `${name}/${EVIDENCE_ARCHIVE.entriesFile}`, this.csv, false);
    this.csv.write(csvHeader(columns));
  }

  async addRow(entryId: number, line: string): Promise<void> {
    this.entryIds.push(entryId);
    if (!this.csv.write(line)) await once(this.csv, 'drain', { signal: this.archive.stopped });
  }

  async close(pool: pg.Pool, schema: string): Promise<void> {
    this.csv.end();
    await this.csvAdded;
    for (const file of await filesOf(pool, schema, this.entryIds)) {
      const path = evidencePath(this.name, file.entry_id, file.evidence_id, file.name);
      await addPart(this.archive, path, Readable.from(chunksOf(pool, file.evidence_id)), true);
    }
  }
}

/** Each person's folder, from the entries read person by person. */
async function writePeople(archive: Archive, pool: pg.Pool, schema: string, entries: ExportSheet): Promise<void> {
  let person = null as PersonFolder | null;
  for await (const rows of rowChunks(pool, entries.text, entries.values)) {
    for (const row of rows) {
      const [id, userId, , firstName, lastName] = row as [string, string, string, string | null, string | null];
      if (person?.userId !== userId) {
        await person?.close(pool, schema);
        const folder = personFolder(Number(userId), firstName ?? '', lastName ?? '');
        person = new PersonFolder(archive, userId, folder, entries.columns);
      }
      await person.addRow(Number(id), csvLine(entries.toCells(row)));
    }
  }
  await person?.close(pool, schema);
}

export interface EvidenceArchiveParts {
  /** The export file as downloaded alone, written into the zip by the plain export's writer. */
  writeExportFile: (part: PassThrough) => Promise<void>;
  /** The entries of the export, read person by person. */
  entriesByPerson: ExportSheet;
}

/**
 * GET /api/export?evidence=true: a zip, streamed, of the export file (as `query` asks for it) and a
 * folder per person with their entries' CSV and the files attached to them (EVIDENCE_ARCHIVE, decision
 * 040). Each file's bytes go from the database to the client a piece at a time; a client that goes
 * away stops the writing.
 */
export async function sendEvidenceArchive(
  pool: pg.Pool,
  res: Response,
  orgDomain: string,
  schema: string,
  query: ExportQuery,
  { writeExportFile, entriesByPerson }: EvidenceArchiveParts,
): Promise<void> {
  const today = new Date();
  res.attachment(exportFileName(orgDomain, today, query.format, query));
  res.type(EVIDENCE_ARCHIVE_CONTENT_TYPE);
  res.set('Cache-Control', 'no-store');
  const zip = archiver('zip', { zlib: { level: 6 } });
  const stop = new AbortController();
  const archive = { zip, stopped: stop.signal };
  res.once('close', () => stop.abort());
  const sent = pipeline(zip, res);
  try {
    const exportFile = exportFileName(orgDomain, today, query.format, { ...query, evidence: false });
    await addWrittenPart(archive, exportFile, query.format === 'xlsx', writeExportFile);
    await writePeople(archive, pool, schema, entriesByPerson);
    await zip.finalize();
    await sent;
  } catch (error) {
    // A client that went away stops the writing where it is: nothing is wrong with the export.
    if (res.destroyed) return;
    // Anything else cuts the download off, so that it is not taken for a whole zip.
    res.destroy(error as Error);
    throw error;
  } finally {
    stop.abort();
    await sent.catch(() => {});
  }
}
