import { useState } from 'react';

/**
 * True from the first render where `opened` is: a dialog or drawer whose code is its own chunk
 * mounts then, and stays mounted so that it can play its closing transition.
 */
export function useOpenedOnce(opened: boolean): boolean {
  const [openedOnce, setOpenedOnce] = useState(opened);
  if (opened && !openedOnce) setOpenedOnce(true);
  return openedOnce || opened;
}
