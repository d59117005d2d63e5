import { describe, expect, it } from 'vitest';
import { EVIDENCE_NAME_MAX_LENGTH, evidenceFileName } from './schemas';

describe('evidenceFileName', () => {
  it('keeps a name as sent, accents and spaces included', () => {
    expect(evidenceFileName('Zoë Ng – First Aid (2026).pdf')).toBe('Zoë Ng – First Aid (2026).pdf');
  });

  it('drops the folders a client may send', () => {
    expect(evidenceFileName('C:\\Users\\zoe\\certificate.pdf')).toBe('certificate.pdf');
    expect(evidenceFileName('../../etc/passwd.pdf')).toBe('passwd.pdf');
  });

  it('drops control and direction-changing characters, which could disguise the extension', () => {
    expect(evidenceFileName('invoice\u202Efdp.exe')).toBe('invoicefdp.exe');
    expect(evidenceFileName('a\r\nb\u0000.pdf')).toBe('ab.pdf');
  });

  it('keeps at most 255 characters, and names an empty one `file`', () => {
    expect([...evidenceFileName(`${'é'.repeat(300)}.pdf`)]).toHaveLength(EVIDENCE_NAME_MAX_LENGTH);
    expect(evidenceFileName('  ')).toBe('file');
    expect(evidenceFileName('')).toBe('file');
  });
});
