import { IngestKeysScreen } from '../../../features/ingest-keys/components/ingest-keys-screen';

/** /ingest-keys (level 0): 接入密钥. */
export default function IngestKeysRoute() {
  return <IngestKeysScreen />;
}
