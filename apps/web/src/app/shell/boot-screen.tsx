import './shell.css';

/**
 * Shown while the first route loads. A CSS spinner (no antd Spin in the entry chunk) that only
 * appears once loading has taken longer than ROUTE_LOADING_DELAY_MS (650 ms, see shell.css).
 */
export function BootScreen() {
  return (
    <div className="boot-screen" role="progressbar" aria-label="加载中">
      <span className="boot-spinner" />
    </div>
  );
}
