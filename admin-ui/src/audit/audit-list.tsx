import type { AuditTrailEntry } from '@mandi/contracts';
import { ADMIN_REFRESH_MS, AUDIT_ACTIONS, AUDIT_OBJECT_TYPES } from '@mandi/domain';
import { Box, Card, CardContent, Divider, Stack, Typography, useMediaQuery, type Theme } from '@mui/material';
import {
  Datagrid,
  FunctionField,
  List,
  RecordContextProvider,
  ReferenceInput,
  SelectInput,
  TextInput,
  useListContext,
} from 'react-admin';
import { IndiaTime } from '../layout/india-time';
import { EmptyList, ListError, ListPagination, QUIET_ERRORS } from '../layout/states';
import { AuditAdmin, AuditChange, AuditObject, auditObjectName } from './audit-fields';

/** The audit trail's texts. */
export const AUDIT_TEXTS = { fetchFailed: 'Failed to fetch the audit trail' } as const;

const actionChoices = Object.entries(AUDIT_ACTIONS).map(([id, { label }]) => ({ id, name: label }));
const objectChoices = AUDIT_OBJECT_TYPES.map((id) => ({ id, name: auditObjectName(id) }));

const filters = [
  <ReferenceInput key="adminId" source="adminId" reference="users" filter={{ role: 'admin' }} alwaysOn>
    <SelectInput label="Admin" optionText="username" emptyText="Any admin" />
  </ReferenceInput>,
  <SelectInput key="action" source="action" label="Action" choices={actionChoices} emptyText="Any action" alwaysOn />,
  <SelectInput
    key="objectType"
    source="objectType"
    label="Object type"
    choices={objectChoices}
    emptyText="Any object"
    alwaysOn
  />,
  <TextInput key="objectId" source="objectId" label="Object id" alwaysOn />,
];

const empty = (
  <EmptyList title="No admin actions here">
    Every change an admin makes is recorded here. Clear the filters to see more.
  </EmptyList>
);

/** The trail on a phone: one card per action with every field of the table. */
function AuditCards() {
  const { data, isPending } = useListContext<AuditTrailEntry & { id: string }>();
  if (isPending || !data) return null;
  if (data.length === 0) return empty;
  return (
    <Stack spacing={1.5} sx={{ p: 1.5 }}>
      {data.map((entry) => (
        <RecordContextProvider key={entry.id} value={entry}>
          <Card
            variant="outlined"
            component="article"
            aria-label={`${entry.label}: ${auditObjectName(entry.object_type)} #${entry.object_id}`}
          >
            <CardContent>
              <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1, alignItems: 'flex-start' }}>
                <Box>
                  <Typography variant="subtitle2" component="h2" fontWeight={800}>
                    {entry.label}
                  </Typography>
                  <AuditObject entry={entry} />
                </Box>
                <IndiaTime value={entry.at} />
              </Stack>
              <Divider sx={{ my: 1 }} />
              <AuditChange entry={entry} />
              <Box sx={{ mt: 1 }}>
                <AuditAdmin entry={entry} />
              </Box>
            </CardContent>
          </Card>
        </RecordContextProvider>
      ))}
    </Stack>
  );
}

/**
 * The Audit trail (docs/console.md, "Audit trail"): every admin action that changed something, newest first, filtered
 * by admin, action, kind of object and object by the server, paged; read again every 60 s.
 */
export function AuditList() {
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  return (
    <List
      title="Audit trail"
      filters={filters}
      sort={{ field: 'at', order: 'DESC' }}
      perPage={25}
      exporter={false}
      queryOptions={{ ...QUIET_ERRORS, refetchInterval: ADMIN_REFRESH_MS }}
      pagination={<ListPagination />}
      empty={false}
      error={<ListError message={AUDIT_TEXTS.fetchFailed} />}
    >
      {narrow ? (
        <AuditCards />
      ) : (
        <Datagrid bulkActionButtons={false} rowClick={false} empty={empty} sx={{ '& td': { verticalAlign: 'top' } }}>
          <FunctionField<AuditTrailEntry>
            label="When (IST)"
            sortable={false}
            render={(entry) => <IndiaTime value={entry.at} />}
          />
          <FunctionField<AuditTrailEntry>
            label="Admin"
            sortable={false}
            render={(entry) => <AuditAdmin entry={entry} />}
          />
          <FunctionField<AuditTrailEntry>
            label="Action"
            sortable={false}
            render={(entry) => (
              <Typography variant="body2" fontWeight={600}>
                {entry.label}
              </Typography>
            )}
          />
          <FunctionField<AuditTrailEntry>
            label="Object"
            sortable={false}
            render={(entry) => <AuditObject entry={entry} />}
          />
          <FunctionField<AuditTrailEntry>
            label="Before → after"
            sortable={false}
            render={(entry) => <AuditChange entry={entry} />}
          />
        </Datagrid>
      )}
    </List>
  );
}
