import { TaskTypeLabels } from '@agent-console/contract/enums';
import type { UnfinishedTask } from '@agent-console/contract/task';
import { CheckCircleFilled, ClockCircleOutlined, RightOutlined } from '@ant-design/icons';
import { Progress, Tag, Typography } from 'antd';
import { type TaskDialog, taskAction } from '../task-target';
import { useRunTask } from '../use-run-task';
import './onboarding-progress.css';

interface OnboardingProgressProps {
  tasks: readonly UnfinishedTask[];
  agentLevel: number;
  /** Opens an account-security dialog (the app hands in the security feature's opener). */
  onOpenDialog: (dialog: TaskDialog) => void;
}

/**
 * Account onboarding: how many of the applicable tasks are done, and the state of each. A task
 * still to do leads where the header's bell leads (its dialog, or its screen).
 */
export function OnboardingProgress({ tasks, agentLevel, onOpenDialog }: OnboardingProgressProps) {
  const runTask = useRunTask(agentLevel, onOpenDialog);
  const ordered = [...tasks].sort((a, b) => a.type - b.type);
  const done = ordered.filter((t) => t.finished).length;
  const total = ordered.length;
  const percent = total === 0 ? 100 : Math.round((done / total) * 100);

  return (
    <div className="onboarding">
      <div className="onboarding-summary">
        <Progress type="circle" percent={percent} size={88} format={() => `${done}/${total}`} />
        <div>
          <Typography.Text strong>账号完善进度</Typography.Text>
          <div className="onboarding-caption">
            {total === done ? '全部事项已完成' : `还有 ${total - done} 项待完成`}
          </div>
        </div>
      </div>
      <ul className="onboarding-list">
        {ordered.map((task) => {
          const label = TaskTypeLabels[task.type];
          if (task.finished) {
            return (
              <li key={task.type} className="onboarding-item">
                <CheckCircleFilled className="onboarding-icon-done" />
                <span className="onboarding-label">{label}</span>
                <Tag color="success">已完成</Tag>
                {/* Keeps the tags in one column with those of the rows that lead somewhere. */}
                <span className="onboarding-go-space" />
              </li>
            );
          }
          const content = (
            <>
              <ClockCircleOutlined className="onboarding-icon-open" />
              <span className="onboarding-label">{label}</span>
              <Tag color="warning">待完成</Tag>
            </>
          );
          return (
            <li key={task.type} className="onboarding-item">
              {taskAction(task.type, agentLevel) ? (
                <button
                  type="button"
                  className="onboarding-action"
                  aria-label={`${label}：去完成`}
                  onClick={() => runTask(task.type)}
                >
                  {content}
                  <RightOutlined className="onboarding-go" />
                </button>
              ) : (
                content
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
