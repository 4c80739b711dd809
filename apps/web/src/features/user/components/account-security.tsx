import type { UserInfo } from '@agent-console/contract/user';
import {
  CheckCircleFilled,
  ExclamationCircleFilled,
  IdcardOutlined,
  KeyOutlined,
  LockOutlined,
  MobileOutlined,
  SyncOutlined,
} from '@ant-design/icons';
import { Tag } from 'antd';
import type { ReactNode } from 'react';
import { type SecurityItem, type SecurityTone, securityItems } from '../security-items';
import './account-security.css';

const icons: Record<SecurityItem['key'], ReactNode> = {
  phone: <MobileOutlined />,
  loginPassword: <LockOutlined />,
  realName: <IdcardOutlined />,
  payPassword: <KeyOutlined />,
};

const toneIcons: Record<SecurityTone, ReactNode> = {
  success: <CheckCircleFilled />,
  processing: <SyncOutlined />,
  warning: <ExclamationCircleFilled />,
};

/** Phone, login password, real name and withdraw password, each with its state. */
export function AccountSecurity({ user }: { user: UserInfo }) {
  return (
    <ul className="account-security">
      {securityItems(user).map((item) => (
        <li key={item.key} className="account-security-item" data-security={item.key}>
          <span className="account-security-icon">{icons[item.key]}</span>
          <div className="account-security-text">
            <div className="account-security-title">{item.title}</div>
            <div className="account-security-description">{item.description}</div>
          </div>
          <Tag color={item.tone} icon={toneIcons[item.tone]} className="account-security-state">
            {item.state}
          </Tag>
        </li>
      ))}
    </ul>
  );
}
