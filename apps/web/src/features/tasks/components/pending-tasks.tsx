import { TaskTypeLabels } from '@agent-console/contract/enums';
import { BellOutlined } from '@ant-design/icons';
import { Badge, Button, type MenuProps } from 'antd';
import { LazyDropdown } from '../../../components/lazy-dropdown';
import { useUnfinishedTasks } from '../../../lib/session';
import { pendingTasks, type TaskDialog, taskAction } from '../task-target';
import { useRunTask } from '../use-run-task';
import './pending-tasks.css';

interface PendingTasksProps {
  agentLevel: number;
  /** Opens an account-security dialog (the header hands in the security feature's opener). */
  onOpenDialog: (dialog: TaskDialog) => void;
}

/** The header's bell: how many onboarding tasks are open, and a menu that leads to each. */
export function PendingTasks({ agentLevel, onOpenDialog }: PendingTasksProps) {
  const runTask = useRunTask(agentLevel, onOpenDialog);
  const { data = [] } = useUnfinishedTasks();
  const open = pendingTasks(data);

  const items: MenuProps['items'] = open.length
    ? open.map((task) => ({
        key: String(task.type),
        label: TaskTypeLabels[task.type],
        disabled: taskAction(task.type, agentLevel) === null,
      }))
    : [{ key: 'none', label: '暂无待办事项', disabled: true }];

  const onClick: MenuProps['onClick'] = ({ key }) => {
    const task = open.find((t) => String(t.type) === key);
    if (task) runTask(task.type);
  };

  return (
    <LazyDropdown menu={{ items, onClick }} trigger={['click']} placement="bottomRight">
      <Button
        type="text"
        className="pending-tasks"
        aria-label={`待办事项 ${open.length} 项`}
        title="待办事项"
      >
        <Badge count={open.length} size="small" offset={[2, -2]}>
          <BellOutlined className="pending-tasks-icon" />
        </Badge>
      </Button>
    </LazyDropdown>
  );
}
