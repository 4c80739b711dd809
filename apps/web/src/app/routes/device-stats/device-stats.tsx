import { withoutTreeRoot } from '../../../components/agent-tree-select-model';
import { DeviceStatList } from '../../../features/devices/components/device-stat-list';

/** /device-stats (setSettleAuthority): 有效设备统计. */
export default function DeviceStatsRoute() {
  return <DeviceStatList normalize={withoutTreeRoot} />;
}
