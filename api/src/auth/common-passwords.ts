import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';

/**
 * The passwords attackers spray first: the NCSC's 100,000 most used passwords (from Have I Been
 * Pwned), as SecLists ships them, kept gzipped beside the code (api/data/common-passwords/README.md
 * says where from). Read on the server only: the browser shows the server's refusal.
 */
export const COMMON_PASSWORDS_FILE = fileURLToPath(
  new URL('../../data/common-passwords/100k-most-used-passwords-NCSC.txt.gz', import.meta.url),
);

/** What the shipped list must be: SecLists' file byte for byte (its SHA-256) and its number of lines. */
export const COMMON_PASSWORDS_SOURCE = {
  sha256: '6b6d6c6e1c5c8d3822d4de6d7a1c003321fe7f9c97f6bee0b346d8bbb5ef2e0e',
  lines: 100_000,
} as const;

/** The list's text: one password a line, each line ended by a line feed. */
export async function readCommonPasswordsText(file = COMMON_PASSWORDS_FILE): Promise<string> {
  return (await promisify(gunzip)(await readFile(file))).toString('utf8');
}

export const sha256Of = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** The passwords of the list's text in lower case, for a membership test that ignores case. */
export function lowerCaseEntries(text: string): ReadonlySet<string> {
  const entries = new Set(text.toLowerCase().split('\n'));
  entries.delete('');
  return entries;
}

let loaded: Promise<ReadonlySet<string>> | undefined;

/**
 * Read once per process, on first use: about 0.1 s on an idle machine (the unzipping off the main
 * thread) and 7 MB of heap for the 97,850 distinct lower-case entries; a check is then a lookup.
 */
function commonPasswords(): Promise<ReadonlySet<string>> {
  loaded ??= readCommonPasswordsText().then(lowerCaseEntries);
  return loaded;
}

/** True when `password` is on the list, in any case (`PASSWORD1` as `password1`). */
export async function isCommonPassword(password: string): Promise<boolean> {
  return (await commonPasswords()).has(password.toLowerCase());
}
