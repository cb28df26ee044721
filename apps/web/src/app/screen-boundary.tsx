import { Component, Suspense, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router';
import { PageLoader } from '@/components/page-loader';
import { RouteError } from '@/components/route-error';

interface CatcherProps {
  pathname: string;
  children: ReactNode;
}
interface CatcherState {
  error: unknown;
  /** Where the error happened: moving elsewhere clears it. */
  pathname: string;
  failed: boolean;
}

class ErrorCatcher extends Component<CatcherProps, CatcherState> {
  override state: CatcherState = { error: null, pathname: this.props.pathname, failed: false };

  static getDerivedStateFromError(error: unknown): Partial<CatcherState> {
    return { error, failed: true };
  }

  static getDerivedStateFromProps(
    props: CatcherProps,
    state: CatcherState,
  ): Partial<CatcherState> | null {
    if (props.pathname === state.pathname) return null;
    return { error: null, failed: false, pathname: props.pathname };
  }

  override render() {
    return this.state.failed ? <RouteError error={this.state.error} /> : this.props.children;
  }
}

/**
 * Around the screens of a layout: a screen that fails to render shows the error fallback in its
 * place (the shell around it stays), and the first screen's loader shows while its chunk arrives.
 */
export function ScreenBoundary({ children }: { children?: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <ErrorCatcher pathname={pathname}>
      <Suspense fallback={<PageLoader />}>{children ?? <Outlet />}</Suspense>
    </ErrorCatcher>
  );
}
