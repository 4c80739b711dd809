import { type UpdateSiteInfoRequest, updateSiteInfo } from '@agent-console/contract/setting';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { siteInfoQuery } from './get-site-info';

/** Basic settings (level 0): saves the site name and logo; every console then shows them. */
export function useUpdateSiteInfo(options: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: UpdateSiteInfoRequest) => (await call(updateSiteInfo, body)).object,
    onSuccess: async (saved) => {
      queryClient.setQueryData(siteInfoQuery().queryKey, saved);
      await queryClient.invalidateQueries({ queryKey: siteInfoQuery().queryKey });
      options.onSuccess?.();
    },
  });
}
