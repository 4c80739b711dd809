import { customSiteInfo, type SiteInfo } from '@agent-console/contract/agent';
import { DEFAULT_SITE_NAME } from '@agent-console/contract/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import defaultLogo from '../../../assets/logo.svg';
import { call } from '../../../lib/api-client';

/** Public custom site info (logo, name); asked once and kept until basic settings change it. */
export const siteInfoQuery = () =>
  queryOptions({
    queryKey: [customSiteInfo.path],
    queryFn: async ({ signal }) => (await call(customSiteInfo, {}, { silent: true, signal })).object,
    staleTime: Number.POSITIVE_INFINITY,
  });

export interface SiteBrand {
  name: string;
  logo: string;
  /** True when the site has a logo of its own rather than the console's default mark. */
  customLogo: boolean;
}

/** What the console shows: the configured name and logo, or the defaults while none is set. */
export function toBrand(info: SiteInfo | undefined): SiteBrand {
  const name = info?.name?.trim();
  return {
    name: name ? name : DEFAULT_SITE_NAME,
    logo: info?.logo ?? defaultLogo,
    customLogo: Boolean(info?.logo),
  };
}

export function useSiteBrand(): SiteBrand {
  const { data } = useQuery(siteInfoQuery());
  return toBrand(data);
}
