import {
  mayDownloadPersonalDataOf,
  PERSONAL_DATA_CONTENT_TYPES,
  PERSONAL_DATA_MESSAGES as M,
  personalDataFileName,
  userStream,
  type PersonalDataFormat,
  type Person,
} from '@tht/contracts';
import type { Actor } from '../platform/commands';
import type { AppContext } from '../platform/context';
import { DomainError } from '../platform/decider';
import { handleCommand } from '../platform/handle-command';
import { readAccountStream } from './account-stream';
import { personalDataCsv, personalDataDocument } from './personal-data';
import { personalDataDecider } from './personal-data-decider';
import { personalDataFacts } from './personal-data-queries';

export interface PersonalDataFile {
  name: string;
  contentType: string;
  body: string;
}

/**
 * A copy of everything held about `personId` for `viewer` (the person or an admin, else 403; 404
 * for no such account): the download is recorded first, so the copy lists it too.
 */
export async function downloadPersonalData(
  ctx: AppContext,
  viewer: Person,
  personId: number,
  format: PersonalDataFormat,
  actor: Actor,
): Promise<PersonalDataFile> {
  await handleCommand(ctx, personalDataDecider, {
    stream: userStream(personId),
    read: readAccountStream,
    command: { userId: personId, format },
    actor,
    // A download changes nothing of the account: a sign-in or reset request at the same moment must not refuse it.
    conflictsWithNothing: true,
    authorise: () => {
      if (!mayDownloadPersonalDataOf(viewer, personId)) throw new DomainError('forbidden', M.ownDataOnly);
    },
  });
  const document = personalDataDocument(await personalDataFacts(ctx, personId, viewer.id));
  return {
    name: personalDataFileName(personId, ctx.now(), format),
    contentType: PERSONAL_DATA_CONTENT_TYPES[format],
    body: format === 'csv' ? personalDataCsv(document) : JSON.stringify(document, null, 2),
  };
}
