import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import './not-found.css';

/** /404: unknown paths and routes the agent may not see. */
export default function NotFoundRoute() {
  const navigate = useNavigate();
  return (
    <div className="not-found">
      <Result
        status="404"
        title="404"
        subTitle="抱歉，您访问的页面不存在"
        extra={
          <Button type="primary" onClick={() => void navigate(paths.home, { replace: true })}>
            返回首页
          </Button>
        }
      />
    </div>
  );
}
