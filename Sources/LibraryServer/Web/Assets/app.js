// Kanora web app: sign-in, the shell (navigation, search, language, player) and the router.
// Every text, order and decision comes from the server's view models; this file only
// renders them, routes (#/album/7) and reacts.
import * as api from './api.js';
import { h, replace, button, field, debounce } from './dom.js';
import { Player } from './player.js';
import * as browse from './browse.js';
import * as lists from './playlists.js';
import * as admin from './admin.js';

const screens = {
  home: browse.home, albums: browse.albums, artists: browse.artists, album: browse.album,
  artist: browse.artist, search: browse.search, playlists: lists.playlists,
  playlist: lists.playlist, smart: lists.smart, doctor: admin.doctor,
  libraries: admin.libraries, users: admin.users,
};

const root = document.getElementById('root');
let app = null;
let player = null;
let cleanup = null;
let routeTicket = 0;
let signInLanguage = null;
let announce = () => {};

api.onSignedOut(() => { if (app) signIn(); });

/** Starts: the app when a session exists, else sign-in. */
async function boot() {
  try {
    await api.get('session');
  } catch (e) {
    return e.status === 401 ? signIn() : fatal(e);
  }
  await start();
}

function fatal(error) {
  replace(root, h('p', { class: 'error', role: 'alert' }, error.message));
  root.classList.remove('booting');
}

/** The sign-in screen, in the language chosen there (else the browser's). */
async function signIn() {
  app = null;
  player?.dispose();
  player = null;
  runCleanup();
  const headers = signInLanguage ? { 'Accept-Language': signInLanguage } : undefined;
  const model = await api.viewModel('signin', null, headers).catch((e) => fatal(e));
  if (!model) return;
  document.documentElement.lang = model.language;
  document.title = model.title;
  const user = h('input', { type: 'text', name: 'user', autocomplete: 'username', required: true, testid: 'login-user', autocapitalize: 'none' });
  const password = h('input', { type: 'password', name: 'password', autocomplete: 'current-password', required: true, testid: 'login-password' });
  const error = h('p', { class: 'error', role: 'alert' });
  const submit = h('button', { type: 'submit', class: 'primary', testid: 'login-submit' }, model.labels.submit);
  const language = languageSelect(model.languages, model.language, model.labels.language, (code) => { signInLanguage = code; signIn(); });
  const form = h('form', { class: 'signin', method: 'post', onsubmit: async (e) => {
    e.preventDefault();
    submit.disabled = true;
    try {
      await api.post('session', { user: user.value, password: password.value });
      if (signInLanguage) await api.put('me/language', { language: signInLanguage }).catch(() => {});
      await start();
    } catch (err) {
      error.textContent = err.message;
      password.select();
    } finally {
      submit.disabled = false;
    }
  } },
  h('div', { class: 'brand big', 'aria-hidden': 'true' }, h('span', { class: 'logo' }), 'Kanora'),
  h('h1', null, model.title),
  field(model.labels.user, user), field(model.labels.password, password), error, submit, language);
  root.className = '';
  replace(root, h('main', { class: 'signin-page' }, form));
  firstScreen();
  user.focus();
}

function languageSelect(languages, current, label, onchange) {
  const select = h('select', { testid: 'language', onchange: (e) => onchange(e.target.value) },
    languages.map((l) => h('option', { value: l.code, lang: l.code, selected: l.code === current }, l.name)));
  return field(label, select, { hidden: true });
}

/** Signed in: the app view model, the shell, the player, the current route. */
async function start() {
  app = await api.viewModel('app');
  document.documentElement.lang = app.language;
  shell();
  await player.restore().catch(() => {});
  route();
}

