import { Button, Modal, Steps } from 'antd';
import type { ReactNode } from 'react';
import type { StepDialog } from './use-step-dialog';

interface DialogFrameProps {
  title: string;
  open: boolean;
  onClose: () => void;
  /** Titles of the steps; a single step shows no step bar. */
  stepTitles: readonly string[];
  /** Where the dialog stands and its 下一步/确定 (`useStepDialog`). */
  dialog: Pick<StepDialog, 'index' | 'busy' | 'submit'>;
  children: ReactNode;
  /** Stable hook for tests and screenshots. */
  testId: string;
}

/** The frame of every account-security dialog: title, step bar, body, 取消 and 下一步/确定. */
export function DialogFrame({
  title,
  open,
  onClose,
  stepTitles,
  dialog: { index, busy, submit },
  children,
  testId,
}: DialogFrameProps) {
  const last = index >= stepTitles.length - 1;
  return (
    <Modal
      title={title}
      open={open}
      onCancel={onClose}
      maskClosable={false}
      width={560}
      footer={[
        <Button key="cancel" onClick={onClose}>
          取消
        </Button>,
        <Button key="ok" type="primary" loading={busy} onClick={submit}>
          {last ? '确定' : '下一步'}
        </Button>,
      ]}
    >
      <div data-testid={testId} data-step={index + 1}>
        {stepTitles.length > 1 && (
          <Steps
            className="security-steps"
            size="small"
            current={index}
            items={stepTitles.map((t) => ({ title: t }))}
          />
        )}
        {children}
      </div>
    </Modal>
  );
}
