import type { CancelRequestBody, OrderDetail, OrderList } from '@mandi/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '../api/api-fetch';
import { useAuth } from '../auth/auth-context';
import { placedAt } from './order-view';

/** Cache keys of the order calls. */
export const ordersKey = (userId: string) => ['orders', 'of', userId] as const;
export const orderKey = (orderId: string) => ['orders', 'one', orderId] as const;
export const orderShipmentsKey = (orderId: string) => ['orders', 'one', orderId, 'shipments'] as const;

/** True for the API's 'this is not yours' (403) answer. */
export const isForbidden = (error: unknown) => error instanceof ApiError && error.statusCode === 403;

/** True for the API's 'no such order' (404) answer. */
export const isNotFound = (error: unknown) => error instanceof ApiError && error.statusCode === 404;

/** Newest first by created_at (the API already answers so; a card list must not depend on it). */
function newestFirst(orders: OrderList): OrderList {
  const time = (order: OrderList[number]) => placedAt(order)?.getTime() ?? 0;
  return [...orders].sort((a, b) => time(b) - time(a));
}

/** The ordersOfUser route (auth): the buyer's orders, newest first. */
export function useMyOrders(userId: string, enabled: boolean) {
  const { user } = useAuth();
  return useQuery({
    queryKey: ordersKey(userId),
    queryFn: ({ signal }) => api('ordersOfUser', { params: { userId }, auth: true, signal }),
    select: newestFirst,
    enabled: enabled && user !== null,
    staleTime: 0,
  });
}

/** The orderDetails route (with the bearer token: the API answers the owner or an admin only). */
export function useOrderDetail(orderId: string) {
  const { user } = useAuth();
  return useQuery({
    queryKey: orderKey(orderId),
    queryFn: ({ signal }) => api('orderDetails', { params: { orderId }, auth: true, signal }),
    enabled: user !== null && orderId !== '',
    staleTime: 0,
  });
}

/**
 * The orderShipments route: the order's parts, one per seller, with their state and tracking. Asked beside the order
 * itself and in the background (no loading overlay): the page is whole without it, so a slow or failing answer only
 * leaves the parts out.
 */
export function useOrderShipments(orderId: string) {
  const { user } = useAuth();
  return useQuery({
    queryKey: orderShipmentsKey(orderId),
    queryFn: ({ signal }) => api('orderShipments', { params: { orderId }, auth: true, silent: true, signal }),
    enabled: user !== null && orderId !== '',
    meta: { silent: true },
    staleTime: 0,
  });
}

/**
 * The requestCancellation route {reason}. On success the order reads cancel_requested at once (the
 * button turns into 'Cancellation Requested'), then is read again; on failure it is read again too, since the
 * refusal (window closed, already confirmed) usually means the order changed.
 */
export function useCancelRequest(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CancelRequestBody) => api('requestCancellation', { params: { orderId }, body, auth: true }),
    onSuccess: (_answer, body) => {
      queryClient.setQueryData<OrderDetail>(orderKey(orderId), (order) =>
        order ? { ...order, status: 'cancel_requested', cancel_reason: body.reason } : order,
      );
      void queryClient.invalidateQueries({ queryKey: ['orders', 'of'] });
    },
    onError: () => void queryClient.invalidateQueries({ queryKey: orderKey(orderId) }),
  });
}
