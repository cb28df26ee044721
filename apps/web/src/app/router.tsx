import { useState } from 'react';
import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router';
import { PageLoader } from '@/components/page-loader';
import { RouteError } from '@/components/route-error';
import { MainLayout } from './main-layout';
import { RequireSession } from './require-session';
import { screenPaths } from '@store/contract/client';

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
  Component: (await import('./routes/payment-code')).PaymentCodeRoute,
});
const paymentOtp = async () => ({
  Component: (await import('./routes/payment-otp')).PaymentOtpRoute,
});
const paymentMethods = async () => ({
  Component: (await import('./routes/payment-methods')).PaymentMethodsRoute,
});
const paymentMethodNew = async () => ({
  Component: (await import('./routes/payment-method-new')).PaymentMethodNewRoute,
});
const paymentMethodOtp = async () => ({
  Component: (await import('./routes/payment-method-otp')).PaymentMethodOtpRoute,
});
const subscriptions = async () => ({
  Component: (await import('./routes/subscriptions')).SubscriptionsRoute,
});
const refund = async () => ({ Component: (await import('./routes/refund')).RefundRoute });
const paymentSuccess = async () => ({
  Component: (await import('./routes/payment-success')).PaymentSuccessRoute,
});
const paymentFailure = async () => ({
  Component: (await import('./routes/payment-failure')).PaymentFailureRoute,
});
const paymentPending = async () => ({
  Component: (await import('./routes/payment-pending')).PaymentPendingRoute,
});
const refundPending = async () => ({
  Component: (await import('./routes/refund-pending')).RefundPendingRoute,
});
const linkingSuccess = async () => ({
  Component: (await import('./routes/linking-success')).LinkingSuccessRoute,
});
const linkingFailure = async () => ({
  Component: (await import('./routes/linking-failure')).LinkingFailureRoute,
});

export const routes: RouteObject[] = [
  // Top level, without the shell: where the provider sends the browser back after approval.
  {
    path: screenPaths.paymentSuccess,
    lazy: paymentSuccess,
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
          { path: screenPaths.login, lazy: login },
          { path: screenPaths.loginForApp, lazy: login },
          { path: screenPaths.appLogin, lazy: login },
          // Result pages need no session: a provider or mobile app may open them.
          { path: screenPaths.paymentFailure, lazy: paymentFailure },
          { path: screenPaths.linkingSuccess, lazy: linkingSuccess },
          { path: screenPaths.linkingFailure, lazy: linkingFailure },
          {
            element: <RequireSession />,
            children: [
              { index: true, lazy: home },
              { path: screenPaths.appHome, lazy: home },
              { path: screenPaths.products, lazy: home },
              { path: screenPaths.product, lazy: product },
              { path: screenPaths.cart, lazy: cart },
              { path: screenPaths.accountSettings, lazy: accountSettings },
              { path: screenPaths.checkout, lazy: checkout },
              { path: screenPaths.orders, lazy: orders },
              { path: screenPaths.payments, lazy: payments },
              { path: screenPaths.paymentPending, lazy: paymentPending },
              { path: screenPaths.payment, lazy: payment },
              { path: screenPaths.refund, lazy: refund },
              { path: screenPaths.paymentCode, lazy: paymentCode },
              { path: screenPaths.paymentOtp, lazy: paymentOtp },
              { path: screenPaths.paymentMethods, lazy: paymentMethods },
              { path: screenPaths.paymentMethodNew, lazy: paymentMethodNew },
              { path: screenPaths.paymentMethodOtp, lazy: paymentMethodOtp },
              { path: screenPaths.refundPending, lazy: refundPending },
              { path: screenPaths.subscriptions, lazy: subscriptions },
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
