import type { AgentInfo } from '@agent-console/contract/agent';
import { maskPhone } from '@agent-console/contract/validators';
import { UserOutlined } from '@ant-design/icons';
import { Avatar, Descriptions, Tag, Typography } from 'antd';
import { areasText, levelLabel } from '../../../lib/format';
import './agent-profile.css';

/** The agent's own card on the workbench: who it is, at which level, where, and how to reach it. */
export function AgentProfile({ agent }: { agent: AgentInfo }) {
  return (
    <div className="agent-profile">
      <div className="agent-profile-head">
        <Avatar size={56} icon={<UserOutlined />} className="agent-profile-avatar" />
        <div>
          <Typography.Title level={4} className="agent-profile-name">
            {agent.agentName}
          </Typography.Title>
          <Tag color="blue">{levelLabel(agent.agentLevel)}</Tag>
        </div>
      </div>
      <Descriptions
        column={1}
        size="small"
        items={[
          { key: 'userId', label: '用户ID', children: agent.userId },
          { key: 'phone', label: '手机号', children: maskPhone(agent.mobilePhone) },
          { key: 'level', label: '代理级别', children: levelLabel(agent.agentLevel) },
          { key: 'areas', label: '代理区域', children: areasText(agent.areaNames) },
        ]}
      />
    </div>
  );
}
