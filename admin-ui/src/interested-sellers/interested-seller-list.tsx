import type { InterestedSeller } from '@mandi/contracts';
import { CONSOLE_MESSAGES } from '@mandi/domain';
import { Typography } from '@mui/material';
import { BooleanField, Datagrid, FunctionField, List, SearchInput, TextField, TopToolbar } from 'react-admin';
import { IndiaTime } from '../layout/india-time';
import { EmptyList, ListError, ListPagination, QUIET_ERRORS, StatusChip } from '../layout/states';
import { SendInvitesButton } from './send-invites-button';

const filters = [
  <SearchInput
    key="q"
    source="q"
    alwaysOn
    placeholder="Search sellers"
    slotProps={{ htmlInput: { 'aria-label': 'Search sellers' } }}
  />,
];
const actions = (
  <TopToolbar>
    <SendInvitesButton />
  </TopToolbar>
);
const empty = (
  <EmptyList title="No one has shown interest yet">Requests from the Become a Seller page appear here.</EmptyList>
);

/** Shown in the selection bar: the invite is sent with the button above the list. */
function SelectionHint() {
  return (
    <Typography variant="body2" sx={{ px: 1 }}>
      Press Send Invites to invite them.
    </Typography>
  );
}

/** The Interested Sellers tab of docs/console.md, with the Interested seller fields of section 3; rows are selectable. */
export function InterestedSellerList() {
  return (
    <List
      title="Interested Sellers"
      filters={filters}
      actions={actions}
      sort={{ field: 'interest_date', order: 'DESC' }}
      perPage={25}
      // No CSV export: the console changes and reads through its own actions only.
      exporter={false}
      queryOptions={QUIET_ERRORS}
      pagination={<ListPagination />}
      empty={empty}
      error={<ListError message={CONSOLE_MESSAGES.fetchSellersFailed} />}
    >
      <Datagrid bulkActionButtons={<SelectionHint />} rowClick="toggleSelection" empty={empty}>
        <TextField source="id" label="ID" />
        <TextField source="username" />
        <TextField source="email" />
        <StatusChip source="status" label="Status" />
        <FunctionField<InterestedSeller>
          source="interest_date"
          label="Interested on (IST)"
          render={(seller) => <IndiaTime value={seller.interest_date} />}
        />
        <BooleanField source="invite_sent" label="Invite sent" />
      </Datagrid>
    </List>
  );
}
