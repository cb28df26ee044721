import { useState } from 'react';
import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router';
import { PageLoader } from '@/components/page-loader';
import { RouteError } from '@/components/route-error';
import { MainLayout } from './main-layout';
import { RequireSession } from './require-session';
import type * as ResultPages from './routes/result-pages';

// Each screen is its own chunk, loaded when its route is first visited.
const login = async () => ({ Component: (await import('./routes/login')).LoginRoute });
const home = async () => ({ Component: (await import('./routes/home')).HomeRoute });
const product = async () => ({ Component: (await import('./routes/product')).ProductRoute });
const cart = async () => ({ Component: (await import('./routes/cart')).CartRoute });
const accountSettings = async () => ({
  Component: (await import('./routes/account-settings')).AccountSettingsRoute,
});
const checkout = async () => ({ Component: (await import('./routes/checkout')).CheckoutRoute });
const orders = async () => ({ Component: (await import('./routes/orders')).OrdersRoute });
const payments = async () => ({ Component: (await import('./routes/payments')).PaymentsRoute });
const payment = async () => ({ Component: (await import('./routes/payment')).PaymentRoute });
const paymentCode = async () => ({
  Component: (await import('./routes/payment')).PaymentCodeRoute,
});
const paymentOtp = async () => ({ Component: (await import('./routes/payment')).PaymentOtpRoute });
const paymentMethods = async () => ({
  Component: (await import('./routes/payment-methods')).PaymentMethodsRoute,
});
const paymentMethodNew = async () => ({
  Component: (await import('./routes/payment-methods')).PaymentMethodNewRoute,
});
const paymentMethodOtp = async () => ({
  Component: (await import('./routes/payment-methods')).PaymentMethodOtpRoute,
});
const refund = async () => ({ Component: (await import('./routes/refund')).RefundRoute });
const result = (name: keyof typeof ResultPages) => async () => ({
  Component: (await import('./routes/result-pages'))[name],
});

export const routes: RouteObject[] = [
  // Top level, without the shell: where the provider sends the browser back after approval.
  {
    path: 'payments/success',
    lazy: result('PaymentSuccessRoute'),
    errorElement: <RouteError />,
    hydrateFallbackElement: <PageLoader />,
  },
  {
    element: <MainLayout />,
    errorElement: <RouteError />,
    children: [
      {
        // Errors inside a screen keep the shell (top bar and navigation) around the fallback, and
        // so does the first screen's loader while its chunk arrives.
        errorElement: <RouteError />,
        hydrateFallbackElement: <PageLoader />,
        children: [
          { path: 'login', lazy: login },
          { path: 'login/:appId', lazy: login },
          { path: ':appId/login', lazy: login },
          // Result pages need no session: a provider or mobile app may open them.
          { path: 'payments/failure', lazy: result('PaymentFailureRoute') },
          { path: 'payment_methods/success', lazy: result('LinkingSuccessRoute') },
          { path: 'payment_methods/failure', lazy: result('LinkingFailureRoute') },
          {
            element: <RequireSession />,
            children: [
              { index: true, lazy: home },
              { path: ':appId', lazy: home },
              { path: 'products', lazy: home },
              { path: 'products/:productId', lazy: product },
              { path: 'cart', lazy: cart },
              { path: 'settings/account', lazy: accountSettings },
              { path: 'checkout', lazy: checkout },
              { path: 'orders', lazy: orders },
              { path: 'payments', lazy: payments },
              { path: 'payments/pending', lazy: result('PaymentPendingRoute') },
              { path: 'payments/:paymentId', lazy: payment },
              { path: 'payments/:paymentId/refund', lazy: refund },
              { path: 'payments/new/:paymentId/paymentcode', lazy: paymentCode },
              { path: 'payments/new/:paymentId/otp', lazy: paymentOtp },
              { path: 'payment_methods', lazy: paymentMethods },
              { path: 'payment_methods/new', lazy: paymentMethodNew },
              { path: 'payment_methods/new/:paymentMethodId/otp', lazy: paymentMethodOtp },
              { path: 'refunds/pending', lazy: result('RefundPendingRoute') },
            ],
          },
        ],
      },
    ],
  },
];

export function AppRouter() {
  const [router] = useState(() => createBrowserRouter(routes));
  return <RouterProvider router={router} />;
}
