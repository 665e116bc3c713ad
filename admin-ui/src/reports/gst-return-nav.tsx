import { Button, Stack } from '@mui/material';
import { Link, useLocation } from 'react-router-dom';

/** The console's GST return pages, in the order the nav and the menu list them. */
export const GST_RETURN_PAGES = [
  { path: '/gst-returns', label: 'GSTR-1' },
  { path: '/gstr8', label: 'GSTR-8 (TCS)' },
] as const;

/** Links between the GST return pages, the open one marked as the current page. Wraps on a phone. */
export function GstReturnNav() {
  const { pathname } = useLocation();
  return (
    <Stack
      component="nav"
      aria-label="GST returns"
      direction="row"
      useFlexGap
      spacing={1}
      sx={{ mb: 2, flexWrap: 'wrap' }}
    >
      {GST_RETURN_PAGES.map((page) => {
        const current = pathname === page.path;
        return (
          <Button
            key={page.path}
            component={Link}
            to={page.path}
            size="small"
            variant={current ? 'contained' : 'outlined'}
            aria-current={current ? 'page' : undefined}
          >
            {page.label}
          </Button>
        );
      })}
    </Stack>
  );
}
