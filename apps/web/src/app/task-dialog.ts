import { openSecurityDialog } from '../features/security/dialog-store';
import type { TaskDialog } from '../features/tasks/task-target';

/** Spec section 4: what each onboarding task's dialog is in the security feature (bell and workbench). */
export function openTaskDialog(dialog: TaskDialog): void {
  if (dialog === 'loginPassword') openSecurityDialog({ kind: 'password', mode: 'login' });
  else openSecurityDialog({ kind: dialog });
}
