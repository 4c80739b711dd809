import { TaskTypeLabels, type UnfinishedTask } from '@agent-console/contract';
import { CheckCircleFilled, ClockCircleOutlined } from '@ant-design/icons';
import { Progress, Tag, Typography } from 'antd';
import './onboarding-progress.css';

/** Account onboarding: how many of the applicable tasks are done, and the state of each. */
export function OnboardingProgress({ tasks }: { tasks: readonly UnfinishedTask[] }) {
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
        {ordered.map((task) => (
          <li key={task.type} className="onboarding-item">
            {task.finished ? (
              <CheckCircleFilled className="onboarding-icon-done" />
            ) : (
              <ClockCircleOutlined className="onboarding-icon-open" />
            )}
            <span className="onboarding-label">{TaskTypeLabels[task.type]}</span>
            {task.finished ? <Tag color="success">已完成</Tag> : <Tag color="warning">待完成</Tag>}
          </li>
        ))}
      </ul>
    </div>
  );
}
