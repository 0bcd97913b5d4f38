// Playlists: the list, one playlist (rename, delete, reorder, remove), and the smart
// playlist editor with the live preview and the parser's error shown at the term.
import * as api from './api.js';
import { h, replace, button, link, field, debounce } from './dom.js';
import { trackList } from './tracks.js';

/** The user's playlists, with a form for a new one. */
export async function playlists(view, ctx) {
  const model = await api.viewModel('playlists');
  if (!ctx.isCurrent()) return;
  const l = ctx.labels;
  const error = h('p', { class: 'error', role: 'alert' });
  const name = h('input', { type: 'text', required: true, maxlength: '200', autocomplete: 'off' });
  const form = h('form', { class: 'inline', hidden: true, method: 'post', onsubmit: async (e) => {
    e.preventDefault();
    try {
      const created = await api.post('playlists', { name: name.value.trim(), freeze: false });
      ctx.navigate(`playlist/${created.id}`);
    } catch (err) {
      replace(error, err.message);
    }
  } }, field(l.playlistName, name, { hidden: true }), h('button', { type: 'submit', class: 'primary' }, l.save),
  button(l.cancel, () => { form.hidden = true; }));
  name.placeholder = l.playlistName;
  replace(view,
    h('div', { class: 'screen-head' }, h('h1', null, model.title),
      h('div', { class: 'head-actions' },
        button(l.newPlaylist, () => { form.hidden = false; name.focus(); }, { testid: 'playlist-new', class: 'primary' }),
        h('a', { href: '#/smart', class: 'button secondary', testid: 'smart-new' }, l.smartQuery))),
    form, error,
    model.playlists.length
      ? h('ul', { class: 'playlist-list' }, model.playlists.map((p) =>
        h('li', { testid: 'playlist-row' }, link(`playlist/${p.id}`,
          h('span', { class: 'playlist-name' }, p.name, p.smart ? h('span', { class: 'badge', title: l.smartQuery, 'aria-label': l.smartQuery }, '✦') : null),
          h('span', { class: 'card-sub' }, [p.summary, p.updated].filter(Boolean).join(' · '))))))
      : h('p', { class: 'empty' }, model.emptyText));
}

/** One playlist: play, rename, delete; a normal one's tracks move and go. */
export async function playlist(view, ctx, [id]) {
  const l = ctx.labels;
  const model = await api.viewModel('playlist', { id });
  if (!ctx.isCurrent()) return;
  const error = h('p', { class: 'error', role: 'alert' });
  const newName = h('input', { type: 'text', required: true, maxlength: '200', value: model.name });
  const renameForm = h('form', { class: 'inline', hidden: true, method: 'post', onsubmit: async (e) => {
    e.preventDefault();
    try {
      await api.post('playlists/rename', { name: model.name, newName: newName.value.trim() });
      await playlist(view, ctx, [id]);
    } catch (err) {
      replace(error, err.message);
    }
  } }, field(l.rename, newName, { hidden: true }), h('button', { type: 'submit', class: 'primary' }, l.save),
  button(l.cancel, () => { renameForm.hidden = true; }));
  const confirm = h('dialog', { class: 'picker' },
    h('p', null, `${l.delete}: ${model.name}?`),
    h('div', { class: 'dialog-actions' },
      button(l.cancel, () => confirm.close()),
      button(l.delete, async () => {
        try {
          await api.del('playlists', { name: model.name });
          confirm.close();
          ctx.navigate('playlists');
        } catch (err) {
          confirm.close();
          replace(error, err.message);
        }
      }, { class: 'danger' })));
  replace(view,
    h('header', { class: 'screen-head' },
      h('div', null, h('h1', null, model.title),
        h('p', { class: 'card-sub' }, model.summary),
        model.description ? h('p', null, model.description) : null,
        model.smart ? h('p', null, h('code', { class: 'query' }, model.query)) : null),
      h('div', { class: 'head-actions' },
        button(l.play, () => ctx.player.playList(model.tracks, 0), { class: 'primary', disabled: !model.tracks.length }),
        button(l.rename, () => { renameForm.hidden = false; newName.focus(); }, { class: 'secondary' }),
        model.smart ? h('a', { class: 'button secondary', href: `#/smart/${encodeURIComponent(model.query ?? '')}` }, l.smartQuery) : null,
        button(l.delete, () => confirm.showModal(), { class: 'danger' }))),
    renameForm, error, confirm,
    model.tracks.length
      ? trackList(model.tracks, ctx, { playlist: model.smart ? null : model.name, onChange: () => playlist(view, ctx, [id]) })
      : h('p', { class: 'empty' }, model.emptyText));
}

/** The smart playlist editor: a query, its live preview, and the parser's error at the term. */
export async function smart(view, ctx, [initial = '']) {
  const l = ctx.labels;
  const query = h('input', { type: 'text', class: 'query-input', spellcheck: 'false', autocomplete: 'off',
    value: initial, 'aria-describedby': 'query-echo query-error' });
  const name = h('input', { type: 'text', required: true, maxlength: '200' });
  const echo = h('p', { id: 'query-echo', class: 'query-echo', 'aria-hidden': 'true' });
  const problem = h('p', { id: 'query-error', class: 'error', role: 'alert', testid: 'query-error' });
  const summary = h('p', { class: 'card-sub', 'aria-live': 'polite' });
  const preview = h('div', { class: 'preview' });
  let asked = 0;
  const refresh = debounce(async () => {
    const ticket = ++asked;
    try {
      const model = await api.viewModel('smartpreview', { query: query.value });
      if (ticket !== asked || !ctx.isCurrent()) return;
      showError(model.valid ? null : model.error);
      summary.textContent = model.summary ?? '';
      replace(preview, model.tracks.length ? trackList(model.tracks, ctx) : null);
    } catch (e) {
      if (ticket === asked) showError({ message: e.message });
    }
  }, 250);
  function showError(error) {
    query.setAttribute('aria-invalid', String(!!error));
    problem.textContent = error?.message ?? '';
    if (!error || error.offset == null) return replace(echo);
    // offset and length count UTF-16 code units, as JavaScript's string indices do.
    const text = query.value;
    const end = error.offset + Math.max(error.length ?? 1, 1);
    replace(echo, text.slice(0, error.offset), h('mark', { testid: 'query-error-term' }, text.slice(error.offset, end) || ' '), text.slice(end));
  }
  const saveError = h('p', { class: 'error', role: 'alert' });
  const form = h('form', { class: 'smart-form', method: 'post', onsubmit: async (e) => {
    e.preventDefault();
    try {
      const created = await api.post('playlists', { name: name.value.trim(), rule: { query: query.value }, freeze: false });
      ctx.navigate(`playlist/${created.id}`);
    } catch (err) {
      replace(saveError, err.message);
    }
  } },
  field(l.smartQuery, query), echo, problem,
  field(l.playlistName, name),
  h('div', { class: 'head-actions' }, h('button', { type: 'submit', class: 'primary' }, l.create)), saveError);
  query.addEventListener('input', refresh);
  replace(view, h('h1', null, l.smartQuery), form, summary, preview);
  query.focus();
  if (initial) refresh();
}
