import { describe, expect, it } from 'vitest';
import { RemoveScroll as library } from 'react-remove-scroll';
import { RemoveScroll } from './app-shell-scroll-classes';

describe('AppShell scroll classes', () => {
  it('are the class names the scroll lock of dialogs and drawers pads', () => {
    expect(RemoveScroll.classNames).toEqual(library.classNames);
  });
});
