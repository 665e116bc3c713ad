import {
  Box,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableFooter,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import type { ReactNode } from 'react';

/** A column of a GST table: its heading, what a row shows, and whether it is an amount (right-aligned). */
export interface GstColumn<Row> {
  label: string;
  cell: (row: Row) => ReactNode;
  numeric?: boolean;
}

/**
 * One table of the return: a heading naming the GSTR-1 table, the rows, a total row, and a line when it is empty.
 * Wide tables scroll sideways inside their card on a phone; the page itself never does.
 */
export function GstTable<Row>({
  title,
  caption,
  columns,
  rows,
  total,
  empty,
  actions,
}: {
  title: string;
  caption?: string;
  columns: GstColumn<Row>[];
  rows: readonly Row[];
  total?: ReactNode[];
  empty: string;
  actions?: ReactNode;
}) {
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
        <Box>
          <Typography variant="h6" component="h2" fontWeight={700} color="primary.dark">
            {title}
          </Typography>
          {caption && (
            <Typography variant="body2" color="text.secondary">
              {caption}
            </Typography>
          )}
        </Box>
        {actions}
      </Box>
      {rows.length === 0 ? (
        <Typography sx={{ px: 2, pb: 2 }} color="text.secondary">
          {empty}
        </Typography>
      ) : (
        // On a phone the table scrolls sideways: the box takes the focus, so arrow keys scroll it too.
        <TableContainer sx={{ overflowX: 'auto' }} tabIndex={0} role="group" aria-label={`${title} (scrolls sideways)`}>
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
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row, i) => (
                <TableRow key={i} hover>
                  {columns.map((column) => (
                    <TableCell
                      key={column.label}
                      align={column.numeric ? 'right' : 'left'}
                      sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
                    >
                      {column.cell(row)}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
            {total && (
              <TableFooter>
                <TableRow>
                  {total.map((cell, i) => (
                    <TableCell
                      key={i}
                      align={columns[i]?.numeric ? 'right' : 'left'}
                      sx={{
                        fontWeight: 700,
                        color: 'text.primary',
                        fontSize: '0.875rem',
                        whiteSpace: 'nowrap',
                        fontVariantNumeric: 'tabular-nums',
                      }}
                    >
                      {cell}
                    </TableCell>
                  ))}
                </TableRow>
              </TableFooter>
            )}
          </Table>
        </TableContainer>
      )}
    </Paper>
  );
}
