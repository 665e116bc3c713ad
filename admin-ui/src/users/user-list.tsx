import { ADMIN_MESSAGES } from '@mandi/domain';
import type { AdminUser } from '@mandi/contracts';
import { Datagrid, FunctionField, List, SearchInput, TextField } from 'react-admin';
import { formatIndiaTime } from '../layout/format';
import { EmptyList, ListError, ListPagination, QUIET_ERRORS, StatusChip } from '../layout/states';
import { ToggleUserButton } from './toggle-user-button';

const filters = [<SearchInput key="q" source="q" alwaysOn placeholder="Search users" slotProps={{ htmlInput: { 'aria-label': 'Search users' } }} />];
const empty = <EmptyList title="No users yet">People appear here as soon as they sign up.</EmptyList>;

/** The Users tab of 001 section 2, with the Admin user fields of section 3 and the suspend toggle of section 4. */
export function UserList() {
  return (
    <List
      title="Users"
      filters={filters}
      sort={{ field: 'created_at', order: 'DESC' }}
      perPage={25}
      queryOptions={QUIET_ERRORS}
      pagination={<ListPagination />}
      empty={empty}
      error={<ListError message={ADMIN_MESSAGES.fetchUsersFailed} />}
    >
      <Datagrid bulkActionButtons={false} rowClick={false} empty={empty}>
        <TextField source="id" label="ID" />
        <TextField source="username" />
        <TextField source="email" />
        <TextField source="uid" label="Firebase uid" sortable={false} />
        <StatusChip source="role" label="Role" />
        <StatusChip source="status" label="Status" />
        <FunctionField<AdminUser> source="created_at" label="Joined (IST)" render={(user) => formatIndiaTime(user.created_at)} />
        <FunctionField<AdminUser> label="Actions" sortable={false} render={() => <ToggleUserButton />} />
      </Datagrid>
    </List>
  );
}
