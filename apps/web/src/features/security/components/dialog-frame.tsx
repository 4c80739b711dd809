import { DIALOG_RESET_MS } from '@agent-console/contract';
import { Button, Modal, Steps } from 'antd';
import { type ReactNode, useEffect, useRef } from 'react';

/** Spec section 4: a dialog goes back to its first state about 0.5 s after it closes. */
export function useDialogReset(open: boolean, reset: () => void): void {
  const latest = useRef(reset);
  latest.current = reset;
  const wasOpen = useRef(false);
  useEffect(() => {
    if (open) {
      wasOpen.current = true;
      return;
    }
    // Only after a close: a dialog never opened has nothing to reset (and no form mounted yet).
    if (!wasOpen.current) return;
    const timer = setTimeout(() => latest.current(), DIALOG_RESET_MS);
    return () => clearTimeout(timer);
  }, [open]);
}

interface DialogFrameProps {
  title: string;
  open: boolean;
  onClose: () => void;
  /** Titles of the steps; a single step shows no step bar. */
  stepTitles: readonly string[];
  index: number;
  busy: boolean;
  onSubmit: () => void;
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
  index,
  busy,
  onSubmit,
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
        <Button key="ok" type="primary" loading={busy} onClick={onSubmit}>
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
