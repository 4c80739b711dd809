import { queryAgentInfo } from '@agent-console/contract/agent';
import {
  type CreateAgentRequest,
  createAgent,
  deleteAgent,
  getOrderProfitRatios,
  queryAgentAreaDetail,
  queryAgentDetail,
  queryAgentInfoPage,
  queryAgentInfoTotal,
  type UpdateAgentRequest,
  updateAgent,
} from '@agent-console/contract/agent-mgt';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { AGENT_TREE_PATHS } from '../../../components/agent-tree-select-api';
import { call } from '../../../lib/api-client';
import { hashPassword } from '../../../lib/hash-password';

/** After any change: the list, the popovers, the limits, the agent info and the agent selectors' tree. */
async function invalidateAgents(queryClient: QueryClient): Promise<void> {
  await Promise.all(
    [
      ...[
        queryAgentInfoPage,
        queryAgentInfoTotal,
        queryAgentDetail,
        getOrderProfitRatios,
        queryAgentAreaDetail,
        queryAgentInfo,
      ].map((ep) => ep.path),
      ...AGENT_TREE_PATHS,
    ].map((path) => queryClient.invalidateQueries({ queryKey: [path] })),
  );
}

/** The password as typed: it travels as its MD5 (spec section 5). */
export const useCreateAgent = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateAgentRequest) =>
      (await call(createAgent, { ...body, password: await hashPassword(body.password) })).object,
    onSuccess: () => invalidateAgents(queryClient),
  });
};

export const useUpdateAgent = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: UpdateAgentRequest) => (await call(updateAgent, body)).object,
    onSuccess: () => invalidateAgents(queryClient),
  });
};

/** A refusal (sub-agents, net bars, money) comes back as the server's message, toasted by the api client. */
export const useDeleteAgent = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => (await call(deleteAgent, {}, { params: { id } })).object,
    onSuccess: () => invalidateAgents(queryClient),
  });
};
