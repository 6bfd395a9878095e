/*
 * The help centre's "Report a problem" form (docs/help-centre.md): a small progressive enhancement
 * served by us. It asks whether the person is signed in (their reports, with the staff answers, are
 * listed below the form; signed out, a contact email is asked for), sends the report as JSON with the
 * CSRF header from the kyc_csrf cookie, and shows each error translated next to its field. Texts come
 * from the page's JSON element (#help-data); nothing is fetched from another origin.
 */
/* global document, window */
(function () {
  'use strict';
  var dataElement = document.getElementById('help-data');
  var form = document.getElementById('report-form');
  if (!dataElement || !form) return;
  var data = JSON.parse(dataElement.textContent || '{}');
  var texts = data.texts;
  var ENDPOINT_FILE = '/v3/public/help/support-requests';
  var ENDPOINT_MINE = '/v3/private/help/support-requests';
  /** Which field each ret_code is about (the others are shown above the button). */
  var FIELD_OF = { 52001: 'topic', 52002: 'message', 52003: 'email' };
  var signedIn = false;

  var byId = function (id) {
    return document.getElementById(id);
  };
  var fill = function (template, values) {
    return template.replace(/\{\{\s*(\w+)\s*\}\}/g, function (_, name) {
      return values[name] === undefined ? '' : String(values[name]);
    });
  };
  var dateText = function (ms) {
    return new Intl.DateTimeFormat(data.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
      new Date(ms),
    );
  };
  var errorText = function (code) {
    return data.errors[String(code)] || data.errors['10016'];
  };
  var csrfToken = function () {
    var match = /(?:^|;\s*)kyc_csrf=([^;]*)/.exec(document.cookie);
    return match ? decodeURIComponent(match[1]) : '';
  };

  function clearErrors() {
    ['topic', 'message', 'email'].forEach(function (name) {
      var control = byId('report-' + name);
      var error = byId('report-' + name + '-error');
      control.removeAttribute('aria-invalid');
      error.textContent = '';
      error.hidden = true;
    });
    byId('report-error').textContent = '';
  }

  function showError(code) {
    var field = FIELD_OF[code];
    if (field) {
      var control = byId('report-' + field);
      var error = byId('report-' + field + '-error');
      error.textContent = errorText(code);
      error.hidden = false;
      control.setAttribute('aria-invalid', 'true');
      control.focus();
    } else {
      byId('report-error').textContent = errorText(code);
    }
  }

  function element(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  /** The person's reports, newest first, each with its answer (text only: never parsed as HTML). */
  function renderMine(items) {
    var list = byId('report-mine-list');
    list.textContent = '';
    byId('report-mine-empty').hidden = items.length > 0;
    items.forEach(function (item) {
      var entry = element('li', 'help-mine__item');
      entry.id = 'report-' + item.id;
      var head = element('div', 'help-mine__head');
      head.appendChild(element('h3', 'help-mine__topic', texts.topics[item.topic] || item.topic));
      head.appendChild(
        element('span', 'help-mine__status help-mine__status--' + item.status, texts.status[item.status]),
      );
      entry.appendChild(head);
      entry.appendChild(
        element(
          'p',
          'help-mine__meta',
          fill(texts.reference, { id: item.id }) +
            ' · ' +
            fill(texts.filedAt, { date: dateText(item.createdAt) }),
        ),
      );
      entry.appendChild(element('p', 'help-mine__text', item.message));
      if (item.answer) {
        var answer = element('div', 'help-mine__answer');
        answer.appendChild(element('h4', '', texts.answer));
        answer.appendChild(element('p', 'help-mine__text', item.answer));
        answer.appendChild(
          element('p', 'help-mine__meta', fill(texts.answeredAt, { date: dateText(item.answeredAt) })),
        );
        entry.appendChild(answer);
      }
      list.appendChild(entry);
    });
    byId('report-mine').hidden = false;
  }

  function loadMine() {
    return fetch(ENDPOINT_MINE, { credentials: 'same-origin', headers: { accept: 'application/json' } })
      .then(function (response) {
        return response.json();
      })
      .then(function (envelope) {
        signedIn = envelope.ret_code === 0;
        byId('report-email-field').hidden = signedIn;
        byId('report-signed-in').hidden = !signedIn;
        if (signedIn) renderMine(envelope.result.items);
      })
      .catch(function () {
        byId('report-error').textContent = texts.loadFailed;
      });
  }

  form.addEventListener('submit', function (event) {
    event.preventDefault();
    clearErrors();
    byId('report-status').textContent = '';
    var submit = byId('report-submit');
    submit.disabled = true;
    submit.textContent = texts.sending;
    var body = {
      topic: byId('report-topic').value,
      message: byId('report-message').value,
      language: data.language,
    };
    if (!signedIn) body.email = byId('report-email').value;
    fetch(ENDPOINT_FILE, {
      method: 'POST',
      credentials: 'same-origin',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        'x-csrf-token': csrfToken(),
      },
      body: JSON.stringify(body),
    })
      .then(function (response) {
        return response.json();
      })
      .then(function (envelope) {
        if (envelope.ret_code !== 0) {
          showError(envelope.ret_code);
          return undefined;
        }
        var id = envelope.result.id;
        byId('report-status').textContent = signedIn
          ? fill(texts.sent, { id: id })
          : fill(texts.sentSignedOut, { id: id, email: body.email.trim() });
        form.reset();
        return signedIn ? loadMine() : undefined;
      })
      .catch(function () {
        showError(50016);
      })
      .then(function () {
        submit.disabled = false;
        submit.textContent = texts.submit;
      });
  });

  loadMine().then(function () {
    byId('report-submit').disabled = false;
  });
  window.addEventListener('pageshow', function (event) {
    if (event.persisted) loadMine();
  });
})();
