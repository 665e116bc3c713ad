import { ADMIN_MESSAGES } from '@mandi/domain';
import type { AdminUser } from '@mandi/contracts';
import { Typography } from '@mui/material';
import { Datagrid, FunctionField, List, SearchInput, TextField } from 'react-admin';
import { IndiaTime } from '../layout/india-time';
import { EmptyList, ListError, ListPagination, QUIET_ERRORS, StatusChip } from '../layout/states';
import { ToggleUserButton } from './toggle-user-button';

const filters = [
  <SearchInput
    key="q"
    source="q"
    alwaysOn
    placeholder="Search users"
    slotProps={{ htmlInput: { 'aria-label': 'Search users' } }}
  />,
];
const empty = <EmptyList title="No users yet">People appear here as soon as they sign up.</EmptyList>;

/** The Users tab of docs/console.md, with the Admin user fields of section 3 and the suspend toggle of section 4. */
export function UserList() {
  return (
    <List
      title="Users"
      filters={filters}
      sort={{ field: 'created_at', order: 'DESC' }}
      perPage={25}
      // No CSV export: the console changes and reads through its own actions only.
      exporter={false}
      queryOptions={QUIET_ERRORS}
      pagination={<ListPagination />}
      empty={empty}
      error={<ListError message={ADMIN_MESSAGES.fetchUsersFailed} />}
    >
      <Datagrid bulkActionButtons={false} rowClick={false} empty={empty}>
        <TextField source="id" label="ID" />
        <TextField source="username" />
        <TextField source="email" />
        <FunctionField<AdminUser>
          source="uid"
          label="Firebase uid"
          sortable={false}
          render={(user) => (
            <Typography
              variant="caption"
              sx={{ fontFamily: 'ui-monospace, monospace', wordBreak: 'break-all', display: 'block', maxWidth: 180 }}
            >
              {user.uid}
            </Typography>
          )}
        />
        <StatusChip source="role" label="Role" />
        <StatusChip source="status" label="Status" />
        <FunctionField<AdminUser>
          source="created_at"
          label="Joined (IST)"
          render={(user) => <IndiaTime value={user.created_at} />}
        />
        <FunctionField<AdminUser> label="Actions" sortable={false} render={() => <ToggleUserButton />} />
      </Datagrid>
    </List>
  );
}
