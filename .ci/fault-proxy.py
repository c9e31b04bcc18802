"""A fault-injecting HTTP proxy on 127.0.0.1 in front of a real server, for PagingHTTP's fault
tests (issue 12): real servers do not answer 500, 503 or a cut-short body on demand.

    python3 fault-proxy.py [--delay-ms N] UPSTREAM FAULTS [RATELIMIT]

--delay-ms N holds every forwarded request N milliseconds before it goes upstream (each in
its own thread, so requests in flight together wait together): a plain WAN round trip in
front of a server on loopback, for the walk's speed where latency, not the server, bounds it
(`.ci/http-bench.py --delay-ms`).

UPSTREAM is the real server's base URL (http://127.0.0.1:PORT). FAULTS is a JSON object from
a request's number through the proxy (1 for the first) to its fault:

    {"status": 500}                       answered by the proxy, never forwarded
    {"status": 503, "retryAfter": "1"}    the same, with a Retry-After field
    {"truncate": true}                    forwarded; the real response sent with its full
                                          Content-Length but only half its body, then the
                                          connection closed
    {"down": 4}                           the server killed and restarted: this request and
                                          every one in the next 4 s of wall clock get no
                                          answer (the connection closed at once), as from a
                                          server that is restarting; a measure (paging-bench
                                          through it), never a test's verdict

RATELIMIT, when given, is a JSON object that puts a rate limit in front of the server:

    {"limit": 2, "reset": 30, "flavour": "github"}

a budget of `limit` requests per window. Every forwarded response carries what is left and
the reset, `reset` seconds, a fixed number: flavour "github" as X-RateLimit-Limit,
-Remaining and -Reset (a Unix time, `reset` seconds past the proxy's own Date field, which
replaces the server's), flavour "ietf" as `RateLimit: "default";r=LEFT;t=RESET` and
`RateLimit-Policy: "default";q=LIMIT;w=RESET`. A request past the budget is refused, never
forwarded: 403 (github) or 429 (ietf), with the same fields, none left. The window does not
pass with the wall clock, so a test never races it: it resets only on
`POST /__proxy__/reset-window` (not counted, not logged), which the test sends when it moves
its clock past the reset. A refused request is logged like any other.

Every other request is forwarded as it came, its Host field included, so the server builds
its next-page URLs for the proxy. `GET /__proxy__/log` answers the request targets seen so
far, in order, as a JSON array (it is not counted). A POST is forwarded with its body (a
GraphQL page), faulted like a GET, and logged as its target, a space and its body. Prints "Fault proxy running on
http://127.0.0.1:PORT " on stderr once it listens; stop it with SIGTERM by its pid.
"""
import http.client
import http.server
import json
import sys
import threading
import time
import urllib.parse

arguments = sys.argv[1:]
delay = 0.0
if arguments[:1] == ["--delay-ms"]:
    delay = int(arguments[1]) / 1000
    arguments = arguments[2:]
upstream = urllib.parse.urlsplit(arguments[0])
faults = {int(number): fault for number, fault in json.loads(arguments[1]).items()}
hop_by_hop = {"connection", "keep-alive", "proxy-connection", "te", "trailer", "transfer-encoding",
              "upgrade", "content-length", "server"}
rate_limit = json.loads(arguments[2]) if len(arguments) > 2 else None
lock = threading.Lock()
log = []
# The requests forwarded in the rate limit's current window.
spent = 0
# Until when (time.monotonic()) the server is down, after a "down" fault.
down_until = 0.0


class Proxy(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def reply(self, status, headers, body, sent=None):
        # The upstream's own Date (a Retry-After date counts from it) instead of the proxy's.
        self.send_response_only(status)
        if not any(name.lower() == "date" for name, _ in headers):
            self.send_header("Date", self.date_time_string())
        for name, value in headers:
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body if sent is None else body[:sent])
        self.wfile.flush()

    def rate_limit_fields(self, left):
        """The rate limit's fields with `left` requests left, Date included (a GitHub reset
        counts from it)."""
        now = int(time.time())
        limit, reset = rate_limit["limit"], rate_limit["reset"]
        fields = [("Date", self.date_time_string(now))]
        if rate_limit.get("flavour", "github") == "github":
            fields += [("X-RateLimit-Limit", str(limit)), ("X-RateLimit-Remaining", str(left)),
                       ("X-RateLimit-Reset", str(now + reset))]
        else:
            fields += [("RateLimit", f'"default";r={left};t={reset}'),
                       ("RateLimit-Policy", f'"default";q={limit};w={reset}')]
        return fields

    def do_GET(self):
        global spent, down_until
        if self.path == "/__proxy__/log":
            with lock:
                body = json.dumps(log).encode()
            self.reply(200, [("Content-Type", "application/json")], body)
            return
        if self.path == "/__proxy__/reset-window":
            with lock:
                spent = 0
            self.reply(204, [], b"")
            return
        length = int(self.headers.get("Content-Length") or 0)
        posted = self.rfile.read(length) if length else None
        with lock:
            log.append(self.path + (" " + posted.decode("utf-8", "replace") if posted else ""))
            fault = faults.get(len(log), {})
            if "down" in fault:
                down_until = time.monotonic() + fault["down"]
            down = time.monotonic() < down_until
        if down:
            self.close_connection = True
            return
        if "status" in fault:
            headers = [("Content-Type", "application/json")]
            if "retryAfter" in fault:
                headers.append(("Retry-After", fault["retryAfter"]))
            body = json.dumps({"error": f"HTTP {fault['status']} injected by the fault proxy"})
            self.reply(fault["status"], headers, body.encode())
            return
        left = None
        if rate_limit is not None:
            with lock:
                refused = spent >= rate_limit["limit"]
                if not refused:
                    spent += 1
                left = max(0, rate_limit["limit"] - spent)
            if refused:
                status = 403 if rate_limit.get("flavour", "github") == "github" else 429
                body = json.dumps({"message": "rate limit exceeded (the fault proxy's)"}).encode()
                self.reply(status, [("Content-Type", "application/json")]
                           + self.rate_limit_fields(0), body)
                return
        if delay:
            time.sleep(delay)
        connection = http.client.HTTPConnection(upstream.hostname, upstream.port, timeout=60)
        headers = {name: value for name, value in self.headers.items() if name.lower() not in hop_by_hop}
        connection.request(self.command, self.path, body=posted, headers=headers)
        response = connection.getresponse()
        body = response.read()
        connection.close()
        kept = [(name, value) for name, value in response.getheaders() if name.lower() not in hop_by_hop]
        if left is not None:
            kept = [(name, value) for name, value in kept if name.lower() != "date"]
            kept += self.rate_limit_fields(left)
        if fault.get("truncate"):
            self.close_connection = True
            self.reply(response.status, kept + [("Connection", "close")], body, sent=len(body) // 2)
        else:
            self.reply(response.status, kept, body)

    do_POST = do_GET


server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Proxy)
server.daemon_threads = True
print(f"Fault proxy running on http://127.0.0.1:{server.server_port} ", file=sys.stderr, flush=True)
server.serve_forever()
