// The mobile embed demo's page script, a file of its own: the store's Content-Security-Policy
// runs no inline script.
const log = document.getElementById('log');
function record(message) {
  log.textContent = (log.dataset.used ? log.textContent + '\n' : '') + message;
  log.dataset.used = 'yes';
}
document.querySelectorAll('button[data-path]').forEach((button) => {
  button.addEventListener('click', () => {
    const child = window.open(button.dataset.path, '_blank', 'width=420,height=760');
    if (!child) return record('The pop-up was blocked.');
    // Keep the bridge installed on the loaded page (same origin), before the store posts.
    const started = Date.now();
    const timer = setInterval(() => {
      try {
        if (child.location.pathname === new URL(button.dataset.path, location.href).pathname) {
          child.ReactNativeWebView ??= { postMessage: (message) => record(message) };
        }
      } catch (error) {
        record(String(error));
      }
      if (child.closed || Date.now() - started > 10000) clearInterval(timer);
    }, 5);
  });
});
