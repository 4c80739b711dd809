import { useEffect } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';

/**
 * /redirect/<path>: a tab refresh passes through here so the view it leaves is unmounted, then
 * comes straight back to <path> (with its query) in place of this entry in the history.
 */
export default function RedirectRoute() {
  const rest = useParams()['*'] ?? '';
  const { search } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    void navigate(`/${rest}${search}`, { replace: true });
  }, [navigate, rest, search]);
  return null;
}
