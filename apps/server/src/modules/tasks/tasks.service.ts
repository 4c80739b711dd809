import { Codes, RealNameStatus, TaskType, type UnfinishedTask } from '@agent-console/contract';
import { AppError } from '../../shared/app-error';
import type { AgentsService } from '../agents/agents.service';
import type { SettingsService } from '../settings/settings.service';
import type { OnboardingState, UsersService } from '../users/users.service';

/**
 * Derives the onboarding tasks of spec section 4 from what the account has done:
 * 1 phone verification and 3 real-name verification apply only below level 0; 2 is done once the
 * initial login password is replaced; 3 counts as done once submitted (0 under review or 1
 * verified: the withdraw gate then warns while it is under review); 4 needs both the withdraw
 * (pay) password and the withdraw account; 5 content configuration applies to level 0 only and is
 * done once the site info has been saved.
 */
export function deriveTasks(
  agentLevel: number,
  state: OnboardingState,
  siteConfigured: boolean,
): UnfinishedTask[] {
  const tasks: UnfinishedTask[] = [];
  if (agentLevel > 0) tasks.push({ type: TaskType.VERIFY_PHONE, finished: state.phoneVerified });
  tasks.push({ type: TaskType.CHANGE_INITIAL_PASSWORD, finished: state.loginPasswordSet });
  if (agentLevel > 0) {
    const submitted =
      state.realNameStatus === RealNameStatus.UNDER_REVIEW ||
      state.realNameStatus === RealNameStatus.VERIFIED;
    tasks.push({ type: TaskType.IDENTITY, finished: submitted });
  }
  tasks.push({ type: TaskType.WITHDRAW_INFO, finished: state.payPasswordSet && state.withdrawAccountSet });
  if (agentLevel === 0) tasks.push({ type: TaskType.CONTENT_CONFIG, finished: siteConfigured });
  return tasks;
}

export function createTasksService(deps: {
  users: UsersService;
  agents: AgentsService;
  settings: SettingsService;
}) {
  const { users, agents, settings } = deps;
  return {
    async tasksOf(accountId: number): Promise<UnfinishedTask[]> {
      const agent = await agents.findByUserId(accountId);
      if (!agent) throw new AppError(Codes.NOT_LOGGED_IN);
      const [state, siteConfigured] = await Promise.all([
        users.onboarding(accountId),
        agent.agentLevel === 0 ? settings.isConfigured() : Promise.resolve(false),
      ]);
      return deriveTasks(agent.agentLevel, state, siteConfigured);
    },

    /** The tasks of many agents at once (querySubAgentTaskStatus): a fixed number of queries. */
    async tasksOfAgents(
      list: readonly { id: number; userId: number; agentLevel: number }[],
    ): Promise<{ agentId: number; tasks: UnfinishedTask[] }[]> {
      const [states, siteConfigured] = await Promise.all([
        users.onboardingOfMany(list.map((a) => a.userId)),
        list.some((a) => a.agentLevel === 0) ? settings.isConfigured() : Promise.resolve(false),
      ]);
      return list.flatMap((a) => {
        const state = states.get(a.userId);
        return state ? [{ agentId: a.id, tasks: deriveTasks(a.agentLevel, state, siteConfigured) }] : [];
      });
    },
  };
}

export type TasksService = ReturnType<typeof createTasksService>;
