import { SCHEDULE_STATUS_LABELS, type ScheduleStatus } from '@tht/contracts';
import { Badge, type BadgeTone } from '@tht/ui';

export const STATUS_TONES: Record<ScheduleStatus, BadgeTone> = {
  'target-achieved': 'success',
  'on-schedule': 'info',
  'behind-schedule': 'warning',
};

/** A schedule status in words (Target Achieved, On Schedule, Behind Schedule), its colour only a help. */
export function ScheduleBadge({ status }: { status: ScheduleStatus }) {
  return <Badge $tone={STATUS_TONES[status]}>{SCHEDULE_STATUS_LABELS[status]}</Badge>;
}
