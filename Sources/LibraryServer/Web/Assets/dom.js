import { icon as makeIcon } from './icons.js';

// Small DOM helpers: elements built from data, never from HTML strings (a strict CSP and no injection).

/**
 * Makes an element. Props: `class`, `testid` (data-testid), `on<event>` listeners, `dataset`,
 * booleans (set as empty attributes when true), DOM properties for non-string values, and
 * attributes for everything else. Children: nodes, strings, arrays, null/false (skipped).
 */
export function h(tag, props, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(props ?? {})) {
    if (value == null || value === false) continue;
    if (key === 'class') el.className = value;
    else if (key === 'testid') el.dataset.testid = value;
    else if (key === 'dataset') Object.assign(el.dataset, value);
    else if (key.startsWith('on') && typeof value === 'function') el.addEventListener(key.slice(2), value);
    else if (value === true) el.setAttribute(key, '');
    else if (typeof value !== 'string' && key in el) el[key] = value;
    else el.setAttribute(key, String(value));
  }
  append(el, children);
  return el;
}

/** Appends children (nodes, text, nested arrays; null and false are skipped). */
export function append(parent, children) {
  for (const child of children.flat(Infinity)) {
    if (child == null || child === false) continue;
    parent.append(child instanceof Node ? child : String(child));
  }
  return parent;
}

/** Replaces every child of `parent`. */
export function replace(parent, ...children) {
  parent.replaceChildren();
  return append(parent, children);
}

/** A button with a visible text, or an icon with the text as its accessible name. */
export function button(label, onclick, props = {}) {
  const { icon, ...rest } = props;
  if (icon) {
    return h('button', { type: 'button', class: 'icon', 'aria-label': label, title: label, onclick, ...rest }, makeIcon(icon));
  }
  return h('button', { type: 'button', onclick, ...rest }, label);
}

/** A link to a client route (`#/album/7`). */
export function link(route, ...children) {
  return h('a', { href: `#/${route}` }, ...children);
}

/** A label and its control, the label visible or only for screen readers. */
export function field(labelText, control, { hidden = false } = {}) {
  if (!control.id) control.id = `f-${Math.random().toString(36).slice(2, 9)}`;
  return h('div', { class: 'field' },
    h('label', { for: control.id, class: hidden ? 'sr-only' : null }, labelText), control);
}

/** Calls `fn` once input has been quiet for `ms` milliseconds (search as you type). */
export function debounce(fn, ms) {
  let timer = null;
  return (...args) => {
    clearTimeout(timer);
    timer = setTimeout(() => fn(...args), ms);
  };
}

/** A cover image, or a tinted tile with the name's initials when there is none. */
export function cover(url, name, size = 'card') {
  if (url) {
    const image = h('img', { class: `cover ${size}`, src: url, alt: '', loading: 'lazy', decoding: 'async' });
    image.addEventListener('error', () => image.replaceWith(cover(null, name, size)), { once: true });
    return image;
  }
  const tile = h('div', { class: `cover ${size} blank`, 'aria-hidden': 'true' }, initials(name));
  tile.style.setProperty('--hue', String(hue(name)));
  return tile;
}

function initials(name) {
  return (name ?? '').split(/\s+/).filter(Boolean).slice(0, 2).map((w) => [...w][0]).join('').toUpperCase();
}

function hue(text) {
  let sum = 0;
  for (const ch of text ?? '') sum = (sum * 31 + ch.codePointAt(0)) % 360;
  return sum;
}
