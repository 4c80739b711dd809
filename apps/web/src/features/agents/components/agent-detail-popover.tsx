import { type AgentDetail, POPOVER_HIDE_MS } from '@agent-console/contract';
import { useQuery } from '@tanstack/react-query';
import { Descriptions, Popover } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { levelLabel } from '../../../lib/format';
import { parseJson } from '../../../lib/json';
import { agentDetailQuery } from '../api/get-agent-detail';
import { formatRatio } from '../ratio';
import './agents.css';

/** The area names of the detail's JSON map ({"440000-440300":"广东省-深圳市"}); none means the whole country. */
export function detailAreaNames(areaInfo: string): string {
  const parsed = parseJson(areaInfo);
  if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
    const names = Object.values(parsed).filter((v): v is string => typeof v === 'string');
    return names.length > 0 ? names.join('、') : '全国';
  }
  // Not a JSON map: shown as it is.
  return areaInfo || '全国';
}

function DetailContent({ detail }: { detail: AgentDetail }) {
  const { orderProfitRatioRes: ratios } = detail;
  return (
    <Descriptions
      className="agent-detail"
      size="small"
      column={1}
      items={[
        { key: 'name', label: '代理名称', children: detail.agentName },
        { key: 'level', label: '代理等级', children: levelLabel(detail.agentLevel) },
        { key: 'area', label: '代理地区', children: detailAreaNames(detail.areaInfo) },
        ...(detail.showProportion
          ? [
              { key: 'proportion', label: '分润比例', children: formatRatio(detail.proportion) },
              { key: 'base', label: '基础分润', children: formatRatio(ratios.baseProfitRatio) },
              {
                key: 'games',
                label: '游戏特殊分润',
                children:
                  ratios.gameProfitRatios.length === 0 ? (
                    '无'
                  ) : (
                    <ul className="agent-detail-games">
                      {ratios.gameProfitRatios.map((g) => (
                        <li key={g.gameName}>
                          {g.gameName}：{formatRatio(g.profitRatio)}
                        </li>
                      ))}
                    </ul>
                  ),
              },
            ]
          : []),
        { key: 'remark', label: '备注', children: detail.remark || '—' },
      ]}
    />
  );
}

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
  return (
    <Popover
      trigger="hover"
      placement="right"
      title="代理详情"
      mouseEnterDelay={0.15}
      mouseLeaveDelay={POPOVER_HIDE_MS / 1000}
      open={hovered && isSuccess}
      onOpenChange={setHovered}
      content={data ? <DetailContent detail={data} /> : null}
    >
      <span className="agent-detail-trigger">{children}</span>
    </Popover>
  );
}
