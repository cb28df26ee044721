import { useEffect, useRef } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cardErrorCodes, type CardSession } from '@store/contract/client';
import { isApiError } from '@/lib/api-client';
import { cardSessionQueryKey, useCardSessionQuery } from '../api/get-card-session';

export interface UseCardSessionOptions {
  /** Whether the customer's current session is the one this form needs (e.g. same amount). */
  accepts: (session: CardSession) => boolean;
  /** Makes a new session (POST /payments/cards, or a card link). */
  create: () => Promise<CardSession>;
}

/**
 * Card flow (specification section 4): the customer's current card session, from the one cached
 * query; when the store has none (CARDS_SESSION_NOT_FOUND) or it is not the one needed, a new one
 * is made once and replaces it in that cache.
 */
export function useCardSession({ accepts, create }: UseCardSessionOptions) {
  const queryClient = useQueryClient();
  const query = useCardSessionQuery();
  const creation = useMutation({
    mutationFn: create,
    onSuccess: async (session) => {
      // A read started before the session was made (a new form reads it on mount) would answer
      // the older session after this one and replace it; it is dropped, this one is newer.
      await queryClient.cancelQueries({ queryKey: cardSessionQueryKey });
      queryClient.setQueryData(cardSessionQueryKey, session);
    },
  });
  const notFound =
    query.isError &&
    isApiError(query.error) &&
    query.error.error_code === cardErrorCodes.sessionNotFound;
  const unsuitable = query.data !== undefined && !accepts(query.data);
  const needsNew = notFound || unsuitable;
  // One creation per form: effects run twice in development, a ref survives that.
  const started = useRef(false);
  const { mutate } = creation;

  useEffect(() => {
    if (!needsNew || started.current) return;
    started.current = true;
    mutate();
  }, [needsNew, mutate]);

  // The session this form made is its own even if it differs from what was expected (server
  // pricing), and even if a late read put an older session back in the cache.
  const current = query.data;
  const session = current !== undefined && accepts(current) ? current : creation.data;
  const error = creation.error ?? (query.isError && !notFound ? query.error : null);
  return {
    session,
    error,
    isPending: session === undefined && error === null,
    /** The session is used up: the next form asks the store again. */
    forget: () => {
      creation.reset();
      queryClient.removeQueries({ queryKey: cardSessionQueryKey });
    },
  };
}
