import type { OnlineOrder, OnlineOrderInput, OnlineVerifyInput } from '@schooliko/common/fees/online';
import type { Ok } from '@schooliko/common/http';
import { feesApi } from './fees.api';

/** Online payment (server: modules/fees/online.routes.ts): the order, the hint, the order's state. */
export const onlineApi = feesApi.injectEndpoints({
  endpoints: (build) => ({
    createOnlineOrder: build.mutation<OnlineOrder, OnlineOrderInput>({
      query: (body) => ({ url: '/fees/online/orders', method: 'POST', body }),
      transformResponse: (r: Ok<OnlineOrder>) => r.data,
    }),
    verifyOnline: build.mutation<OnlineOrder, OnlineVerifyInput>({
      query: (body) => ({ url: '/fees/online/verify', method: 'POST', body }),
      transformResponse: (r: Ok<OnlineOrder>) => r.data,
    }),
    onlineOrder: build.query<OnlineOrder, string>({
      query: (id) => `/fees/online/orders/${id}`,
      transformResponse: (r: Ok<OnlineOrder>) => r.data,
    }),
    /** The test gateway's Checkout (no Razorpay keys): pays the order as Razorpay would. */
    testCheckout: build.mutation<OnlineVerifyInput, string>({
      query: (orderId) => ({
        url: '/fees/online/test-checkout',
        method: 'POST',
        body: { order_id: orderId },
      }),
      transformResponse: (r: Ok<OnlineVerifyInput>) => r.data,
    }),
  }),
});

export const {
  useCreateOnlineOrderMutation,
  useVerifyOnlineMutation,
  useOnlineOrderQuery,
  useTestCheckoutMutation,
} = onlineApi;

type RazorpayCheckout = new (options: Record<string, unknown>) => { open: () => void };

/** Razorpay's Checkout (checkout.js), loaded when first needed; `handler` gets the signed answer. */
export async function openRazorpay(
  order: OnlineOrder,
  onPaid: (answer: OnlineVerifyInput) => void,
  name: string,
) {
  const w = window as unknown as { Razorpay?: RazorpayCheckout };
  if (!w.Razorpay)
    await new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = 'https://checkout.razorpay.com/v1/checkout.js';
      script.onload = () => resolve();
      script.onerror = () => reject(new Error('checkout.js did not load'));
      document.head.append(script);
    });
  if (!w.Razorpay) throw new Error('checkout.js did not load');
  new w.Razorpay({
    key: order.key_id,
    order_id: order.order_id,
    amount: order.amount_paise,
    currency: order.currency,
    name,
    handler: onPaid,
  }).open();
}
