// The player's queue panel: the tracks in play order, reordered by drag or by keyboard.
import { h, replace, button } from './dom.js';

/** The panel for `player`, hidden until its button opens it. */
export function queueView(player, labels) {
  const list = h('ol', { class: 'queue-list' });
  const element = h('section', { class: 'queue-panel', id: 'queue-panel', hidden: true, 'aria-label': labels.queue },
    h('header', null, h('h2', null, labels.queue), button(labels.clearQueue, () => player.clear())),
    list);
  let dragged = null;

  function row(track, i) {
    const current = i === player.index;
    const li = h('li', { draggable: 'true', class: current ? 'current' : null, 'aria-current': current ? 'true' : null,
      ondragstart: (e) => { dragged = i; e.dataTransfer.effectAllowed = 'move'; },
      ondragover: (e) => e.preventDefault(),
      ondrop: (e) => { e.preventDefault(); if (dragged != null) player.move(dragged, i); dragged = null; } },
    h('button', { type: 'button', class: 'queue-title', onclick: () => player.load(i, true) },
      h('strong', null, track.title), h('span', null, track.artist)),
    track.streamURL ? null : h('span', { class: 'note' }, track.note),
    h('span', { class: 'duration' }, track.duration),
    button(labels.moveUp, () => { player.move(i, i - 1); focusRow(i - 1, 0); }, { icon: 'up', disabled: i === 0 }),
    button(labels.moveDown, () => { player.move(i, i + 1); focusRow(i + 1, 1); }, { icon: 'down', disabled: i === player.queue.length - 1 }),
    button(labels.remove, () => player.removeAt(i), { icon: 'close' }));
    return li;
  }

  function focusRow(i, which) {
    const buttons = list.children[i]?.querySelectorAll('button.icon');
    const target = buttons?.[which];
    (target && !target.disabled ? target : buttons?.[1 - which])?.focus();
  }

  return {
    element,
    render() {
      if (element.hidden) return;
      replace(list, player.queue.length ? player.queue.map(row) : h('li', { class: 'empty' }, labels.empty));
    },
    toggle(opener) {
      element.hidden = !element.hidden;
      opener.setAttribute('aria-expanded', String(!element.hidden));
      this.render();
    },
  };
}
