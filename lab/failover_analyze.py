#!/usr/bin/env python3
"""Analysis half of lab/failover-bench.sh: reads the run directories it wrote, prints the tables.

    failover_analyze.py OUTDIR

OUTDIR holds one directory per repetition, IMPL-INTERVAL-rN/ or IMPL-ipv6-INTERVAL-rN/ (failover runs), stress-IMPL/
(the spurious-failover run) or takeback-IMPL-INTERVAL/ (--takeback: many take-backs in a row), each with `events` (key
value lines written by the bench: impl, interval, family (ipv4 when absent), vip, n1/n2 addresses (the adverts' sources)
and MACs, crash/restart/stop epoch times, fail reasons), `client.pcap` (the client's capture: VRRP, ARP and the probe's
ICMP; over IPv6 VRRP, neighbour advertisements and the probe's ICMPv6) and `ping.log` (ping -D). Writes OUTDIR/runs.tsv
(one line per repetition and metric, the family last) and OUTDIR/summary.md (the tables, one per family, also printed).

One reading serves both families: a frame's announcement is the address it announces, a gratuitous ARP's (sender IP =
target IP) or an unsolicited neighbour advertisement's (ICMPv6 136 to ff02::1: its target), and a probe reply is an
ICMP echo reply (0) or an ICMPv6 one (129); addresses are compared in their canonical form.

All times are CLOCK_REALTIME epoch seconds: the bench's event times (bash EPOCHREALTIME taken right
before the signal) and tcpdump's kernel receive timestamps on the client's eth0 are on the same clock.
"""
import ipaddress
import os
import re
import statistics
import subprocess
import sys

FIELDS = ["frame.time_epoch", "eth.src", "ip.src", "ip.dst", "vrrp.prio", "arp.src.proto_ipv4",
          "arp.dst.proto_ipv4", "icmp.type", "ipv6.src", "ipv6.dst", "icmpv6.type", "icmpv6.nd.na.target_address"]

ECHO_REPLY = {"icmp": 0, "icmpv6": 129}
NEIGHBOUR_ADVERT = 136
ALL_NODES = "ff02::1"

# per family: its name in the tables, the name of the new master's announcement and its key in runs.tsv
FAMILIES = {"ipv4": {"name": "IPv4", "announce": "gratuitous ARP", "key": "garp"},
            "ipv6": {"name": "IPv6", "announce": "unsolicited NA", "key": "na"}}

# (scenario, metric key, label) in table order
METRICS = [
    ("crash", "kill_advert", "crash: kill -> new master's first advert"),
    ("crash", "kill_garp", "crash: kill -> new master's first {announce}"),
    ("crash", "lastadv_advert", "crash: old master's last advert -> new master's first advert"),
    ("crash", "outage", "crash: client outage (largest probe-reply gap)"),
    ("graceful", "stop_advert", "graceful stop: SIGTERM -> new master's first advert"),
    ("graceful", "prio0_advert", "graceful stop: priority-0 advert -> new master's first advert"),
    ("graceful", "outage", "graceful stop: client outage"),
    ("preempt", "restart_advert", "take-back: restart -> restarted master's first advert"),
    ("preempt", "advert_answer", "take-back: its first advert -> VIP answered from it"),
    ("preempt", "outage", "take-back: client outage (probes lost)"),
    ("preempt", "stall", "take-back: the probe's own stall (largest reply gap, no probe lost)"),
]


def addr(a):
    """An address in its canonical form (IPv6 compressed, lower case), '' for none."""
    if not a:
        return ""
    try:
        return ipaddress.ip_address(a).compressed
    except ValueError:
        return a.lower()


def metric_key(key, family):
    """A metric's key in runs.tsv: the announcement's named for the family (kill_garp over IPv4, kill_na over IPv6)."""
    return key.replace("garp", FAMILIES[family]["key"])


def read_events(path):
    ev = {}
    with open(path) as f:
        for line in f:
            line = line.rstrip("\n")
            if not line or line.startswith("#"):
                continue
            key, _, val = line.partition(" ")
            ev.setdefault(key, val)
    return ev


