import { useEffect } from 'react';
import { useMatches } from 'react-router';
import { useSiteBrand } from '../../features/site/api/get-site-info';
import { currentMeta } from '../route-meta';

/** "<screen> - <site name>", the site name coming from custom site info. */
export function DocumentTitle() {
  const title = currentMeta(useMatches())?.title;
  const { name } = useSiteBrand();
  useEffect(() => {
    document.title = title ? `${title} - ${name}` : name;
  }, [title, name]);
  return null;
}
