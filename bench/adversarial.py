#!/usr/bin/env python3
"""The adversarial HTTP suite (issue 19) against running proxies, side by side; bench/adversarial.sh starts them.

    adversarial.py --cases CASES --proxy NAME=PORT:A:B ... [--only ID,...] [--out DIR]

Runs every row of CASES (bundles/vireo-scanner/src/test/resources/adversarial/cases.txt, whose head explains the
format) against each proxy on 127.0.0.1 with a recording origin of its own on A (the address its rules allow) and
a "service" on B (this node's loopback, which no rule names), and writes results.tsv and table.md in DIR. Each
proxy has its own origin so that what one sends late (a prefix it forwards after the client has gone) is never
counted to another. The
notation (escapes, views of what the origin received) is the one of the JUnit suite, AdversarialProxyTest and its
helpers in org.vireo.scanner.internal.proxy.adversarial: a change there is a change here.
"""
import argparse
import os
import re
import socket
import sys
import threading
import time

NOTHING = "nothing"
NO_COMPLETE = "no complete request"
INCOMPLETE = "!incomplete"
PROBE = "/__probe"
OWNED = {"via", "x-forwarded-for", "forwarded", "connection", "keep-alive", "proxy-connection", "te", "trailer",
         "content-length", "transfer-encoding"}
TCHAR = re.compile(rb"[!#$%&'*+.^_`|~0-9A-Za-z-]+\Z")
TARGET = re.compile(rb"[\x21-\x7e]+\Z")
VERSION = re.compile(rb"HTTP/[0-9]\.[0-9]\Z")
HEX = re.compile(rb"[0-9A-Fa-f]{1,15}\Z")
MAX_BODY = 1 << 20


# ---------------------------------------------------------------- the data file

def load_cases(path):
    cases, block = [], {}
    lines = open(path, encoding="utf-8").read().split("\n") + [""]
    for n, line in enumerate(lines, 1):
        if line.startswith("#"):
            continue
        if not line.strip():
            if block:
                cases.append(make_case(block, n))
                block = {}
            continue
        key, sep, value = line.partition(": ")
        if not sep:
            sys.exit(f"{path}:{n}: expected 'key: value'")
        block.setdefault(key, []).append(value)
    return cases


def make_case(block, n):
    expect = block["expect"][0].split()
    return {"id": block["id"][0], "what": block["what"][0], "rfc": block["rfc"][0], "send": "".join(block["send"]),
            "shutdown": block.get("then", [""])[0] == "shutdown",
            "statuses": [set(s.split("|")) for s in expect[:-1]], "close": expect[-1] == "close",
            "origin": block["origin"], "known": block.get("known-failing", [None])[0]}


def to_bytes(text, ph):
    text = re.sub(r"\{([a-z]+)\}", lambda m: ph[m.group(1)], text)
    text = re.sub(r"\{([^{}]*)\*(\d+)\}", lambda m: m.group(1) * int(m.group(2)), text)
    out, i = bytearray(), 0
    while i < len(text):
        c = text[i]
        if c != "\\":
            out.append(ord(c))
        else:
            i += 1
            e = text[i]
            if e == "x":
                out.append(int(text[i + 1:i + 3], 16))
                i += 2
            else:
                out.append({"r": 13, "n": 10, "t": 9, "\\": 92}[e])
        i += 1
    return bytes(out)


def show(b):
    s = []
    for x in b:
        s.append({13: "\\r", 10: "\\n", 9: "\\t", 92: "\\\\", 34: '\\"'}.get(x) or
                 (chr(x) if 0x20 <= x < 0x7f else "\\x%02x" % x))
    return "".join(s)


def fill(text, ph):
    for k, v in ph.items():
        text = text.replace("{" + k + "}", v)
    return text


# ---------------------------------------------------------------- what an origin connection received

class Short(Exception):
    pass


class Malformed(Exception):
    pass


