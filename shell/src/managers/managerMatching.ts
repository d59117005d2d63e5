import { MANAGER_SUGGESTION_LIMIT, fullName } from '@tht/contracts';

export type ManagerCandidate = { id: number; firstName: string; lastName: string; username?: string };

/**
 * The suggestions for the typed text: people whose full name or username contains it
 * (case-insensitive), at most 10; all of them (up to 10) for empty text.
 */
export function managerSuggestions<Candidate extends ManagerCandidate>(
  candidates: readonly Candidate[],
  typed: string,
): Candidate[] {
  const needle = typed.trim().toLowerCase();
  return candidates
    .filter(
      (candidate) =>
        fullName(candidate).toLowerCase().includes(needle) || Boolean(candidate.username?.toLowerCase().includes(needle)),
    )
    .slice(0, MANAGER_SUGGESTION_LIMIT);
}

/** The person whose full name is exactly the typed text (profile update). */
export function managerNamed<Candidate extends ManagerCandidate>(
  candidates: readonly Candidate[],
  typed: string,
): Candidate | undefined {
  const name = typed.trim();
  return name ? candidates.find((candidate) => fullName(candidate) === name) : undefined;
}
