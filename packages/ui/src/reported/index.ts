// Where a reported entry came from (`@tht/ui/reported`): "from <system>" and the xAPI statement the
// connected system sent, used by the employee's entry screens and the manager's report details.
// Kept out of the main entry, as the evidence is: the shell's first load does not need it.
export { EntrySource } from './EntrySource';
