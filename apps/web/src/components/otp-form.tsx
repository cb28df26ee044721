import { useEffect, useEffectEvent, useRef, useState, type FormEvent } from 'react';
import { Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { ErrorPanel } from './error-panel';
import { focusIsLost } from './focus-return';

export interface OtpFormProps {
  /** What the password confirms, e.g. 'the payment'. */
  confirms: string;
  submitting: boolean;
  onSubmit: (otpCode: string) => void;
  /** The failed call, shown closable in the error panel. */
  error: unknown;
  onCloseError: () => void;
  /** Resend OTP, where the flow offers it (payments only). */
  resend?: {
    onResend: () => void;
    pending: boolean;
    done: boolean;
    /** Seconds until the next resend is possible; 0 when it is now. */
    secondsLeft: number;
  };
}

/**
 * The OTP screen (specification section 2): Verify Your Identity, a 6-character input, Submit and,
 * for payments, Resend OTP. Buttons wait while a request runs.
 */
export function OtpForm({
  confirms,
  submitting,
  onSubmit,
  error,
  onCloseError,
  resend,
}: OtpFormProps) {
  const [otpCode, setOtpCode] = useState('');
  const busy = submitting || (resend?.pending ?? false);
  const input = useRef<HTMLInputElement>(null);
  const resent = resend?.done ?? false;

  // Submit and Resend OTP are disabled while their call runs, which drops the keyboard on the
  // page's body; the next thing to do after a refused code or a new one is to type a code, so the
  // input takes the focus, with a refused code selected to be typed over. Only from the body or
  // the form's own buttons: a customer already typing again, or gone elsewhere, keeps their place.
  // (Typed as a div: Mantine types a Stack's ref so whatever element it renders.)
  const form = useRef<HTMLDivElement>(null);
  const codeTakesKeyboard = useEffectEvent((selectCode: boolean) => {
    const active = document.activeElement;
    const onOwnButton = active instanceof HTMLButtonElement && form.current?.contains(active);
    if (!onOwnButton && !focusIsLost()) return;
    input.current?.focus();
    if (selectCode) input.current?.select();
  });
  useEffect(() => {
    if (error !== null) codeTakesKeyboard(true);
  }, [error]);
  useEffect(() => {
    if (resent) codeTakesKeyboard(false);
  }, [resent]);

  function submit(event: FormEvent) {
    event.preventDefault();
    onSubmit(otpCode);
  }

  return (
    <Card withBorder maw={480} padding="lg">
      <Stack ref={form} gap="sm" component="form" onSubmit={submit}>
        <Title order={2}>Verify Your Identity</Title>
        <Text>
          We have sent a one-time password (OTP) to your mobile number. Enter it below to confirm{' '}
          {confirms}.
        </Text>
        <TextInput
          ref={input}
          label="OTP"
          placeholder="Enter OTP"
          maxLength={6}
          autoComplete="one-time-code"
          value={otpCode}
          onChange={(event) => setOtpCode(event.currentTarget.value)}
        />
        {error !== null && <ErrorPanel error={error} onClose={onCloseError} />}
        <Group>
          <Button type="submit" disabled={busy} loading={submitting}>
            Submit
          </Button>
          {resend && (
            <Button
              variant="default"
              onClick={resend.onResend}
              disabled={busy || resend.secondsLeft > 0}
              loading={resend.pending}
            >
              Resend OTP
            </Button>
          )}
        </Group>
        {resend?.done && <Text size="sm">A new one-time password has been sent.</Text>}
        {resend !== undefined && resend.secondsLeft > 0 && (
          <Text size="sm" data-testid="resend-wait">
            You can ask for a new code in {resend.secondsLeft}{' '}
            {resend.secondsLeft === 1 ? 'second' : 'seconds'}.
          </Text>
        )}
        <Text size="sm" c="dimmed">
          Didn&apos;t receive the code? Please wait a few moments before retrying.
        </Text>
      </Stack>
    </Card>
  );
}
