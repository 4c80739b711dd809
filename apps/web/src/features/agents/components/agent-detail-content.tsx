import type { AgentDetail } from '@agent-console/contract/agent-mgt';
import { Descriptions } from 'antd';
import { levelLabel } from '../../../lib/format';
import { parseJson } from '../../../lib/json';
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

/** The popover's content (antd's Descriptions): loaded with the first popover, not with the list. */
export function AgentDetailContent({ detail }: { detail: AgentDetail }) {
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