function shell() {
  const l = app.labels;
  const search = h('input', { type: 'search', testid: 'search', autocomplete: 'off', placeholder: l.search,
    value: currentRoute().name === 'search' ? currentRoute().args[0] ?? '' : '' });
  const go = debounce(() => {
    const target = `#/search/${encodeURIComponent(search.value)}`;
    if (currentRoute().name === 'search') history.replaceState(null, '', target);
    else history.pushState(null, '', target);
    route();
  }, 250);
  search.addEventListener('input', go);
  const status = h('div', { id: 'status', class: 'status', role: 'alert' });
  const nav = h('nav', { class: 'side', 'aria-label': l.menu },
    h('ul', null, app.navigation.map((n) => h('li', null, h('a', { href: `#/${n.screen}`, dataset: { screen: n.screen } }, n.label)))));
  const playerRoot = h('div', { class: 'player-root' });
  replace(root,
    h('header', { class: 'top' },
      h('a', { class: 'brand', href: '#/home' }, h('span', { class: 'logo', 'aria-hidden': 'true' }), 'Kanora'),
      h('form', { role: 'search', class: 'search', method: 'post', onsubmit: (e) => { e.preventDefault(); go(); } }, field(l.search, search, { hidden: true })),
      h('div', { class: 'account' },
        languageSelect(app.languages, app.language, l.language, changeLanguage),
        h('span', { class: 'user-name' }, app.user.name),
        button(l.signOut, signOut, { testid: 'signout', class: 'secondary small' }))),
    nav,
    h('main', { id: 'view', class: 'view', tabindex: '-1' }),
    status, playerRoot);
  root.className = 'shell';
  announce = (text) => { status.textContent = text ?? ''; if (text) setTimeout(() => { if (status.textContent === text) status.textContent = ''; }, 6000); };
  const previous = player;
  player = new Player(playerRoot, l, announce);
  if (previous) { // the language changed: the same queue, playing on where it was
    const { paused, currentTime } = previous.audio;
    previous.dispose();
    player.queue = previous.queue;
    if (previous.current) player.load(previous.index, !paused, currentTime);
  }
}

async function changeLanguage(code) {
  try {
    await api.put('me/language', { language: code });
    app = await api.viewModel('app');
    document.documentElement.lang = app.language;
    shell();
    route();
  } catch (e) {
    announce(e.message);
  }
}

async function signOut() {
  await api.del('session').catch(() => {});
  signIn();
}

function currentRoute() {
  const [path, ...rest] = location.hash.replace(/^#\/?/, '').split('/');
  return { name: path || 'home', args: rest.map(decodeURIComponent) };
}

function runCleanup() {
  try { cleanup?.(); } catch { /* a screen's cleanup must not stop the next */ }
  cleanup = null;
}

/** Renders the screen the hash names. */
async function route() {
  if (!app) return;
  runCleanup();
  const { name, args } = currentRoute();
  const view = document.getElementById('view');
  const ticket = ++routeTicket;
  const screen = screens[name] ?? screens.home;
  for (const a of document.querySelectorAll('nav.side a')) {
    if (a.dataset.screen === name) a.setAttribute('aria-current', 'page'); else a.removeAttribute('aria-current');
  }
  view.setAttribute('aria-busy', 'true');
  const ctx = {
    labels: app.labels, player, announce, user: app.user,
    isCurrent: () => ticket === routeTicket && app != null,
    navigate: (target) => { location.hash = `#/${target}`; },
  };
  try {
    const done = await screen(view, ctx, args);
    if (ctx.isCurrent()) cleanup = done ?? null; else done?.();
  } catch (e) {
    if (ctx.isCurrent()) replace(view, h('p', { class: 'error', role: 'alert' }, e.message));
  } finally {
    if (ticket === routeTicket) view.removeAttribute('aria-busy');
  }
  markPlaying();
  if (ctx.isCurrent()) firstScreen();
  if (ctx.isCurrent() && name !== 'search' && name !== 'smart') view.focus({ preventScroll: true });
  if (ctx.isCurrent()) document.title = `${view.querySelector('h1')?.textContent ?? ''} · Kanora`;
}

/** Marks the first screen rendered (scripts/bench-web reads it: navigation start to here). */
function firstScreen() {
  if (!performance.getEntriesByName('kanora:first-screen').length) performance.mark('kanora:first-screen');
}

/** Marks the rows of the playing track in whatever list is shown. */
function markPlaying() {
  const id = String(player?.current?.id ?? '');
  for (const row of document.querySelectorAll('[data-testid="track-row"]')) {
    row.classList.toggle('playing', row.dataset.id === id);
  }
}

addEventListener('kanora:track', markPlaying);
addEventListener('hashchange', route);
addEventListener('keydown', (e) => player?.keyboard(e));
addEventListener('pagehide', () => player?.flush());
boot();
