import type { AgentInfo } from '@agent-console/contract/agent';
import type { UserInfo } from '@agent-console/contract/user';
import { maskPhone } from '@agent-console/contract/validators';
import { Descriptions } from 'antd';
import { areasText, formatTime, levelLabel } from '../../../lib/format';

/** The personal center's account facts. */
export function AccountInfo({ agent, user }: { agent: AgentInfo; user: UserInfo }) {
  return (
    <Descriptions
      column={{ xs: 1, sm: 1, md: 2 }}
      items={[
        { key: 'userId', label: '用户ID', children: user.userId },
        { key: 'phone', label: '手机号', children: maskPhone(user.mobilePhone) },
        { key: 'name', label: '代理名称', children: agent.agentName },
        { key: 'level', label: '代理级别', children: levelLabel(agent.agentLevel) },
        {
          key: 'areas',
          label: '代理区域',
          children: areasText(agent.areaNames),
          span: { xs: 1, sm: 1, md: 2 },
        },
        { key: 'created', label: '注册时间', children: formatTime(user.createTime) },
        { key: 'lastLogin', label: '最近登录', children: formatTime(user.lastLoginTime) },
      ]}
    />
  );
}
