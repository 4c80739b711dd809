import { AGENT_TREE_ROOT_ID } from '@agent-console/contract/agent';
import type { agentList } from '@agent-console/contract/agent-mgt';
import { Codes } from '@agent-console/contract/envelope';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { agentTreePathQuery } from '../../components/agent-tree-select-api';
import { ApiError } from '../../lib/api-client';
import { notifyWarning } from '../../lib/notify';
import type { ListHandle } from '../../lib/use-list';

export const AGENT_UNAVAILABLE_MESSAGE = '所选代理不存在或不在您的下级中，已重置所属代理筛选';

/**
 * Issue 8: a list filtered by an agent the caller cannot see (a URL kept from another login, an
 * agent since deleted, a hand-edited `pid`) says so with a warning and drops that filter, instead
 * of showing the bare id and an empty list without a word. The agent is looked up as the select
 * does it (the same query), so this costs no extra call.
 */
export function useUnavailableAgentFilter(list: ListHandle<typeof agentList>, selfId: number): void {
  const { pid } = list.query;
  const check = pid !== undefined && pid !== AGENT_TREE_ROOT_ID && pid !== selfId;
  const lookUp = useQuery({ ...agentTreePathQuery(pid ?? 0), enabled: check });
  const unavailable =
    check && lookUp.error instanceof ApiError && lookUp.error.code === Codes.NOT_FOUND ? pid : null;
  const { loading, submit, query } = list;
  // The agent dropped, until the URL no longer names it: until then the lookup may fail again (a
  // select mounting meanwhile looks the agent up too), and it is said and dropped once.
  const dropped = useRef<number | null>(null);

  useEffect(() => {
    if (dropped.current !== null && dropped.current !== pid) dropped.current = null;
    // A new search is refused while a load is under way: this runs again when it has ended.
    if (unavailable === null || loading || dropped.current === unavailable) return;
    const { pid: _dropped, ...rest } = query;
    if (submit(rest)) {
      dropped.current = unavailable;
      notifyWarning(AGENT_UNAVAILABLE_MESSAGE);
    }
  }, [unavailable, loading, submit, query, pid]);
}
