import type { AdminProduct } from '@mandi/contracts';
import {
  ADMIN_PRODUCT_STATUSES,
  ADMIN_PRODUCT_STATUS_LABELS,
  PRODUCT_CATEGORIES,
  PRODUCT_MODERATION_MESSAGES,
} from '@mandi/domain';
import { useMediaQuery, type Theme } from '@mui/material';
import { Datagrid, FunctionField, List, NumberInput, SearchInput, SelectInput, TextInput } from 'react-admin';
import { IndiaTime } from '../layout/india-time';
import { EmptyList, ListError, ListPagination, QUIET_ERRORS } from '../layout/states';
import { ProductCards } from './product-cards';
import { ProductModerationButtons } from './product-moderation-buttons';
import {
  ProductName,
  ProductPrice,
  ProductSeller,
  ProductStatus,
  ProductStock,
  ProductValidity,
} from './product-fields';

const label = (value: string) => value.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());
const filters = [
  <SearchInput
    key="q"
    source="q"
    alwaysOn
    placeholder="Search products"
    slotProps={{ htmlInput: { 'aria-label': 'Search products' } }}
  />,
  <SelectInput
    key="status"
    source="status"
    label="Status"
    alwaysOn
    choices={ADMIN_PRODUCT_STATUSES.map((id) => ({ id, name: ADMIN_PRODUCT_STATUS_LABELS[id] }))}
  />,
  <TextInput key="seller" source="seller" label="Seller (id or username)" />,
  <SelectInput
    key="category"
    source="category"
    label="Category"
    choices={PRODUCT_CATEGORIES.map((id) => ({ id, name: label(id) }))}
  />,
  <NumberInput key="minPrice" source="minPrice" label="Min price (₹)" min={0} />,
  <NumberInput key="maxPrice" source="maxPrice" label="Max price (₹)" min={0} />,
  <SelectInput
    key="stock"
    source="stock"
    label="Stock"
    choices={[
      { id: 'sold_out', name: 'Sold out' },
      { id: 'low', name: 'Low (5 or fewer)' },
      { id: 'unlimited', name: 'Unlimited' },
    ]}
  />,
  <SelectInput
    key="validity"
    source="validity"
    label="Validity"
    choices={[
      { id: 'live', name: 'Live' },
      { id: 'expired', name: 'Expired' },
    ]}
  />,
];
const empty = <EmptyList title="No products match">Clear the search or a filter to see more products.</EmptyList>;

/**
 * The Products tab (issue 17): every product, hidden ones included, searched, filtered, sorted and paged by the server
 * (X-Total-Count, capped at 10,000 for a broad filter), with Unlist and Relist on each row.
 */
export function ProductList() {
  // Phones get one card per product; a wide screen gets the table.
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  return (
    <List
      title="Products"
      filters={filters}
      sort={{ field: 'created_at', order: 'DESC' }}
      perPage={25}
      exporter={false}
      queryOptions={QUIET_ERRORS}
      pagination={<ListPagination />}
      empty={empty}
      error={<ListError message={PRODUCT_MODERATION_MESSAGES.fetchFailed} />}
    >
      {narrow ? (
        <ProductCards />
      ) : (
        <Datagrid bulkActionButtons={false} rowClick={false} empty={empty} sx={{ '& td': { verticalAlign: 'top' } }}>
          <FunctionField<AdminProduct>
            source="name"
            label="Product"
            render={(product) => <ProductName product={product} />}
          />
          <FunctionField<AdminProduct>
            label="Seller"
            sortable={false}
            render={(product) => <ProductSeller product={product} />}
          />
          <FunctionField<AdminProduct>
            source="price"
            label="Price"
            render={(product) => <ProductPrice product={product} />}
          />
          <FunctionField<AdminProduct>
            source="stock"
            label="Stock"
            render={(product) => <ProductStock product={product} />}
          />
          <FunctionField<AdminProduct>
            source="valid_until"
            label="Valid until (IST)"
            render={(product) => <ProductValidity product={product} />}
          />
          <FunctionField<AdminProduct>
            source="created_at"
            label="Posted (IST)"
            render={(product) => <IndiaTime value={product.created_at} />}
          />
          <FunctionField<AdminProduct>
            label="Status"
            sortable={false}
            render={(product) => <ProductStatus product={product} />}
          />
          <FunctionField<AdminProduct> label="Actions" sortable={false} render={() => <ProductModerationButtons />} />
        </Datagrid>
      )}
    </List>
  );
}
