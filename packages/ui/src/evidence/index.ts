// An entry's evidence files (`@tht/ui/evidence`), used by the employee's entry screens and the
// manager's report details. Kept out of the main entry, as the history is: it uses `@tht/contracts`'
// evidence rules, which the shell's first load does not need.
export { EntryEvidence } from './EntryEvidence';
export { EvidenceCount } from './EvidenceCount';
export { EvidenceToAttach } from './EvidenceToAttach';
export { useEvidenceUploads } from './useEvidenceUploads';
