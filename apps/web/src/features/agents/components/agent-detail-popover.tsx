import { POPOVER_HIDE_MS } from '@agent-console/contract/constants';
import { useQuery } from '@tanstack/react-query';
import { Popover } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { lazyComponent, useLoaded } from '../../../lib/lazy-chunk';
import { agentDetailQuery } from '../api/get-agent-detail';
import './agents.css';

const AgentDetailContent = lazyComponent(() =>
  import('./agent-detail-content').then((m) => m.AgentDetailContent),
);

/**
 * The agent detail popover (spec sections 2 and 3): loaded when the pointer rests on its trigger,
 * shown only when the call answered 0000 (nothing at all on a failure), hidden 300 ms after the
 * pointer leaves.
 */
export function AgentDetailPopover({ agentId, children }: { agentId: number; children: ReactNode }) {
  const [hovered, setHovered] = useState(false);
  const { data, isSuccess, isError } = useQuery({ ...agentDetailQuery(agentId), enabled: hovered });
  // A failed load shows nothing; the next hover tries again.
  useEffect(() => {
    if (isError) setHovered(false);
  }, [isError]);
  // The content's code loads with the detail, on the first hover; nothing shows until both are
  // there (nor when the code does not come).
  const Content = useLoaded(AgentDetailContent, hovered, () => setHovered(false));
  return (
    <Popover
      trigger="hover"
      placement="right"
      title="代理详情"
      mouseEnterDelay={0.15}
      mouseLeaveDelay={POPOVER_HIDE_MS / 1000}
      open={hovered && isSuccess && Content !== undefined}
      onOpenChange={setHovered}
      content={data && Content ? <Content detail={data} /> : null}
    >
      <span className="agent-detail-trigger">{children}</span>
    </Popover>
  );
}
