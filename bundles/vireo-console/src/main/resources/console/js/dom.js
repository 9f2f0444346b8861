// Builds the pages from data as text only: a string never becomes markup here (URLs, host names, rule reasons and
// log lines come from the data plane). No script of the console hands a string to an API that parses markup
// (ConsoleAssetsTest checks).

/** h('tag', {attribute or on<event>: value}, ...children): children that are not nodes become text. */
export function h(tag, props, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(props || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith('on')) {
      el.addEventListener(key.slice(2), value);
    } else if (key === 'href' && !/^[#/]/.test(String(value))) {
      throw new Error('the console links only within the node: ' + value);
    } else if (typeof value === 'number' && key in el) {
      el[key] = value; // <meter value=...>, <meter max=...>
    } else {
      el.setAttribute(key, value === true ? '' : String(value));
    }
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

/** Replaces what el holds. */
export function fill(el, ...children) {
  el.replaceChildren();
  append(el, children);
  return el;
}

/** A share 0..1 as a bar and in words (the colour is never the only sign). */
export function share(label, value) {
  if (value === null || value === undefined) return h('span', {class: 'muted'}, label + ' –');
  const percent = Math.round(value * 100);
  return h('span', {class: 'share'}, label + ' ' + percent + ' %',
    h('meter', {min: 0, max: 1, low: 0.7, high: 0.9, optimum: 0, value, 'aria-label': label + ' ' + percent + ' %'}));
}

/** A state as a word with its colour: UP, DOWN, MASTER... */
export function badge(state) {
  const word = String(state);
  return h('span', {class: 'badge badge-' + word.toLowerCase().replace(/[^a-z]/g, '')}, word);
}

const timeFormat = new Intl.DateTimeFormat(undefined, {hour: '2-digit', minute: '2-digit', second: '2-digit'});
const preciseFormat = new Intl.DateTimeFormat(undefined, {hour: '2-digit', minute: '2-digit', second: '2-digit',
  fractionalSecondDigits: 3});

/** An ISO time as the operator's clock shows it (to the millisecond if precise), the full time as a tooltip. */
export function time(iso, precise) {
  if (!iso) return h('span', {class: 'muted'}, '–');
  const at = new Date(iso);
  return h('time', {datetime: iso, title: iso}, isNaN(at) ? iso : (precise ? preciseFormat : timeFormat).format(at));
}

/**
 * The attributes of a box whose content may scroll sideways (a wide table on a phone): a named region that takes the
 * focus, so that a keyboard can scroll it too.
 */
export function scrollBox(label, id) {
  return {class: 'scroll', tabindex: '0', role: 'region', 'aria-label': label, id};
}

/**
 * Marks what an event's link names on its page (#/overview?node=n1, #/balancer?scanner=...): outlined, and the first
 * time scrolled to and given the focus, so that it is found at once. Nothing when it is not (or no longer) there.
 */
export function markTarget(container, selector, first) {
  const found = container.querySelector(selector);
  if (!found) return;
  found.classList.add('target');
  if (!first) return;
  found.setAttribute('tabindex', '-1');
  found.scrollIntoView({block: 'center'});
  found.focus({preventScroll: true});
}
