// Browsing screens: Home, Albums, Artists, Album, Artist and Search, each one view model.
import * as api from './api.js';
import { h, replace, button, link, cover } from './dom.js';
import { trackList, addToPlaylist } from './tracks.js';

/** An album in a grid: its cover, name and artist, and a play button. */
export function albumCard(album, ctx) {
  return h('li', { testid: 'album-card', class: 'album-card' },
    h('a', { href: `#/album/${album.id}`, class: 'card-link' },
      cover(album.coverURL, album.name),
      h('span', { class: 'card-name' }, album.name),
      h('span', { class: 'card-sub' }, [album.artist, album.year].filter(Boolean).join(' · '))),
    button(`${ctx.labels.play}: ${album.name}`, () => playAlbum(album.id, ctx), { icon: 'play', class: 'icon card-play' }));
}

async function playAlbum(id, ctx) {
  try {
    const album = await api.viewModel('album', { id });
    ctx.player.playList(album.tracks, 0);
  } catch (e) {
    ctx.announce(e.message);
  }
}

function grid(albums, ctx) {
  return h('ul', { class: 'album-grid' }, albums.map((a) => albumCard(a, ctx)));
}

function artistList(artists) {
  return h('ul', { class: 'artist-list' }, artists.map((a) =>
    h('li', null, link(`artist/${a.id}`, h('span', { class: 'artist-name' }, a.name), h('span', { class: 'card-sub' }, a.summary)))));
}

/** Home: recently added, played, most played, random and starred albums. */
export async function home(view, ctx) {
  const model = await api.viewModel('home');
  if (!ctx.isCurrent()) return;
  replace(view, h('h1', null, model.title),
    model.sections.filter((s) => s.albums.length).map((section) =>
      h('section', { class: 'shelf', 'aria-labelledby': `shelf-${section.id}` },
        h('h2', { id: `shelf-${section.id}` }, section.title),
        h('ul', { class: 'album-row' }, section.albums.map((a) => albumCard(a, ctx))))),
    model.sections.every((s) => !s.albums.length) ? h('p', { class: 'empty' }, ctx.labels.empty) : null);
}

/** Albums: a sorted grid, the next page fetched as its end comes into view. */
export async function albums(view, ctx, [sort]) {
  let model = await api.viewModel('albums', { sort, offset: 0 });
  if (!ctx.isCurrent()) return;
  const list = grid(model.albums, ctx);
  const select = h('select', { id: 'album-sort', 'aria-label': model.title, onchange: (e) => ctx.navigate(`albums/${e.target.value}`) },
    model.sorts.map((s) => h('option', { value: s.value, selected: s.selected }, s.label)));
  const more = h('p', { class: 'more', 'aria-hidden': 'true' }, ctx.labels.loading);
  let loading = false;
  async function loadMore() {
    if (loading || model.nextOffset == null) return;
    loading = true;
    try {
      const selected = model.sorts.find((s) => s.selected)?.value;
      model = await api.viewModel('albums', { sort: selected, offset: model.nextOffset });
      list.append(...model.albums.map((a) => albumCard(a, ctx)));
      more.hidden = model.nextOffset == null;
    } catch (e) {
      ctx.announce(e.message);
    } finally {
      loading = false;
      observer.unobserve(more);
      if (model.nextOffset != null) observer.observe(more);
    }
  }
  more.hidden = model.nextOffset == null;
  replace(view,
    h('div', { class: 'screen-head' }, h('h1', null, model.title),
      select),
    list, more);
  const observer = new IntersectionObserver((entries) => {
    if (entries.some((e) => e.isIntersecting)) loadMore();
  }, { rootMargin: '600px' });
  observer.observe(more);
  return () => observer.disconnect();
}

/** Artists A-Z, with a bar of letters that jump to their group. */
export async function artists(view, ctx) {
  const model = await api.viewModel('artists');
  if (!ctx.isCurrent()) return;
  const groups = model.groups.map((g, i) =>
    h('section', { class: 'letter-group', id: `letter-${i}`, 'aria-labelledby': `letter-h-${i}` },
      h('h2', { id: `letter-h-${i}`, tabindex: '-1' }, g.letter), artistList(g.artists)));
  replace(view, h('h1', null, model.title),
    h('nav', { class: 'letters', 'aria-label': model.title }, model.groups.map((g, i) =>
      button(g.letter, () => { const head = document.getElementById(`letter-h-${i}`); head.scrollIntoView(); head.focus(); }))),
    groups.length ? groups : h('p', { class: 'empty' }, model.emptyText));
}

/** One album: cover, facts, play, star, add to playlist, its tracks. */
export async function album(view, ctx, [id]) {
  const model = await api.viewModel('album', { id });
  if (!ctx.isCurrent()) return;
  const l = ctx.labels;
  const star = button(model.starred ? l.unstar : l.star, async () => {
    const starred = star.getAttribute('aria-pressed') !== 'true';
    try {
      await api.post('star', { trackIDs: [], albumIDs: [Number(id)], artistIDs: [], starred });
      star.setAttribute('aria-pressed', String(starred));
      star.textContent = starred ? l.unstar : l.star;
    } catch (e) {
      ctx.announce(e.message);
    }
  }, { 'aria-pressed': String(!!model.starred), class: 'secondary' });
  replace(view,
    h('header', { class: 'hero' },
      cover(model.coverURL, model.title, 'large'),
      h('div', { class: 'hero-text' },
        h('h1', null, model.title),
        h('p', { class: 'hero-artist' }, model.artistID != null ? link(`artist/${model.artistID}`, model.artist) : model.artist),
        h('p', { class: 'card-sub' }, [model.year, model.summary].filter(Boolean).join(' · ')),
        h('div', { class: 'hero-actions' },
          button(l.play, () => ctx.player.playList(model.tracks, 0), { testid: 'play', class: 'primary' }),
          button(l.shuffle, () => { ctx.player.playList(model.tracks, 0); ctx.player.toggleShuffle(); }, { class: 'secondary' }),
          star,
          button(l.addToPlaylist, () => addToPlaylist(model.tracks.map((t) => t.id), ctx), { class: 'secondary' })))),
    trackList(model.tracks, ctx, { showAlbum: false }));
}

/** One artist: its albums. */
export async function artist(view, ctx, [id]) {
  const model = await api.viewModel('artist', { id });
  if (!ctx.isCurrent()) return;
  replace(view, h('h1', null, model.title), h('p', { class: 'card-sub' }, model.summary), grid(model.albums, ctx));
}

/** Search results for the header's search field (typed text, debounced by the shell). */
export async function search(view, ctx, [query = '']) {
  const model = await api.viewModel('search', { query });
  if (!ctx.isCurrent()) return;
  const section = (title, content) => h('section', null, h('h2', null, title), content);
  const l = model.labels;
  const empty = !model.artists.length && !model.albums.length && !model.tracks.length;
  replace(view, h('h1', null, model.title),
    empty ? h('p', { class: 'empty' }, model.emptyText) : [
      model.artists.length ? section(l.artists, artistList(model.artists)) : null,
      model.albums.length ? section(l.albums, grid(model.albums, ctx)) : null,
      model.tracks.length ? section(l.tracks, trackList(model.tracks, ctx)) : null,
    ]);
}
