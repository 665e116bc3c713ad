import { BooleanField, Datagrid, DateField, List, SearchInput, TextField } from 'react-admin';
import { EmptyList, ListError, ListPagination, QUIET_ERRORS, StatusChip } from '../layout/states';

const filters = [<SearchInput key="q" source="q" alwaysOn placeholder="Search sellers" />];
const empty = <EmptyList title="No one has shown interest yet">Requests from the Become a Seller page appear here.</EmptyList>;

/** The Interested Sellers tab of 001 section 2, with the Interested seller fields of section 3. */
export function InterestedSellerList() {
  return (
    <List
      title="Interested Sellers"
      filters={filters}
      sort={{ field: 'interest_date', order: 'DESC' }}
      perPage={25}
      queryOptions={QUIET_ERRORS}
      pagination={<ListPagination />}
      empty={empty}
      error={<ListError message="Failed to fetch interested sellers" />}
    >
      <Datagrid bulkActionButtons={false} rowClick={false} empty={empty}>
        <TextField source="id" label="ID" />
        <TextField source="username" />
        <TextField source="email" />
        <StatusChip source="status" label="Status" />
        <DateField source="interest_date" label="Interested on" locales="en-IN" />
        <BooleanField source="invite_sent" label="Invite sent" />
      </Datagrid>
    </List>
  );
}
