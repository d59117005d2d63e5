import { Readable } from 'node:stream';
import { ADMIN_MESSAGES as M, evidenceOfPath, IMPORT_ARCHIVE_LIMITS, IMPORT_MAX_MEGABYTES } from '@tht/contracts';
import { HttpError } from '../platform/http';
import { csvSheet, workbookRefusal, workbookSheets, type SourceSheet } from './import-tables';
import { ZipArchive } from './zip-archive';

/** A file of the zip attached to an entry of the export: where it lies, and its name. */
export interface ArchivedEvidence {
  path: string;
  name: string;
}

/** The export file at the zip's top: a workbook or the CSV. */
interface ExportFile {
  path: string;
  kind: 'csv' | 'xlsx';
}

function exportFileOf(paths: readonly string[]): ExportFile | undefined {
  for (const path of paths) {
    const lower = path.toLowerCase();
    if (path.includes('/')) continue;
    if (lower.endsWith('.xlsx')) return { path, kind: 'xlsx' };
    if (lower.endsWith('.csv')) return { path, kind: 'csv' };
  }
  return undefined;
}

/**
 * The zip of an export with evidence (GET /api/export?evidence=true), open from its upload: the
 * export file at its top, read as an upload of its own kind, and the files of the people's folders
 * by the entry id the export gave them (its `id` column). Only the zip's directory is read when it
 * is opened; each file is read from the disk as it is imported. `close` it once the import is done.
 */
export class EvidenceArchive {
  private constructor(
    private readonly zip: ZipArchive,
    readonly exportFile: ExportFile,
    private readonly files: ReadonlyMap<number, ArchivedEvidence[]>,
    readonly count: number,
  ) {}

  static open(path: string): EvidenceArchive {
    let zip: ZipArchive;
    try {
      zip = ZipArchive.openFile(path, IMPORT_ARCHIVE_LIMITS);
    } catch (error) {
      throw workbookRefusal(error, 'ZIP');
    }
    const paths = zip.paths();
    const exportFile = exportFileOf(paths);
    if (!exportFile) {
      zip.close();
      throw new HttpError(400, M.importArchiveWithoutExport);
    }
    const files = new Map<number, ArchivedEvidence[]>();
    let count = 0;
    for (const path of paths) {
      const evidence = evidenceOfPath(path);
      if (!evidence) continue;
      files.set(evidence.entryId, [...(files.get(evidence.entryId) ?? []), { path, name: evidence.name }]);
      count += 1;
    }
    return new EvidenceArchive(zip, exportFile, files, count);
  }

  /** The sheets of the export file. */
  async sheets(): Promise<SourceSheet[]> {
    const { path, kind } = this.exportFile;
    if (kind === 'csv') return [csvSheet(() => this.zip.stream(path))];
    try {
      return await workbookSheets(await this.zip.content(path, IMPORT_MAX_MEGABYTES));
    } catch (error) {
      throw workbookRefusal(error);
    }
  }

  /** Whether the export gave files to its entry `sourceId`. */
  hasFilesOf(sourceId: number): boolean {
    return this.files.has(sourceId);
  }

  /** The files by the entry id of the export, in the zip's order. */
  entries(): IterableIterator<[number, ArchivedEvidence[]]> {
    return this.files.entries();
  }

  /** A file's bytes, read from the disk a piece at a time. */
  content(file: ArchivedEvidence): Readable {
    return Readable.from(this.zip.stream(file.path));
  }

  close(): void {
    this.zip.close();
  }
}
