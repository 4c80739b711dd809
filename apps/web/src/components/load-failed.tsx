import { Button, Result } from 'antd';

/** A screen whose data could not be loaded: what failed, and 重新加载 (spinning while it retries). */
export function LoadFailed({
  title,
  retrying,
  onRetry,
}: {
  title: string;
  retrying: boolean;
  onRetry: () => void;
}) {
  return (
    <Result
      status="error"
      title={title}
      extra={
        <Button type="primary" loading={retrying} onClick={onRetry}>
          重新加载
        </Button>
      }
    />
  );
}
