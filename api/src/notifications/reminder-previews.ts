import { addDays, paceFigures, yearEndReminderDay, yearOf, type NotificationKind } from '@tht/contracts';
import type { RenderedMail } from './mail-layout';
import { behindPaceMail, certificateMail, teamMail, yearEndMail, type Recipient, type ReminderLinks } from './reminder-mails';

/** The sample person of the previews (a name with an apostrophe shows it is escaped). */
const SAMPLE_PERSON: Recipient = { userId: 0, email: 'alex.oconnor@example.com', firstName: 'Alex', lastName: "O'Connor" };

/**
 * A mail of `kind` as its recipients get it, composed with sample figures as of `today` (the
 * year-end one as of its day), for the Notifications tab. `links` are the viewer's own.
 */
export function previewMail(kind: NotificationKind, today: string, links: ReminderLinks): RenderedMail {
  switch (kind) {
    case 'behind-pace':
      return behindPaceMail(SAMPLE_PERSON, paceFigures(12, 40, today), links);
    case 'team':
      return teamMail(
        SAMPLE_PERSON,
        [
          { name: 'Sam Baker', figures: paceFigures(42, 40, today) },
          { name: 'Jo Chen-Smith', figures: paceFigures(30, 40, today) },
          { name: "Rory O'Neil", figures: paceFigures(6, 40, today) },
        ],
        today,
        links,
      );
    case 'year-end': {
      const asOf = yearEndReminderDay(yearOf(today));
      return yearEndMail(SAMPLE_PERSON, paceFigures(28.5, 40, asOf), asOf, links);
    }
    case 'certificate-expiring':
      return certificateMail(SAMPLE_PERSON, { trainingName: 'First Aid at Work', validUntil: addDays(today, 30) }, today, links);
  }
}