class Cursor:
    def __init__(self, data):
        self.data, self.pos = data, 0

    def line(self):
        d = self.data
        for i in range(self.pos, len(d)):
            if d[i] == 10:
                raise Malformed("bare LF")
            if d[i] == 13:
                if i + 1 >= len(d):
                    raise Short()
                if d[i + 1] != 10:
                    raise Malformed("bare CR")
                line, self.pos = d[self.pos:i], i + 2
                return line
        if len(d) - self.pos > 65536:
            raise Malformed("line too long")
        raise Short()

    def take(self, n):
        if len(self.data) - self.pos < n:
            raise Short()
        self.pos += n
        return self.data[self.pos - n:self.pos]


def fields(c):
    out = []
    while True:
        line = c.line()
        if not line:
            return out
        colon = line.find(b":")
        if colon <= 0 or not TCHAR.match(line[:colon]):
            raise Malformed("field line")
        value = line[colon + 1:].strip(b" \t")
        if any((x < 0x20 and x != 9) or x == 0x7f for x in value):
            raise Malformed("field value")
        out.append((line[:colon].decode("latin-1").lower(), show(value)))


def request(c, arrived_at):
    parts = c.line().split(b" ")
    if len(parts) != 3 or not TCHAR.match(parts[0]) or not TARGET.match(parts[1]) or not VERSION.match(parts[2]):
        raise Malformed("request line")
    fs = fields(c)
    codings = [v for k, v in fs if k == "transfer-encoding"]
    lengths = [v for k, v in fs if k == "content-length"]
    trailers, body = [], b""
    if codings:
        if len(codings) != 1 or codings[0].lower() != "chunked" or lengths:
            raise Malformed("framing %s %s" % (codings, lengths))
        while True:
            size = c.line().split(b";")[0]
            if not HEX.match(size) or int(size, 16) > MAX_BODY:
                raise Malformed("chunk size")
            n = int(size, 16)
            if n == 0:
                break
            body += c.take(n)
            if c.take(2) != b"\r\n":
                raise Malformed("no CRLF after chunk data")
        trailers = fields(c)
    elif lengths:
        if len(lengths) != 1 or not re.fullmatch(r"[0-9]{1,7}", lengths[0]) or int(lengths[0]) > MAX_BODY:
            raise Malformed("content-length %s" % lengths)
        body = c.take(int(lengths[0]))
    target = parts[1].decode()
    if target.startswith("http://" + arrived_at + "/"):  # absolute-form naming this origin: as origin-form
        target = target[len("http://" + arrived_at):]
    view = parts[0].decode() + " " + target
    if parts[2] != b"HTTP/1.1":
        view += " " + parts[2].decode()
    for k, v in sorted((f for f in fs if f[0] not in OWNED and not (f[0] == "host" and f[1] == arrived_at)),
                       key=lambda f: f[0]):
        view += " [%s: %s]" % (k, v)
    if body:
        view += ' body "%s"' % show(body)
    for k, v in sorted(trailers, key=lambda f: f[0]):
        view += " trailer [%s: %s]" % (k, v)
    return view


def received(data, arrived_at, prefix):
    """(views of the whole requests, residue: None, !incomplete or !malformed ...)"""
    c, views = Cursor(data), []
    while c.pos < len(data):
        start = c.pos
        try:
            views.append(prefix + request(c, arrived_at))
        except Short:
            return views, INCOMPLETE
        except Malformed as e:
            return views, '!malformed %s: "%s"' % (e, show(data[start:start + 60]))
    return views, None


def is_probe(view):
    parts = view.split(" ")
    return parts[0] == "GET" and parts[1].endswith(PROBE)


OK = b"HTTP/1.1 200 OK\r\nContent-Length: 2\r\nContent-Type: text/plain\r\n\r\nok"
BAD = b"HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"


