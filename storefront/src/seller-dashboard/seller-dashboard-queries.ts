import type {
  HandOverBody,
  IfscLookup,
  SellerOrderPage,
  SellerOrdersQuery,
  SellerProfile,
  SellerProfileBody,
  Shipment,
} from '@mandi/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '../api/api-fetch';
import { useAuth } from '../auth/auth-context';
import { productKeys } from '../products/product-queries';

/*
 * The seller dashboard's calls (libs/contracts seller-dashboard, imported as types only so zod stays out of the
 * page): its query keys, fetchers and hooks. Both product actions refresh the dashboard and every product list,
 * since they are product edits. A shipment move (pack, hand over) shows the moved shipment on its card at once and
 * reads the order list again (the last part handed over ships the order). The business profile (libs/contracts seller-profile) has a key of its own, outside
 * the dashboard's: a product action does not read it again (an admin's every read of it is audited).
 */

/** The filters and page of the order list, as the URL carries them. */
export type SellerOrderFilters = Pick<SellerOrdersQuery, 'status' | 'period' | 'page'>;

/** Query keys of the dashboard; all start with 'seller-dashboard' and the seller's uid. */
export const sellerDashboardKeys = {
  of: (uid: string) => ['seller-dashboard', uid] as const,
  overview: (uid: string) => ['seller-dashboard', uid, 'overview'] as const,
  /** Every page and filter of the order list. */
  allOrders: (uid: string) => ['seller-dashboard', uid, 'orders'] as const,
  orders: (uid: string, filters: SellerOrderFilters) => ['seller-dashboard', uid, 'orders', filters] as const,
  /** A page of the payouts, with the balances. */
  payouts: (uid: string, page: number) => ['seller-dashboard', uid, 'payouts', page] as const,
  statements: (uid: string) => ['seller-dashboard', uid, 'statements'] as const,
};

/** The sellerDashboard route: sales and the products that need attention. */
export function useSellerDashboard(uid: string) {
  const { user } = useAuth();
  return useQuery({
    queryKey: sellerDashboardKeys.overview(uid),
    queryFn: ({ signal }) => api('sellerDashboard', { params: { uid }, auth: true, signal }),
    enabled: user !== null && uid !== '',
    staleTime: 0,
  });
}

/** The sellerOrders route (status, period, page): a page of orders; the previous page stays on screen while the next loads. */
export function useSellerOrders(uid: string, filters: SellerOrderFilters) {
  const { user } = useAuth();
  return useQuery({
    queryKey: sellerDashboardKeys.orders(uid, filters),
    queryFn: ({ signal }) =>
      api('sellerOrders', {
        params: { uid },
        query: { status: filters.status, period: filters.period, page: filters.page },
        auth: true,
        signal,
      }),
    enabled: user !== null && uid !== '',
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** The sellerPayouts route (page): the balances and a page of payouts; the previous page stays on screen while the next loads. */
export function useSellerPayouts(uid: string, page: number) {
  const { user } = useAuth();
  return useQuery({
    queryKey: sellerDashboardKeys.payouts(uid, page),
    queryFn: ({ signal }) => api('sellerPayouts', { params: { uid }, query: { page }, auth: true, signal }),
    enabled: user !== null && uid !== '',
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** The sellerStatements route: the weekly statements and monthly commission invoices. */
export function useSellerStatements(uid: string) {
  const { user } = useAuth();
  return useQuery({
    queryKey: sellerDashboardKeys.statements(uid),
    queryFn: ({ signal }) => api('sellerStatements', { params: { uid }, auth: true, signal }),
    enabled: user !== null && uid !== '',
    staleTime: 0,
  });
}

/** What a product action is asked to do. */
export type ProductAction =
  { kind: 'extend'; productId: string } | { kind: 'restock'; productId: string; stock: number };

/**
 * The extendProductValidity and restockProduct ({stock}) routes: then the dashboard
 * and every product list are read again.
 */
export function useProductAction(uid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: ProductAction) =>
      action.kind === 'extend'
        ? api('extendProductValidity', { params: { uid, productId: action.productId }, auth: true })
        : api('restockProduct', {
            params: { uid, productId: action.productId },
            body: { stock: action.stock },
            auth: true,
          }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: sellerDashboardKeys.of(uid) }),
        queryClient.invalidateQueries({ queryKey: productKeys.all }),
      ]),
  });
}

