/*
 * A stand-in for https://apis.google.com/js/api.js (gapi) for journeys on a machine without internet.
 *
 * Google sign-in with the Firebase browser SDK against the Auth emulator needs gapi on two pages:
 * - the app's page, where the SDK (platform_browser/iframe/gapi.ts and iframe.ts of @firebase/auth) calls
 *   gapi.load('gapi.iframes', {callback, timeout, ontimeout}), then gapi.iframes.getContext().open({where, url,
 *   attributes, ...}, onOpen) to embed the emulator's helper iframe, and on the iframe it gets: restyle(), ping(),
 *   register('authEvent', handler) whose handler answers {status: 'ACK'}, and send('webStorageSupport', ...)
 *   whose callback reads replies[0].webStorageSupport;
 * - that helper iframe (GET /emulator/auth/iframe of firebase-tools), which runs window.gapi_onload, then
 *   gapi.iframes.getContext().getParentIframe() to register('webStorageSupport') and send('authEvent') to the app,
 *   expecting the app's replies as an array whose last item has status 'ACK'.
 * The popup (the emulator's account picker) posts the chosen account to the helper iframe itself; only the
 * app <-> helper iframe leg goes through gapi. This file implements just that surface over window.postMessage.
 * The same file serves both pages: each side talks to the other through a Channel bound to the other's window.
 *
 * Wire format: {gapiShim: 1, kind: 'call' | 'reply', id, type, data}. A call is answered by one reply carrying
 * [handler result]; a call whose type has no handler yet waits for its register() (the helper iframe announces its
 * auth event as soon as it loads, possibly before the SDK registered 'authEvent').
 */
