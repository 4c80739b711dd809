import { ClockCircleOutlined } from '@ant-design/icons';
import { WorkbenchCard } from './workbench-card';

/** A card of the workbench whose screen is not there yet: says so plainly, with no made-up figures. */
export function ComingSoonCard({ title, description }: { title: string; description: string }) {
  return (
    <WorkbenchCard title={title} className="coming-soon-card" testId="workbench-coming-soon">
      <div className="coming-soon">
        <ClockCircleOutlined className="coming-soon-icon" />
        <div>
          <div className="coming-soon-title">该功能即将上线</div>
          <div className="coming-soon-text">{description}</div>
        </div>
      </div>
    </WorkbenchCard>
  );
}
