import { querySmsOutbox, type SmsOutboxItem } from '@agent-console/contract';
import { Alert, Button, Card, Form, Input, Space, Table, type TableColumnsType } from 'antd';
import { ListPager } from '../../../components/list-pager';
import { formatTime } from '../../../lib/format';
import { useResourceTable } from '../../../lib/use-resource-table';
import { smsTypeLabel } from '../sms-type-labels';
import './sms-outbox-list.css';

const columns: TableColumnsType<SmsOutboxItem> = [
  { title: '手机号', dataIndex: 'mobilePhone', width: 140 },
  { title: '类型', dataIndex: 'smsTypeCode', width: 180, render: smsTypeLabel },
  { title: '短信内容', dataIndex: 'content' },
  { title: '发送时间', dataIndex: 'createTime', width: 180, render: formatTime },
];

/** The default SMS provider's deliveries, newest first, so the demo can be used end to end. */
export function SmsOutboxList() {
  const table = useResourceTable({
    endpoint: querySmsOutbox,
    filterKeys: ['mobilePhone'],
    toRequest: (filters, page) => ({
      ...page,
      ...(filters.mobilePhone ? { mobilePhone: filters.mobilePhone } : {}),
    }),
  });
  const [form] = Form.useForm<{ mobilePhone: string }>();

  return (
    <Card variant="borderless">
      <Alert
        className="outbox-notice"
        type="info"
        showIcon
        title="短信发件箱记录了内置短信通道发出的全部短信（演示环境不真实发送）。验证码5分钟内有效。"
      />
      <Form
        form={form}
        layout="inline"
        className="outbox-filters"
        initialValues={{ mobilePhone: table.filters.mobilePhone ?? '' }}
        onFinish={(values) => table.submit({ mobilePhone: values.mobilePhone?.trim() ?? '' })}
      >
        <Form.Item label="手机号" name="mobilePhone">
          <Input allowClear maxLength={11} placeholder="手机号" aria-label="手机号" />
        </Form.Item>
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit">
              查询
            </Button>
            <Button
              onClick={() => {
                form.setFieldsValue({ mobilePhone: '' });
                table.clear();
              }}
            >
              重置
            </Button>
            <Button onClick={table.reload}>刷新</Button>
          </Space>
        </Form.Item>
      </Form>
      <Table<SmsOutboxItem> rowKey="id" columns={columns} size="middle" {...table.tableProps} />
      <ListPager {...table.pager} />
    </Card>
  );
}
