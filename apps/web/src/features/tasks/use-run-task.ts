import type { UnfinishedTask } from '@agent-console/contract/task';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { type TaskDialog, taskAction } from './task-target';

/**
 * What a click on an onboarding task does, wherever the task is shown (the header's bell, the
 * workbench): its dialog through `onOpenDialog` (the app hands in the security feature's opener),
 * or its screen. Nothing for a task that leads nowhere at this level.
 */
export function useRunTask(
  agentLevel: number,
  onOpenDialog: (dialog: TaskDialog) => void,
): (type: UnfinishedTask['type']) => void {
  const navigate = useNavigate();
  return useCallback(
    (type) => {
      const action = taskAction(type, agentLevel);
      if (action?.kind === 'dialog') onOpenDialog(action.dialog);
      else if (action?.kind === 'navigate') void navigate(action.to);
    },
    [agentLevel, onOpenDialog, navigate],
  );
}
