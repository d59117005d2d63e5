import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../config';
import { TEST_PASSWORD } from '../testing/accounts';
import { COMMON_PASSWORDS_SOURCE, isCommonPassword, lowerCaseEntries, readCommonPasswordsText, sha256Of } from './common-passwords';

describe('the passwords attackers try first', () => {
  it("ship as SecLists' 100k-most-used-passwords-NCSC.txt, byte for byte", async () => {
    const text = await readCommonPasswordsText();
    expect(sha256Of(text)).toBe(COMMON_PASSWORDS_SOURCE.sha256);
    expect(text.split('\n')).toHaveLength(COMMON_PASSWORDS_SOURCE.lines + 1);
    expect(lowerCaseEntries(text).size).toBe(97_850);
  });

  it.each(['123456', 'password', 'qwerty123', 'Password1', 'PASSWORD1', 'QwErTy123', 'P@ssw0rd', 'iloveyou', '1q2w3e4r5t'])(
    'hold %j, whatever its case',
    async (password) => {
      expect(await isCommonPassword(password)).toBe(true);
    },
  );

  it.each(['Temp-Pass1', TEST_PASSWORD, 'secret-1', '', 'password1 ', 'correct horse'])('do not hold %j', async (password) => {
    expect(await isCommonPassword(password)).toBe(false);
  });

  it("leave the README's ADMIN_PASSWORD example usable", async () => {
    const readme = await readFile(path.join(REPO_ROOT, 'README.md'), 'utf8');
    const examples = [...readme.matchAll(/ADMIN_PASSWORD='([^']+)'/g)].map((match) => match[1]!);
    expect(examples.length).toBeGreaterThan(0);
    for (const example of examples) expect(await isCommonPassword(example)).toBe(false);
  });
});
