import { UserList } from '../../../features/orders/components/user-list';

/** /user-details: 用户明细, the channel users of the subtree. */
export default function UserDetailsRoute() {
  return <UserList />;
}