def frames(pcap):
    """Frames of the capture: list of dicts (t, mac: the source MAC, src and dst: IPv4 or IPv6, prio: VRRP's,
    announced: the address a gratuitous ARP or an unsolicited neighbour advertisement announces, reply: an ICMP or
    ICMPv6 echo reply)."""
    cmd = ["tshark", "-r", pcap, "-n", "-T", "fields", "-E", "separator=\t", "-E", "occurrence=f"]
    for fld in FIELDS:
        cmd += ["-e", fld]
    out = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
    res = []
    for line in out.splitlines():
        p = line.split("\t")
        p += [""] * (len(FIELDS) - len(p))
        if not p[0]:
            continue
        f = dict(zip(FIELDS, p))
        src, dst = addr(f["ip.src"] or f["ipv6.src"]), addr(f["ip.dst"] or f["ipv6.dst"])
        icmp, icmp6 = f["icmp.type"], f["icmpv6.type"]
        announced = ""
        if f["arp.src.proto_ipv4"] and f["arp.src.proto_ipv4"] == f["arp.dst.proto_ipv4"]:
            announced = addr(f["arp.src.proto_ipv4"])
        elif icmp6 == str(NEIGHBOUR_ADVERT) and dst == ALL_NODES:
            announced = addr(f["icmpv6.nd.na.target_address"])
        res.append({"t": float(p[0]), "mac": f["eth.src"].lower(), "src": src, "dst": dst,
                    "prio": int(f["vrrp.prio"]) if f["vrrp.prio"] else None, "announced": announced,
                    "reply": (icmp == str(ECHO_REPLY["icmp"])) or (icmp6 == str(ECHO_REPLY["icmpv6"]))})
    return res


def first(seq, pred):
    for x in seq:
        if pred(x):
            return x
    return None


def last(seq, pred):
    for x in reversed(seq):
        if pred(x):
            return x
    return None


def outage(replies, t_from, new_pred):
    """Gap between the first probe reply after t_from that new_pred accepts (answered by the new master)
    and the reply before it: what the client saw of the takeover. None if there is none."""
    for i, r in enumerate(replies):
        if r["t"] > t_from and new_pred(r):
            return (r["t"] - replies[i - 1]["t"]) if i > 0 else None
    return None


def ms(x):
    return None if x is None else round(x * 1000.0, 1)


