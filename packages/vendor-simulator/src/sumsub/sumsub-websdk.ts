/**
 * The simulated Sumsub WebSDK (docs.sumsub.com/docs/web-sdk): a script that defines window.snsWebSdk
 * with the builder Sumsub publishes —
 *
 *   snsWebSdk.init(accessToken, expirationHandler).withConf({ lang }).withOptions({ … })
 *     .on('idCheck.onApplicantSubmitted', cb).build().launch('#sumsub-websdk-container')
 *
 * — which frames the simulator's hosted page and turns its postMessage ({source: 'kyc-vendor-simulator',
 * event: 'submitted'}) into the SDK's idCheck.onApplicantSubmitted and idCheck.onApplicantStatusChanged
 * events. The script is a file the page loads (no inline script: CSP script-src 'self').
 */
export function webSdkScript(publicBase: string): string {
  return `// Simulated Sumsub WebSDK builder (kyc vendor simulator).
(function () {
  'use strict';
  var BASE = ${JSON.stringify(`${publicBase}/sumsub`)};
  var ORIGIN = new URL(BASE, window.location.href).origin;

  function Builder(accessToken, expirationHandler) {
    this.accessToken = accessToken;
    this.expirationHandler = expirationHandler;
    this.conf = {};
    this.options = {};
    this.handlers = {};
  }
  Builder.prototype.withConf = function (conf) { this.conf = conf || {}; return this; };
  Builder.prototype.withOptions = function (options) { this.options = options || {}; return this; };
  Builder.prototype.on = function (event, handler) {
    (this.handlers[event] = this.handlers[event] || []).push(handler);
    return this;
  };
  Builder.prototype.onMessage = function (handler) { this.messageHandler = handler; return this; };
  Builder.prototype.build = function () { return new Instance(this); };

  function Instance(builder) { this.b = builder; this.frame = null; this.listener = null; }
  Instance.prototype.emit = function (event, payload) {
    var list = this.b.handlers[event] || [];
    for (var i = 0; i < list.length; i++) list[i](payload);
    if (this.b.messageHandler) this.b.messageHandler(event, payload);
  };
  Instance.prototype.launch = function (target) {
    var host = typeof target === 'string' ? document.querySelector(target) : target;
    if (!host) throw new Error('snsWebSdk: no element ' + target);
    var lang = this.b.conf.lang || 'en';
    var frame = document.createElement('iframe');
    frame.src = BASE + '/websdk/flow?accessToken=' + encodeURIComponent(this.b.accessToken) +
      '&lang=' + encodeURIComponent(lang);
    frame.title = 'Sumsub identity verification';
    frame.setAttribute('allow', 'camera');
    frame.setAttribute('width', '100%');
    frame.style.width = '100%';
    frame.style.minHeight = '640px';
    frame.style.border = '0';
    var self = this;
    frame.addEventListener('load', function () { self.emit('idCheck.onReady', {}); });
    this.listener = function (message) {
      var data = message.data;
      if (message.origin !== ORIGIN || message.source !== frame.contentWindow) return;
      if (!data || data.source !== 'kyc-vendor-simulator' || data.event !== 'submitted') return;
      self.emit('idCheck.onApplicantSubmitted', {});
      self.emit('idCheck.onApplicantStatusChanged', { reviewStatus: 'pending' });
    };
    window.addEventListener('message', this.listener);
    host.replaceChildren(frame);
    this.frame = frame;
    return this;
  };
  Instance.prototype.destroy = function () {
    if (this.listener) window.removeEventListener('message', this.listener);
    if (this.frame) this.frame.remove();
    this.frame = null;
  };

  window.snsWebSdk = {
    init: function (accessToken, expirationHandler) { return new Builder(accessToken, expirationHandler); },
  };
})();
`;
}
