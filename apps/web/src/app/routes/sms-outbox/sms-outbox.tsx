import { SmsOutboxList } from '../../../features/sms-outbox/components/sms-outbox-list';

/** /sms-outbox (level 0): 短信发件箱. */
export default function SmsOutboxRoute() {
  return <SmsOutboxList />;
}
