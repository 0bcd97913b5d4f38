// The player: one <audio> element, a queue of the view models' track rows, the OS media keys,
// now-playing and scrobbles, and the queue kept on the server (the play queue Subsonic shares).
import * as api from './api.js';
import { h, replace, button } from './dom.js';
import { queueView } from './queue.js';
import { setIcon } from './icons.js';

const SAVE_EVERY_SECONDS = 15;

/** The player bar and its queue; `labels` are the app view model's. */
export class Player {
  constructor(root, labels, announce) {
    this.labels = labels;
    this.announce = announce;
    this.queue = [];
    this.index = -1;
    this.unshuffled = null;
    this.repeat = 'off';
    this.scrobbled = { now: false, played: false };
    this.savedPosition = 0;
    this.audio = h('audio', { testid: 'player-audio', preload: 'metadata' });
    this.audio.volume = Number(localStorage.getItem('kanora.volume') ?? 1);
    this.build(root);
    this.listen();
    this.mediaSession();
  }

  /** The current track row, if any. */
  get current() {
    return this.queue[this.index] ?? null;
  }

  /** Replaces the queue with `tracks` and plays from `start`. */
  playList(tracks, start = 0) {
    this.queue = tracks.slice();
    this.unshuffled = null;
    this.shuffleButton.setAttribute('aria-pressed', 'false');
    this.load(start, true);
    this.changed();
  }

  /** Adds tracks at the end of the queue. */
  enqueue(tracks) {
    this.queue.push(...tracks);
    if (this.unshuffled) this.unshuffled.push(...tracks);
    if (this.index < 0) this.load(0, false);
    this.changed();
  }

  /** Plays the next playable track (wrapping when repeating everything). */
  next() {
    this.step(1);
  }

  /** Restarts the track after three seconds in, else plays the one before. */
  previous() {
    if (this.audio.currentTime > 3) this.audio.currentTime = 0;
    else this.step(-1);
  }

  step(direction) {
    for (let n = 1; n <= this.queue.length; n++) {
      let i = this.index + direction * n;
      if (i < 0 || i >= this.queue.length) {
        if (this.repeat !== 'all') break;
        i = (i + this.queue.length) % this.queue.length;
      }
      if (this.queue[i].streamURL) return this.load(i, true);
    }
    this.audio.pause();
  }

  toggle() {
    if (!this.current) return;
    if (this.audio.paused) this.audio.play().catch((e) => this.announce(e.message));
    else this.audio.pause();
  }

  seek(seconds) {
    if (!this.current || !Number.isFinite(this.audio.duration)) return;
    this.audio.currentTime = Math.max(0, Math.min(this.audio.duration, seconds));
  }

  setVolume(volume) {
    this.audio.volume = Math.max(0, Math.min(1, volume));
  }

  /** Moves a queue entry (0-based), keeping the playing track playing. */
  move(from, to) {
    if (to < 0 || to >= this.queue.length || from === to) return;
    const playing = this.current;
    const [track] = this.queue.splice(from, 1);
    this.queue.splice(to, 0, track);
    this.index = this.queue.indexOf(playing);
    this.changed();
  }

  removeAt(i) {
    const playing = this.current;
    this.queue.splice(i, 1);
    if (i === this.index) {
      this.audio.pause();
      this.index = Math.min(i, this.queue.length - 1);
      if (this.index >= 0) this.load(this.index, false);
      else this.clear();
    } else {
      this.index = this.queue.indexOf(playing);
    }
    this.changed();
  }

  clear() {
    this.queue = [];
    this.index = -1;
    this.unshuffled = null;
    this.audio.removeAttribute('src');
    this.audio.load();
    this.nowPlaying();
    this.changed();
  }

  /** Shuffles what follows the playing track; off restores the order it had. */
  toggleShuffle() {
    const playing = this.current;
    if (this.unshuffled) {
      this.queue = this.unshuffled;
      this.unshuffled = null;
    } else {
      this.unshuffled = this.queue.slice();
      const rest = this.queue.filter((t) => t !== playing);
      for (let i = rest.length - 1; i > 0; i--) {
        const j = Math.floor(Math.random() * (i + 1));
        [rest[i], rest[j]] = [rest[j], rest[i]];
      }
      this.queue = playing ? [playing, ...rest] : rest;
    }
    this.index = this.queue.indexOf(playing);
    this.shuffleButton.setAttribute('aria-pressed', String(!!this.unshuffled));
    this.changed();
  }

