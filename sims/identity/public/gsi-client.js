/*
 * The identity simulator's copy of the Google Identity Services browser interface:
 * google.accounts.id.initialize({client_id, callback}) and renderButton(parent, options).
 * The button opens an account chooser; the chosen account's ID token reaches the callback as
 * {credential, select_by, clientId}, as Google's does.
 */
(function () {
  'use strict';
  var scriptUrl = document.currentScript ? document.currentScript.src : '';
  var providerOrigin = scriptUrl ? new URL(scriptUrl).origin : window.location.origin;
  var heights = { large: 40, medium: 32, small: 20 };
  var storageKey = 'identity-simulator:accounts';
  var settings = null;

  function rememberedAccounts() {
    try {
      var list = JSON.parse(window.localStorage.getItem(storageKey) || '[]');
      return Array.isArray(list) ? list.slice(0, 5) : [];
    } catch (_error) {
      return [];
    }
  }

  function remember(account) {
    var others = rememberedAccounts().filter(function (a) {
      return a.email !== account.email;
    });
    window.localStorage.setItem(storageKey, JSON.stringify([account].concat(others).slice(0, 5)));
  }

  function element(tag, attributes, children) {
    var node = document.createElement(tag);
    Object.keys(attributes || {}).forEach(function (name) {
      if (name === 'style') Object.assign(node.style, attributes.style);
      else if (name === 'text') node.textContent = attributes.text;
      else node.setAttribute(name, attributes[name]);
    });
    (children || []).forEach(function (child) {
      node.appendChild(child);
    });
    return node;
  }

  function requestCredential(account) {
    return fetch(providerOrigin + '/gsi/credential', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: account.email,
        name: account.name,
        client_id: settings.client_id,
      }),
    }).then(function (response) {
      if (!response.ok) throw new Error('The sign-in provider refused the account');
      return response.json();
    });
  }

  function openChooser() {
    var overlay = element('div', {
      role: 'dialog',
      'aria-modal': 'true',
      'aria-label': 'Choose an account',
      style: {
        position: 'fixed',
        inset: '0',
        background: 'rgba(32,33,36,0.6)',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        zIndex: '2147483647',
        fontFamily: 'Roboto, Arial, sans-serif',
      },
    });
    var form = element('form', {
      style: {
        background: '#fff',
        borderRadius: '8px',
        padding: '24px',
        width: '320px',
        boxShadow: '0 4px 24px rgba(0,0,0,0.3)',
        display: 'flex',
        flexDirection: 'column',
        gap: '12px',
      },
    });
    form.appendChild(
      element('h2', {
        text: 'Choose an account',
        style: { margin: '0', fontSize: '20px', fontWeight: '500' },
      }),
    );
    form.appendChild(
      element('p', {
        text: 'to continue to the demo store (identity simulator)',
        style: { margin: '0', color: '#5f6368', fontSize: '14px' },
      }),
    );

    function close() {
      overlay.remove();
    }
    function choose(account) {
      submit.disabled = true;
      requestCredential(account)
        .then(function (result) {
          remember(account);
          close();
          settings.callback({
            credential: result.credential,
            select_by: 'btn',
            clientId: settings.client_id,
          });
        })
        .catch(function (error) {
          message.textContent = error.message;
          submit.disabled = false;
        });
    }

    rememberedAccounts().forEach(function (account) {
      var button = element('button', {
        type: 'button',
        text: account.name ? account.name + ' <' + account.email + '>' : account.email,
        style: {
          textAlign: 'left',
          padding: '8px',
          border: '1px solid #dadce0',
          borderRadius: '4px',
          background: '#fff',
          cursor: 'pointer',
        },
      });
      button.addEventListener('click', function () {
        choose(account);
      });
      form.appendChild(button);
    });

    var inputStyle = {
      padding: '8px',
      border: '1px solid #dadce0',
      borderRadius: '4px',
      fontSize: '14px',
    };
    var email = element('input', {
      id: 'gsi-sim-email',
      type: 'email',
      required: 'required',
      autocomplete: 'email',
      style: inputStyle,
    });
    var name = element('input', {
      id: 'gsi-sim-name',
      type: 'text',
      autocomplete: 'name',
      style: inputStyle,
    });
    form.appendChild(
      element('label', { for: 'gsi-sim-email', text: 'Email', style: { fontSize: '14px' } }),
    );
    form.appendChild(email);
    form.appendChild(
      element('label', { for: 'gsi-sim-name', text: 'Name', style: { fontSize: '14px' } }),
    );
    form.appendChild(name);
    var message = element('p', {
      role: 'alert',
      style: { color: '#d93025', margin: '0', fontSize: '13px' },
    });
    form.appendChild(message);
    var submit = element('button', {
      type: 'submit',
      text: 'Continue',
      style: {
        padding: '10px',
        border: '0',
        borderRadius: '4px',
        background: '#1a73e8',
        color: '#fff',
        fontSize: '14px',
        cursor: 'pointer',
      },
    });
    var cancel = element('button', {
      type: 'button',
      text: 'Cancel',
      style: {
        padding: '10px',
        border: '0',
        background: 'transparent',
        color: '#1a73e8',
        cursor: 'pointer',
      },
    });
    cancel.addEventListener('click', close);
    form.appendChild(submit);
    form.appendChild(cancel);
    form.addEventListener('submit', function (event) {
      event.preventDefault();
      choose({ email: email.value.trim(), name: name.value.trim() });
    });
    overlay.appendChild(form);
    document.body.appendChild(overlay);
    email.focus();
  }

  function renderButton(parent, options) {
    var opts = options || {};
    var height = heights[opts.size] || heights.large;
    var filled = opts.theme === 'filled_blue';
    var button = element('button', {
      type: 'button',
      style: {
        height: height + 'px',
        padding: '0 12px',
        display: 'inline-flex',
        alignItems: 'center',
        gap: '8px',
        border: filled ? '0' : '1px solid #dadce0',
        borderRadius: opts.shape === 'pill' ? '999px' : '4px',
        background: filled ? '#1a73e8' : '#fff',
        color: filled ? '#fff' : '#3c4043',
        fontFamily: 'Roboto, Arial, sans-serif',
        fontSize: height < 30 ? '11px' : '14px',
        fontWeight: '500',
        cursor: 'pointer',
        width: opts.width ? opts.width + 'px' : 'auto',
      },
    });
    var logo = element('span', {
      'aria-hidden': 'true',
      text: 'G',
      style: {
        fontWeight: '700',
        color: filled ? '#fff' : '#4285f4',
        fontSize: height < 30 ? '12px' : '18px',
      },
    });
    button.appendChild(logo);
    if (opts.type !== 'icon') button.appendChild(element('span', { text: 'Sign in with Google' }));
    else button.setAttribute('aria-label', 'Sign in with Google');
    button.addEventListener('click', function () {
      if (!settings) throw new Error('google.accounts.id.initialize must be called first');
      openChooser();
    });
    parent.replaceChildren(button);
  }

  window.google = window.google || {};
  window.google.accounts = window.google.accounts || {};
  window.google.accounts.id = {
    initialize: function (config) {
      if (!config || !config.client_id || typeof config.callback !== 'function') {
        throw new Error('initialize needs client_id and callback');
      }
      settings = config;
    },
    renderButton: renderButton,
    prompt: function () {},
    disableAutoSelect: function () {},
    cancel: function () {},
  };
})();
