import { useCallback, useEffect, useState } from 'react';

const storageKey = (paymentId: string) => `otp-resend-available-at:${paymentId}`;

function storedTime(paymentId: string): number | null {
  const stored = Number(sessionStorage.getItem(storageKey(paymentId)));
  return Number.isFinite(stored) && stored > 0 ? stored : null;
}

/** Whole seconds from now until a time, never below zero. */
export function secondsUntil(time: number | null, now: number): number {
  return time === null ? 0 : Math.max(0, Math.ceil((time - now) / 1000));
}

/**
 * When the next OTP resend of a payment is possible, kept in session storage so a reload still
 * knows it, and the seconds left, counted down. Before any resend in this tab, the code sent when
 * the payment was made (`sentAt`) starts the wait.
 */
export function useResendCooldown(
  paymentId: string,
  sentAt: number | null,
  cooldownSeconds: number,
) {
  const [availableAt, setAvailableAt] = useState<number | null>(() => storedTime(paymentId));
  const [now, setNow] = useState(() => Date.now());
  const effective = availableAt ?? (sentAt === null ? null : sentAt + cooldownSeconds * 1000);
  const secondsLeft = secondsUntil(effective, now);

  useEffect(() => {
    if (secondsLeft === 0) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [secondsLeft]);

  const waitFor = useCallback(
    (seconds: number) => {
      const at = Date.now() + seconds * 1000;
      sessionStorage.setItem(storageKey(paymentId), String(at));
      setAvailableAt(at);
      setNow(Date.now());
    },
    [paymentId],
  );

  return { secondsLeft, waitFor };
}