(function () {
  'use strict';

  var MARK = 'gapiShim';
  /** Every Channel by the window it talks to, so an incoming message finds its channel by event.source. */
  var channels = [];
  var nextId = 1;

  function channelFor(peer) {
    for (var i = 0; i < channels.length; i++) if (channels[i].peer === peer) return channels[i];
    var channel = new Channel(peer);
    channels.push(channel);
    return channel;
  }

  /**
   * Runs a caller's callback; one that throws must not break the message loop. The SDK's webStorageSupport
   * callback always throws after reporting its answer (an internal-error assertion), which real gapi swallows too.
   */
  function safely(callback, value) {
    if (typeof callback !== 'function') return;
    try {
      callback(value);
    } catch (error) {
      console.debug('gapi shim: a callback threw', error);
    }
  }

  /**
   * One side of a connection to another window: the iframe object the SDK gets from open(), and the parent object
   * the helper iframe gets from getParentIframe(). Filters (CROSS_ORIGIN_IFRAMES_FILTER) are accepted and ignored:
   * each channel has exactly one peer.
   */
  function Channel(peer) {
    this.peer = peer;
    this.handlers = {};
    /** Calls that arrived before their type was registered, by type. */
    this.waiting = {};
    /** Reply callbacks by call id. */
    this.pending = {};
  }

  Channel.prototype.post = function (message) {
    message[MARK] = 1;
    this.peer.postMessage(message, '*');
  };

  /** Sends a call and resolves with the peer's replies (an array, as gapi hands them to callbacks). */
  Channel.prototype.call = function (type, data) {
    var self = this;
    var id = nextId++;
    return new Promise(function (resolve) {
      self.pending[id] = resolve;
      self.post({ kind: 'call', id: id, type: type, data: data });
    });
  };

  Channel.prototype.register = function (type, handler) {
    this.handlers[type] = handler;
    var queued = this.waiting[type] || [];
    delete this.waiting[type];
    for (var i = 0; i < queued.length; i++) this.answer(queued[i]);
  };

  Channel.prototype.send = function (type, data, callback) {
    return this.call(type, data).then(function (replies) {
      safely(callback, replies);
      return replies;
    });
  };

  /**
   * Resolves once the peer's shim answers. The iframe's document may not have loaded (or may still be the initial
   * about:blank one, which drops messages) when the SDK pings, so the ping is repeated until one is answered.
   */
  Channel.prototype.ping = function (callback) {
    var self = this;
    if (!this.ready) {
      this.ready = new Promise(function (resolve) {
        var answered = false;
        function attempt() {
          if (answered) return;
          self.call('__ping').then(function (replies) {
            if (answered) return;
            answered = true;
            resolve(replies);
          });
          setTimeout(attempt, 100);
        }
        attempt();
      });
    }
    return this.ready.then(function (replies) {
      safely(callback, replies);
      return replies;
    });
  };

  /** Styling the container only matters to Google's own widgets; the helper iframe stays hidden as created. */
  Channel.prototype.restyle = function (style, callback) {
    safely(callback, []);
    return Promise.resolve([]);
  };

  Channel.prototype.answer = function (message) {
    var self = this;
    if (message.type === '__ping') {
      self.post({ kind: 'reply', id: message.id, data: [true] });
      return;
    }
    var handler = this.handlers[message.type];
    if (!handler) {
      (this.waiting[message.type] = this.waiting[message.type] || []).push(message);
      return;
    }
    Promise.resolve()
      .then(function () {
        return handler(message.data);
      })
      .then(
        function (result) {
          self.post({ kind: 'reply', id: message.id, data: [result] });
        },
        function (error) {
          console.debug('gapi shim: a handler of ' + message.type + ' threw', error);
          self.post({ kind: 'reply', id: message.id, data: [{ status: 'ERROR' }] });
        },
      );
  };

  Channel.prototype.receive = function (message) {
    if (message.kind === 'call') {
      this.answer(message);
    } else if (message.kind === 'reply' && this.pending[message.id]) {
      var resolve = this.pending[message.id];
      delete this.pending[message.id];
      resolve(message.data);
    }
  };

  window.addEventListener('message', function (event) {
    var message = event.data;
    if (!message || typeof message !== 'object' || message[MARK] !== 1 || !event.source) return;
    channelFor(event.source).receive(message);
  });

  /** Creates the iframe element the way gapi does: `attributes.style` is a style object, the rest are attributes. */
  function embed(options) {
    var element = document.createElement('iframe');
    var attributes = options.attributes || {};
    Object.keys(attributes).forEach(function (name) {
      if (name === 'style' && typeof attributes.style === 'object') {
        Object.keys(attributes.style).forEach(function (property) {
          element.style[property] = attributes.style[property];
        });
      } else {
        element.setAttribute(name, String(attributes[name]));
      }
    });
    element.src = options.url;
    var where = options.where || document.body;
    if (!options.dontclear) where.textContent = '';
    where.appendChild(element);
    return element;
  }

  var context = {
    /** Embeds the iframe and resolves with what onOpen resolves (the SDK's onOpen pings and hands the iframe back). */
    open: function (options, onOpen) {
      var element = embed(options);
      var channel = channelFor(element.contentWindow);
      channel.element = element;
      return Promise.resolve(typeof onOpen === 'function' ? onOpen(channel) : channel);
    },
    getParentIframe: function () {
      return channelFor(window.parent);
    },
  };

  var iframes = {
    Iframe: Channel,
    CROSS_ORIGIN_IFRAMES_FILTER: function () {
      return true;
    },
    getContext: function () {
      return context;
    },
  };

  var gapi = (window.gapi = window.gapi || {});
  gapi.iframes = iframes;
  /** Every module is already here, so loading one just calls back (on a later turn, as a real load would). */
  gapi.load = function (modules, options) {
    var callback = typeof options === 'function' ? options : options && options.callback;
    setTimeout(function () {
      safely(callback);
    }, 0);
  };

  // api.js announces itself through ?onload=<global function> (the SDK's way) and window.gapi_onload (the helper
  // iframe's way).
  var script = document.currentScript;
  var onloadName = script && script.src ? new URL(script.src, location.href).searchParams.get('onload') : null;
  if (onloadName && typeof window[onloadName] === 'function') safely(window[onloadName]);
  if (typeof window.gapi_onload === 'function') safely(window.gapi_onload);
})();
