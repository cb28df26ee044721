import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { screenPaths } from '@store/contract/client';
import { rememberSubscribeReturn } from '@/features/subscriptions/utils/subscribe-return';
import { renderRoutes } from '@/test/render';
import { LinkingFailureRoute } from './linking-failure';
import { LinkingSuccessRoute } from './linking-success';

const routes = [
  { path: screenPaths.linkingSuccess, element: <LinkingSuccessRoute /> },
  { path: screenPaths.linkingFailure, element: <LinkingFailureRoute /> },
  { path: screenPaths.paymentMethods, element: <p>Your payment methods</p> },
];

describe('Linking result pages', () => {
  it.each([
    [screenPaths.linkingSuccess, 'Linking Successful!'],
    [screenPaths.linkingFailure, 'Linking Failed.'],
  ])('%s leads to the payment methods beside Back to Home', async (path, title) => {
    const { location } = renderRoutes(routes, path);
    expect(screen.getByRole('heading', { name: title })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');

    await userEvent.click(screen.getByRole('link', { name: 'View Payment Methods' }));
    expect(location().pathname).toBe(screenPaths.paymentMethods);
    expect(screen.getByText('Your payment methods')).toBeInTheDocument();
  });

  it('after a failed save on the way to subscribing, leads back to the Subscribe dialog', async () => {
    rememberSubscribeReturn('id-kopi-beans');
    const { location } = renderRoutes(
      [...routes, { path: '/products/:productId', element: <p>The product</p> }],
      screenPaths.linkingFailure,
    );
    await userEvent.click(screen.getByRole('link', { name: 'Back to subscribing' }));
    expect(location().pathname).toBe('/products/id-kopi-beans');
    expect(location().search).toBe('?subscribe=1');
    sessionStorage.clear();
  });
});
