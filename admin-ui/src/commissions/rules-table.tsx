import {
  Box,
  Card,
  CardContent,
  Divider,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import type { ReactNode } from 'react';
import { formatIndiaTime } from '../layout/format';

/** A column of a rules table: its heading, what a row shows, and whether it is a figure (right-aligned). */
export interface RuleColumn<Row> {
  label: string;
  cell: (row: Row) => ReactNode;
  numeric?: boolean;
}

/**
 * One table of rules in a card with its heading (as the GST return pages'), a button beside the heading, and each
 * row's actions last. On a phone each row is a card of its own instead, headed by its first column, with its actions
 * at the bottom, so nothing needs scrolling sideways to reach Edit.
 */
export function RulesTable<Row>({
  title,
  caption,
  columns,
  rows,
  rowKey,
  rowName,
  actions,
  empty,
  action,
}: {
  title: string;
  caption: string;
  columns: RuleColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** The row as its card is named on a phone ('Fresh vegetables'). */
  rowName: (row: Row) => string;
  actions: (row: Row) => ReactNode;
  empty: string;
  /** A button beside the heading (Add a seller's rule). */
  action?: ReactNode;
}) {
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const [first, ...rest] = columns;
  return (
    <Paper component="section" aria-label={title} variant="outlined" sx={{ mb: 3, overflow: 'hidden' }}>
      <Box
        sx={{
          px: 2,
          pt: 1.5,
          pb: 1,
          display: 'flex',
          flexWrap: 'wrap',
          gap: 1,
          alignItems: 'center',
          justifyContent: 'space-between',
        }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h6" component="h2" fontWeight={700} color="primary.dark">
            {title}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {caption}
          </Typography>
        </Box>
        {action}
      </Box>
      {rows.length === 0 ? (
        <Typography sx={{ px: 2, pb: 2 }} color="text.secondary">
          {empty}
        </Typography>
      ) : narrow ? (
        <Stack spacing={1.5} sx={{ p: 1.5, pt: 0.5 }}>
          {rows.map((row) => (
            <Card key={rowKey(row)} variant="outlined" component="article" aria-label={rowName(row)}>
              <CardContent>
                <Typography variant="subtitle2" component="h3" fontWeight={800}>
                  {first?.cell(row)}
                </Typography>
                <Divider sx={{ my: 1 }} />
                <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
                  {rest.map((column) => (
                    <Stack key={column.label} spacing={0.25}>
                      <Typography variant="caption" color="text.secondary">
                        {column.label}
                      </Typography>
                      <Box sx={{ typography: 'body2', fontVariantNumeric: 'tabular-nums' }}>{column.cell(row)}</Box>
                    </Stack>
                  ))}
                </Stack>
                <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1.5, flexWrap: 'wrap' }}>
                  {actions(row)}
                </Stack>
              </CardContent>
            </Card>
          ))}
        </Stack>
      ) : (
        <TableContainer sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={title}>
            <TableHead>
              <TableRow>
                {columns.map((column) => (
                  <TableCell
                    key={column.label}
                    align={column.numeric ? 'right' : 'left'}
                    sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}
                  >
                    {column.label}
                  </TableCell>
                ))}
                <TableCell align="right" sx={{ fontWeight: 700 }}>
                  Actions
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={rowKey(row)} hover>
                  {columns.map((column) => (
                    <TableCell
                      key={column.label}
                      align={column.numeric ? 'right' : 'left'}
                      sx={{ fontVariantNumeric: 'tabular-nums', verticalAlign: 'top' }}
                    >
                      {column.cell(row)}
                    </TableCell>
                  ))}
                  <TableCell align="right" sx={{ verticalAlign: 'top' }}>
                    <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
                      {actions(row)}
                    </Stack>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Paper>
  );
}

/** Who changed a rule last and when, in India time; `nobody` when no admin did (a starting rule). */
export function LastChanged({
  rule,
  nobody,
}: {
  rule: { updated_at: string; updated_by: string | null };
  nobody: string;
}) {
  return (
    <Box>
      <Typography variant="body2" component="span" sx={{ display: 'block' }}>
        {rule.updated_by ?? nobody}
      </Typography>
      <Typography
        variant="caption"
        component="time"
        color="text.secondary"
        dateTime={rule.updated_at}
        sx={{ display: 'block', whiteSpace: 'nowrap' }}
      >
        {formatIndiaTime(rule.updated_at)}
      </Typography>
    </Box>
  );
}
