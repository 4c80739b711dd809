import { DEFAULT_PAGE_SIZE } from '@agent-console/contract/constants';
import {
  DEVICE_DAY_MIN_MINUTES,
  type DeviceDetailItem,
  type DeviceMonthStat,
} from '@agent-console/contract/devices';
import { useQuery } from '@tanstack/react-query';
import { Modal, Select, Table, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { deviceDetailQuery } from '../api/devices';

const columns: TableColumnsType<DeviceDetailItem> = [
  { title: '网吧', dataIndex: 'netBarName', ellipsis: true },
  { title: '设备编号', dataIndex: 'deviceCode', width: 120 },
  { title: '有效天数', dataIndex: 'activeDays', width: 100, align: 'right' },
  { title: '上报天数', dataIndex: 'reportedDays', width: 100, align: 'right' },
  {
    title: '是否有效',
    dataIndex: 'valid',
    width: 100,
    render: (valid: boolean) => (valid ? <Tag color="green">有效</Tag> : <Tag>无效</Tag>),
  },
];

const validOptions = [
  { value: 'true', label: '有效设备' },
  { value: 'false', label: '无效设备' },
];

/** 明细: one agent month's devices, per net bar, with their active days and whether they count. */
export function DeviceDetailDialog({ row, onClose }: { row: DeviceMonthStat | null; onClose: () => void }) {
  const [page, setPage] = useState({ pageNum: 1, pageSize: DEFAULT_PAGE_SIZE });
  const [valid, setValid] = useState<string | undefined>(undefined);
  const query = row
    ? {
        agentId: row.agentId,
        month: row.month,
        ...(valid === undefined ? {} : { valid: valid === 'true' }),
        ...page,
      }
    : null;
  const { data, isFetching } = useQuery({
    ...deviceDetailQuery(query ?? { pageNum: 1 }),
    enabled: query !== null,
  });
  return (
    <Modal
      title={row ? `设备明细：${row.agentName} ${row.month}` : ''}
      open={row !== null}
      footer={null}
      width={760}
      onCancel={onClose}
      afterClose={() => {
        setPage({ pageNum: 1, pageSize: DEFAULT_PAGE_SIZE });
        setValid(undefined);
      }}
      destroyOnHidden
    >
      {row ? (
        <p className="device-detail-rule">
          有效设备：当月在线满 {row.minDays} 天（每天在线不少于 {DEVICE_DAY_MIN_MINUTES} 分钟）的设备。有效{' '}
          {row.validDeviceCount} 台 / 共 {row.deviceCount} 台
          {row.status === 1 ? `，结算时 ${row.settledValidDeviceCount ?? 0} 台` : ''}
        </p>
      ) : null}
      <Select
        className="device-detail-filter"
        allowClear
        placeholder="全部设备"
        aria-label="是否有效"
        options={validOptions}
        value={valid}
        onChange={(v: string | undefined) => {
          setValid(v);
          setPage((p) => ({ ...p, pageNum: 1 }));
        }}
      />
      <Table
        size="small"
        rowKey="id"
        loading={isFetching}
        columns={columns}
        dataSource={data?.object ?? []}
        pagination={{
          current: page.pageNum,
          pageSize: page.pageSize,
          total: data?.totalCount ?? 0,
          showSizeChanger: false,
          showTotal: (total) => `共 ${total} 台`,
          onChange: (pageNum) => setPage((p) => ({ ...p, pageNum })),
        }}
      />
    </Modal>
  );
}
