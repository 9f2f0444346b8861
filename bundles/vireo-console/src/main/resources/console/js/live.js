// The node's event log, live: one EventSource on /api/v1/events (the session cookie goes with it). The page is told
// whether the stream is live; when it is lost the browser reconnects with Last-Event-ID, and when the node refused
// it outright (the session ended, the node restarted) it is opened again after a pause, from the last event seen.

const REOPEN_MS = 3000;

export class Live {
  /** @param status called with 'connecting', 'live' or 'lost' */
  constructor(status) {
    this.status = status;
    this.listeners = [];
    this.source = null;
    this.lastId = null;
    this.reopen = null;
    this.wasLost = false;
  }

  /** listener(event) for every event; event is the stream's data: seq, time, type, node and its fields. */
  subscribe(listener) {
    this.listeners.push(listener);
  }

  start(types) {
    this.types = types;
    this.stop();
    const url = '/api/v1/events' + (this.lastId ? '?after=' + encodeURIComponent(this.lastId) : '');
    const source = new EventSource(url);
    this.source = source;
    this.status('connecting');
    source.onopen = () => {
      this.status('live', this.wasLost);
      this.wasLost = false;
    };
    source.onerror = () => {
      this.wasLost = true;
      this.status('lost');
      if (source.readyState === EventSource.CLOSED) {
        this.reopen = setTimeout(() => this.start(this.types), REOPEN_MS);
      }
    };
    for (const type of types) {
      source.addEventListener(type, message => this.deliver(message));
    }
  }

  deliver(message) {
    if (message.lastEventId) this.lastId = message.lastEventId;
    let event;
    try {
      event = JSON.parse(message.data);
    } catch (bad) {
      return; // not one of the node's events
    }
    for (const listener of this.listeners) listener(event);
  }

  stop() {
    clearTimeout(this.reopen);
    if (this.source) this.source.close();
    this.source = null;
  }
}
