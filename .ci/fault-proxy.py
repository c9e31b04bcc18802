"""A fault-injecting HTTP proxy on 127.0.0.1 in front of a real server, for PagingHTTP's fault
tests (issue 12): real servers do not answer 500, 503 or a cut-short body on demand.

    python3 fault-proxy.py UPSTREAM FAULTS

UPSTREAM is the real server's base URL (http://127.0.0.1:PORT). FAULTS is a JSON object from
a request's number through the proxy (1 for the first) to its fault:

    {"status": 500}                       answered by the proxy, never forwarded
    {"status": 503, "retryAfter": "1"}    the same, with a Retry-After field
    {"truncate": true}                    forwarded; the real response sent with its full
                                          Content-Length but only half its body, then the
                                          connection closed

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
import urllib.parse

upstream = urllib.parse.urlsplit(sys.argv[1])
faults = {int(number): fault for number, fault in json.loads(sys.argv[2]).items()}
hop_by_hop = {"connection", "keep-alive", "proxy-connection", "te", "trailer", "transfer-encoding",
              "upgrade", "content-length", "server"}
lock = threading.Lock()
log = []


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

    def do_GET(self):
        if self.path == "/__proxy__/log":
            with lock:
                body = json.dumps(log).encode()
            self.reply(200, [("Content-Type", "application/json")], body)
            return
        length = int(self.headers.get("Content-Length") or 0)
        posted = self.rfile.read(length) if length else None
        with lock:
            log.append(self.path + (" " + posted.decode("utf-8", "replace") if posted else ""))
            fault = faults.get(len(log), {})
        if "status" in fault:
            headers = [("Content-Type", "application/json")]
            if "retryAfter" in fault:
                headers.append(("Retry-After", fault["retryAfter"]))
            body = json.dumps({"error": f"HTTP {fault['status']} injected by the fault proxy"})
            self.reply(fault["status"], headers, body.encode())
            return
        connection = http.client.HTTPConnection(upstream.hostname, upstream.port, timeout=60)
        headers = {name: value for name, value in self.headers.items() if name.lower() not in hop_by_hop}
        connection.request(self.command, self.path, body=posted, headers=headers)
        response = connection.getresponse()
        body = response.read()
        connection.close()
        kept = [(name, value) for name, value in response.getheaders() if name.lower() not in hop_by_hop]
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
