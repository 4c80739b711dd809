import { DATE_TIME_RE, formatDateTime } from '@agent-console/contract/dates';
import { AgentLevelLabels } from '@agent-console/contract/enums';

/**
 * A server time as "YYYY-MM-DD HH:mm:ss" (the wire format, a bare date at 00:00:00; an ISO time in
 * the browser's time); a dash when there is none; anything else as it came. No date library: the
 * screens that only show times do not load one.
 */
export function formatTime(value: string | null | undefined): string {
  if (!value) return '—';
  if (DATE_TIME_RE.test(value)) return value.length === 10 ? `${value} 00:00:00` : value;
  const time = new Date(value);
  return Number.isNaN(time.getTime()) ? value : formatDateTime(time);
}

/** The Chinese name of an agent level (spec section 1). */
export const levelLabel = (level: number): string =>
  AgentLevelLabels[level as keyof typeof AgentLevelLabels] ?? `${level}级代理`;

/** An agent's areas as text; no area means the whole country. */
export const areasText = (areaNames: readonly string[]): string =>
  areaNames.length === 0 ? '全国' : areaNames.join('、');
