// The console: a login, then one page at a time (chosen by the URL's fragment: #/overview, #/events), fed by the API
// and kept current by the node's event stream.
import * as api from './api.js';
import {h, fill} from './dom.js';
import {Live} from './live.js';
import {TYPES} from './events.js';
import {overview} from './overview.js';
import {eventLog} from './eventlog.js';
import {instance} from './instance.js';
import {balancer} from './balancer.js';
import {nodePage} from './node.js';
import {rules} from './rules.js';
import {scanner} from './scanner.js';
import {config} from './config.js';

const VIEWS = {overview, events: eventLog, vrrp: instance, balancer, node: nodePage, rules, scanner, config};
const main = document.getElementById('main');
const nav = document.getElementById('nav');
const who = document.getElementById('who');
const stream = document.getElementById('stream');
let view = null;
let user = null;

const STREAM_WORDS = {connecting: 'connecting…', live: 'live', lost: 'stream lost: reconnecting…'};
const live = new Live((status, afterLoss) => {
  stream.textContent = STREAM_WORDS[status];
  stream.className = 'stream stream-' + status;
  if (afterLoss && view) view.load().catch(showFailure); // what happened meanwhile
});
live.subscribe(e => view && view.event(e));

function route() {
  const fragment = location.hash.startsWith('#/') ? location.hash.slice(2) : 'overview';
  const [name, query] = fragment.split('?');
  return {name: VIEWS[name] ? name : 'overview', params: new URLSearchParams(query || '')};
}

async function show() {
  if (!user) return;
  const {name, params} = route();
  if (view && view.stop) view.stop(); // a page's own stream ends with it
  view = VIEWS[name](params, user);
  document.title = view.title + ' · Vireo console';
  for (const link of nav.querySelectorAll('a')) {
    link.toggleAttribute('aria-current', link.getAttribute('href') === '#/' + name);
  }
  fill(main, view.el);
  try {
    await view.load();
  } catch (e) {
    showFailure(e);
  }
}

function showFailure(e) {
  if (e instanceof api.ApiFailure && e.status === 401) return; // the login is shown
  main.prepend(h('p', {class: 'problem', role: 'alert'}, 'The node did not answer as expected: ' + e.message));
}

function loginForm(message) {
  nav.hidden = true;
  fill(who);
  live.stop();
  stream.textContent = '';
  const name = h('input', {id: 'user', name: 'user', autocomplete: 'username', required: true});
  const password = h('input', {id: 'password', name: 'password', type: 'password', autocomplete: 'current-password',
    required: true});
  const problem = h('p', {class: 'problem', role: 'alert', hidden: !message}, message || '');
  fill(main, h('form', {class: 'login', onsubmit: async event => {
    event.preventDefault();
    try {
      loggedIn(await api.login(name.value, password.value));
    } catch (e) {
      problem.hidden = false;
      problem.textContent = e.status === 401 ? 'Wrong user or password.' : e.message;
    }
  }},
  h('h1', {}, 'Log in to this node'),
  h('label', {for: 'user'}, 'User'), name,
  h('label', {for: 'password'}, 'Password'), password,
  problem,
  h('button', {type: 'submit'}, 'Log in')));
  name.focus();
}

function loggedIn(session) {
  user = session;
  nav.hidden = false;
  fill(who, session.user + (session.roles.includes('admin') ? ' (admin) ' : ' (viewer) '),
    h('button', {type: 'button', class: 'link', onclick: async () => {
      await api.logout().catch(() => {});
      user = null;
      loginForm('Logged out.');
    }}, 'Log out'));
  live.start(TYPES);
  show();
}

api.onLoggedOut(() => {
  if (!user) return;
  user = null;
  loginForm('The session ended: log in again.');
});

window.addEventListener('hashchange', () => {
  if (location.hash.startsWith('#/')) show();
});

api.session().then(loggedIn, () => loginForm());