class Origin:
    """Two recording listeners on 127.0.0.1 (origin, service); connections outlive rows (proxies pool them)."""

    def __init__(self, origin_port, service_port):
        self.cv = threading.Condition()
        self.conns = []
        self.listeners = []
        for port, prefix in ((origin_port, ""), (service_port, "service: ")):
            s = socket.socket()
            s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            s.bind(("127.0.0.1", port))
            s.listen(64)
            self.listeners.append(s)
            threading.Thread(target=self.accept, args=(s, "127.0.0.1:%d" % port, prefix), daemon=True).start()

    def accept(self, listener, arrived_at, prefix):
        while True:
            try:
                sock, _ = listener.accept()
            except OSError:
                return
            conn = {"sock": sock, "at": arrived_at, "prefix": prefix, "data": b"", "closed": False, "first": None,
                    "views": [], "residue": None}
            with self.cv:
                self.conns.append(conn)
                self.cv.notify_all()
            threading.Thread(target=self.serve, args=(conn,), daemon=True).start()

    def serve(self, conn):
        sock = conn["sock"]
        try:
            while True:
                chunk = sock.recv(65536)
                if not chunk:
                    break
                with self.cv:
                    before = len(conn["views"])
                    conn["data"] += chunk
                    conn["first"] = conn["first"] or time.monotonic()
                    conn["views"], conn["residue"] = received(conn["data"], conn["at"], conn["prefix"])
                    self.cv.notify_all()
                    bad = conn["residue"] is not None and conn["residue"].startswith("!malformed")
                    answer = BAD if bad else OK * (len(conn["views"]) - before)
                sock.sendall(answer)
                if bad:
                    break
        except OSError:
            pass
        finally:
            with self.cv:
                conn["closed"] = True
                self.cv.notify_all()
            sock.close()

    def reset(self):
        """A new row: connections still open stay (pooled), what they received so far is forgotten."""
        with self.cv:
            for conn in self.conns:
                if not conn["closed"] and conn["residue"] is not None:
                    conn["sock"].shutdown(socket.SHUT_RDWR)  # a request left half-sent: not the next row's
            self.conns = [c for c in self.conns if not c["closed"] and c["residue"] is None]
            for conn in self.conns:
                conn["data"], conn["views"], conn["first"] = b"", [], None

    def await_quiet(self, bound):
        end = time.monotonic() + bound
        with self.cv:
            while not all(c["closed"] or c["residue"] is None for c in self.conns):
                left = end - time.monotonic()
                if left <= 0:
                    return
                self.cv.wait(left)

    def view(self):
        with self.cv:
            items = []
            for c in sorted(self.conns, key=lambda c: c["first"] or float("inf")):  # in the order bytes came
                items += [v for v in c["views"] if not is_probe(v)]
                if c["residue"]:
                    items.append(c["residue"])
            return " ++ ".join(items) if items else NOTHING


# ---------------------------------------------------------------- the client

def read_response(f):
    """The status of one final answer (1xx skipped), 'eof' or 'timeout'."""
    try:
        while True:
            line = f.readline()
            if not line:
                return "eof"
            parts = line.split(b" ", 2)
            if len(parts) < 2 or not parts[0].startswith(b"HTTP/") or not re.fullmatch(rb"[0-9]{3}", parts[1]):
                f.read()
                return "garbage"
            code, length, chunked = int(parts[1]), -1, False
            while True:
                h = f.readline()
                if not h or not h.strip():
                    break
                k, _, v = h.decode("latin-1").partition(":")
                if k.strip().lower() == "content-length":
                    length = int(v.strip())
                elif k.strip().lower() == "transfer-encoding" and "chunked" in v.lower():
                    chunked = True
            if 100 <= code < 200:
                continue
            if code in (204, 304):
                return str(code)
            if chunked:
                while True:
                    size = f.readline()
                    if not size:
                        break
                    n = int(size.split(b";")[0].strip() or b"0", 16)
                    if n == 0:
                        while f.readline().strip():
                            pass
                        break
                    f.read(n + 2)
            elif length >= 0:
                f.read(length)
            else:
                f.read()
            return str(code)
    except socket.timeout:
        return "timeout"
    except (ConnectionError, OSError):
        return "eof"


