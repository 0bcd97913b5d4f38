// Doctor, and the administrators' screens: Libraries (scans and their live progress) and
// Users (their API keys: create, revoke; a new key is shown once).
import * as api from './api.js';
import { h, replace, button, field } from './dom.js';

/** The doctor's findings: a section per kind of problem, each item a path or album and what is wrong. */
export async function doctor(view, ctx) {
  const model = await api.viewModel('doctor');
  if (!ctx.isCurrent()) return;
  replace(view, h('h1', null, model.title), h('p', { class: 'lead' }, model.summary),
    model.sections.map((s) => h('section', { class: 'finding', 'aria-labelledby': `finding-${s.id}` },
      h('h2', { id: `finding-${s.id}` }, s.title),
      h('ul', { class: 'finding-list' }, s.items.map((item) => h('li', null,
        h('span', { class: 'subject' }, item.subject),
        item.detail ? h('span', { class: 'card-sub' }, item.detail) : null))))));
}

/**
 * Libraries: scan one or all. The progress region shows the view model's text (refetched on
 * every event of the change feed) and, while a scan this page started streams, a bar of the
 * files read out of those found (the stream's own progress lines).
 */
export async function libraries(view, ctx) {
  const progress = h('div', { testid: 'scan-progress', class: 'scan-progress', role: 'status', 'aria-live': 'polite', dataset: { running: 'false' } });
  const bar = h('progress', { max: '1', 'aria-hidden': 'true' });
  const list = h('ul', { class: 'library-list' });
  const heading = h('h1');
  const actions = h('div', { class: 'head-actions' });
  let model;
  let streaming = false;
  let fetching = null;
  let again = false;
  async function refresh() {
    if (fetching) { again = true; return; }
    fetching = api.viewModel('libraries').then((m) => { model = m; render(); }).catch((e) => ctx.announce(e.message));
    await fetching;
    fetching = null;
    if (again) { again = false; refresh(); }
  }
  async function scan(body) {
    try {
      const response = await fetch('/api/v1/scans', {
        method: 'POST', credentials: 'same-origin',
        headers: { 'Content-Type': 'application/json', 'X-Kanora-Request': '1', Accept: 'application/x-ndjson' },
        body: JSON.stringify(body),
      });
      if (!response.ok) throw new Error((await response.json().catch(() => null))?.error?.message ?? response.statusText);
      streaming = true;
      bar.removeAttribute('value');
      render();
      refresh();
      await readLines(response, (line) => {
        if (line.progress?.found) bar.value = Math.min(1, line.progress.read / line.progress.found);
        if (line.error) ctx.announce(line.error.message);
      });
    } catch (e) {
      ctx.announce(e.message);
    } finally {
      streaming = false;
      refresh();
    }
  }
  function render() {
    if (!ctx.isCurrent() || !model) return;
    const running = model.scan.running || streaming;
    heading.textContent = model.title;
    replace(actions, button(model.labels.scanAll, () => scan({}), { class: 'primary', disabled: running }));
    replace(list, model.libraries.map((lib) => h('li', null,
      h('div', null, h('strong', null, lib.name), h('span', { class: 'card-sub path' }, lib.path), h('span', { class: 'card-sub summary' }, lib.summary)),
      button(model.labels.scan, () => scan({ library: lib.name }), { class: 'secondary', disabled: running, 'aria-label': `${model.labels.scan}: ${lib.name}` }))));
    if (model.scan.fraction != null) bar.value = model.scan.fraction;
    progress.dataset.running = String(running);
    replace(progress, h('span', null, model.scan.text), running ? bar : null);
  }
  model = await api.viewModel('libraries'); // a refusal (403) shows in the view
  if (!ctx.isCurrent()) return;
  render();
  replace(view, h('div', { class: 'screen-head' }, heading, actions), progress, list);
  const events = new EventSource('/api/v1/events');
  for (const kind of ['scanProgress', 'tracksChanged', 'librariesChanged']) events.addEventListener(kind, () => refresh());
  return () => events.close();
}

/** Reads a streamed NDJSON body, one parsed object a line (empty keep-alive lines skipped). */
async function readLines(response, onLine) {
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffered += value;
    const lines = buffered.split('\n');
    buffered = lines.pop();
    for (const line of lines) if (line.trim()) onLine(JSON.parse(line));
  }
}

/** Users and their API keys; an administrator's own new key is shown once. */
export async function users(view, ctx, _args, fresh = null) {
  const model = await api.viewModel('users');
  if (!ctx.isCurrent()) return;
  const l = model.labels;
  const error = h('p', { class: 'error', role: 'alert' });
  const label = h('input', { type: 'text', maxlength: '100', autocomplete: 'off' });
  const form = h('form', { class: 'inline', method: 'post', onsubmit: async (e) => {
    e.preventDefault();
    try {
      const created = await api.post('keys', { label: label.value.trim() || null });
      await users(view, ctx, _args, created.key);
    } catch (err) {
      replace(error, err.message);
    }
  } }, field(l.keyLabel, label), h('button', { type: 'submit', class: 'primary' }, l.newKey));
  const revoke = async (user, key) => {
    try {
      await api.del('users/keys', { name: user.name, id: key.id });
      await users(view, ctx, _args);
    } catch (err) {
      replace(error, err.message);
    }
  };
  replace(view, h('h1', null, model.title), form,
    fresh ? h('div', { class: 'new-key', role: 'status' }, h('strong', null, l.newKey), h('code', { testid: 'new-key' }, fresh)) : null,
    error,
    h('ul', { class: 'user-list' }, model.users.map((user) => h('li', { testid: 'user-row' },
      h('h2', null, user.name, h('span', { class: 'badge' }, user.role)),
      user.keys.length ? h('table', { class: 'keys' },
        h('caption', { class: 'sr-only' }, `${l.keys}: ${user.name}`),
        h('thead', null, h('tr', null, h('th', { scope: 'col' }, l.keyLabel), h('th', { scope: 'col' }, l.created), h('th', null, h('span', { class: 'sr-only' }, l.revoke)))),
        h('tbody', null, user.keys.map((key) => h('tr', null,
          h('td', null, key.label), h('td', null, key.created),
          h('td', null, button(l.revoke, () => revoke(user, key), { class: 'danger small', 'aria-label': `${l.revoke}: ${key.label}` }))))))
        : h('p', { class: 'card-sub' }, l.noKeys)))));
}
