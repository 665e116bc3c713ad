import { ADMIN_MESSAGES } from '@mandi/domain';
import { Datagrid, DateField, List, SearchInput, TextField } from 'react-admin';
import { EmptyList, ListError, ListPagination, QUIET_ERRORS, StatusChip } from '../layout/states';

const filters = [<SearchInput key="q" source="q" alwaysOn placeholder="Search users" />];
const empty = <EmptyList title="No users yet">People appear here as soon as they sign up.</EmptyList>;

/** The Users tab of 001 section 2, with the Admin user fields of section 3. */
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
        <DateField source="created_at" label="Joined" locales="en-IN" />
      </Datagrid>
    </List>
  );
}
