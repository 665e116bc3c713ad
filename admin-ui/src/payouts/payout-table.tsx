import {
  Box,
  Button,
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

/** A column of a payouts table: its heading, what a row shows, and whether it is a figure (right-aligned). */
export interface PayoutColumn<Row> {
  label: string;
  cell: (row: Row) => ReactNode;
  numeric?: boolean;
}

/**
 * One table of the Payouts page in a card with its heading and caption (as the Commissions page's), a control beside
 * the heading, and each row's actions last. On a phone each row is a card of its own instead, headed by its first
 * column, with its actions at the bottom, so nothing needs scrolling sideways to reach Retry.
 */
export function PayoutTable<Row>({
  title,
  caption,
  columns,
  rows,
  rowKey,
  rowName,
  actions,
  actionsLabel,
  empty,
  action,
  footer,
}: {
  title: string;
  caption?: ReactNode;
  columns: PayoutColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** The row as its card is named on a phone ('Payout 12'). */
  rowName: (row: Row) => string;
  actions?: (row: Row) => ReactNode;
  /** The heading of the actions' column. */
  actionsLabel?: string;
  empty: ReactNode;
  /** A control beside the heading. */
  action?: ReactNode;
  /** Under the rows: the pages. */
  footer?: ReactNode;
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
          {caption && (
            <Typography variant="body2" color="text.secondary">
              {caption}
            </Typography>
          )}
        </Box>
        {action}
      </Box>
      {rows.length === 0 ? (
        <Box sx={{ px: 2, pb: 2 }}>{empty}</Box>
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
                    <Stack key={column.label} spacing={0.25} sx={{ minWidth: 0, maxWidth: '100%' }}>
                      <Typography variant="caption" color="text.secondary">
                        {column.label}
                      </Typography>
                      <Box sx={{ typography: 'body2', fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' }}>
                        {column.cell(row)}
                      </Box>
                    </Stack>
                  ))}
                </Stack>
                {actions && (
                  <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1.5, flexWrap: 'wrap' }}>
                    {actions(row)}
                  </Stack>
                )}
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
                {actions && (
                  <TableCell align="right" sx={{ fontWeight: 700 }}>
                    {actionsLabel}
                  </TableCell>
                )}
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
                  {actions && (
                    <TableCell align="right" sx={{ verticalAlign: 'top' }}>
                      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
                        {actions(row)}
                      </Stack>
                    </TableCell>
                  )}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {footer}
    </Paper>
  );
}

/** Previous and Next under a paged table, with where the reader is; nothing when everything fits one page. */
export function Pages({
  page,
  pages,
  label,
  text,
  previous,
  next,
  onPage,
}: {
  page: number;
  pages: number;
  label: string;
  text: string;
  previous: string;
  next: string;
  onPage: (page: number) => void;
}) {
  if (pages <= 1) return null;
  return (
    <Box
      component="nav"
      aria-label={label}
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'flex-end', gap: 1, px: 2, py: 1 }}
    >
      <Typography variant="body2" color="text.secondary" sx={{ mr: 1 }}>
        {text}
      </Typography>
      <Button size="small" variant="outlined" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {previous}
      </Button>
      <Button size="small" variant="outlined" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {next}
      </Button>
    </Box>
  );
}
