#!/usr/bin/env python3
"""Clients that try to lock a labataille server out, from several loopback addresses, while one
more client reads a game's view: live updates streams held open, and slow clients that send their
request's headers a byte a second (opened again each time the server cuts one off). Prints what
happened and how long the reads took; exits 1 when a read was not answered (200 within 5 s) or a
slow client was never cut off.

  attack_clients.py PORT EVENTS_PATH VIEW_PATH STREAMS SLOW SECONDS

Streams come from 127.0.0.10 and up (16 an address, the server's cap), slow clients from
127.0.0.60 and up (15 an address), the reads from 127.0.0.2.
"""
import selectors
import socket
import statistics
import sys
import threading
import time

port, events_path, view_path = int(sys.argv[1]), sys.argv[2], sys.argv[3]
n_streams, n_slow, seconds = int(sys.argv[4]), int(sys.argv[5]), float(sys.argv[6])
HEADERS = b"GET /api/scenarios HTTP/1.1\r\nHost: attack\r\nUser-Agent: slow\r\nAccept: */*\r\n"


def connect(source):
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    s.bind((source, 0))
    s.connect(("127.0.0.1", port))
    s.setblocking(False)
    return s


def reader(results, stop):
    """GET the view every half second from 127.0.0.2: (status, seconds) each, None on failure."""
    while not stop.is_set():
        t0 = time.monotonic()
        status = None
        try:
            s = socket.create_connection(("127.0.0.1", port), timeout=5,
                                         source_address=("127.0.0.2", 0))
            s.sendall(b"GET " + view_path.encode() + b" HTTP/1.0\r\nHost: r\r\n\r\n")
            data = b""
            while True:
                chunk = s.recv(65536)
                if not chunk:
                    break
                data += chunk
            s.close()
            status = int(data.split(b" ", 2)[1]) if data.startswith(b"HTTP/") else None
        except OSError:
            status = None
        results.append((status, time.monotonic() - t0))
        stop.wait(0.5)


def main():
    sel = selectors.DefaultSelector()
    streams = {"200": 0, "429": 0, "503": 0, "other": 0, "no answer": 0, "closed": 0}
    asked = []
    for i in range(n_streams):
        s = connect("127.0.0.%d" % (10 + i // 16))
        try:
            s.send(b"GET " + events_path.encode() + b" HTTP/1.1\r\nHost: attack\r\n\r\n")
        except OSError:
            pass
        asked.append(s)
        sel.register(s, selectors.EVENT_READ, ("stream", None))
    # each stream's first answer, all within 5 s
    waiting, deadline = set(asked), time.monotonic() + 5
    while waiting and time.monotonic() < deadline:
        for key, _ in sel.select(timeout=0.2):
            s = key.fileobj
            if s not in waiting:
                continue
            waiting.discard(s)
            try:
                head = s.recv(4096)
            except OSError:
                head = b""
            code = head.split(b" ", 2)[1].decode() if head.startswith(b"HTTP/") else "closed"
            streams[code if code in streams else "other"] += 1
            if code != "200":
                sel.unregister(s)
                s.close()
    streams["no answer"] = len(waiting)
    slow = {}  # socket -> [address, opened at, bytes sent]
    cut_after = []

    def open_slow(k):
        s = connect("127.0.0.%d" % (60 + k // 15))
        slow[s] = [k, time.monotonic(), 0]
        sel.register(s, selectors.EVENT_READ, ("slow", None))

    for k in range(n_slow):
        open_slow(k)
    results, stop = [], threading.Event()
    t = threading.Thread(target=reader, args=(results, stop))
    t.start()
    end = time.monotonic() + seconds
    next_byte = time.monotonic()
    while time.monotonic() < end:
        for key, _ in sel.select(timeout=0.2):
            s = key.fileobj
            try:
                data = s.recv(65536)
            except OSError:
                data = b""
            if data:
                continue  # a stream's events, or an answer that never comes to a slow client
            sel.unregister(s)
            s.close()
            if key.data[0] == "slow":
                k, opened, _ = slow.pop(s)
                cut_after.append(time.monotonic() - opened)
                open_slow(k)
            elif s not in waiting:
                streams["closed"] += 1
        if time.monotonic() >= next_byte:
            next_byte += 1
            for s, state in list(slow.items()):
                if state[2] < len(HEADERS):
                    try:
                        s.send(HEADERS[state[2]:state[2] + 1])
                        state[2] += 1
                    except OSError:
                        pass
    stop.set()
    t.join()
    times = sorted(d for st, d in results if st == 200)
    failed = [r for r in results if r[0] != 200]
    print("streams asked %d: %s" % (n_streams, ", ".join("%s %d" % kv for kv in streams.items())))
    print("slow clients %d: %d cut off, after %s s (min, median, max)" % (
        n_slow, len(cut_after), "%.1f, %.1f, %.1f" % (min(cut_after), statistics.median(cut_after),
                                                      max(cut_after)) if cut_after else "-"))
    print("reads of the view: %d answered 200, %d not; %s s (median, max)" % (
        len(times), len(failed), "%.3f, %.3f" % (statistics.median(times), times[-1])
        if times else "-"))
    ok = times and not failed and (n_slow == 0 or cut_after)
    sys.exit(0 if ok else 1)


main()
