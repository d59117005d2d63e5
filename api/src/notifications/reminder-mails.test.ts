import { paceFigures } from '@tht/contracts';
import { describe, expect, it } from 'vitest';
import { escapeHtml } from './mail-layout';
import { behindPaceMail, certificateMail, teamMail, yearEndMail } from './reminder-mails';

const links = {
  publicUrl: 'https://training.example.com',
  unsubscribeUrl: 'https://training.example.com/api/notifications/unsubscribe?token=7.team.abc',
};
const person = { userId: 7, email: 'eve@example.com', firstName: 'Eve <script>alert(1)</script>', lastName: 'Smith & "Sons"' };

describe('escaping in the HTML', () => {
  it('turns every markup character of a text into its entity', () => {
    expect(escapeHtml(`<a href="x" onclick='y'>&</a>`)).toBe('&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;&amp;&lt;/a&gt;');
  });

  it("never lets a person's or a training's name become markup", () => {
    const mails = [
      behindPaceMail(person, paceFigures(10, 100, '2026-07-01'), links),
      teamMail(
        person,
        [{ name: '<img src=x onerror=alert(1)>', figures: paceFigures(10, 100, '2026-07-01') }],
        '2026-07-01',
        links,
      ),
      certificateMail(person, { trainingName: '</td></tr><b>Fire</b>', validUntil: '2026-08-30' }, '2026-07-01', links),
    ];
    for (const { html, text } of mails) {
      expect(html).not.toMatch(/<script|<img|<b>/);
      expect(html).toContain('Eve &lt;script&gt;alert(1)&lt;/script&gt;');
      expect(text).toContain('Hello Eve <script>alert(1)</script>,');
    }
    expect(mails[1]!.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(mails[2]!.html).toContain('&lt;/td&gt;&lt;/tr&gt;&lt;b&gt;Fire&lt;/b&gt;');
  });
});

describe('the mails', () => {
  it('are HTML for Outlook and phones: tables for layout, inline styles, nothing loaded from elsewhere', () => {
    const { html } = behindPaceMail(person, paceFigures(10, 100, '2026-07-01'), links);
    expect(html).toMatch(/^<!DOCTYPE html>/);
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(html).toContain('max-width:600px');
    expect(html).not.toMatch(/<style|<link|<img|<script|src=/);
    expect(html.match(/href="[^"]*"/g)).toEqual([
      'href="https://training.example.com/?tab=add-entry"',
      `href="${links.unsubscribeUrl}"`,
      'href="https://training.example.com/"',
    ]);
  });

  it('tell a person behind pace the figures of their progress and link Add Entry and the unsubscribe link', () => {
    const { subject, text } = behindPaceMail(person, paceFigures(10, 100, '2026-07-01'), links);
    expect(subject).toBe('Your 2026 training hours are behind pace');
    expect(text).toContain('Hours logged in 2026: 10 of 100 hours (10%)');
    expect(text).toContain('Progress: Behind Target');
    expect(text).toContain('Needed to be back on track: 30 hours');
    expect(text).toContain('To go to reach your 2026 target: 90 hours');
    expect(text).toContain('Add Entry: https://training.example.com/?tab=add-entry');
    expect(text).toContain(`Turn these reminders off: ${links.unsubscribeUrl}`);
  });

  it("give a manager one table of the reports' progress, lined up in the text", () => {
    const { text } = teamMail(
      person,
      [
        { name: 'Anna Ahead', figures: paceFigures(60, 100, '2026-07-01') },
        { name: 'Bo', figures: paceFigures(100, 100, '2026-07-01') },
      ],
      '2026-07-01',
      links,
    );
    expect(text).toContain(
      [
        'Name        Hours  Target  Progress  Status',
        '----------  -----  ------  --------  ---------------',
        'Anna Ahead  60     100     60%       On Schedule',
        'Bo          100    100     100%      Target Achieved',
      ].join('\n'),
    );
    expect(text).toContain('0 of 2 behind the on-track line');
  });

  it('count the days left to the year end and to a certificate\'s "Valid until"', () => {
    expect(yearEndMail(person, paceFigures(20, 100, '2026-12-01'), '2026-12-01', links).subject).toBe(
      '30 days left to reach your 2026 training target',
    );
    expect(certificateMail(person, { trainingName: 'First Aid', validUntil: '2026-07-08' }, '2026-07-01', links).text).toContain(
      'is valid until 8 Jul 2026, 7 days from now',
    );
  });
});
