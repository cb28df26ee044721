import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { screenPaths } from '@store/contract/client';
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
});
