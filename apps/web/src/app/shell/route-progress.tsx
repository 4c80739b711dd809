import NProgress from 'nprogress';
import { useEffect } from 'react';
import { useNavigation } from 'react-router';
import { usePendingCalls } from '../../lib/loading-store';
import 'nprogress/nprogress.css';
import './shell.css';

NProgress.configure({ showSpinner: false, trickleSpeed: 200, minimum: 0.15 });

/**
 * The thin bar at the top of the page: it runs while a navigation is under way (guard, lazy
 * screen, loaders) and while any call is in flight (the global loading counter).
 */
export function RouteProgress() {
  const navigating = useNavigation().state !== 'idle';
  const pending = usePendingCalls();
  const busy = navigating || pending > 0;
  useEffect(() => {
    if (busy) NProgress.start();
    else NProgress.done();
  }, [busy]);
  useEffect(() => () => void NProgress.done(), []);
  return null;
}
