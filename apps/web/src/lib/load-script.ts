const loads = new Map<string, Promise<void>>();

/**
 * Adds an asynchronous script tag once per URL and resolves when it has run. A failed load is
 * forgotten (and its tag removed) so that a later attempt can try again.
 */
export function loadScript(src: string): Promise<void> {
  const pending = loads.get(src);
  if (pending) return pending;

  const load = new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.addEventListener('load', () => resolve());
    script.addEventListener('error', () => {
      loads.delete(src);
      script.remove();
      reject(new Error(`The script ${src} could not be loaded`));
    });
    document.head.appendChild(script);
  });
  loads.set(src, load);
  return load;
}
