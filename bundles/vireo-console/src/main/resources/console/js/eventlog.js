// The event log: the node's last events and the live ones, newest first, filtered by type and by text.
import {get} from './api.js';
import {h, fill} from './dom.js';
import {item, describe, TYPES} from './events.js';

const KEEP = 500;

export function eventLog(params) {
  let events = [];
  const type = h('select', {id: 'event-type', onchange: show},
    h('option', {value: ''}, 'every type'), TYPES.map(t => h('option', {value: t}, t)));
  type.value = params.get('type') || '';
  const text = h('input', {id: 'event-text', type: 'search', placeholder: 'instance, scanner, cause…', oninput: show});
  const list = h('ol', {class: 'events', reversed: true, 'aria-live': 'polite'});
  const el = h('div', {},
    h('h1', {}, 'Events'),
    h('form', {class: 'filters', role: 'search', onsubmit: e => e.preventDefault()},
      h('label', {for: 'event-type'}, 'Type '), type, ' ',
      h('label', {for: 'event-text'}, 'Containing '), text),
    list);

  function show() {
    const words = text.value.trim().toLowerCase();
    fill(list, events.filter(e => (!type.value || e.type === type.value)
      && (!words || (e.node + ' ' + describe(e)).toLowerCase().includes(words))).map(item));
  }

  return {
    title: 'Events',
    el,
    async load() {
      events = (await get('/events/recent?limit=' + KEEP)).events.reverse();
      show();
    },
    event(e) {
      if (e.seq && events.some(known => known.seq === e.seq)) return;
      events.unshift(e);
      events.length = Math.min(events.length, KEEP);
      show();
    },
  };
}
