import { entriesProjector } from './entries/entries-projector';
import { evidenceProjector } from './evidence/evidence-projector';
import { formFieldsProjector } from './form-fields/form-fields-projector';
import type { AnyProjector } from './framework/projector';
import { usersProjector } from './users/users-projector';
import { passwordResetsProjector } from './password-resets/password-resets-projector';
import { departmentsProjector } from './departments/departments-projector';
import { targetsProjector } from './targets/targets-projector';
import { trainingTotalsProjector } from './training-totals/training-totals-projector';
import { orgInsightsProjector } from './org-insights/org-insights-projector';
import { smtTopRatedProjector } from './smt-top-rated/smt-top-rated-projector';
import { endedSessionsProjector } from './sessions/ended-sessions-projector';
import { openSessionsProjector } from './sessions/open-sessions-projector';
import { recordNamesProjector } from './record-names/record-names-projector';
import { notificationSwitchesProjector } from './notification-switches/notification-switches-projector';

/** Every read model of the product. Feature projectors add themselves here (one import, one entry). */
export const allProjectors: readonly AnyProjector[] = [
  usersProjector,
  passwordResetsProjector,
  departmentsProjector,
  entriesProjector,
  evidenceProjector,
  formFieldsProjector,
  targetsProjector,
  trainingTotalsProjector,
  orgInsightsProjector,
  smtTopRatedProjector,
  endedSessionsProjector,
  openSessionsProjector,
  recordNamesProjector,
  notificationSwitchesProjector,
];
