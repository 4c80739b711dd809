import { querySmsOutbox, type SmsOutboxItem } from '@agent-console/contract/real-name';
import { Alert, Form, Input, type TableColumnsType } from 'antd';
import { ListPage } from '../../../components/list-page';
import { formatTime } from '../../../lib/format';
import { useList } from '../../../lib/use-list';
import { smsTypeLabel } from '../sms-type-labels';
import './sms-outbox-list.css';

const columns: TableColumnsType<SmsOutboxItem> = [
  { title: '手机号', dataIndex: 'mobilePhone', width: 140 },
  { title: '类型', dataIndex: 'smsTypeCode', width: 180, render: smsTypeLabel },
  { title: '短信内容', dataIndex: 'content' },
  { title: '发送时间', dataIndex: 'createTime', key: 'createTime', width: 180, render: formatTime },
];

/** The default SMS provider's deliveries, newest first, so the demo can be used end to end. */
export function SmsOutboxList() {
  const list = useList(querySmsOutbox);
  return (
    <ListPage
      list={list}
      rowKey="id"
      columns={columns}
      notice={
        <Alert
          className="outbox-notice"
          type="info"
          showIcon
          title="短信发件箱记录了内置短信通道发出的全部短信（演示环境不真实发送）。验证码5分钟内有效。"
        />
      }
      filters={
        <Form.Item label="手机号" name="mobilePhone">
          <Input
            className="list-filter-field"
            allowClear
            maxLength={11}
            placeholder="手机号"
            aria-label="手机号"
          />
        </Form.Item>
      }
    />
  );
}