def analyze_rep(d):
    ev = read_events(os.path.join(d, "events"))
    res = {"impl": ev.get("impl"), "interval": int(ev.get("interval", 0)), "rep": ev.get("rep"),
           "family": ev.get("family", "ipv4"), "vip": ev.get("vip"), "vips": ev.get("vips", ev.get("vip")),
           "fail": ev.get("fail")}
    pcap = os.path.join(d, "client.pcap")
    if not os.path.exists(pcap) or "crash" not in ev:
        return res
    vip, ip1, ip2, mac1 = addr(ev["vip"]), addr(ev["n1_ip"]), addr(ev["n2_ip"]), ev["n1_mac"].lower()
    fr = frames(pcap)
    adv = [f for f in fr if f["prio"] is not None]
    garp = [f for f in fr if f["announced"] == vip]
    replies = [f for f in fr if f["reply"] and f["src"] == vip]
    pl = os.path.join(d, "ping.log")
    pings = ping_replies(pl) if os.path.exists(pl) else None  # (receive time, icmp_seq): what the client saw
    m = {}

    # crash: n1 isolated + SIGKILLed at t_crash; anything after it for the VIP comes from the new master
    tc = float(ev["crash"])
    t_end = float(ev.get("restart", "inf"))
    # valid only if n1 alone was master from the capture's start to the crash
    before = [f for f in adv if f["t"] < tc]
    if not before or any(f["src"] != ip1 or f["prio"] == 0 for f in before):
        res["warn"] = "not counted: n1 was not the only master before the crash (adverts %s)" % sorted(
            {"%s/%d" % (f["src"], f["prio"]) for f in before})
        return res
    a2 = first(adv, lambda f: f["src"] == ip2 and f["prio"] > 0 and tc < f["t"] < t_end)
    g2 = first(garp, lambda f: tc < f["t"] < t_end)
    if a2:
        m["kill_advert"] = a2["t"] - tc
        a1 = last(adv, lambda f: f["src"] == ip1 and f["prio"] > 0 and f["t"] < a2["t"])
        if a1:
            m["lastadv_advert"] = a2["t"] - a1["t"]
    if g2:
        m["kill_garp"] = g2["t"] - tc
    m["outage"] = outage(replies, tc, lambda r: r["mac"] != mac1 and r["t"] < t_end)
    res["crash"] = m

    # take-back: n1 healed and restarted at t_restart, preempts n2
    if "restart" in ev:
        tr = float(ev["restart"])
        t_end = float(ev.get("stop", "inf"))
        m = {}
        a1 = first(adv, lambda f: f["src"] == ip1 and f["prio"] > 0 and tr < f["t"] < t_end)
        if a1:
            m["restart_advert"] = a1["t"] - tr
            r1 = first(replies, lambda r: r["mac"] == mac1 and r["t"] > a1["t"])
            if r1:
                m["advert_answer"] = r1["t"] - a1["t"]
            # Vireo claims first: its GARP, then its advert, and the VIP may be answered from it in between; an
            # answer before its first GARP would come from a VIP left on it since the crash
            g1 = first(garp, lambda f: f["mac"] == mac1 and tr < f["t"] <= a1["t"] + 1.0)
            t_first = min(a1["t"], g1["t"]) if g1 else a1["t"]
            early = first(replies, lambda r: r["mac"] == mac1 and tr < r["t"] < t_first)
            if early:
                res["warn"] = "n1 answered the VIP %.0f ms before it announced it (stale VIP?)" % (
                    (t_first - early["t"]) * 1000)
            # what the client saw, from ping's own log: the capture is the clock of the VRRP events, but tcpdump
            # drops frames when the machine is busy (a JVM booting beside it), and a dropped run of echoes looked
            # like a lost one (78 ms once, while ping got every reply)
            if pings is not None:
                lost, stalled = reply_gaps(pings, around_takeback(a1["t"], g1["t"] if g1 else None))
                m["outage"] = max(lost) if lost else 0.0
                m["stall"] = max(stalled) if stalled else None
        res["preempt"] = m

    # graceful: SIGTERM to n1 at t_stop, n2 takes over
    if "stop" in ev:
        ts = float(ev["stop"])
        m = {}
        a2 = first(adv, lambda f: f["src"] == ip2 and f["prio"] > 0 and f["t"] > ts)
        if a2:
            m["stop_advert"] = a2["t"] - ts
            p0 = first(adv, lambda f: f["src"] == ip1 and f["prio"] == 0 and ts <= f["t"] <= a2["t"])
            if p0:
                m["prio0_advert"] = a2["t"] - p0["t"]
        m["outage"] = outage(replies, ts, lambda r: r["mac"] != mac1)
        res["graceful"] = m

    # cross-check of the crash outage from ping -D (user-space receive time, not the capture's)
    if pings is not None:
        ts_ = [t for t, _ in pings]
        t_end = float(ev.get("restart", "inf"))
        gaps = [b - a for a, b in zip(ts_, ts_[1:]) if b > tc and a < t_end]
        res["ping_outage"] = max(gaps) if gaps else None
    return res


def analyze_stress(d):
    ev = read_events(os.path.join(d, "events"))
    res = {"impl": ev.get("impl"), "interval": int(ev.get("interval", 20)), "duration": ev.get("duration"),
           "fail": ev.get("fail"), "master_log": ev.get("n2_master_lines", "?")}
    pcap = os.path.join(d, "client.pcap")
    if not os.path.exists(pcap):
        return res
    ip1, ip2 = addr(ev["n1_ip"]), addr(ev["n2_ip"])
    t0, t1 = float(ev.get("stress_start", 0)), float(ev.get("stress_end", "inf"))
    fr = frames(pcap)
    adv = [f for f in fr if f["prio"] is not None and t0 <= f["t"] <= t1]
    a1 = [f["t"] for f in adv if f["src"] == ip1 and f["prio"] > 0]
    gaps = sorted(((b - a, a) for a, b in zip(a1, a1[1:])), reverse=True)
    iv = res["interval"] / 1000.0
    # takeovers: runs of adverts from n2 (a backup sends adverts only as master)
    runs, prev = 0, None
    for f in adv:
        if f["prio"] == 0:
            continue
        if f["src"] == ip2 and prev != ip2:
            runs += 1
        prev = f["src"]
    vip = addr(ev["vip"])
    garp2 = [f["t"] for f in fr if f["announced"] == vip and f["mac"] == ev["n2_mac"].lower() and t0 <= f["t"] <= t1]
    bursts = sum(1 for i, t in enumerate(garp2) if i == 0 or t - garp2[i - 1] > 1.0)
    res.update({"adverts_n1": len(a1), "expected": int((t1 - t0) / iv) if t1 != float("inf") else None,
                "max_gap": ms(gaps[0][0]) if gaps else None,
                "gaps_over_3": sum(1 for g, _ in gaps if g > 3 * iv),
                "top_gaps": [ms(g) for g, _ in gaps[:5]],
                "takeovers": runs, "garp_bursts_n2": bursts})
    return res


