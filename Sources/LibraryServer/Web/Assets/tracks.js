// Track lists: a row per view-model track, with play, star, add to playlist, and (in a
// playlist) move, remove and drag to reorder.
import * as api from './api.js';
import { h, button, link, replace } from './dom.js';

/**
 * A list of track rows. `ctx` is the app context (labels, player, announce). Options:
 * `playlist` (its name: rows get move/remove and drag), `onChange` (after an edit).
 */
export function trackList(tracks, ctx, { playlist = null, onChange = () => {}, showAlbum = true } = {}) {
  const l = ctx.labels;
  let dragged = null;
  const edit = async (path, body) => {
    try {
      await api.post(path, { name: playlist, ...body });
      await onChange();
    } catch (e) {
      ctx.announce(e.message);
    }
  };
  const rows = tracks.map((track, i) => {
    const position = track.position ?? i + 1;
    const star = button(track.starred ? l.unstar : l.star, async () => {
      const starred = star.getAttribute('aria-pressed') !== 'true';
      try {
        await api.post('star', { trackIDs: [track.id], albumIDs: [], artistIDs: [], starred });
        track.starred = starred;
        star.setAttribute('aria-pressed', String(starred));
        star.setAttribute('aria-label', starred ? l.unstar : l.star);
        star.title = starred ? l.unstar : l.star;
      } catch (e) {
        ctx.announce(e.message);
      }
    }, { icon: 'star', testid: 'star', class: 'icon star', 'aria-pressed': String(!!track.starred) });
    const li = h('li', { testid: 'track-row', class: track.streamURL ? 'track' : 'track unplayable', dataset: { id: String(track.id) } },
      h('span', { class: 'number' }, playlist ? String(position) : track.number ?? ''),
      button(`${l.play}: ${track.title}`, () => ctx.player.playList(tracks, i), { icon: 'play', testid: 'play', class: 'icon row-play', disabled: !track.streamURL }),
      h('span', { class: 'what' },
        h('span', { class: 'title' }, track.title),
        h('span', { class: 'sub' },
          track.artistID != null ? link(`artist/${track.artistID}`, track.artist) : track.artist,
          showAlbum && track.album ? [' · ', track.albumID != null ? link(`album/${track.albumID}`, track.album) : track.album] : null),
        track.streamURL ? null : h('span', { class: 'note' }, track.note)),
      h('span', { class: 'duration' }, track.duration),
      h('span', { class: 'actions' },
        star,
        button(l.addToPlaylist, () => addToPlaylist([track.id], ctx), { icon: 'plus' }),
        playlist ? [
          button(l.moveUp, () => edit('playlists/move', { from: position, to: position - 1 }), { icon: 'up', disabled: i === 0, class: 'icon move-up' }),
          button(l.moveDown, () => edit('playlists/move', { from: position, to: position + 1 }), { icon: 'down', disabled: i === tracks.length - 1, class: 'icon move-down' }),
          button(l.remove, () => edit('playlists/remove', { positions: [position] }), { icon: 'close', class: 'icon remove' }),
        ] : null));
    if (playlist) {
      li.draggable = true;
      li.addEventListener('dragstart', (e) => { dragged = position; li.classList.add('dragging'); e.dataTransfer.effectAllowed = 'move'; });
      li.addEventListener('dragend', () => li.classList.remove('dragging'));
      li.addEventListener('dragover', (e) => { e.preventDefault(); li.classList.add('drop'); });
      li.addEventListener('dragleave', () => li.classList.remove('drop'));
      li.addEventListener('drop', (e) => {
        e.preventDefault();
        li.classList.remove('drop');
        if (dragged != null && dragged !== position) edit('playlists/move', { from: dragged, to: position });
        dragged = null;
      });
    }
    return li;
  });
  return h('ol', { class: playlist ? 'tracks editable' : 'tracks' }, rows);
}

/** The dialog that adds tracks to one of the user's playlists (or a new one). */
export async function addToPlaylist(trackIDs, ctx) {
  const l = ctx.labels;
  let model;
  try {
    model = await api.viewModel('playlists');
  } catch (e) {
    return ctx.announce(e.message);
  }
  const dialog = h('dialog', { class: 'picker', 'aria-label': l.addToPlaylist });
  const add = async (name, create) => {
    try {
      if (create) await api.post('playlists', { name, freeze: false });
      await api.post('playlists/add', { name, trackIDs });
      dialog.close();
      ctx.announce(`${l.addToPlaylist}: ${name}`);
    } catch (e) {
      replace(error, e.message);
    }
  };
  const error = h('p', { class: 'error', role: 'alert' });
  const newName = h('input', { type: 'text', required: true, maxlength: '200', 'aria-label': l.newPlaylist, placeholder: l.newPlaylist });
  dialog.append(
    h('h2', null, l.addToPlaylist),
    h('ul', { class: 'picker-list' }, model.playlists.filter((p) => !p.smart).map((p) =>
      h('li', null, button(p.name, () => add(p.name, false))))),
    h('form', { method: 'dialog', class: 'inline', onsubmit: (e) => { e.preventDefault(); if (newName.value.trim()) add(newName.value.trim(), true); } },
      newName, h('button', { type: 'submit' }, l.save)),
    error,
    h('div', { class: 'dialog-actions' }, button(l.cancel, () => dialog.close())));
  dialog.addEventListener('close', () => dialog.remove());
  document.body.append(dialog);
  dialog.showModal();
}
