import http.server, json, sys, time
class Receiver(http.server.BaseHTTPRequestHandler):
    def do_POST(self):
        body = self.rfile.read(int(self.headers['Content-Length']))
        arrived = time.time()
        event = json.loads(body)
        with open(sys.argv[1], 'a') as f:
            f.write('%.6f %s %s %s\n' % (arrived, event['node'], event['seq'], event.get('to', '-')))
        self.send_response(204)
        self.end_headers()
    def log_message(self, *args):
        pass
http.server.ThreadingHTTPServer(('10.77.0.100', 8099), Receiver).serve_forever()