def ping_replies(path):
    """(receive time, icmp_seq) of the probe's replies in ping -D's log (user-space time stamps, epoch seconds)."""
    replies = []
    with open(path) as f:
        for line in f:
            mm = re.match(r"\[(\d+\.\d+)\] \d+ bytes from .*icmp_seq=(\d+)", line)
            if mm:
                replies.append((float(mm.group(1)), int(mm.group(2))))
    return replies


def reply_gaps(replies, keep):
    """Gaps between consecutive replies (a, b) that keep(a_time, b_time) accepts, split in two: those with a probe
    lost between them (sequence numbers not consecutive: the client sent and got nothing back, an outage) and those
    without (the probe itself sent nothing meanwhile: the machine stalled the client, which saw no outage)."""
    lost, stalled = [], []
    for (a, sa), (b, sb) in zip(replies, replies[1:]):
        if keep(a, b):
            (lost if sb - sa > 1 else stalled).append(b - a)
    return lost, stalled


def around_takeback(advert, garp):
    """The take-back, as reply_gaps' keep: a gap counts if it overlaps the time from 20 ms before n1's first
    announcement (its GARP or its advert, whichever came first; garp None when none was seen) to 250 ms after its
    advert."""
    start = (min(advert, garp) if garp is not None else advert) - 0.02
    end = advert + 0.25
    return lambda a, b: start < b and a < end


def analyze_takeback(d):
    """Per take-back: the client's outage, the largest gap between two probe replies with a probe lost between them
    that overlaps the take-back (from 20 ms before n1's first GARP or advert after its restart to 250 ms after that
    advert; 0 when no probe was lost); the probe's own largest stall there (a gap with no probe lost: the client sent
    nothing, so it saw no outage, and the figure is blind for that long); the largest gap in the rest of the window
    (from the restart to 1 s after the VIP was on n1 only: the machine's own stalls, the floor every figure stands
    on); and from the capture, n1's first gratuitous ARP for the VIP against its first advert (negative: the ARP
    came first). A stall was once counted as an outage: 696 ms of consecutive sequence numbers while the whole
    machine starved the real-time probe (docs/benchmarks.md, "Take-backs in a row")."""
    ev_path = os.path.join(d, "events")
    ev = read_events(ev_path)
    res = {"impl": ev.get("impl"), "interval": int(ev.get("interval", 0)), "fail": ev.get("fail"), "runs": []}
    windows = []
    with open(ev_path) as f:
        for line in f:
            p = line.split()
            if len(p) == 4 and p[0] == "takeback":
                windows.append((int(p[1]), float(p[2]), float(p[3])))
    pl = os.path.join(d, "ping.log")
    replies = ping_replies(pl) if os.path.exists(pl) else []
    pcap = os.path.join(d, "client.pcap")
    fr = frames(pcap) if os.path.exists(pcap) else []
    ip1, mac1, vip = addr(ev.get("n1_ip")), ev.get("n1_mac", "").lower(), addr(ev.get("vip"))
    for k, t0, t1 in windows:
        a1 = first(fr, lambda x: x["prio"] and x["src"] == ip1 and t0 < x["t"] <= t1)
        g1 = first(fr, lambda x: x["announced"] == vip and x["mac"] == mac1 and t0 < x["t"] <= t1)
        overlaps = around_takeback(a1["t"], g1["t"] if g1 else None) if a1 else (lambda a, b: t0 < b and a < t1)
        lost, stalled = reply_gaps(replies, overlaps)
        rest = sum(reply_gaps(replies, lambda a, b: t0 < b <= t1 and not overlaps(a, b)), [])
        measured = lost or stalled  # any reply pair in the take-back at all
        res["runs"].append({"k": k, "outage": (max(lost) if lost else 0.0) if measured else None,
                            "stall": max(stalled) if stalled else None, "elsewhere": max(rest) if rest else None,
                            "garp_minus_advert": (g1["t"] - a1["t"]) if a1 and g1 else None})
    return res


