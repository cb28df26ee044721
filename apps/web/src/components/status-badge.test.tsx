import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { StatusBadge } from './status-badge';

const backgroundOf = (text: string) =>
  screen.getByText(text).closest('.mantine-Badge-root')?.getAttribute('style') ?? '';

describe('status badges', () => {
  it('colours a status by what it means', () => {
    renderWithProviders(
      <>
        <StatusBadge status="SUCCEEDED" />
        <StatusBadge status="PAID" />
        <StatusBadge status="FAILED" />
        <StatusBadge status="PENDING" />
      </>,
    );
    expect(backgroundOf('SUCCEEDED')).toBe(backgroundOf('PAID'));
    expect(
      new Set([backgroundOf('SUCCEEDED'), backgroundOf('FAILED'), backgroundOf('PENDING')]).size,
    ).toBe(3);
  });

  it('spells a cancelled payment as payment methods are: CANCELED', () => {
    renderWithProviders(
      <>
        <StatusBadge status="CANCELLED" />
        <StatusBadge status="CANCELED" />
      </>,
    );
    expect(screen.getAllByText('CANCELED')).toHaveLength(2);
    expect(screen.queryByText('CANCELLED')).toBeNull();
  });
});
