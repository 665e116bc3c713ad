import type {
  AttentionProductAnswer,
  RestockBody,
  SellerDashboard,
  SellerOrderPage,
  SellerOrdersQuery,
} from '@mandi/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../api/api-fetch';
import { useAuth } from '../auth/auth-context';
import { productKeys } from '../products/product-queries';

/*
 * The seller dashboard's calls (libs/contracts seller-dashboard, imported as types only so zod stays out of the
 * page): its query keys, fetchers and hooks. Both product actions refresh the dashboard and every product list,
 * since they are product edits.
 */

/** The filters and page of the order list, as the URL carries them. */
export type SellerOrderFilters = Pick<SellerOrdersQuery, 'status' | 'period' | 'page'>;

/** Query keys of the dashboard; all start with 'seller-dashboard' and the seller's uid. */
export const sellerDashboardKeys = {
  of: (uid: string) => ['seller-dashboard', uid] as const,
  overview: (uid: string) => ['seller-dashboard', uid, 'overview'] as const,
  orders: (uid: string, filters: SellerOrderFilters) => ['seller-dashboard', uid, 'orders', filters] as const,
};

const base = (uid: string) => `/api/seller-dashboard/${encodeURIComponent(uid)}`;

/** GET /api/seller-dashboard/{uid}?status&period&page: the path of a page of orders. */
export function sellerOrdersPath(uid: string, filters: SellerOrderFilters): string {
  const params = new URLSearchParams({ status: filters.status, period: filters.period, page: String(filters.page) });
  return `${base(uid)}/orders?${params.toString()}`;
}

/** GET /api/seller-dashboard/{uid}: sales and the products that need attention. */
export function useSellerDashboard(uid: string) {
  const { user } = useAuth();
  return useQuery({
    queryKey: sellerDashboardKeys.overview(uid),
    queryFn: ({ signal }) => apiFetch<SellerDashboard>(base(uid), { auth: true, signal }),
    enabled: user !== null && uid !== '',
    staleTime: 0,
  });
}

/** GET /api/seller-dashboard/{uid}/orders: a page of orders; the previous page stays on screen while the next loads. */
export function useSellerOrders(uid: string, filters: SellerOrderFilters) {
  const { user } = useAuth();
  return useQuery({
    queryKey: sellerDashboardKeys.orders(uid, filters),
    queryFn: ({ signal }) => apiFetch<SellerOrderPage>(sellerOrdersPath(uid, filters), { auth: true, signal }),
    enabled: user !== null && uid !== '',
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** What a product action is asked to do. */
export type ProductAction =
  { kind: 'extend'; productId: string } | { kind: 'restock'; productId: string; stock: number };

/**
 * POST .../products/{productId}/extend-validity and PUT .../products/{productId}/stock {stock}: then the dashboard
 * and every product list are read again.
 */
export function useProductAction(uid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: ProductAction) =>
      action.kind === 'extend'
        ? apiFetch<AttentionProductAnswer>(
            `${base(uid)}/products/${encodeURIComponent(action.productId)}/extend-validity`,
            {
              method: 'POST',
              auth: true,
            },
          )
        : apiFetch<AttentionProductAnswer>(`${base(uid)}/products/${encodeURIComponent(action.productId)}/stock`, {
            method: 'PUT',
            auth: true,
            body: { stock: action.stock } satisfies RestockBody,
          }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: sellerDashboardKeys.of(uid) }),
        queryClient.invalidateQueries({ queryKey: productKeys.all }),
      ]),
  });
}