/** Reads every page of the seller's order list again. */
export function useRefreshSellerOrders(uid: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: sellerDashboardKeys.allOrders(uid) });
}

/** Puts a moved shipment on its order in every page of the list kept, then reads the list again. */
function showMoved(queryClient: ReturnType<typeof useQueryClient>, uid: string, shipment: Shipment) {
  queryClient.setQueriesData<SellerOrderPage>({ queryKey: sellerDashboardKeys.allOrders(uid) }, (page) =>
    page
      ? {
          ...page,
          orders: page.orders.map((order) =>
            order.shipment.shipment_id === shipment.shipment_id ? { ...order, shipment } : order,
          ),
        }
      : page,
  );
  return queryClient.invalidateQueries({ queryKey: sellerDashboardKeys.allOrders(uid) });
}

/**
 * The packShipment route: the seller's part of a confirmed order is packed. The list is read again after a refusal
 * too: a 409 means the order or the part changed meanwhile.
 */
export function usePackShipment(uid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (shipmentId: string) => api('packShipment', { params: { uid, shipmentId }, auth: true }),
    onSuccess: (shipment) => showMoved(queryClient, uid, shipment),
    onError: () => void queryClient.invalidateQueries({ queryKey: sellerDashboardKeys.allOrders(uid) }),
  });
}

/** What a hand-over sends: which part, and to which courier with its tracking number or delivered by the seller. */
export interface HandOverRequest {
  shipmentId: string;
  body: HandOverBody;
}

/**
 * The handOverShipment route ({carrier, tracking_number, self_delivery}). A refusal does not read the list again
 * while the form is open (the card, and the form in it, could leave the list): the form's owner does on closing it.
 */
export function useHandOverShipment(uid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ shipmentId, body }: HandOverRequest) =>
      api('handOverShipment', { params: { uid, shipmentId }, body, auth: true }),
    onSuccess: (shipment) => showMoved(queryClient, uid, shipment),
  });
}

/** The query key of a seller's business profile. */
export const sellerProfileKey = (uid: string) => ['seller-profile', uid] as const;

/** The query key of an IFSC's bank. */
export const ifscKey = (ifsc: string) => ['ifsc', ifsc] as const;

const isNotFound = (error: unknown) => error instanceof ApiError && error.statusCode === 404;

/** The sellerProfile route: the seller's business profile and its review, or null when there is none yet (404). */
export function useSellerProfile(uid: string) {
  const { user } = useAuth();
  return useQuery({
    queryKey: sellerProfileKey(uid),
    queryFn: async ({ signal }): Promise<SellerProfile | null> => {
      try {
        return await api('sellerProfile', { params: { uid }, auth: true, signal });
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    enabled: user !== null && uid !== '',
    staleTime: 0,
  });
}

/** The saveSellerProfile route: the whole profile, sent for review; the answer is the profile shown from then on. */
export function useSaveSellerProfile(uid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SellerProfileBody) => api('saveSellerProfile', { params: { uid }, body, auth: true }),
    onSuccess: (profile) => queryClient.setQueryData(sellerProfileKey(uid), profile),
  });
}

/**
 * The ifscLookup route for a well-formed IFSC (null asks nothing): its bank, or null when no branch has it (404).
 * In the background, without the loading overlay; an IFSC's bank does not change while the page is open.
 */
export function useIfscLookup(ifsc: string | null) {
  const { user } = useAuth();
  return useQuery({
    queryKey: ifscKey(ifsc ?? ''),
    queryFn: async ({ signal }): Promise<IfscLookup | null> => {
      try {
        return await api('ifscLookup', { params: { ifsc: ifsc! }, auth: true, silent: true, signal });
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    enabled: user !== null && ifsc !== null,
    staleTime: Infinity,
  });
}
