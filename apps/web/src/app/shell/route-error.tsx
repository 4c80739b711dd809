import { CloseCircleFilled } from '@ant-design/icons';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { errorText } from '../../lib/api-client';
import { browser } from '../../lib/browser';
import { isChunkLoadError } from '../../lib/lazy-chunk';
import './shell.css';

/**
 * What a route shows when loading it failed: a missing script chunk (spec section 8: a chunk load
 * error) or a call that failed. Plain markup without antd: it is part of the entry chunk.
 */
export function RouteErrorView() {
  const error = useRouteError();
  const chunk = isChunkLoadError(error);
  const detail = chunk
    ? '网络不稳定或系统已更新，请刷新页面后重试'
    : isRouteErrorResponse(error)
      ? `${error.status} ${error.statusText}`
      : errorText(error);
  return (
    <div className="route-error" role="alert">
      <CloseCircleFilled className="route-error-icon" />
      <h2 className="route-error-title">{chunk ? '页面资源加载失败' : '页面加载失败'}</h2>
      <p className="route-error-detail">{detail}</p>
      <button type="button" className="route-error-button" onClick={() => browser.reload()}>
        刷新页面
      </button>
    </div>
  );
}
