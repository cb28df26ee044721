import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@/lib/api-client';
import { renderWithProviders } from '@/test/render';
import { OtpForm } from './otp-form';

/** The form as the OTP screen drives it: each call waits until `answer` settles it. */
function Screen({ refuse }: { refuse: boolean }) {
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [resend, setResend] = useState({ pending: false, done: false });
  return (
    <>
      <OtpForm
        confirms="the payment"
        submitting={submitting}
        onSubmit={() => {
          setSubmitting(true);
          setError(null);
        }}
        error={error}
        onCloseError={() => setError(null)}
        resend={{
          onResend: () => setResend({ pending: true, done: false }),
          pending: resend.pending,
          done: resend.done,
          secondsLeft: resend.done ? 30 : 0,
        }}
      />
      <button
        type="button"
        onClick={() => {
          if (resend.pending) setResend({ pending: false, done: true });
          if (!submitting) return;
          setSubmitting(false);
          if (refuse)
            setError(new ApiError('INVALID_OTP', 'That code is not right: 2 attempts left'));
        }}
      >
        answer
      </button>
    </>
  );
}

describe('OtpForm', () => {
  it('gives the keyboard back to the code, selected, when a code is refused', async () => {
    renderWithProviders(<Screen refuse />);
    const input = screen.getByRole<HTMLInputElement>('textbox', { name: 'OTP' });
    await userEvent.type(input, '111111{Enter}');
    expect(screen.getByRole('button', { name: 'Submit' })).toBeDisabled();
    // The answer arrives while the keyboard is wherever the disabled button left it.
    input.blur();
    screen.getByRole('button', { name: 'answer' }).click();

    expect(await screen.findByText('INVALID_OTP')).toBeInTheDocument();
    expect(input).toHaveFocus();
    expect([input.selectionStart, input.selectionEnd]).toEqual([0, 6]);
  });

  it('gives the keyboard to the code once a new one has been sent', async () => {
    renderWithProviders(<Screen refuse={false} />);
    await userEvent.click(screen.getByRole('button', { name: 'Resend OTP' }));
    screen.getByRole('button', { name: 'Resend OTP' }).blur();
    screen.getByRole('button', { name: 'answer' }).click();

    expect(await screen.findByText('A new one-time password has been sent.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'OTP' })).toHaveFocus();
  });
});
