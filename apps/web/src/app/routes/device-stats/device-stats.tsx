import { withoutTreeRoot } from '../../../features/agents/components/agent-filter-fields';
import { DeviceStatList } from '../../../features/devices/components/device-stat-list';

/** /device-stats (setSettleAuthority): 有效设备统计. */
export default function DeviceStatsRoute() {
  return <DeviceStatList normalize={withoutTreeRoot} />;
}