  /** Repeat cycles off, all, one. */
  cycleRepeat() {
    this.repeat = { off: 'all', all: 'one', one: 'off' }[this.repeat];
    this.repeatButton.setAttribute('aria-pressed', String(this.repeat !== 'off'));
    this.repeatButton.dataset.mode = this.repeat;
    this.audio.loop = this.repeat === 'one';
  }

  load(i, autoplay, position = 0) {
    const track = this.queue[i];
    if (!track) return;
    this.index = i;
    this.scrobbled = { now: false, played: false };
    if (!track.streamURL) {
      this.nowPlaying(track.note);
      return autoplay ? this.step(1) : undefined;
    }
    this.audio.src = track.streamURL;
    if (position > 0) this.audio.currentTime = position;
    this.nowPlaying();
    if (autoplay) this.audio.play().catch((e) => this.announce(e.message));
    this.save();
  }

  nowPlaying(note) {
    const t = this.current;
    replace(this.titleLine, t ? h('strong', null, t.title) : '', t ? h('span', null, t.artist) : '');
    this.noteLine.textContent = note ?? '';
    if ('mediaSession' in navigator) {
      navigator.mediaSession.metadata = t ? new MediaMetadata({ title: t.title, artist: t.artist, album: t.album }) : null;
    }
    this.queuePanel?.render();
    dispatchEvent(new CustomEvent('kanora:track', { detail: t?.id ?? null }));
  }

  changed() {
    this.queuePanel?.render();
    this.save();
  }

  /** Keeps the queue on the server (debounced to one request per burst of changes). */
  save() {
    if (this.saving) return;
    this.saving = Promise.resolve().then(() => {
      this.saving = null;
      this.savedPosition = this.audio.currentTime || 0;
      return api.put('playqueue', {
        trackIDs: this.queue.map((t) => t.id),
        current: this.current?.id ?? null,
        position: this.savedPosition,
      }).catch(() => {});
    });
  }

  /** Restores the queue the server kept (paused, at its position). */
  async restore() {
    const kept = await api.get('playqueue').catch(() => null);
    if (!kept?.trackIDs?.length) return;
    const { tracks } = await api.viewModel('queue', { ids: kept.trackIDs.join(',') });
    this.queue = tracks;
    const i = Math.max(0, tracks.findIndex((t) => t.id === kept.current));
    this.load(i, false, kept.position ?? 0);
    this.queuePanel?.render();
  }

  scrobble(submission) {
    if (this.current) api.post('scrobble', { trackID: this.current.id, submission }).catch(() => {});
  }

  listen() {
    const a = this.audio;
    a.addEventListener('playing', () => {
      this.playButton.setAttribute('aria-label', this.labels.pause);
      setIcon(this.playButton, 'pause');
      if (!this.scrobbled.now) { this.scrobbled.now = true; this.scrobble(false); }
    });
    a.addEventListener('pause', () => {
      this.playButton.setAttribute('aria-label', this.labels.play);
      setIcon(this.playButton, 'play');
      this.save();
    });
    a.addEventListener('ended', () => this.next());
    a.addEventListener('error', () => { if (this.current && a.getAttribute('src')) this.announce(this.current.note ?? a.error?.message ?? ''); });
    a.addEventListener('volumechange', () => {
      this.volume.value = String(a.volume);
      localStorage.setItem('kanora.volume', String(a.volume));
    });
    a.addEventListener('durationchange', () => { this.seekBar.max = String(Math.floor(a.duration || 0)); });
    a.addEventListener('timeupdate', () => {
      const t = a.currentTime;
      this.seekBar.value = String(Math.floor(t));
      this.time.textContent = `${clock(t)} / ${clock(a.duration)}`;
      const half = Math.min((a.duration || Infinity) / 2, 240);
      if (!this.scrobbled.played && t >= half) { this.scrobbled.played = true; this.scrobble(true); }
      if (Math.abs(t - this.savedPosition) >= SAVE_EVERY_SECONDS) this.save();
      if ('mediaSession' in navigator && Number.isFinite(a.duration)) {
        navigator.mediaSession.setPositionState({ duration: a.duration, position: Math.min(t, a.duration), playbackRate: a.playbackRate });
      }
    });
  }

