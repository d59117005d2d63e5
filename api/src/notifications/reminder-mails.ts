import {
  daysBetween,
  fiscalYearEnd,
  formatEntryDate,
  NOTIFICATION_KIND_LABELS,
  SCHEDULE_STATUS_LABELS,
  type NotificationKind,
  type PaceFigures,
} from '@tht/contracts';
import { renderMail, type MailBlock, type MailContent, type RenderedMail } from './mail-layout';

/** Whom a reminder goes to. */
export interface Recipient {
  userId: number;
  email: string;
  firstName: string;
  lastName: string;
}

/** Where a reminder's links lead: the product (PUBLIC_URL) and the one-click unsubscribe of its kind. */
export interface ReminderLinks {
  publicUrl: string;
  unsubscribeUrl: string;
}

/** A direct report's line in the manager's table. */
export interface ReportProgress {
  name: string;
  figures: PaceFigures;
}

/** A certificate about to expire. */
export interface ReminderCertificate {
  trainingName: string;
  validUntil: string;
}

/** The main application's tabs (`/`, the SPEC's route), opened on one tab by `?tab=`. */
export const addEntryUrl = (publicUrl: string) => `${publicUrl}/?tab=add-entry`;
const dashboardUrl = (publicUrl: string) => `${publicUrl}/`;
const managerViewUrl = (publicUrl: string) => `${publicUrl}/?tab=manager`;

const hours = (value: number) => `${value} ${value === 1 ? 'hour' : 'hours'}`;
const days = (value: number) => `${value} ${value === 1 ? 'day' : 'days'}`;
const monthName = (asOf: string) =>
  new Date(`${asOf.slice(0, 7)}-01T00:00:00Z`).toLocaleDateString('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });

function content(
  kind: NotificationKind,
  recipient: Recipient,
  links: ReminderLinks,
  subject: string,
  blocks: MailBlock[],
): MailContent {
  return {
    subject,
    greeting: `Hello ${recipient.firstName},`,
    blocks,
    footer: {
      reason: `You get this e-mail because the "${NOTIFICATION_KIND_LABELS[kind]}" reminders are on for you at ${links.publicUrl}.`,
      unsubscribeUrl: links.unsubscribeUrl,
      settingsUrl: dashboardUrl(links.publicUrl),
    },
  };
}

/** The progress module's figures: hours of the target, the percentage, the on-track check and what is left. */
function progressFigures(figures: PaceFigures): MailBlock {
  const rows: [string, string][] = [
    [`Hours logged in ${figures.year}`, `${figures.hours} of ${figures.targetHours} hours (${figures.percent}%)`],
    ['Progress', figures.label],
  ];
  if (figures.hoursToGetBackOnTrack > 0) rows.push(['Needed to be back on track', hours(figures.hoursToGetBackOnTrack)]);
  rows.push([`To go to reach your ${figures.year} target`, hours(figures.hoursToGo)]);
  return { type: 'figures', rows };
}

/** "Behind pace": monthly, to a person behind the on-track line of their target. */
export function behindPaceMail(recipient: Recipient, figures: PaceFigures, links: ReminderLinks): RenderedMail {
  return renderMail(
    content('behind-pace', recipient, links, `Your ${figures.year} training hours are behind pace`, [
      {
        type: 'paragraph',
        text: `You have logged ${hours(figures.hours)} of your ${figures.year} target of ${hours(figures.targetHours)}, behind the pace that reaches it by the end of the year.`,
      },
      progressFigures(figures),
      { type: 'paragraph', text: 'Training you have done but not logged yet counts too: add it now.' },
      { type: 'button', label: 'Add Entry', url: addEntryUrl(links.publicUrl) },
    ]),
  );
}

/** "Your team": monthly, to a manager, their direct reports' progress in one table. */
export function teamMail(manager: Recipient, reports: readonly ReportProgress[], asOf: string, links: ReminderLinks): RenderedMail {
  const year = reports[0]?.figures.year ?? Number(asOf.slice(0, 4));
  const behind = reports.filter((report) => !report.figures.onTrack).length;
  return renderMail(
    content('team', manager, links, `Your team's training progress, ${monthName(asOf)}`, [
      {
        type: 'paragraph',
        text: `Your direct reports' training hours of ${year} on ${formatEntryDate(asOf)}: ${behind} of ${reports.length} behind the on-track line of their target.`,
      },
      {
        type: 'table',
        headers: ['Name', 'Hours', 'Target', 'Progress', 'Status'],
        rows: reports.map(({ name, figures }) => [
          name,
          String(figures.hours),
          String(figures.targetHours),
          `${figures.percent}%`,
          SCHEDULE_STATUS_LABELS[figures.scheduleStatus],
        ]),
      },
      { type: 'button', label: 'Open Manager View', url: managerViewUrl(links.publicUrl) },
    ]),
  );
}

/** "Year end": 30 days before the fiscal year ends, to a person who has not reached their target. */
export function yearEndMail(recipient: Recipient, figures: PaceFigures, asOf: string, links: ReminderLinks): RenderedMail {
  const yearEnd = fiscalYearEnd(figures.year);
  const left = Math.max(0, daysBetween(asOf, yearEnd));
  return renderMail(
    content('year-end', recipient, links, `${days(left)} left to reach your ${figures.year} training target`, [
      {
        type: 'paragraph',
        text: `The ${figures.year} training year ends on ${formatEntryDate(yearEnd)}, in ${days(left)}. You have logged ${hours(figures.hours)} of your target of ${hours(figures.targetHours)}.`,
      },
      progressFigures(figures),
      { type: 'button', label: 'Add Entry', url: addEntryUrl(links.publicUrl) },
    ]),
  );
}

/** "Certificate expiring": 60, 30 and 7 days before a certificate's "Valid until" date. */
export function certificateMail(
  recipient: Recipient,
  certificate: ReminderCertificate,
  asOf: string,
  links: ReminderLinks,
): RenderedMail {
  const left = daysBetween(asOf, certificate.validUntil);
  return renderMail(
    content('certificate-expiring', recipient, links, `Your certificate "${certificate.trainingName}" expires in ${days(left)}`, [
      {
        type: 'paragraph',
        text: `Your certificate from the training "${certificate.trainingName}" is valid until ${formatEntryDate(certificate.validUntil)}, ${days(left)} from now.`,
      },
      {
        type: 'paragraph',
        text: 'Once you have renewed it, log the renewal (the same training name, with its new "Valid until" date): it replaces this one.',
      },
      { type: 'button', label: 'Add Entry', url: addEntryUrl(links.publicUrl) },
    ]),
  );
}
