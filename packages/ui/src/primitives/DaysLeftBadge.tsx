import { describeDaysLeft } from '@tht/contracts';
import { Badge } from './Badge';

/** A certificate's days left until its "Valid until" date: lapsed ones destructive, the others a warning. */
export function DaysLeftBadge({ daysLeft }: { daysLeft: number }) {
  return <Badge $tone={daysLeft < 0 ? 'destructive' : 'warning'}>{describeDaysLeft(daysLeft)}</Badge>;
}