  /** Saves the queue as the page goes away (a request that outlives the page). */
  flush() {
    if (!this.current) return;
    fetch('/api/v1/playqueue', {
      method: 'PUT', keepalive: true, credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', 'X-Kanora-Request': '1' },
      body: JSON.stringify({ trackIDs: this.queue.map((t) => t.id), current: this.current.id, position: this.audio.currentTime }),
    }).catch(() => {});
  }

  /** Stops for good (the shell is rebuilt, or the user signed out). */
  dispose() {
    this.audio.pause();
    this.audio.removeAttribute('src');
    this.audio.load();
  }

  mediaSession() {
    if (!('mediaSession' in navigator)) return;
    const actions = {
      play: () => this.toggle(), pause: () => this.toggle(),
      nexttrack: () => this.next(), previoustrack: () => this.previous(),
      seekto: (d) => this.seek(d.seekTime),
      seekforward: (d) => this.seek(this.audio.currentTime + (d.seekOffset ?? 10)),
      seekbackward: (d) => this.seek(this.audio.currentTime - (d.seekOffset ?? 10)),
    };
    for (const [action, handler] of Object.entries(actions)) {
      try { navigator.mediaSession.setActionHandler(action, handler); } catch { /* not supported */ }
    }
  }

  /** Space, arrows (seek, volume), n and p, when no form field has the focus. */
  keyboard(event) {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const target = event.target;
    if (target.closest?.('input, textarea, select, [contenteditable], dialog')) return;
    if (event.key === ' ' && target.closest?.('button, a, summary')) return;
    const keys = {
      ' ': () => this.toggle(),
      ArrowRight: () => this.seek(this.audio.currentTime + 10),
      ArrowLeft: () => this.seek(this.audio.currentTime - 10),
      ArrowUp: () => this.setVolume(this.audio.volume + 0.05),
      ArrowDown: () => this.setVolume(this.audio.volume - 0.05),
      n: () => this.next(),
      p: () => this.previous(),
    };
    const action = keys[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  }

  build(root) {
    const l = this.labels;
    this.titleLine = h('p', { class: 'now-title' });
    this.noteLine = h('p', { class: 'now-note' });
    this.playButton = button(l.play, () => this.toggle(), { icon: 'play', class: 'icon play-toggle' });
    this.shuffleButton = button(l.shuffle, () => this.toggleShuffle(), { icon: 'shuffle', 'aria-pressed': 'false' });
    this.repeatButton = button(l.repeat, () => this.cycleRepeat(), { icon: 'repeat', 'aria-pressed': 'false', dataset: { mode: 'off' } });
    this.seekBar = h('input', { type: 'range', min: '0', max: '0', step: '1', value: '0', 'aria-label': l.seek, class: 'seek',
      oninput: (e) => this.seek(Number(e.target.value)) });
    this.volume = h('input', { type: 'range', min: '0', max: '1', step: '0.05', value: String(this.audio.volume), 'aria-label': l.volume, class: 'volume',
      oninput: (e) => this.setVolume(Number(e.target.value)) });
    this.time = h('span', { class: 'time', 'aria-hidden': 'true' }, '0:00 / 0:00');
    this.queuePanel = queueView(this, l);
    const queueButton = button(l.queue, () => this.queuePanel.toggle(queueButton), { icon: 'queue', 'aria-expanded': 'false' });
    replace(root,
      h('section', { class: 'player', 'aria-label': l.nowPlaying },
        h('div', { class: 'now', 'aria-live': 'polite' }, this.titleLine, this.noteLine),
        h('div', { class: 'transport' },
          this.shuffleButton,
          button(l.previous, () => this.previous(), { icon: 'previous' }),
          this.playButton,
          button(l.next, () => this.next(), { icon: 'next', testid: 'player-next' }),
          this.repeatButton),
        h('div', { class: 'timeline' }, this.seekBar, this.time),
        h('div', { class: 'extras' }, this.volume, queueButton),
        this.audio),
      this.queuePanel.element);
  }
}

/** m:ss (or h:mm:ss) for the running clock. */
function clock(seconds) {
  if (!Number.isFinite(seconds)) return '0:00';
  const s = Math.floor(seconds);
  const hours = Math.floor(s / 3600);
  const mm = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return hours ? `${hours}:${String(mm).padStart(2, '0')}:${ss}` : `${mm}:${ss}`;
}
