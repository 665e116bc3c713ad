import { Card, CardContent, Skeleton } from '@mui/material';

/** The pipeline panel's place while its code or its first answer loads. */
export function PipelineSkeleton() {
  return (
    <Card sx={{ mt: 3 }} aria-busy="true" aria-label="Event pipeline">
      <CardContent>
        <Skeleton variant="text" width={180} height={36} />
        <Skeleton variant="rounded" height={88} sx={{ my: 2 }} />
        <Skeleton variant="rounded" height={240} />
      </CardContent>
    </Card>
  );
}
