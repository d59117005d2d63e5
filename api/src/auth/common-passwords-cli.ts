/**
 * `npm run common-passwords`: checks that the shipped list of the passwords attackers try first is
 * SecLists' file (its SHA-256, its 100,000 lines). `npm run common-passwords -- <file>`: checks a
 * newly downloaded copy of that file the same way and writes it, gzipped, in place of the shipped
 * one. A newer SecLists version has another SHA-256: update COMMON_PASSWORDS_SOURCE and
 * api/data/common-passwords/README.md with it after reading what changed.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import {
  COMMON_PASSWORDS_FILE,
  COMMON_PASSWORDS_SOURCE,
  lowerCaseEntries,
  readCommonPasswordsText,
  sha256Of,
} from './common-passwords';

/** What is wrong with `text` as the list, or null when it is SecLists' file. */
function problemOf(text: string): string | null {
  const lines = text.split('\n').length - 1;
  if (lines !== COMMON_PASSWORDS_SOURCE.lines) return `has ${lines} lines, not ${COMMON_PASSWORDS_SOURCE.lines}`;
  const sha256 = sha256Of(text);
  return sha256 === COMMON_PASSWORDS_SOURCE.sha256 ? null : `has the SHA-256 ${sha256}, not ${COMMON_PASSWORDS_SOURCE.sha256}`;
}

async function main(source: string | undefined): Promise<void> {
  const text = source === undefined ? await readCommonPasswordsText() : await readFile(source, 'utf8');
  const problem = problemOf(text);
  if (problem) throw new Error(`${source ?? COMMON_PASSWORDS_FILE} ${problem}`);
  if (source !== undefined) await writeFile(COMMON_PASSWORDS_FILE, await promisify(gzip)(text, { level: 9 }));
  console.info(
    `${COMMON_PASSWORDS_FILE}: SecLists' 100k-most-used-passwords-NCSC.txt, ${COMMON_PASSWORDS_SOURCE.lines.toLocaleString('en')} lines, ` +
      `${lowerCaseEntries(text).size.toLocaleString('en')} passwords when case is ignored`,
  );
}

main(process.argv[2]).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
