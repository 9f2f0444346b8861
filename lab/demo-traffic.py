#!/usr/bin/env python3
"""demo-traffic.py - a bounded HTTP load through a forward proxy, for lab/demo.sh traffic.

Runs in the demo's client namespace. Sends GET <url> through <proxy> at a fixed total rate for a fixed time,
each request on a new TCP connection (as a browser's first request after a failover is), from several worker
threads, so that requests hung on a dead director (a SYN the kernel would retransmit only after a second) do not
hold the others back. A request succeeds when the whole answer arrives within --timeout-ms with status 200 and
the expected text.

Prints "traffic: first answer" as soon as one request succeeded (a caller may start a failure then), and at the
end a summary and one machine-readable line:
  traffic-summary requests=N ok=N failed=N longest_failure_ms=X longest_gap_ms=Y
longest_failure_ms: the longest run of failed requests (in the order they were started, all workers together),
from the start of its first request to the start of the next request that succeeded (to the end of the run if
none did): how long a client retrying at once would have seen nothing but failures. longest_gap_ms: the longest
time between two answers that came back.

Bounded: at most rate x seconds requests, and the run ends within seconds + timeout (+ 1 s).
"""

import argparse
import socket
import sys
import threading
import time
from urllib.parse import urlsplit


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--proxy", required=True, help="host:port of the HTTP proxy (the VIP's balancer)")
    p.add_argument("--url", required=True, help="the absolute URL to GET through it")
    p.add_argument("--expect", default="", help="text the answer's body must hold")
    p.add_argument("--seconds", type=float, default=10.0)
    p.add_argument("--rate", type=float, default=20.0, help="requests per second, all workers together")
    p.add_argument("--timeout-ms", type=int, default=1000, help="bound on one request, connect to last byte")
    p.add_argument("--workers", type=int, default=32)
    a = p.parse_args(argv)
    if not (0 < a.seconds <= 3600 and 0 < a.rate <= 1000 and 10 <= a.timeout_ms <= 60000 and 1 <= a.workers <= 256):
        p.error("out of range: 0 < seconds <= 3600, 0 < rate <= 1000, 10 <= timeout-ms <= 60000, 1 <= workers <= 256")
    return a


def resolve_proxy(proxy):
    host, _, port = proxy.rpartition(":")
    # once, before the clock starts: the load measures the cluster, not the client's name lookups
    return socket.getaddrinfo(host.strip("[]"), int(port), type=socket.SOCK_STREAM)[0][4]


def one_request(address, request, expect, timeout):
    """Returns None on success, else the reason of the failure."""
    deadline = time.monotonic() + timeout
    try:
        with socket.create_connection(address[:2], timeout=timeout) as s:
            s.sendall(request)
            chunks = []
            while True:
                left = deadline - time.monotonic()
                if left <= 0:
                    return "timeout"
                s.settimeout(left)
                data = s.recv(65536)
                if not data:
                    break
                chunks.append(data)
    except socket.timeout:
        return "timeout"
    except OSError as e:
        return type(e).__name__
    answer = b"".join(chunks)
    head, _, body = answer.partition(b"\r\n\r\n")
    status = head.split(b" ", 2)[1:2]
    if status != [b"200"]:
        return "status " + (status[0].decode("ascii", "replace") if status else "none")
    if expect and expect.encode() not in body:
        return "unexpected body"
    return None


class Load:
    def __init__(self, a):
        self.a = a
        self.address = resolve_proxy(a.proxy)
        target = urlsplit(a.url)
        self.request = ("GET %s HTTP/1.1\r\nHost: %s\r\nUser-Agent: vireo-demo-traffic\r\nConnection: close\r\n\r\n"
                        % (a.url, target.netloc)).encode("ascii")
        self.total = int(a.rate * a.seconds)
        self.lock = threading.Lock()
        self.next_index = 0
        self.results = []  # (start, end, reason or None), times relative to t0
        self.first = threading.Event()

    def claim(self):
        with self.lock:
            if self.next_index >= self.total:
                return None
            self.next_index += 1
            return self.next_index - 1

    def worker(self):
        while True:
            i = self.claim()
            if i is None:
                return
            # request i is due at i / rate: a fixed schedule, whichever worker is free takes it
            wait = self.t0 + i / self.a.rate - time.monotonic()
            if wait > 0:
                time.sleep(wait)
            start = time.monotonic()
            reason = one_request(self.address, self.request, self.a.expect, self.a.timeout_ms / 1000.0)
            end = time.monotonic()
            with self.lock:
                self.results.append((start - self.t0, end - self.t0, reason))
            if reason is None and not self.first.is_set():
                self.first.set()
                print("traffic: first answer after %.0f ms" % ((end - self.t0) * 1000), flush=True)

    def run(self):
        self.t0 = time.monotonic()
        threads = [threading.Thread(target=self.worker, daemon=True) for _ in range(self.a.workers)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(self.a.seconds + self.a.timeout_ms / 1000.0 + 1)
        with self.lock:
            return sorted(self.results), time.monotonic() - self.t0


def longest_failure(results, elapsed):
    """(duration, start) of the longest run of failures in start order, ended by the next success's start."""
    best, best_start, run_start = 0.0, None, None
    for start, _end, reason in results:
        if reason is not None:
            if run_start is None:
                run_start = start
        elif run_start is not None:
            if start - run_start > best:
                best, best_start = start - run_start, run_start
            run_start = None
    if run_start is not None and elapsed - run_start > best:
        best, best_start = elapsed - run_start, run_start
    return best, best_start


def longest_gap(results):
    ends = sorted(end for _start, end, reason in results if reason is None)
    return max((b - a for a, b in zip(ends, ends[1:])), default=0.0)


def main(argv):
    a = parse_args(argv)
    print("traffic: GET %s through %s, %g/s for %g s, timeout %d ms, %d workers"
          % (a.url, a.proxy, a.rate, a.seconds, a.timeout_ms, a.workers), flush=True)
    results, elapsed = Load(a).run()
    failed = [r for r in results if r[2] is not None]
    reasons = {}
    for r in failed:
        reasons[r[2]] = reasons.get(r[2], 0) + 1
    fail_ms, fail_at = longest_failure(results, elapsed)
    gap_ms = longest_gap(results) * 1000
    print("traffic: %d requests in %.1f s, %d ok, %d failed%s" % (
        len(results), elapsed, len(results) - len(failed), len(failed),
        " (" + ", ".join("%s: %d" % kv for kv in sorted(reasons.items())) + ")" if reasons else ""))
    if fail_at is not None:
        print("traffic: longest failure %.0f ms, from %.3f s into the run" % (fail_ms * 1000, fail_at))
        # the requests around it, to tell what ended it: start, end (s into the run) and outcome
        near = [r for r in results if fail_at - 0.1 <= r[0] <= fail_at + fail_ms + 0.1]
        print("traffic: requests started near it (start-end s, outcome): " + ", ".join(
            "%.3f-%.3f %s" % (start, end, reason or "ok") for start, end, reason in near))
    print("traffic: longest gap between answers %.0f ms" % gap_ms)
    print("traffic-summary requests=%d ok=%d failed=%d longest_failure_ms=%.0f longest_gap_ms=%.0f" % (
        len(results), len(results) - len(failed), len(failed), fail_ms * 1000, gap_ms), flush=True)
    return 0 if results and len(failed) < len(results) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
