import { AgentLevelLabels } from '@agent-console/contract';
import dayjs from 'dayjs';

/** A server time as "YYYY-MM-DD HH:mm:ss"; a dash when there is none. */
export function formatTime(value: string | null | undefined): string {
  if (!value) return '—';
  const time = dayjs(value);
  return time.isValid() ? time.format('YYYY-MM-DD HH:mm:ss') : value;
}

/** The Chinese name of an agent level (spec section 1). */
export const levelLabel = (level: number): string =>
  AgentLevelLabels[level as keyof typeof AgentLevelLabels] ?? `${level}级代理`;

/** An agent's areas as text; no area means the whole country. */
export const areasText = (areaNames: readonly string[]): string =>
  areaNames.length === 0 ? '全国' : areaNames.join('、');