def failover_table(reps, family, ratios):
    """The failover table of one family's repetitions (markdown lines); the vireo/keepalived ratios of its medians go
    into ratios[(family, scenario, key, interval)]."""
    fam = FAMILIES[family]
    impls = [i for i in ("keepalived", "vireo") if any(r["impl"] == i for r in reps)]
    intervals = sorted({r["interval"] for r in reps}, reverse=True)
    vips = sorted({r.get("vips") or "?" for r in reps})
    lines = ["Failover over %s (VRRPv3, priorities 150/100, VIPs %s, the probe pings %s; ms, median (min-max) "
             "n=repetitions)" % (fam["name"], " / ".join(vips), " / ".join(sorted({r.get("vip") or "?" for r in reps}))),
             ""]
    head = "| metric | interval | " + " | ".join(impls) + (" | ratio vireo/keepalived |" if len(impls) == 2 else " |")
    lines.append(head)
    lines.append("|" + "---|" * (head.count("|") - 1))
    for sc, key, label in METRICS:
        for iv in intervals:
            cells, meds = [], {}
            for impl in impls:
                vals = [ms(r.get(sc, {}).get(key)) for r in reps if r["impl"] == impl and r["interval"] == iv]
                c, meds[impl] = fmt(vals)
                cells.append(c)
            row = "| %s | %d ms | %s |" % (label.format(announce=fam["announce"]), iv, " | ".join(cells))
            if len(impls) == 2:
                k, v = meds.get("keepalived"), meds.get("vireo")
                ratios[(family, sc, key, iv)] = "%.2f" % (v / k) if k and v is not None else "-"
                row += " %s |" % ratios[(family, sc, key, iv)]
            lines.append(row)
    for what in ("fail", "warn"):
        lines += ["- %s %d ms rep %s: %s" % (r["impl"], r["interval"], r["rep"], r[what]) for r in reps if r.get(what)]
    lines.append("")
    return lines


