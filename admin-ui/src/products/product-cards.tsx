import type { AdminProduct } from '@mandi/contracts';
import { Card, CardContent, Divider, Stack, Typography } from '@mui/material';
import { RecordContextProvider, useListContext } from 'react-admin';
import { ProductModerationButtons } from './product-moderation-buttons';
import {
  ProductName,
  ProductPrice,
  ProductSeller,
  ProductStatus,
  ProductStock,
  ProductValidity,
} from './product-fields';

/** The products on a phone: one card per product with every field of the table and the same button. */
export function ProductCards() {
  const { data, isPending } = useListContext<AdminProduct>();
  if (isPending || !data) return null;
  return (
    <Stack spacing={1.5} sx={{ p: 1.5 }}>
      {data.map((product) => (
        <RecordContextProvider key={product.id} value={product}>
          <Card variant="outlined" component="article" aria-label={`Product ${product.name}`}>
            <CardContent>
              <ProductName product={product} />
              <Divider sx={{ my: 1 }} />
              <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap' }} useFlexGap>
                <Labelled label="Seller">
                  <ProductSeller product={product} />
                </Labelled>
                <Labelled label="Price">
                  <ProductPrice product={product} />
                </Labelled>
                <Labelled label="Stock">
                  <ProductStock product={product} />
                </Labelled>
                <Labelled label="Valid until">
                  <ProductValidity product={product} />
                </Labelled>
              </Stack>
              <Stack
                direction="row"
                spacing={1}
                sx={{ mt: 1.5, alignItems: 'flex-start', justifyContent: 'space-between' }}
              >
                <ProductStatus product={product} />
                <ProductModerationButtons />
              </Stack>
            </CardContent>
          </Card>
        </RecordContextProvider>
      ))}
    </Stack>
  );
}

function Labelled({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack spacing={0.25}>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      {children}
    </Stack>
  );
}
