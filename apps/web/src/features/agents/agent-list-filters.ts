import { AGENT_TREE_ROOT_ID, type AgentListQuery, AreaKey, DATE_TIME_RE } from '@agent-console/contract';
import type { Filters } from '../../lib/use-resource-table';

/** The filters of the agent list as the form holds them. */
export interface AgentFilterValues {
  agentName?: string | undefined;
  mobilePhone?: string | undefined;
  agentLevel?: number | undefined;
  areaKey?: string | undefined;
  pid?: number | undefined;
  range?: readonly [string, string] | undefined;
}

/** The URL search params the list keeps. */
export const AGENT_FILTER_KEYS = [
  'agentName',
  'mobilePhone',
  'agentLevel',
  'areaKey',
  'pid',
  'startTime',
  'endTime',
] as const;

const int = (raw: string | undefined): number | undefined => {
  if (raw === undefined || !/^-?\d+$/.test(raw)) return undefined;
  return Number(raw);
};

/** Form values → URL filters (empty fields and the "全部" root are left out). */
export function toFilters(values: AgentFilterValues): Filters {
  const out: Record<string, string> = {};
  const name = values.agentName?.trim();
  if (name) out.agentName = name;
  const phone = values.mobilePhone?.trim();
  if (phone) out.mobilePhone = phone;
  if (values.agentLevel !== undefined) out.agentLevel = String(values.agentLevel);
  if (values.areaKey) out.areaKey = values.areaKey;
  if (values.pid !== undefined && values.pid !== AGENT_TREE_ROOT_ID) out.pid = String(values.pid);
  if (values.range) {
    out.startTime = values.range[0];
    out.endTime = values.range[1];
  }
  return out;
}

/** URL filters → form values (the form shows what the URL says). */
export function fromFilters(filters: Filters): AgentFilterValues {
  const { startTime, endTime } = filters;
  return {
    agentName: filters.agentName,
    mobilePhone: filters.mobilePhone,
    agentLevel: int(filters.agentLevel),
    areaKey: filters.areaKey,
    pid: int(filters.pid),
    range: startTime && endTime ? [startTime, endTime] : undefined,
  };
}

const isValidRange = (r: AgentFilterValues['range']): r is readonly [string, string] =>
  r !== undefined && DATE_TIME_RE.test(r[0]) && DATE_TIME_RE.test(r[1]) && r[0] <= r[1];

/** URL filters and page → the request of queryAgentInfoPage; values the contract would refuse are dropped. */
export function toAgentListQuery(
  filters: Filters,
  page: { pageNum: number; pageSize: number },
): AgentListQuery {
  const v = fromFilters(filters);
  const level = v.agentLevel;
  return {
    ...page,
    ...(v.agentName ? { agentName: v.agentName.slice(0, 50) } : {}),
    ...(v.mobilePhone ? { mobilePhone: v.mobilePhone.slice(0, 11) } : {}),
    ...(level !== undefined && level >= 0 && level <= 5 ? { agentLevel: level } : {}),
    ...(v.areaKey && AreaKey.safeParse(v.areaKey).success ? { areaKey: v.areaKey } : {}),
    ...(v.pid !== undefined && v.pid !== AGENT_TREE_ROOT_ID ? { pid: v.pid } : {}),
    ...(isValidRange(v.range) ? { startTime: v.range[0], endTime: v.range[1] } : {}),
  };
}
