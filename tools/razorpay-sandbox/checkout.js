/*
 * Razorpay sandbox checkout (tools/razorpay-sandbox, development only). Served at /v1/checkout.js in place of
 * https://checkout.razorpay.com/v1/checkout.js and defines window.Razorpay with Razorpay Checkout's interface:
 *
 *   const rzp = new Razorpay({ key, amount, currency, name, description, order_id, handler, prefill, notes, theme,
 *                              modal: { ondismiss } });
 *   rzp.on('payment.failed', (response) => ...); rzp.open(); rzp.close();
 *
 * open() shows a dialog in the page (plain DOM, styles set through element.style, no eval), so it works under a
 * content security policy that allows this script's origin in script-src and connect-src. Paying calls the sandbox
 * on this script's origin, which signs the result with the key secret and sends the webhooks.
 */
(function () {
  'use strict';

  // The server fills these in when it serves the file.
  var SETTINGS = /*settings*/ { origin: 'http://127.0.0.1:9300', lateMs: 5000 }; /*end settings*/
  var current = document.currentScript;
  var ORIGIN = current && current.src ? new URL(current.src).origin : SETTINGS.origin;
  var DIALOG_LABEL = 'Razorpay sandbox checkout';
  var FOCUSABLE =
    'button:not([disabled]), select:not([disabled]), input:not([disabled]), [href], [tabindex]:not([tabindex="-1"])';

  var rupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });

  /** Amount in paise as the buyer reads it: ₹1,23,456.00. */
  function money(paise) {
    return rupees.format(Number(paise) / 100);
  }

  /** A wait as people read it: 5 s, 0.3 s. */
  function seconds(ms) {
    return (ms % 1000 === 0 ? String(ms / 1000) : (ms / 1000).toFixed(1)) + ' s';
  }

  /** An element with inline styles (through the CSSOM, which a CSP without 'unsafe-inline' still allows). */
  function el(tag, style, text) {
    var node = document.createElement(tag);
    if (style) Object.assign(node.style, style);
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function button(text, style) {
    var node = el(
      'button',
      Object.assign(
        {
          display: 'block',
          width: '100%',
          padding: '12px 16px',
          marginTop: '10px',
          borderRadius: '6px',
          font: 'inherit',
          fontWeight: '600',
          cursor: 'pointer',
          border: '1px solid transparent',
        },
        style,
      ),
      text,
    );
    node.type = 'button';
    return node;
  }

  /** POSTs or GETs JSON on the sandbox; resolves with { ok, status, body }. */
  function call(method, path, body) {
    var init = { method: method, mode: 'cors', credentials: 'omit', headers: {} };
    if (body !== undefined) {
      init.headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(body);
    }
    return fetch(ORIGIN + path, init).then(function (response) {
      return response.json().then(
        function (json) {
          return { ok: response.ok, status: response.status, body: json };
        },
        function () {
          return { ok: false, status: response.status, body: null };
        },
      );
    });
  }

  function errorText(result, fallback) {
    return (result && result.body && result.body.error && result.body.error.description) || fallback;
  }

  /**
   * Razorpay Checkout's constructor.
   * @param {object} options
   */
  function Razorpay(options) {
    if (!(this instanceof Razorpay)) return new Razorpay(options);
    if (!options || typeof options.key !== 'string' || options.key === '') {
      throw new Error('Razorpay: the key option is required');
    }
    this.options = options;
    this.listeners = {};
    this.view = null;
  }

  /** Registers a callback; the sandbox emits 'payment.failed'. */
  Razorpay.prototype.on = function (event, callback) {
    (this.listeners[event] = this.listeners[event] || []).push(callback);
    return this;
  };

  Razorpay.prototype.emit = function (event, payload) {
    (this.listeners[event] || []).forEach(function (callback) {
      try {
        callback(payload);
      } catch (error) {
        setTimeout(function () {
          throw error;
        });
      }
    });
  };

  /** Shows the checkout dialog over the page. */
  Razorpay.prototype.open = function () {
    if (this.view) return this;
    var self = this;
    var options = this.options;
    var orderId = options.order_id;
    var colour = (options.theme && options.theme.color) || '#0b5cad';

    var overlay = el('div', {
      position: 'fixed',
      top: '0',
      right: '0',
      bottom: '0',
      left: '0',
      zIndex: '2147483000',
      background: 'rgba(15, 23, 42, 0.6)',
      display: 'flex',
      alignItems: 'center',
      justifyContent: 'center',
      padding: '16px',
      fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif',
      fontSize: '16px',
      lineHeight: '1.4',
    });
    var dialog = el('div', {
      position: 'relative',
      background: '#ffffff',
      color: '#1f2933',
      borderRadius: '10px',
      width: '100%',
      maxWidth: '380px',
      maxHeight: '100%',
      overflowY: 'auto',
      padding: '20px',
      boxShadow: '0 12px 40px rgba(0, 0, 0, 0.35)',
      boxSizing: 'border-box',
    });
    dialog.setAttribute('role', 'dialog');
    dialog.setAttribute('aria-modal', 'true');
    dialog.setAttribute('aria-label', DIALOG_LABEL);
    dialog.tabIndex = -1;

    var close = el(
      'button',
      {
        position: 'absolute',
        top: '8px',
        right: '8px',
        width: '36px',
        height: '36px',
        border: 'none',
        borderRadius: '50%',
        background: 'transparent',
        color: '#52606d',
        fontSize: '24px',
        lineHeight: '1',
        cursor: 'pointer',
      },
      '\u00d7',
    );
    close.type = 'button';
    close.setAttribute('aria-label', 'Close');

    var merchant = el('h2', { margin: '0 40px 4px 0', fontSize: '18px' }, options.name || 'Merchant');
    var description = el('p', { margin: '0 0 12px', color: '#52606d' }, options.description || '');
    var badge = el(
      'p',
      {
        margin: '0 0 12px',
        padding: '4px 8px',
        display: 'inline-block',
        borderRadius: '4px',
        background: '#fff4e5',
        color: '#8a4b00',
        fontSize: '13px',
      },
      'Test mode: local Razorpay sandbox, no money moves',
    );
    var amountLine = el('p', { margin: '0 0 16px', fontSize: '28px', fontWeight: '700' });

    var deliveryLabel = el('label', { display: 'block', marginBottom: '8px', fontSize: '14px' });
    deliveryLabel.appendChild(document.createTextNode('Webhook delivery '));
    var delivery = el('select', { marginLeft: '4px', font: 'inherit', padding: '2px 4px' });
    [
      ['now', 'now'],
      ['twice', 'twice'],
      ['late', 'late (' + seconds(SETTINGS.lateMs) + ')'],
      ['never', 'never'],
    ].forEach(function (choice) {
      var option = el('option', null, choice[1]);
      option.value = choice[0];
      delivery.appendChild(option);
    });
    deliveryLabel.appendChild(delivery);

    var failedAfterLabel = el('label', {
      display: 'flex',
      alignItems: 'center',
      gap: '6px',
      marginBottom: '8px',
      fontSize: '14px',
    });
    var failedAfter = el('input');
    failedAfter.type = 'checkbox';
    failedAfterLabel.appendChild(failedAfter);
    failedAfterLabel.appendChild(document.createTextNode('Also send payment.failed after success'));

    var status = el('p', { minHeight: '1.4em', margin: '8px 0 0', fontSize: '14px' });
    status.setAttribute('role', 'status');
    status.setAttribute('aria-live', 'polite');

    var pay = button('Pay', { background: colour, color: '#ffffff' });
    var fail = button('Fail payment', { background: '#ffffff', color: '#b42318', borderColor: '#b42318' });

    [close, merchant, description, badge, amountLine, deliveryLabel, failedAfterLabel, status, pay, fail].forEach(
      function (node) {
        dialog.appendChild(node);
      },
    );
    overlay.appendChild(dialog);

    function showAmount(paise) {
      amountLine.textContent = paise ? money(paise) : '';
      pay.textContent = paise ? 'Pay ' + money(paise) : 'Pay';
    }
    showAmount(options.amount);

    var busy = false;
    var usable = true;
    function setBusy(value) {
      busy = value;
      pay.disabled = value || !usable;
      fail.disabled = value || !usable;
    }
    function say(text, isError) {
      status.textContent = text;
      status.style.color = isError ? '#b42318' : '#1f2933';
    }
    function unusable(text) {
      usable = false;
      setBusy(false);
      say(text, true);
      // A disabled button cannot keep the focus; the close button is what is left to do.
      if (document.activeElement === pay || document.activeElement === fail || document.activeElement === document.body)
        close.focus();
    }

    function attempt(outcome) {
      if (busy || !usable) return;
      setBusy(true);
      say(outcome === 'success' ? 'Processing payment\u2026' : 'Failing payment\u2026');
      var prefill = options.prefill || {};
      call('POST', '/checkout/orders/' + encodeURIComponent(orderId) + '/pay', {
        key: options.key,
        outcome: outcome,
        delivery: delivery.value,
        failed_after_success: failedAfter.checked,
        email: prefill.email,
        contact: prefill.contact,
        notes: options.notes,
        description: options.description,
      }).then(
        function (result) {
          if (!result.ok) {
            setBusy(false);
            say('Payment could not be processed: ' + errorText(result, 'the sandbox answered ' + result.status), true);
            return;
          }
          if (result.body.error) {
            setBusy(false);
            say('Payment failed. You can try again or close.', true);
            self.emit('payment.failed', result.body);
            return;
          }
          self.teardown();
          if (typeof options.handler === 'function') options.handler(result.body);
        },
        function () {
          setBusy(false);
          say('The Razorpay sandbox at ' + ORIGIN + ' cannot be reached.', true);
        },
      );
    }

    function dismiss() {
      if (busy) return;
      self.teardown();
      var modal = options.modal || {};
      if (typeof modal.ondismiss === 'function') modal.ondismiss();
    }

    pay.addEventListener('click', function () {
      attempt('success');
    });
    fail.addEventListener('click', function () {
      attempt('failure');
    });
    close.addEventListener('click', dismiss);
    dialog.addEventListener('keydown', function (event) {
      if (event.key === 'Escape' && !(options.modal && options.modal.escape === false)) {
        event.preventDefault();
        dismiss();
      } else if (event.key === 'Tab') {
        // Keeps keyboard focus inside the modal dialog.
        var items = Array.prototype.slice.call(dialog.querySelectorAll(FOCUSABLE));
        if (items.length === 0) return;
        var first = items[0];
        var last = items[items.length - 1];
        if (event.shiftKey && (document.activeElement === first || document.activeElement === dialog)) {
          event.preventDefault();
          last.focus();
        } else if (!event.shiftKey && document.activeElement === last) {
          event.preventDefault();
          first.focus();
        }
      }
    });

    this.view = { overlay: overlay, returnFocus: document.activeElement, bodyOverflow: document.body.style.overflow };
    document.body.appendChild(overlay);
    document.body.style.overflow = 'hidden';
    pay.focus();

    if (!orderId) {
      unusable('The sandbox needs an order_id: create the order with the Orders API first.');
      return this;
    }
    // The order's own amount is what is charged, whatever options.amount says (as on Razorpay).
    call('GET', '/checkout/orders/' + encodeURIComponent(orderId) + '?key_id=' + encodeURIComponent(options.key)).then(
      function (result) {
        if (!self.view || self.view.overlay !== overlay) return;
        if (!result.ok) return unusable(errorText(result, 'This order cannot be paid.'));
        showAmount(result.body.amount);
        if (result.body.status === 'paid') unusable('This order has already been paid.');
      },
      function () {
        if (self.view && self.view.overlay === overlay)
          unusable('The Razorpay sandbox at ' + ORIGIN + ' cannot be reached.');
      },
    );
    return this;
  };

  /** Removes the dialog (without calling modal.ondismiss). */
  Razorpay.prototype.close = function () {
    this.teardown();
  };

  Razorpay.prototype.teardown = function () {
    var view = this.view;
    if (!view) return;
    this.view = null;
    view.overlay.remove();
    document.body.style.overflow = view.bodyOverflow;
    if (view.returnFocus && typeof view.returnFocus.focus === 'function') view.returnFocus.focus();
  };

  window.Razorpay = Razorpay;
})();
