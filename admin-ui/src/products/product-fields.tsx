import type { AdminProduct } from '@mandi/contracts';
import { ADMIN_PRODUCT_STATUS_LABELS, STOCK_LIMITS, formatRupees, rupeesToPaise } from '@mandi/domain';
import { Avatar, Box, Chip, Stack, Typography } from '@mui/material';
import { formatIndiaTime } from '../layout/format';
import { IndiaTime } from '../layout/india-time';

/** The product's thumbnail and name. */
export function ProductName({ product }: { product: AdminProduct }) {
  return (
    <Stack direction="row" spacing={1.25} sx={{ alignItems: 'center', minWidth: 180 }}>
      <Avatar
        variant="rounded"
        src={product.thumbnail ?? undefined}
        alt=""
        sx={{ width: 44, height: 44, bgcolor: '#E8F0E3', color: '#2E7D32' }}
      >
        {product.name.slice(0, 1)}
      </Avatar>
      <Box>
        <Typography variant="body2" fontWeight={700}>
          {product.name}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          #{product.id} · {product.category.replace(/_/g, ' ')}
        </Typography>
      </Box>
    </Stack>
  );
}

/** The seller's username and id, and their account's state when it is not active. */
export function ProductSeller({ product }: { product: AdminProduct }) {
  return (
    <Box>
      <Typography variant="body2">{product.seller.username}</Typography>
      <Typography variant="caption" color={product.seller.status === 'active' ? 'text.secondary' : 'error'}>
        #{product.seller.id}
        {product.seller.status === 'active' ? '' : ` · ${product.seller.status}`}
      </Typography>
    </Box>
  );
}

/** Packs left: 'Unlimited', 'Sold out', or the count ('3 · low' at or below the 'Only N left' threshold). */
export function ProductStock({ product }: { product: AdminProduct }) {
  if (product.stock === null) return <Typography variant="body2">Unlimited</Typography>;
  if (product.stock <= 0) return <Chip size="small" color="error" label="Sold out" />;
  const low = product.stock <= STOCK_LIMITS.lowThreshold;
  return (
    <Typography variant="body2" color={low ? 'warning.dark' : undefined} fontWeight={low ? 700 : undefined}>
      {product.stock}
      {low ? ' · low' : ''}
    </Typography>
  );
}

/** The validity end in India time, red once it has passed. */
export function ProductValidity({ product }: { product: AdminProduct }) {
  const expired = new Date(product.valid_until).getTime() <= Date.now();
  return (
    <Box sx={{ color: expired ? 'error.main' : undefined }}>
      <IndiaTime value={product.valid_until} />
      {expired && (
        <Typography variant="caption" display="block">
          Expired
        </Typography>
      )}
    </Box>
  );
}

/** The status chip, and for an unlisted product why and when. */
export function ProductStatus({ product }: { product: AdminProduct }) {
  const tone = product.status === 'listed' ? 'success' : product.status === 'unlisted' ? 'error' : 'warning';
  return (
    <Box sx={{ maxWidth: 240 }}>
      <Chip size="small" color={tone} label={ADMIN_PRODUCT_STATUS_LABELS[product.status]} />
      {product.unlisted_reason && (
        <Typography variant="caption" display="block" sx={{ mt: 0.5, whiteSpace: 'pre-line' }}>
          {product.unlisted_reason}
        </Typography>
      )}
      {product.unlisted_at && (
        <Typography variant="caption" color="text.secondary" display="block">
          Unlisted {formatIndiaTime(product.unlisted_at)}
        </Typography>
      )}
    </Box>
  );
}

/** The price in en-IN rupees. */
export function ProductPrice({ product }: { product: AdminProduct }) {
  return <Typography variant="body2">{formatRupees(rupeesToPaise(product.price))}</Typography>;
}
