// Mantine's CSS for the components the app renders, not all of it: @mantine/core/styles.css is
// 199 KB (29 KB gzip), these 85 KB (14 KB gzip). On a phone's CPU (Lighthouse mobile, 4x slower)
// the browser parses all of it, and every style recalculation matches elements against all of its
// rules (/checkout at 4x: parsing 13-23 ms against 4-14 ms, recalculation 109-166 ms against 77-122).
// The global styles come first, then the components in the order of Mantine's full stylesheet, so
// a component's rules come after those of the components it is built on (Button's after
// UnstyledButton's). To render another Mantine component, add its file and those of the
// components it is built on (TextInput: Input.css; Select: Input, Combobox, Popover, ScrollArea...)
// at their place in that order: mantine-styles.test.ts names the missing files and checks the order.
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Flex.css';
import '@mantine/core/styles/Accordion.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/AppShell.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Burger.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Center.css';
import '@mantine/core/styles/Code.css';
import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/Divider.css';
import '@mantine/core/styles/Drawer.css';
import '@mantine/core/styles/Grid.css';
import '@mantine/core/styles/Image.css';
import '@mantine/core/styles/List.css';
import '@mantine/core/styles/Menu.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Title.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { loadResponseChecks } from './lib/api-client';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

// As a transition, React renders the first screen in slices rather than in one long task.
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
// Every first screen calls the API, and every answer is checked: the checks load beside the render.
void loadResponseChecks().catch(() => undefined);