def send(port, data, shutdown, answers, probe, timeout):
    statuses = []
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as s:
        s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        try:
            s.sendall(data)
            if shutdown:
                s.shutdown(socket.SHUT_WR)
        except OSError:
            return statuses, "close"
        f = s.makefile("rb")
        while len(statuses) < answers:
            st = read_response(f)
            if st == "eof":
                return statuses, "close"
            if st == "timeout":
                return statuses, "hung"
            statuses.append(st)
        if not shutdown:
            try:
                s.sendall(probe)
            except OSError:
                return statuses, "close"
        st = read_response(f)
        return statuses, {"eof": "close", "timeout": "hung"}.get(st, "hung" if shutdown else "keep")


# ---------------------------------------------------------------- judging and the table

def statuses_match(case, got):
    exp = case["statuses"]
    if len(got) > len(exp):
        return False
    return all((got[i] in exp[i]) if i < len(got) else ("none" in exp[i]) for i in range(len(exp)))


def view_kind(case, view, ph):
    """0 nothing, 1 only a prefix, 2 an acceptable view, 3 anything else reached an origin."""
    if view == NOTHING:
        return 0
    if all(v == INCOMPLETE for v in view.split(" ++ ")):
        return 1
    return 2 if any(view == fill(a, ph) for a in case["origin"] if a not in (NOTHING, NO_COMPLETE)) else 3


def passes(case, r, ph):
    ok_view = any(
        (a == NOTHING and r["view"] == NOTHING) or (a == NO_COMPLETE and view_kind(case, r["view"], ph) <= 1)
        or r["view"] == fill(a, ph) for a in case["origin"])
    return statuses_match(case, r["statuses"]) and r["conn"] == ("close" if case["close"] else "keep") and ok_view


def rank(case, r, ph):
    """Lower is stricter: what reached the origin, then whether the client was refused, then the connection."""
    kind = view_kind(case, r["view"], ph)
    leak = {0: 0, 1: 1, 2: 2, 3: 3}[kind]
    refused = 0 if all(s == "garbage" or int(s) >= 400 for s in r["statuses"] if s.isdigit() or s == "garbage") \
        else 1
    return leak, refused, 0 if r["conn"] == "close" else 1


def short_view(view, limit=38):
    if view == NOTHING:
        return "—"
    if all(v == INCOMPLETE for v in view.split(" ++ ")):
        return "a prefix"
    v = view.replace("|", "\\|")
    return "got `" + (v if len(v) <= limit else v[:limit] + "…").replace("`", "'") + "`"


def cell(r):
    st = " ".join(r["statuses"]) or "none"
    conn = {"close": "closed", "keep": "kept", "hung": "hung"}[r["conn"]]
    return "%s · %s · %s" % (st, conn, short_view(r["view"]))


