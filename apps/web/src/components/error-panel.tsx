import { lazy, Suspense, useState } from 'react';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { isApiError } from '@/lib/api-client';
import { customerWords } from './error-words';

// The dialog (with the modal code) is a chunk of its own, fetched when first opened.
const ExchangeViewerModal = lazy(async () => ({
  default: (await import('./exchange-viewer')).ExchangeViewerModal,
}));

export interface ErrorPanelProps {
  error: unknown;
  onClose?: () => void;
}

/**
 * The one way the storefront shows a failed call: the error code and message, the customer's words
 * for a code that needs them, and the provider's request and response when the server attached
 * them.
 */
export function ErrorPanel({ error, onClose }: ErrorPanelProps) {
  const [viewerOpen, viewer] = useDisclosure(false);
  const [viewerWanted, setViewerWanted] = useState(false);
  const code = isApiError(error) ? error.error_code : 'ERROR';
  const message = isApiError(error)
    ? error.error_message
    : error instanceof Error
      ? error.message
      : String(error);
  const exchange = isApiError(error) ? error.response : undefined;
  const words = customerWords(code, isApiError(error) ? error.retryAfterSeconds : null);

  return (
    <Alert
      color="red"
      title={code}
      withCloseButton={onClose !== undefined}
      onClose={onClose}
      closeButtonLabel="Close error"
    >
      <Stack gap="xs" align="flex-start">
        {words && <Text fw={500}>{words}</Text>}
        <Text size="sm">{message}</Text>
        {exchange && (
          <>
            <Button
              size="xs"
              // Mantine's light red on the red alert gives 4.04:1; this dark red keeps white text
              // well above 4.5:1.
              color="#991b1b"
              onClick={() => {
                setViewerWanted(true);
                viewer.open();
              }}
            >
              View Xendit Request and Response
            </Button>
            {viewerWanted && (
              <Suspense fallback={null}>
                <ExchangeViewerModal
                  exchange={exchange}
                  opened={viewerOpen}
                  onClose={viewer.close}
                />
              </Suspense>
            )}
          </>
        )}
      </Stack>
    </Alert>
  );
}
