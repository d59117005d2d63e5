import {
  XAPI_MESSAGES,
  XAPI_TRAINING_MESSAGES as M,
  xapiTrainingRoutes,
  xapiTrainingRulesSchema,
  xapiUnmatchedStatementSchema,
} from '@tht/contracts';
import { describeRoutes, type DescribeFeatureApi } from '../openapi/operations';

/** The prose of the routes of statements that become entries (`xapiTrainingRoutes` in @tht/contracts, decision 045). */
export const describeXapiTrainingApi: DescribeFeatureApi = (settings) =>
  describeRoutes(
    xapiTrainingRoutes,
    {
      tag: {
        name: 'Reported training',
        description:
          "xAPI statements that become training entries: a connected system's rules, the statements that found no person, an entry's statement",
      },
      schemas: { XapiTrainingRules: xapiTrainingRulesSchema, XapiUnmatchedStatement: xapiUnmatchedStatementSchema },
      operations: {
        setXapiTrainingRules: {
          summary: "Set a connected system's training rules",
          description:
            'A statement of the system counts as training when its verb is one of `verbs` (an empty list: none does), its actor is ' +
            'an active person (by `mbox`, `mbox_sha1sum` or an account named by the work e-mail) and it has `result.duration` or the ' +
            "system's `defaultHours` (null: a statement without a duration is no entry). Applies to statements stored from now on.",
          responses: { 200: 'The system with its rules' },
          errors: { 404: [XAPI_MESSAGES.clientNotFound] },
        },
        listXapiUnmatched: {
          summary: 'The statements that count as training but became no entry',
          description:
            'For want of a person (`unknown-person`, `deactivated-person`: mapped as soon as the person exists or is active again), ' +
            'or refused by the entry rules (`refused`, the rule in `message`). The newest 200, newest first; `total` counts them all.',
          responses: { 200: 'The newest unmatched statements and their count' },
        },
        getEntryStatement: {
          summary: 'The xAPI statement behind a reported entry',
          description: 'As the Learning Record Store keeps it. For those who may see the entry.',
          responses: { 200: 'The statement (JSON)' },
          errors: { 404: [M.noStatement] },
        },
      },
    },
    settings,
  );
