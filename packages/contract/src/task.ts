import * as z from 'zod/mini';
import { SIGNED_IN } from './access';
import { EmptyRequest, endpoint } from './endpoint';

export const UnfinishedTask = z.object({
  type: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5)]),
  finished: z.boolean(),
});
export type UnfinishedTask = z.infer<typeof UnfinishedTask>;

/** The onboarding tasks that apply to the caller, each with whether it is done (spec section 4). */
export const queryUnfinishedTask = endpoint({
  path: '/api/task/queryUnFinishedTask',
  access: SIGNED_IN,
  request: EmptyRequest,
  object: z.array(UnfinishedTask),
});

export interface TaskFlags {
  needValidatePhone: boolean;
  needValidateIdentify: boolean;
  needSetLoginPwd: boolean;
  needSetWithdraw: boolean;
}

/** Spec section 4: a flag is set when its task is not finished; phone and identity only count when agentLevel > 0. */
export function taskFlags(tasks: readonly UnfinishedTask[], agentLevel: number): TaskFlags {
  const open = (type: number) => tasks.some((t) => t.type === type && !t.finished);
  return {
    needValidatePhone: agentLevel > 0 && open(1),
    needSetLoginPwd: open(2),
    needValidateIdentify: agentLevel > 0 && open(3),
    needSetWithdraw: open(4),
  };
}
