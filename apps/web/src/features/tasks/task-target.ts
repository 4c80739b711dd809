import { AgentLevel, TaskType, type UnfinishedTask } from '@agent-console/contract';
import { paths } from '../../config/paths';

/**
 * Where a pending task leads (spec section 4). Identity (3) goes to the personal center for level 0
 * and content configuration (5) to basic settings for level 0. The phone, password, identity and
 * withdraw dialogs are not built yet: until they are, those tasks lead to the personal center,
 * which lists every account-security item with its state. Content configuration has no screen
 * for other levels (basic settings is level 0 only), so it leads nowhere for them.
 */
export function taskTarget(type: UnfinishedTask['type'], agentLevel: number): string | null {
  switch (type) {
    case TaskType.CONTENT_CONFIG:
      return agentLevel === AgentLevel.NATIONAL_GENERAL ? paths.setting : null;
    case TaskType.VERIFY_PHONE:
    case TaskType.CHANGE_INITIAL_PASSWORD:
    case TaskType.IDENTITY:
    case TaskType.WITHDRAW_INFO:
      return paths.userCenter;
  }
}

/** Pending tasks in their type order. */
export const pendingTasks = (tasks: readonly UnfinishedTask[]): UnfinishedTask[] =>
  tasks.filter((t) => !t.finished).sort((a, b) => a.type - b.type);
