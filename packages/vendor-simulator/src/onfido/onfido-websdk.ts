/**
 * The simulated Onfido Web SDK (docs/providers-onfido.md "The simulator"): the script a page loads in
 * place of sdk.onfido.com's. It defines what our web app calls of the real SDK, `Onfido.init({ token,
 * containerId, workflowRunId, language, onComplete, onError, onUserExit })` answering a handle with
 * `tearDown()`, and shows the simulator's hosted flow in an iframe. The hosted page posts
 * {source: 'kyc-vendor-simulator', event: 'submitted'} when the person submits; that becomes onComplete.
 */

/** The script's text, with the simulator's public address baked in (no inline script on the pages). */
export function onfidoWebSdkScript(publicBase: string): string {
  return `/* Onfido Web SDK - kyc vendor simulator stand-in */
(function () {
  'use strict';
  var BASE = ${JSON.stringify(publicBase)};
  var ORIGIN = new URL(BASE, window.location.href).origin;
  function languageOf(language) {
    if (typeof language === 'string' && language) return language;
    if (language && typeof language.locale === 'string') return language.locale;
    return 'en';
  }
  function init(options) {
    options = options || {};
    var containerId = options.containerId || 'onfido-mount';
    var container = document.getElementById(containerId);
    if (!container) throw new Error('Onfido: no element with id "' + containerId + '"');
    var frame = document.createElement('iframe');
    frame.title = 'Onfido identity verification';
    frame.setAttribute('allow', 'camera');
    frame.style.width = '100%';
    frame.style.minHeight = '640px';
    frame.style.border = '0';
    frame.src = BASE + '/onfido/websdk/flow?token=' + encodeURIComponent(options.token || '') +
      '&workflowRunId=' + encodeURIComponent(options.workflowRunId || '') +
      '&lang=' + encodeURIComponent(languageOf(options.language));
    frame.addEventListener('error', function () {
      if (typeof options.onError === 'function') options.onError({ type: 'exception', message: 'flow not loaded' });
    });
    container.appendChild(frame);
    function onMessage(event) {
      if (event.origin !== ORIGIN || event.source !== frame.contentWindow) return;
      var data = event.data || {};
      if (data.source !== 'kyc-vendor-simulator' || data.vendor !== 'onfido') return;
      if (data.event === 'submitted' && typeof options.onComplete === 'function') options.onComplete({});
      if (data.event === 'closed' && typeof options.onUserExit === 'function') options.onUserExit('USER_CONSENT_DENIED');
    }
    window.addEventListener('message', onMessage);
    return {
      setOptions: function (next) { Object.assign(options, next || {}); },
      tearDown: function () {
        window.removeEventListener('message', onMessage);
        if (frame.parentNode) frame.parentNode.removeChild(frame);
      }
    };
  }
  window.Onfido = { init: init };
})();
`;
}
