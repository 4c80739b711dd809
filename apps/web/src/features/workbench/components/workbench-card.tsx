import { RightOutlined } from '@ant-design/icons';
import type { UseQueryResult } from '@tanstack/react-query';
import { Button, Card } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cx } from '../../../lib/cx';
import '../workbench.css';

/** Where a card's data stands: loading for the first time, failed without anything to show, or there. */
export interface CardLoad {
  pending: boolean;
  failed: boolean;
  retrying: boolean;
  retry: () => void;
}

/** A card's load from its query: a failed reload keeps showing what the last good one brought. */
export function cardLoad(query: UseQueryResult<unknown>): CardLoad {
  return {
    pending: query.isPending && query.fetchStatus !== 'idle',
    failed: query.isError && query.data === undefined,
    retrying: query.isFetching,
    retry: () => void query.refetch(),
  };
}

/** The small message of a card whose data did not load, and its retry. */
export function CardFailed({ load }: { load: CardLoad }) {
  return (
    <div className="workbench-card-failed" role="alert">
      <span>加载失败</span>
      <Button type="link" size="small" loading={load.retrying} onClick={load.retry}>
        重试
      </Button>
    </div>
  );
}

/**
 * A card of the workbench: its title, a link to its full screen, and its body once its own data
 * is there (a skeleton before, a small retry when it failed). Each card loads on its own: one
 * slow or failed never holds the others.
 */
export function WorkbenchCard({
  title,
  to,
  linkLabel = '查看全部',
  load,
  extra,
  className,
  testId,
  children,
}: {
  title: ReactNode;
  /** The full screen (with its filters, when the card has some). */
  to?: string;
  linkLabel?: string;
  /** Absent: the card has nothing to load. */
  load?: CardLoad;
  extra?: ReactNode;
  className?: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <Card
      variant="borderless"
      title={title}
      className={cx('workbench-card', className)}
      data-testid={testId}
      extra={
        extra || to ? (
          <span className="workbench-card-extra">
            {extra}
            {to ? (
              <Link to={to} className="workbench-card-link">
                {linkLabel}
                <RightOutlined />
              </Link>
            ) : null}
          </span>
        ) : undefined
      }
      loading={load?.pending}
    >
      {load?.failed ? <CardFailed load={load} /> : children}
    </Card>
  );
}
