/**
 * The reminders' mails as plain text and as HTML that reads well in Outlook and on a phone: tables
 * for layout, inline styles only, no images, fonts or style sheets from elsewhere, one column at
 * most 600 pixels wide that narrows with the screen. Every text from data is escaped here, so a
 * name or a training name never becomes markup.
 */

/** One part of a mail's body, rendered both ways. */
export type MailBlock =
  | { type: 'paragraph'; text: string }
  | { type: 'figures'; rows: readonly (readonly [label: string, value: string])[] }
  | { type: 'table'; headers: readonly string[]; rows: readonly (readonly string[])[] }
  | { type: 'button'; label: string; url: string };

export interface MailContent {
  subject: string;
  /** The first line of the body (a greeting). */
  greeting: string;
  blocks: readonly MailBlock[];
  /** Why the person gets it, and the one-click link that turns this kind off. */
  footer: { reason: string; unsubscribeUrl: string; settingsUrl: string };
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const HTML_ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text as HTML text or attribute value: `&`, `<`, `>` and both quotes escaped. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character]!);

const FONT = 'font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:22px;color:#1f2933;';
const CELL = `${FONT}padding:6px 8px;border-bottom:1px solid #dde1e6;text-align:left;vertical-align:top;`;

/** A table for layout (read by screen readers as none). */
const layoutTable = (attributes: string, rows: string) =>
  `<table role="presentation" cellpadding="0" cellspacing="0" border="0" ${attributes}>${rows}</table>`;

function blockHtml(block: MailBlock): string {
  switch (block.type) {
    case 'paragraph':
      return `<p style="${FONT}margin:0 0 16px;">${escapeHtml(block.text)}</p>`;
    case 'figures':
      return layoutTable(
        'width="100%" style="margin:0 0 16px;border-collapse:collapse;"',
        block.rows
          .map(
            ([label, value]) =>
              `<tr><td style="${CELL}color:#52606d;width:55%;">${escapeHtml(label)}</td><td style="${CELL}font-weight:bold;">${escapeHtml(value)}</td></tr>`,
          )
          .join(''),
      );
    case 'table': {
      const head = block.headers
        .map((header) => `<th scope="col" style="${CELL}background:#f4f5f7;">${escapeHtml(header)}</th>`)
        .join('');
      const body = block.rows
        .map((row) => `<tr>${row.map((cell) => `<td style="${CELL}">${escapeHtml(cell)}</td>`).join('')}</tr>`)
        .join('');
      return `<table cellpadding="0" cellspacing="0" border="0" width="100%" style="margin:0 0 16px;border-collapse:collapse;"><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table>`;
    }
    case 'button':
      // A "bulletproof" button: the cell carries the colour, so Outlook (which ignores a link's padding) shows it too.
      return layoutTable(
        'style="margin:8px 0 16px;"',
        `<tr><td bgcolor="#1d4ed8" style="background:#1d4ed8;border-radius:4px;"><a href="${escapeHtml(block.url)}" style="${FONT}display:inline-block;padding:10px 18px;color:#ffffff;font-weight:bold;text-decoration:none;">${escapeHtml(block.label)}</a></td></tr>`,
      );
  }
}

/** Pads each column to its widest cell, so the table lines up in a fixed-width font and still reads in any other. */
function textTable(headers: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = headers.map((header, column) => Math.max(header.length, ...rows.map((row) => (row[column] ?? '').length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, column) => cell.padEnd(widths[column]!))
      .join('  ')
      .trimEnd();
  return [line(headers), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join('\n');
}

function blockText(block: MailBlock): string {
  switch (block.type) {
    case 'paragraph':
      return block.text;
    case 'figures':
      return block.rows.map(([label, value]) => `${label}: ${value}`).join('\n');
    case 'table':
      return textTable(block.headers, block.rows);
    case 'button':
      return `${block.label}: ${block.url}`;
  }
}

function footerText({ reason, unsubscribeUrl, settingsUrl }: MailContent['footer']): string {
  return `--\n${reason}\nTurn these reminders off: ${unsubscribeUrl}\nAll your reminders: ${settingsUrl} (Edit Profile)`;
}

function footerHtml({ reason, unsubscribeUrl, settingsUrl }: MailContent['footer']): string {
  const small = 'font-family:Arial,Helvetica,sans-serif;font-size:12px;line-height:18px;color:#52606d;';
  const link = (url: string, label: string) => `<a href="${escapeHtml(url)}" style="color:#1d4ed8;">${escapeHtml(label)}</a>`;
  return `<p style="${small}margin:0;">${escapeHtml(reason)} ${link(unsubscribeUrl, 'Turn these reminders off')} or choose your reminders in your ${link(settingsUrl, 'profile')} (Edit Profile).</p>`;
}

/** The mail as plain text. */
export function mailText(content: MailContent): string {
  return [content.greeting, ...content.blocks.map(blockText), footerText(content.footer)].join('\n\n') + '\n';
}

/** The mail as a whole HTML document. */
export function mailHtml(content: MailContent): string {
  const body = [`<p style="${FONT}margin:0 0 16px;">${escapeHtml(content.greeting)}</p>`, ...content.blocks.map(blockHtml)].join(
    '',
  );
  const card = layoutTable(
    'width="100%" style="max-width:600px;background:#ffffff;border:1px solid #dde1e6;"',
    `<tr><td style="padding:24px;">${body}</td></tr><tr><td style="padding:16px 24px;border-top:1px solid #dde1e6;">${footerHtml(content.footer)}</td></tr>`,
  );
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="x-apple-disable-message-reformatting"><title>${escapeHtml(content.subject)}</title></head>
<body style="margin:0;padding:0;background:#f4f5f7;">${layoutTable(
    'width="100%" style="background:#f4f5f7;"',
    `<tr><td align="center" style="padding:24px 12px;">${card}</td></tr>`,
  )}</body></html>
`;
}

/** Both renderings of the mail. */
export const renderMail = (content: MailContent): RenderedMail => ({
  subject: content.subject,
  text: mailText(content),
  html: mailHtml(content),
});
