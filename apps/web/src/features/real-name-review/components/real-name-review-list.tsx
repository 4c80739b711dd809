import {
  idPhotoUrl,
  queryRealNameReviews,
  RealNameRecordStatus,
  type RealNameReviewItem,
} from '@agent-console/contract/real-name';
import {
  Button,
  Form,
  Image,
  Input,
  Modal,
  Popconfirm,
  Select,
  Space,
  type TableColumnsType,
  Tag,
} from 'antd';
import { useState } from 'react';
import { ListPage } from '../../../components/list-page';
import { ellipsisCell, TimeCell } from '../../../components/table-cells';
import { levelLabel } from '../../../lib/format';
import { runAction } from '../../../lib/use-action';
import { useList } from '../../../lib/use-list';
import { validValues } from '../../../lib/valid-form';
import { useApproveRealName, useRejectRealName } from '../api/review-real-name';
import { ReviewStatusLabels, reviewStatusColor } from '../review-status';
import './real-name-review-list.css';

const STATUS_OPTIONS = [
  { value: 0, label: '审核中' },
  { value: 1, label: '已通过' },
  { value: 2, label: '已驳回' },
];

/** The width the review table needs (its scroll.x): the columns' widths and 86 px or more for 驳回原因. */
const REVIEW_TABLE_WIDTH = 1140;

/** The operator's identity review: submissions with their photos, approve or reject with a reason. */
export function RealNameReviewList() {
  const list = useList(queryRealNameReviews);
  const approve = useApproveRealName();
  const reject = useRejectRealName();
  const [rejecting, setRejecting] = useState<RealNameReviewItem | null>(null);
  const [rejectForm] = Form.useForm<{ reason: string }>();

  const confirmReject = async () => {
    if (!rejecting) return;
    const values = await validValues(rejectForm);
    if (!values) return;
    const reason = values.reason.trim();
    const id = rejecting.id;
    if (await runAction(() => reject.mutateAsync({ id, reason }), { success: '已驳回' })) {
      setRejecting(null);
      rejectForm.resetFields();
    }
  };

  // The columns fit a 1440 px screen with the sidebar open (REVIEW_TABLE_WIDTH): the name
  // wraps, the thumbnails are small (they open the preview), times wrap between date and time,
  // the reason is cut with its whole text in a tooltip.
  const columns: TableColumnsType<RealNameReviewItem> = [
    { title: '代理商', dataIndex: 'agentName', width: 112 },
    { title: '等级', dataIndex: 'agentLevel', width: 76, render: (level: number) => levelLabel(level) },
    { title: '手机号', dataIndex: 'mobilePhone', width: 104 },
    { title: '姓名', dataIndex: 'realName', width: 76 },
    { title: '身份证号', dataIndex: 'idNo', width: 160 },
    {
      title: '证件照片',
      key: 'photos',
      width: 150,
      render: (_, row) => (
        <Image.PreviewGroup>
          <Space size={6} className="review-photos">
            <Image width={40} height={30} src={idPhotoUrl(row.idFaceFront)} alt="身份证正面" />
            <Image width={40} height={30} src={idPhotoUrl(row.idFaceBack)} alt="身份证反面" />
            <Image width={40} height={30} src={idPhotoUrl(row.idFaceHold)} alt="手持身份证" />
          </Space>
        </Image.PreviewGroup>
      ),
    },
    {
      title: '状态',
      dataIndex: 'status',
      width: 80,
      render: (status: number) => (
        <Tag color={reviewStatusColor(status)}>{ReviewStatusLabels[status] ?? status}</Tag>
      ),
    },
    {
      title: '驳回原因',
      dataIndex: 'rejectReason',
      ellipsis: { showTitle: false },
      render: ellipsisCell,
    },
    {
      title: '提交时间',
      dataIndex: 'submitTime',
      key: 'submitTime',
      width: 100,
      render: (t: string) => <TimeCell value={t} />,
    },
    {
      title: '审核时间',
      dataIndex: 'reviewTime',
      width: 100,
      render: (t: string | null) => <TimeCell value={t} />,
    },
    {
      title: '操作',
      key: 'actions',
      width: 96,
      fixed: 'right',
      render: (_, row) =>
        row.status === RealNameRecordStatus.UNDER_REVIEW ? (
          <Space size={0} className="review-actions">
            <Popconfirm
              title={`确定通过 ${row.realName} 的实名认证？`}
              okText="确定"
              cancelText="取消"
              onConfirm={() => runAction(() => approve.mutateAsync(row.id), { success: '已通过' })}
            >
              <Button type="link" size="small">
                通过
              </Button>
            </Popconfirm>
            <Button type="link" size="small" danger onClick={() => setRejecting(row)}>
              驳回
            </Button>
          </Space>
        ) : (
          '—'
        ),
    },
  ];

  return (
    <>
      <ListPage
        list={list}
        rowKey="id"
        columns={columns}
        scroll={{ x: REVIEW_TABLE_WIDTH }}
        filters={
          <>
            <Form.Item label="审核状态" name="status">
              <Select
                options={STATUS_OPTIONS}
                allowClear
                placeholder="全部"
                className="review-status-select"
                aria-label="审核状态"
              />
            </Form.Item>
            <Form.Item label="手机号" name="mobilePhone">
              <Input
                className="list-filter-field"
                allowClear
                maxLength={11}
                placeholder="手机号"
                aria-label="手机号"
              />
            </Form.Item>
          </>
        }
      />
      <Modal
        title={rejecting ? `驳回 ${rejecting.realName} 的实名认证` : '驳回'}
        open={rejecting !== null}
        okText="确定驳回"
        cancelText="取消"
        okButtonProps={{ danger: true, loading: reject.isPending }}
        onOk={() => void confirmReject()}
        onCancel={() => {
          setRejecting(null);
          rejectForm.resetFields();
        }}
      >
        <Form form={rejectForm} layout="vertical">
          <Form.Item
            label="驳回原因"
            name="reason"
            rules={[
              { required: true, whitespace: true, message: '请输入驳回原因' },
              { max: 100, message: '驳回原因最多100个字' },
            ]}
          >
            <Input.TextArea
              rows={3}
              maxLength={100}
              showCount
              placeholder="代理商将看到此原因"
              aria-label="驳回原因"
            />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
