import { AgentLevel, TaskType } from '@agent-console/contract/enums';
import type { UnfinishedTask } from '@agent-console/contract/task';
import { paths } from '../../config/paths';

/** An account-security dialog a task opens (the header opens it through the security feature). */
export type TaskDialog = 'verifyPhone' | 'loginPassword' | 'identity' | 'withdraw';

export type TaskAction = { kind: 'dialog'; dialog: TaskDialog } | { kind: 'navigate'; to: string };

/**
 * What a click on a pending task does (spec section 4): 1 opens phone verification; 2 the login
 * password dialog; 3 goes to the personal center for level 0, otherwise opens the identity dialog;
 * 4 opens the withdraw dialog. Content configuration (5) goes to basic settings for level 0 and has
 * no screen for other levels (basic settings is level 0 only), so it leads nowhere for them.
 */
export function taskAction(type: UnfinishedTask['type'], agentLevel: number): TaskAction | null {
  switch (type) {
    case TaskType.VERIFY_PHONE:
      return { kind: 'dialog', dialog: 'verifyPhone' };
    case TaskType.CHANGE_INITIAL_PASSWORD:
      return { kind: 'dialog', dialog: 'loginPassword' };
    case TaskType.IDENTITY:
      return agentLevel === AgentLevel.NATIONAL_GENERAL
        ? { kind: 'navigate', to: paths.userCenter }
        : { kind: 'dialog', dialog: 'identity' };
    case TaskType.WITHDRAW_INFO:
      return { kind: 'dialog', dialog: 'withdraw' };
    case TaskType.CONTENT_CONFIG:
      return agentLevel === AgentLevel.NATIONAL_GENERAL ? { kind: 'navigate', to: paths.setting } : null;
  }
}

/** Pending tasks in their type order. */
export const pendingTasks = (tasks: readonly UnfinishedTask[]): UnfinishedTask[] =>
  tasks.filter((t) => !t.finished).sort((a, b) => a.type - b.type);