def fmt(vals):
    vals = [v for v in vals if v is not None]
    if not vals:
        return "-", None
    med = statistics.median(vals)
    return "%.0f (%.0f-%.0f) n=%d" % (med, min(vals), max(vals), len(vals)), med


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__.strip().splitlines()[2])
    out = sys.argv[1]
    dirs = sorted(x for x in os.listdir(out) if os.path.isfile(os.path.join(out, x, "events")))
    reps = [analyze_rep(os.path.join(out, x)) for x in dirs if not x.startswith(("stress-", "takeback-"))]
    takebacks = [analyze_takeback(os.path.join(out, x)) for x in dirs if x.startswith("takeback-")]
    stress = [analyze_stress(os.path.join(out, x)) for x in dirs if x.startswith("stress-")]
    lines = []
    with open(os.path.join(out, "runs.tsv"), "w") as tsv:
        tsv.write("impl\tinterval_ms\trep\tscenario\tmetric\tms\tfamily\n")
        for r in reps:
            for sc, key, _ in METRICS:
                v = ms(r.get(sc, {}).get(key))
                tsv.write("%s\t%d\t%s\t%s\t%s\t%s\t%s\n" % (r["impl"], r["interval"], r["rep"], sc,
                                                              metric_key(key, r["family"]), "" if v is None else v,
                                                              r["family"]))
            tsv.write("%s\t%d\t%s\tcrash\tping_outage\t%s\t%s\n" % (r["impl"], r["interval"], r["rep"],
                                                                     ms(r.get("ping_outage")) or "", r["family"]))
    families = [f for f in FAMILIES if any(r["family"] == f for r in reps)]
    ratios = {}
    for fam in families:
        lines += failover_table([r for r in reps if r["family"] == fam], fam, ratios)
    if len(families) > 1 and ratios:
        lines.append("Ratio vireo/keepalived of the medians, per family (same run, repetitions interleaved)")
        lines.append("")
        lines.append("| metric | interval | " + " | ".join(FAMILIES[f]["name"] for f in families) + " |")
        lines.append("|---|---|" + "---|" * len(families))
        for sc, key, label in METRICS:
            for iv in sorted({r["interval"] for r in reps}, reverse=True):
                cells = [ratios.get((f, sc, key, iv), "-") for f in families]
                lines.append("| %s | %d ms | %s |" % (label.format(announce="announcement"), iv, " | ".join(cells)))
        lines.append("")
    if stress:
        lines.append("Spurious failovers under CPU load (stress-ng --cpu 2), 20 ms adverts, capture on the client")
        lines.append("")
        lines.append("| impl | duration (s) | master adverts seen / expected | largest master advert gap (ms) "
                     "| master gaps > 3 intervals | takeovers by the backup (advert runs) | backup GARP bursts "
                     "| backup MASTER transitions in its log | 5 largest gaps (ms) |")
        lines.append("|---|---|---|---|---|---|---|---|---|")
        for s in stress:
            lines.append("| %s | %s | %s / %s | %s | %s | %s | %s | %s | %s |" % (
                s["impl"], s.get("duration"), s.get("adverts_n1"), s.get("expected"), s.get("max_gap"),
                s.get("gaps_over_3"), s.get("takeovers"), s.get("garp_bursts_n2"), s.get("master_log"),
                ", ".join("%.0f" % g for g in s.get("top_gaps", []))))
            if s.get("fail"):
                lines.append("- %s: %s" % (s["impl"], s["fail"]))
        lines.append("")
    if takebacks:
        lines.append("Take-backs in a row: n1 (150) stopped, restarted, preempts n2 (100); the client pings the VIP "
                     "every 2 ms (ms)")
        lines.append("")
        lines.append("| impl | interval | take-backs | client outage (probes lost): worst | median | each | n1's first"
                     " GARP - its first advert: median (min-max) | the probe's own stall in the take-back: max "
                     "| largest gap elsewhere in the window: median (max) |")
        lines.append("|---|---|---|---|---|---|---|---|---|")
        for t in takebacks:
            outs = [ms(r["outage"]) for r in t["runs"] if r["outage"] is not None]
            order = [ms(r["garp_minus_advert"]) for r in t["runs"] if r["garp_minus_advert"] is not None]
            stalls = [ms(r["stall"]) for r in t["runs"] if r["stall"] is not None]
            other = [ms(r["elsewhere"]) for r in t["runs"] if r["elsewhere"] is not None]
            lines.append("| %s | %d ms | %d | %s | %s | %s | %s | %s | %s |" % (
                t["impl"], t["interval"], len(t["runs"]), max(outs) if outs else "-",
                statistics.median(outs) if outs else "-", ", ".join("%.0f" % o for o in outs),
                "%.1f (%.1f to %.1f)" % (statistics.median(order), min(order), max(order)) if order else "-",
                "%.0f" % max(stalls) if stalls else "-",
                "%.0f (%.0f)" % (statistics.median(other), max(other)) if other else "-"))
            if t.get("fail"):
                lines.append("- %s: %s" % (t["impl"], t["fail"]))
        lines.append("")
        with open(os.path.join(out, "takebacks.tsv"), "w") as tsv:
            tsv.write("impl\tinterval_ms\ttakeback\toutage_ms\tgarp_minus_advert_ms\tgap_elsewhere_ms"
                      "\tprobe_stall_ms\n")
            for t in takebacks:
                for r in t["runs"]:
                    tsv.write("%s\t%d\t%d\t%s\t%s\t%s\t%s\n" % (t["impl"], t["interval"], r["k"], ms(r["outage"]),
                                                                  ms(r["garp_minus_advert"]), ms(r["elsewhere"]),
                                                                  ms(r["stall"])))
    text = "\n".join(lines)
    with open(os.path.join(out, "summary.md"), "w") as f:
        f.write(text + "\n")
    print(text)


if __name__ == "__main__":
    main()