def expected_cell(case):
    st = " ".join("|".join(sorted(s)) for s in case["statuses"])
    o = case["origin"][0]
    ov = "—" if o == NOTHING else "a prefix" if o == NO_COMPLETE else "`" + o.replace("|", "\\|") + "`"
    return "%s · %s · %s" % (st, "closed" if case["close"] else "kept", ov)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cases", required=True)
    ap.add_argument("--proxy", action="append", required=True,
                    help="NAME=PORT:ORIGIN:SERVICE, the first is the one judged")
    ap.add_argument("--only", default="")
    ap.add_argument("--timeout", type=float, default=10.0)
    ap.add_argument("--out", default=".")
    a = ap.parse_args()
    proxies, run = [], {}
    for p in a.proxy:
        name, ports = p.split("=")
        port, origin_port, service_port = (int(x) for x in ports.split(":"))
        ph = {"origin": "127.0.0.1:%d" % origin_port, "service": "127.0.0.1:%d" % service_port,
              "sport": str(service_port)}
        probe = ("GET http://%s%s HTTP/1.1\r\nHost: %s\r\n\r\n" % (ph["origin"], PROBE, ph["origin"])).encode()
        proxies.append((name, port))
        run[name] = (Origin(origin_port, service_port), ph, probe)
    cases = load_cases(a.cases)
    if a.only:
        cases = [c for c in cases if c["id"] in a.only.split(",")]
    results = {}
    for case in cases:
        for name, port in proxies:
            origin, ph, probe = run[name]
            origin.reset()
            st, conn = send(port, to_bytes(case["send"], ph), case["shutdown"], len(case["statuses"]), probe,
                            a.timeout)
            origin.await_quiet(3.0)
            r = {"statuses": st, "conn": conn, "view": origin.view()}
            if os.environ.get("ADVERSARIAL_DEBUG"):
                for c in origin.conns:
                    print("  %s %s closed=%s %s" % (case["id"], name, c["closed"], show(c["data"][:300])))
            r["pass"] = passes(case, r, ph)
            r["ph"] = ph
            results[(case["id"], name)] = r
        print("%-28s %s" % (case["id"], "  ".join("%s: %s" % (n, cell(results[(case["id"], n)]))
                                                 for n, _ in proxies)), flush=True)
    write(a.out, cases, proxies, results)


def write(out, cases, proxies, results):
    names = [n for n, _ in proxies]
    judged, others = names[0], names[1:]
    with open(os.path.join(out, "results.tsv"), "w") as t:
        t.write("id\tproxy\tstatuses\tconnection\tpasses\torigin\n")
        for c in cases:
            for n in names:
                r = results[(c["id"], n)]
                t.write("%s\t%s\t%s\t%s\t%s\t%s\n" % (c["id"], n, " ".join(r["statuses"]) or "none", r["conn"],
                                                     "yes" if r["pass"] else "no", r["view"][:300]))
    strict = {n: 0 for n in names}
    as_strict, not_strict, rows = 0, [], []
    for c in cases:
        rs = {n: results[(c["id"], n)] for n in names}
        for n in names:
            strict[n] += rs[n]["pass"]
        ok = rs[judged]["pass"] or all(rank(c, rs[judged], rs[judged]["ph"]) <= rank(c, rs[o], rs[o]["ph"])
                                       for o in others)
        as_strict += ok
        if not ok:
            not_strict.append(c["id"])
        marks = {n: ("✓ " if rs[n]["pass"] else "") + cell(rs[n]) for n in names}
        rows.append("| `%s` | %s | %s | %s | %s |" % (c["id"], c["what"].replace("|", "\\|"), expected_cell(c),
                                                   " | ".join(marks[n] for n in names), "yes" if ok else "**no**"))
    with open(os.path.join(out, "table.md"), "w") as t:
        t.write("%d rows. The strict answer (RFC 9110/9112) per row: %s.\n" % (
            len(cases), ", ".join("%s gives it on %d" % (n, strict[n]) for n in names)))
        t.write("%s is at least as strict as the stricter of %s on %d of %d rows%s.\n\n" % (
            judged, " and ".join(others), as_strict, len(cases),
            "" if not not_strict else " (not on: " + ", ".join("`%s`" % i for i in not_strict) + ")"))
        t.write("| id | what | strict answer | %s | %s at least as strict |\n" % (" | ".join(names), judged))
        t.write("| --- | --- | --- | %s | --- |\n" % " | ".join("---" for _ in names))
        t.write("\n".join(rows) + "\n")
    print("wrote %s/table.md and results.tsv: %s at least as strict on %d of %d rows" % (
        out, judged, as_strict, len(cases)))


if __name__ == "__main__":
    main()
